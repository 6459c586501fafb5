/* stats.h: per-thread, per-flowop counters and a log-linear latency histogram.
 * Each row has one writer (its thread); the master sums rows after the run. */
#ifndef FB_STATS_H
#define FB_STATS_H

#include <stdint.h>

/* 64 sub-buckets per power of two: a bucket's midpoint is within 0.8% of any
 * value in it. 44 octaves cover 1 ns to over 4 hours. */
#define HIST_SUB_BITS 6
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_OCTAVES 44
#define HIST_BUCKETS (HIST_SUB * HIST_OCTAVES)
/* The last latencies a row keeps exactly (a power of two): an interval of
 * this few ops or fewer is judged on its values, not its buckets. */
#define STATS_RECENT 128u

struct hist {
    uint64_t count[HIST_BUCKETS];
};

struct op_stats {
    uint64_t ops;
    uint64_t bytes;
    uint64_t errors;
    uint64_t lat_sum;       /* ns */
    uint64_t lat_min;       /* ns; UINT64_MAX when no op */
    uint64_t lat_max;
    uint64_t cpu_ns;        /* thread CPU time of the sampled ops; in merged results, the
                             * CPU shared out to the flowop (cpu_share.c) */
    uint64_t cpu_samples;   /* ops whose CPU time was measured; in merged results, the ops
                             * that share covers */
    uint64_t verify_blocks; /* blocks whose header and crc32c a verified read checked */
    uint64_t verify_failed; /* blocks it found bad */
    uint64_t journal_dropped; /* writes, creates and deletes the durability journal gave up (its table full) */
    struct hist hist;
    uint64_t recent[STATS_RECENT]; /* op n's latency at [n % STATS_RECENT] (the last ones; a row's own, never merged;
                                    * none in an open loop's rows from the intended start) */
};

/* Below 2 * HIST_SUB the value itself; above, its top HIST_SUB_BITS + 1 bits
 * (HIST_SUB..2 * HIST_SUB - 1) after the octave's shift, HIST_SUB buckets an
 * octave: one formula for both, without a branch. The shift is that of the
 * top bit of ns with the bits below 2 * HIST_SUB set: 0 for a small value,
 * without a compare (and never the top bit of 0). */
static inline unsigned hist_bucket(uint64_t ns)
{
    unsigned shift = 63u - (unsigned)__builtin_clzll(ns | (2 * HIST_SUB - 1)) - HIST_SUB_BITS;
    unsigned b = (shift << HIST_SUB_BITS) + (unsigned)(ns >> shift);
    return b < HIST_BUCKETS ? b : HIST_BUCKETS - 1;
}

/* The hot path: a few adds, no lock, no allocation. What every row records
 * of an op but its ring slot: n is the row's count before it, loaded once by
 * the caller. The bucket is taken before min and max, whose rare stores end
 * the sequence. */
static inline void stats_note(struct op_stats *s, uint64_t n, uint64_t lat, uint64_t bytes)
{
    s->ops = n + 1;
    s->hist.count[hist_bucket(lat)]++;
    s->bytes += bytes;
    s->lat_sum += lat;
    if (lat < s->lat_min)
        s->lat_min = lat;
    if (lat > s->lat_max)
        s->lat_max = lat;
}

/* Without the ring of recent latencies: for a row whose ring nobody reads (an
 * open loop's latencies from the intended start: an interval's exact
 * percentiles are those of the service times, engine_recent.c). */
static inline void stats_add_unringed(struct op_stats *s, uint64_t lat, uint64_t bytes)
{
    stats_note(s, s->ops, lat, bytes);
}

/* The same with the latency in the ring: every row of service times. */
static inline void stats_add(struct op_stats *s, uint64_t lat, uint64_t bytes)
{
    uint64_t n = s->ops;
    s->recent[n & (STATS_RECENT - 1)] = lat;
    stats_note(s, n, lat, bytes);
}

void stats_init(struct op_stats *s);
void stats_merge(struct op_stats *into, const struct op_stats *from);
/* What happened since `base` (an earlier copy of the same row); min and max
 * come from the interval's histogram buckets. */
void stats_since(struct op_stats *s, const struct op_stats *base);
/* Lower bound and width of a bucket, for percentiles. */
uint64_t hist_bucket_low(unsigned b);
uint64_t hist_bucket_width(unsigned b);
/* The nearest rank of quantile q (0..1) among n > 0 samples: ceil(q * n),
 * between 1 and n, with q taken in millionths. */
uint64_t stats_rank(double q, uint64_t n);
/* The value at quantile q (0..1): the nearest-rank sample (stats_rank); the
 * smallest and the largest exactly (min and max), any other the middle of its
 * histogram bucket (exact below 64 ns, else within 0.8%), within [min, max]. */
uint64_t stats_percentile(const struct op_stats *s, double q);

#endif
