/* rng.h: a small, fast, seedable pseudo-random generator (xoshiro256**).
 * Each worker owns its own struct rng, so drawing never needs a lock. The
 * draws are inline: the hot path makes one or two per op. */
#ifndef FLOWBENCH_RNG_H
#define FLOWBENCH_RNG_H

#include <stdint.h>

struct rng { uint64_t s[4]; };

/* 2^64 over the golden ratio: splitmix64's step, and a key that scatters
 * small indices (1, 2, 3...) over the whole 64-bit range. */
#define RNG_GOLDEN 0x9e3779b97f4a7c15ull

/* splitmix64's finaliser: a bijective mix of all 64 bits, so nearby inputs
 * give unrelated outputs (seeds, hashes of indices). */
static inline uint64_t rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

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

/* The full 64x64-bit product of a and b: high half returned, low in *lo. */
static inline uint64_t rng_mul_hi(uint64_t a, uint64_t b, uint64_t *lo)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    u128 m = (u128)a * b;
    *lo = (uint64_t)m;
    return (uint64_t)(m >> 64);
#else
    uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
    uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
    uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi;
    uint64_t hl = a_hi * b_lo, hh = a_hi * b_hi;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *lo = (mid << 32) | (ll & 0xffffffffu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* The rare redraw of rng_below (out of line). */
uint64_t rng_below_slow(struct rng *r, uint64_t n, uint64_t lo, uint64_t hi);

/* rng_below for n >= 1, known to the caller: one draw, without the test
 * for 0 (two instructions where the compiler cannot see that n + 1 > 0). */
static inline uint64_t rng_below_nz(struct rng *r, uint64_t n)
{
    uint64_t lo, hi = rng_mul_hi(rng_next(r), n, &lo);
    if (__builtin_expect(lo >= n, 1)) /* the redraw's odds are n / 2^64 */
        return hi;
    return rng_below_slow(r, n, lo, hi);
}

/* Uniform integer in [0,n), unbiased (Lemire's method): the high half of a
 * 64x64-bit product; n == 0 returns 0 without a draw. */
static inline uint64_t rng_below(struct rng *r, uint64_t n)
{
    return n == 0 ? 0 : rng_below_nz(r, n);
}

#endif
