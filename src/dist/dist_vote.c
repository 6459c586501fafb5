/* dist_vote.c: setting up a stop vote (dist.h), the same over MPI and on one rank
 * alone; dist_mpi.c and dist_local.c each poll it their own way. */
#include "dist/dist.h"

void dist_vote_init(struct dist_vote *v, int blame)
{
    *v = (struct dist_vote){ .blame = blame };
}

void dist_vote_quorum(struct dist_vote *v, size_t at, int code)
{
    v->quorum_at = at;
    v->quorum_code = code;
}

void dist_vote_sum(struct dist_vote *v, uint64_t *buf, size_t n)
{
    v->nsum = n;
    v->sum_in = buf;
    v->sum_out = buf + n;
}
