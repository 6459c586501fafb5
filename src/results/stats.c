/* stats.c: merging per-thread statistics and reading percentiles from histograms. */
#include "results/stats.h"
#include "results/figures.h"

#include <math.h>
#include <string.h>

void stats_init(struct op_stats *s)
{
    memset(s, 0, sizeof *s);
    s->lat_min = UINT64_MAX;
}

void stats_merge(struct op_stats *into, const struct op_stats *from)
{
    if (from->ops == 0 && from->errors == 0 && from->cpu_samples == 0)
        return;
    fig_merge(&fig_op_stats, into, from);
}

void stats_since(struct op_stats *s, const struct op_stats *base)
{
    s->ops -= base->ops;
    s->bytes -= base->bytes;
    s->errors -= base->errors;
    s->lat_sum -= base->lat_sum;
    s->verify_blocks -= base->verify_blocks;
    s->verify_failed -= base->verify_failed;
    s->journal_dropped -= base->journal_dropped;
    /* A flowop's share of its thread's CPU can shrink a little between two
     * reports (the samples' proportions move): an interval gets 0, not a wrap. */
    s->cpu_ns = s->cpu_ns > base->cpu_ns ? s->cpu_ns - base->cpu_ns : 0;
    s->cpu_samples = s->cpu_samples > base->cpu_samples ? s->cpu_samples - base->cpu_samples : 0;
    uint64_t max = s->lat_max;
    s->lat_min = UINT64_MAX;
    s->lat_max = 0;
    for (unsigned i = 0; i < HIST_BUCKETS; i++) {
        s->hist.count[i] -= base->hist.count[i];
        if (s->hist.count[i] == 0)
            continue;
        uint64_t lo = hist_bucket_low(i), hi = lo + hist_bucket_width(i) - 1;
        if (lo < s->lat_min)
            s->lat_min = lo;
        s->lat_max = hi < max ? hi : max;
    }
}

uint64_t hist_bucket_low(unsigned b)
{
    if (b < HIST_SUB)
        return b;
    unsigned shift = (b >> HIST_SUB_BITS) - 1;
    return ((uint64_t)(HIST_SUB + (b & (HIST_SUB - 1)))) << shift;
}

uint64_t hist_bucket_width(unsigned b)
{
    if (b < HIST_SUB)
        return 1;
    return (uint64_t)1 << ((b >> HIST_SUB_BITS) - 1);
}

/* The nearest rank of quantile q among n samples: ceil(q * n), at least 1.
 * q is taken in millionths, so that 0.99 * 100 is 99 and not 99.00000000000001
 * (whose ceiling would be 100); the product is split so it cannot overflow. */
uint64_t stats_rank(double q, uint64_t n)
{
    const uint64_t M = 1000000;
    double qd = q < 0 ? 0 : q > 1 ? 1 : q;
    uint64_t qm = (uint64_t)llround(qd * (double)M);
    uint64_t rank = n / M * qm + (n % M * qm + M - 1) / M;
    return rank < 1 ? 1 : rank > n ? n : rank;
}

/* The value a bucket stands for: its middle, clamped to what was seen. */
static uint64_t bucket_value(const struct op_stats *s, unsigned b)
{
    uint64_t v = hist_bucket_low(b) + (hist_bucket_width(b) - 1) / 2;
    if (v > s->lat_max)
        v = s->lat_max;
    if (v < s->lat_min)
        v = s->lat_min;
    return v;
}

uint64_t stats_percentile(const struct op_stats *s, double q)
{
    uint64_t total = 0;
    for (unsigned i = 0; i < HIST_BUCKETS; i++)
        total += s->hist.count[i];
    if (s->ops == 0 || total == 0)
        return 0;
    uint64_t rank = stats_rank(q, total);
    /* The smallest and the largest sample are known exactly. */
    if (rank == 1)
        return s->lat_min;
    if (rank == total)
        return s->lat_max;
    uint64_t seen = 0;
    for (unsigned i = 0; i < HIST_BUCKETS; i++) {
        seen += s->hist.count[i];
        if (seen >= rank)
            return bucket_value(s, i);
    }
    return s->lat_max;
}
