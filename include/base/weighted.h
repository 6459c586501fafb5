/* weighted.h: the one weighted picker, for choose composites and bucket lists:
 * weights summed once into a cumulative table, then every pick a uniform draw
 * below the total and a search (a scan of a short table, else halving).
 * Inline, no allocation: the hot path. */
#ifndef FB_BASE_WEIGHTED_H
#define FB_BASE_WEIGHTED_H

#include <stddef.h>
#include <stdint.h>

#include "base/rng.h"

/* Fills cum[i] with w[0] + ... + w[i]; returns the total (cum[n - 1], 0 when
 * n is 0). The caller bounds the weights so that the sum fits. */
static inline uint64_t weighted_table(uint64_t *cum, const uint64_t *w, size_t n)
{
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        cum[i] = total += w[i];
    return total;
}

/* Tables of at most this many entries are scanned from the start: a choose of
 * a few children takes one or two compares a pick where halving takes two
 * rounds of six instructions (the heavy entries come first or not: the scan
 * is shorter than the halving either way). */
#define WEIGHTED_SCAN 8

/* The entry whose share of [0, total) holds r (r < cum[n - 1], n >= 1): the
 * first whose cumulative weight is above r, so an entry of weight 0 is never
 * picked. The scan and the halving find the same entry. */
static inline size_t weighted_find(const uint64_t *cum, size_t n, uint64_t r)
{
    if (n <= WEIGHTED_SCAN) {
        size_t i = 0;
        while (cum[i] <= r) /* ends by cum[n - 1] > r */
            i++;
        return i;
    }
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (cum[mid] > r)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* An entry drawn with probability weight / total from the stream r. */
static inline size_t weighted_draw(const uint64_t *cum, size_t n, struct rng *r)
{
    return weighted_find(cum, n, rng_below(r, cum[n - 1]));
}

#endif
