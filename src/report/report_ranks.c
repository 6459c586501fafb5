/* report_ranks.c: the figures of a run over many ranks (MPI) that the text and
 * JSON reports share: each rank's rates, the spread of ops/s, the hosts. */
#include <math.h>
#include <string.h>

#include "report/report_figures.h"
#include "report/report_ranks.h"

double report_rank_ops_per_s(const struct rank_row *k)
{
    return report_rate((double)k->ops, k->seconds);
}

double report_rank_mb_per_s(const struct rank_row *k)
{
    return report_rate((double)k->bytes / 1048576.0, k->seconds);
}

/* Over the ranks with figures: a rank lost mid-run has none. */
struct rank_spread report_rank_spread(const struct run_result *r)
{
    struct rank_spread s = { 0 };
    double sum = 0, sq = 0;
    size_t n = 0;
    for (size_t i = 0; i < r->nranks; i++) {
        if (r->ranks[i].lost)
            continue;
        double v = report_rank_ops_per_s(&r->ranks[i]);
        s.min = n == 0 || v < s.min ? v : s.min;
        s.max = n == 0 || v > s.max ? v : s.max;
        sum += v;
        n++;
    }
    double mean = n ? sum / (double)n : 0;
    for (size_t i = 0; i < r->nranks; i++) {
        double d = report_rank_ops_per_s(&r->ranks[i]) - mean;
        sq += r->ranks[i].lost ? 0 : d * d;
    }
    s.stddev = n ? sqrt(sq / (double)n) : 0;
    return s;
}

size_t report_ranks_lost(const struct run_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nranks; i++)
        n += r->ranks[i].lost;
    return n;
}

bool report_rank_host_first(const struct run_result *r, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (strcmp(r->ranks[k].host, r->ranks[i].host) == 0)
            return false;
    return true;
}

size_t report_rank_hosts(const struct run_result *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nranks; i++)
        n += report_rank_host_first(r, i);
    return n;
}
