/* rng.h: a small, fast, seedable pseudo-random generator (xoshiro256**).
 * Each worker owns its own struct rng, so drawing never needs a lock. The
 * draws are inline: the hot path makes one or two per op. */
#ifndef FLOWBENCH_RNG_H
#define FLOWBENCH_RNG_H

#include <stdint.h>

struct rng { uint64_t s[4]; };

/* Expands one 64-bit seed into the full state with splitmix64; any seed,
 * including 0, gives a valid, reproducible stream. */
void     rng_seed(struct rng *r, uint64_t seed);

static inline uint64_t rng_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return out;
}

/* Uniform in [0,1) with 53 random bits (every value is a multiple of 2^-53). */
static inline double rng_unit(struct rng *r)
{
    /* The top 53 bits are the best ones and fill a double's mantissa exactly. */
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* The rare redraw of rng_below (out of line). */
uint64_t rng_below_slow(struct rng *r, uint64_t n, uint64_t lo, uint64_t hi);

/* Uniform integer in [0,n), unbiased (Lemire's method): the high half of a
 * 64x64-bit product; n == 0 returns 0. */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
    __extension__ typedef unsigned __int128 u128;
    if (n == 0)
        return 0;
    u128 m = (u128)rng_next(r) * n;
    uint64_t lo = (uint64_t)m;
    if (lo >= n)
        return (uint64_t)(m >> 64);
    return rng_below_slow(r, n, lo, (uint64_t)(m >> 64));
}

#endif
