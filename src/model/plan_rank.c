/* plan_rank.c: one rank's own part of a run over many hosts (MPI): every
 * fileset and file of the plan under $dir/rank-NNNN, as IOR's file per process,
 * unless it is shared (one tree for all ranks, as IOR's single shared file). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rank_spell.h"
#include "model/plan.h"

int plan_under_rank(struct plan *p, int rank, bool all_shared)
{
    for (size_t i = 0; i < p->nfilesets; i++) {
        struct plan_fileset *f = &p->filesets[i];
        f->shared = f->shared || all_shared;
        if (f->shared)
            continue;
        f->name_rank = (unsigned)rank;
        char name[32];
        size_t n = strlen(f->path) + sizeof name + 1;
        char *path = malloc(n);
        if (path == NULL || rank_dir_name(name, sizeof name, rank) != 0) {
            free(path);
            return -1;
        }
        snprintf(path, n, "%s/%s", strcmp(f->path, "/") == 0 ? "" : f->path, name);
        free(f->path);
        f->path = path;
    }
    return 0;
}
