/* fileset_turns.c: the table of a fixed tree's files, each with its kept
 * directory and leaf name (fileset_turns.h). */
#include <stdlib.h>

#include "fileset/fileset_pick.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_turns.h"

/* A directory's kept descriptor, or FS_TURN_UNKEPT: past the budget (the
 * descriptor opened for this call is closed again) or not there to open. */
static int kept_dir(struct fileset_rt *fs, size_t dir)
{
    int fd = fileset_dir_get(fs, dir);
    if (fd < 0)
        return FS_TURN_UNKEPT;
    if (fd == atomic_load_explicit(&fs->h.dirfds[dir], memory_order_relaxed))
        return fd;
    fileset_dir_put(fs, dir, fd);
    return FS_TURN_UNKEPT;
}

struct fs_turn *fileset_turns_make(struct fileset_rt *fs, const struct shm *shm)
{
    struct fs_turn *t = malloc((fs->nfiles ? fs->nfiles : 1) * sizeof *t);
    if (t == NULL)
        return NULL;
    _Atomic uint32_t *states = fileset_states(fs, shm, FSK_FILE);
    for (size_t i = 0; i < fs->nfiles; i++) {
        const struct fs_entry *e = &fs->files[i];
        t[i] = (struct fs_turn){ .leaf = NULL, .dfd = FS_TURN_MISSING };
        if ((atomic_load_explicit(&states[i], memory_order_acquire) & ENT_EXISTS) == 0)
            continue;
        t[i].dfd = kept_dir(fs, e->dir);
        t[i].leaf = t[i].dfd >= 0 ? fs->leaf_names[e->serial] : NULL;
    }
    return t;
}
