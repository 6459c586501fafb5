/* dist_vote.c: setting up a stop vote (dist.h), the same over MPI and on one rank
 * alone; dist_mpi.c and dist_local.c each poll it their own way, both taking one
 * rank alone's round from here. */
#include <string.h>

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

struct dist_verdict dist_vote_alone(struct dist_vote *v, int code, const uint64_t *counts)
{
    if (v->verdict.code != 0)
        return v->verdict;
    if (v->nsum > 0)
        memmove(v->sum_out, counts, v->nsum * sizeof *counts);
    v->rounds++;
    if (code == 0 && dist_vote_quorum_met(v, 1))
        code = v->quorum_code;
    v->verdict = (struct dist_verdict){ code, code >= v->blame ? 0 : -1 };
    return v->verdict;
}
