/* fileset_turns.c: the table of a fixed tree's files, each with its kept
 * directory and leaf name (fileset_turns.h). */
#include <limits.h>
#include <stdlib.h>

#include "fileset/fileset_pick.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_turns.h"

#define DIR_UNSEEN INT_MIN

/* A directory's kept descriptor, or FS_TURN_UNKEPT: past the budget or not
 * there to open. Once the budget is spent nothing is opened to learn it. */
static int kept_dir(struct fileset_rt *fs, size_t dir)
{
    int fd = atomic_load_explicit(&fs->h.dirfds[dir], memory_order_acquire);
    if (fd >= 0)
        return fd;
    if (atomic_load_explicit(&fs->h.ndirfds, memory_order_relaxed) >= fs->h.budget)
        return FS_TURN_UNKEPT;
    if ((fd = fileset_dir_get(fs, dir)) < 0)
        return FS_TURN_UNKEPT;
    if (fd == atomic_load_explicit(&fs->h.dirfds[dir], memory_order_relaxed))
        return fd;
    fileset_dir_put(fs, dir, fd);   /* opened for this call only: the budget ran out meanwhile */
    return FS_TURN_UNKEPT;
}

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
        if (dirs[e->dir] == DIR_UNSEEN)
            dirs[e->dir] = kept_dir(fs, e->dir);
        t[i].dfd = dirs[e->dir];
        t[i].leaf = t[i].dfd >= 0 ? fs->leaf_names[e->serial] : NULL;
    }
    free(dirs);
    return t;
}
