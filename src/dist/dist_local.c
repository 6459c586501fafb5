/* dist_local.c: the ranks of a build without MPI: one rank, rank 0; barriers
 * return at once and reductions over one rank leave the values as they are.
 * Started by mpirun or srun as one of several ranks, it refuses to run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "dist/dist.h"

/* Each rank of this build would run alone, every one into the same
 * directories and each reporting its own part as the whole: so it refuses
 * before anything, exit 2 (bad use), on every rank. */
void dist_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char var[160];
    if (dist_launched_many(var, sizeof var) == NULL)
        return;
    diag_printf(stderr, "flowbench: error: started by mpirun or srun as one of several ranks (%s), but this flowbench "
                        "was built without MPI: each rank would run alone, into the same directories; run the MPI "
                        "build (flowbench-mpi, -DFLOWBENCH_MPI=ON) under the launcher, or this one without it\n",
                var);
    exit(2);
}

void dist_finalize(void)
{
}

int dist_rank(void)
{
    return 0;
}

int dist_size(void)
{
    return 1;
}

int dist_agree(bool failed)
{
    return failed ? 0 : -1;
}

void dist_broadcast(void *buf, size_t len, int root)
{
}

void dist_gather(const void *mine, void *all, size_t len)
{
    memmove(all, mine, len);
}

void dist_combine(struct dist_field *f, size_t n)
{
    (void)f;
    (void)n;
}

struct dist_tally dist_tally(void)
{
    return (struct dist_tally){ 0 };
}

struct dist_verdict dist_vote_poll(struct dist_vote *v, int code, const uint64_t *counts, enum dist_wait wait)
{
    (void)wait;
    return dist_vote_alone(v, code, counts);
}

void dist_roll_open(struct dist_roll *r, size_t len, int run)
{
    *r = (struct dist_roll){ .len = len, .tag = run };
}

bool dist_roll_asked(struct dist_roll *r)
{
    (void)r;
    return false;
}

void dist_roll_answer(struct dist_roll *r, const void *mine)
{
    (void)r;
    (void)mine;
}

int dist_roll_call(struct dist_roll *r, const void *mine, void *all, bool *alive, unsigned ms)
{
    (void)ms;
    memmove(all, mine, r->len);
    alive[0] = true;
    return 0;
}

void dist_roll_close(struct dist_roll *r)
{
    r->open = false;
}

void dist_lose(void)
{
}

bool dist_broken(void)
{
    return false;
}
