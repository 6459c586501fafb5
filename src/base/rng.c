/* rng.c: seeding (splitmix64) and the rare redraw of rng_below; the draws
 * themselves are inline in rng.h. */
#include "base/rng.h"

/* splitmix64 scatters nearby seeds (0, 1, 2, ...) into unrelated states. */
static uint64_t splitmix64(uint64_t *x)
{
    return rng_mix64(*x += RNG_GOLDEN);
}

void rng_seed(struct rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t rng_below_slow(struct rng *r, uint64_t n, uint64_t lo, uint64_t hi)
{
    /* Only products landing in the short first stretch can bias the result;
     * redraw those (threshold = 2^64 mod n). */
    uint64_t threshold = (0 - n) % n;
    while (lo < threshold)
        hi = rng_mul_hi(rng_next(r), n, &lo);
    return hi;
}
