/* rng.c: xoshiro256** seeded through splitmix64; per-thread state, no locks. */
#include "rng.h"

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* splitmix64 scatters nearby seeds (0, 1, 2, ...) into unrelated states. */
static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;

    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

double rng_unit(struct rng *r)
{
    /* The top 53 bits are the best ones and fill a double's mantissa exactly. */
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

/* Full 64x64 -> 128-bit product, portable C (no __int128 under -Wpedantic). */
static void mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a_lo = a & 0xffffffffu, a_hi = a >> 32;
    uint64_t b_lo = b & 0xffffffffu, b_hi = b >> 32;
    uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi;
    uint64_t hl = a_hi * b_lo, hh = a_hi * b_hi;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);

    *lo = (mid << 32) | (ll & 0xffffffffu);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

uint64_t rng_below(struct rng *r, uint64_t n)
{
    uint64_t hi, lo;

    if (n == 0)
        return 0;
    mul_64x64(rng_next(r), n, &hi, &lo);
    if (lo >= n)
        return hi;
    /* Only products landing in the short first stretch can bias the result;
     * redraw those (threshold = 2^64 mod n). */
    uint64_t threshold = (0 - n) % n;
    while (lo < threshold)
        mul_64x64(rng_next(r), n, &hi, &lo);
    return hi;
}
