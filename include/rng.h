/* rng.h: a small, fast, seedable pseudo-random generator (xoshiro256**).
 * Each worker owns its own struct rng, so drawing never needs a lock. */
#ifndef FLOWBENCH_RNG_H
#define FLOWBENCH_RNG_H

#include <stdint.h>

struct rng { uint64_t s[4]; };

/* Expands one 64-bit seed into the full state with splitmix64; any seed,
 * including 0, gives a valid, reproducible stream. */
void     rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0,1) with 53 random bits (every value is a multiple of 2^-53). */
double   rng_unit(struct rng *r);
/* Uniform integer in [0,n), unbiased (Lemire's method); n == 0 returns 0. */
uint64_t rng_below(struct rng *r, uint64_t n);

#endif
