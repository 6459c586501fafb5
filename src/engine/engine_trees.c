/* engine_trees.c: each fileset's tree reached through a descriptor of its root:
 * the master opens them once the trees are in place (a tree kept from the run
 * before is opened anew and checked again first), and each worker process, after
 * fork, opens its own and checks it is the same tree. */
#include <stdio.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/worker.h"

/* Descriptors the master keeps for itself besides its directory tables. */
#define MASTER_RESERVE 256

/* A tree kept from the run before was out of flowbench's hands between the
 * runs: its path must still lead to it, and nothing foreign may be in it. */
static int recheck_kept(struct fileset_rt *fs, size_t budget, struct diag *err)
{
    if (fileset_root_reopen(fs, budget, err) != 0)
        return -1;
    struct diag found;
    int rc = fileset_check_tree(fs, &found);
    if (rc == 0)
        return 0;
    if (rc < 0) {
        *err = found;
        return -1;
    }
    /* the same layout cannot change shape unless changed by hand */
    diag_set(err, &fs->plan->loc, "fileset '%s': %s, since the run before; refusing to use the tree", fs->plan->name,
             found.msg);
    err->bad_input = 1;
    return -1;
}

int engine_trees_open(struct engine *e, struct diag *err)
{
    size_t budget = fileset_fd_budget(e->nfs, MASTER_RESERVE);
    for (size_t i = 0; i < e->nfs; i++) {
        struct fileset_rt *fs = &e->fs[i];
        if (e->kept[i] >= 0 ? recheck_kept(fs, budget, err) != 0 : fileset_root_open(fs, budget, err) != 0)
            return -1;
    }
    return 0;
}

int engine_trees_reopen(struct engine *e, size_t nthreads, struct diag *err)
{
    size_t budget = fileset_fd_budget(e->nfs, nthreads * FB_NFDS + MASTER_RESERVE);
    for (size_t i = 0; i < e->nfs; i++)
        if (fileset_root_reopen(&e->fs[i], budget, err) != 0)
            return -1;
    return 0;
}
