/* fileset_turns.c: the table of a fixed tree's files, each with its kept
 * directory and leaf name (fileset_turns.h). */
#include <limits.h>
#include <stdlib.h>

#include "fileset/fileset_pick.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_turns.h"

#define DIR_UNSEEN INT_MIN

struct fs_turn *fileset_turns_make(struct fileset_rt *fs, const struct shm *shm)
{
    struct fs_turn *t = malloc((fs->nfiles ? fs->nfiles : 1) * sizeof *t);
    int *dirs = malloc((fs->ndirs ? fs->ndirs : 1) * sizeof *dirs);   /* each directory's answer, asked once */
    if (t == NULL || dirs == NULL) {
        free(t);
        free(dirs);
        return NULL;
    }
    for (size_t d = 0; d < fs->ndirs; d++)
        dirs[d] = DIR_UNSEEN;
    _Atomic uint32_t *states = fileset_states(fs, shm, FSK_FILE);
    for (size_t i = 0; i < fs->nfiles; i++) {
        const struct fs_entry *e = &fs->files[i];
        t[i] = (struct fs_turn){ .leaf = NULL, .dfd = FS_TURN_MISSING };
        if ((atomic_load_explicit(&states[i], memory_order_acquire) & ENT_EXISTS) == 0)
            continue;
        if (dirs[e->dir] == DIR_UNSEEN) {
            int fd = fileset_dir_keep(fs, e->dir);
            dirs[e->dir] = fd >= 0 ? fd : FS_TURN_UNKEPT;
        }
        t[i].dfd = dirs[e->dir];
        t[i].leaf = t[i].dfd >= 0 ? fs->leaf_names[e->serial] : NULL;
    }
    free(dirs);
    return t;
}
