/* report_ranks.h: the figures of a run over many ranks (MPI) that the reports
 * share: each rank's rates, the spread of ops/s across ranks, the hosts. */
#ifndef FB_REPORT_RANKS_H
#define FB_REPORT_RANKS_H

#include <stdbool.h>
#include <stddef.h>

#include "results/results.h"

struct rank_spread {
    double min, max, stddev; /* ops/s across the ranks (stddev of the population) */
};

double report_rank_ops_per_s(const struct rank_row *k);
double report_rank_mb_per_s(const struct rank_row *k);
struct rank_spread report_rank_spread(const struct run_result *r);
/* How many ranks were lost mid-run (rank_row.lost). */
size_t report_ranks_lost(const struct run_result *r);
/* Whether rank i is the first of the run on its host. */
bool report_rank_host_first(const struct run_result *r, size_t i);
size_t report_rank_hosts(const struct run_result *r);

#endif
