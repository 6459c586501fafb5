/* engine_recent.h: the exact latencies of an interval of few IO ops, from each
 * row's ring of its last latencies (stats.h: recent), so that a per-interval
 * percentile over 100 ops or fewer is a measured value, not a bucket's. */
#ifndef FB_ENGINE_RECENT_H
#define FB_ENGINE_RECENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct engine;

/* Each IO row's op count at the previous sample, by slot and flat index. */
struct engine_recent {
    uint64_t *ops;
    size_t n;
};

/* The q-quantile (nearest rank, as stats_percentile) of the IO ops done since
 * the previous call, exactly, when they were no more than 100 (else false,
 * and the histogram's value stands); the mark moves on either way. */
bool engine_recent_percentile(struct engine *e, struct engine_recent *r, double q, uint64_t *out);
void engine_recent_free(struct engine_recent *r);

#endif
