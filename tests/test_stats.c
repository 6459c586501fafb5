/* test_stats.c: the latency histogram against exact percentiles of synthetic streams. */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "results/stats.h"
#include "check.h"

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Exact percentile by nearest rank: the ceil(q * n)-th smallest, q in millionths
 * (so 0.99 * 100 ops is rank 99), counted here in integers. */
static uint64_t exact(const uint64_t *sorted, size_t n, double q)
{
    uint64_t qm = (uint64_t)llround(q * 1e6);
    size_t rank = (size_t)((n * qm + 999999) / 1000000);
    rank = rank < 1 ? 1 : rank;
    return sorted[rank - 1];
}

static void stream(const char *name, uint64_t (*draw)(struct rng *), size_t n)
{
    static const double qs[] = { 0.5, 0.9, 0.95, 0.99, 0.999, 0.9999 };
    struct op_stats *s = malloc(sizeof *s);
    uint64_t *v = malloc(n * sizeof *v);
    struct rng r;
    rng_seed(&r, 42);
    stats_init(s);
    for (size_t i = 0; i < n; i++) {
        v[i] = draw(&r);
        stats_add(s, v[i], 0);
    }
    qsort(v, n, sizeof *v, cmp_u64);
    char what[128];
    for (size_t k = 0; k < sizeof qs / sizeof qs[0]; k++) {
        double want = (double)exact(v, n, qs[k]);
        double got = (double)stats_percentile(s, qs[k]);
        snprintf(what, sizeof what, "%s p%g within 1%%", name, qs[k] * 100);
        CHECK_GOT(fabs(got - want) <= 0.01 * want + 1, what, got, want);
        snprintf(what, sizeof what, "%s p%g <= max", name, qs[k] * 100);
        CHECK_GOT(got <= (double)s->lat_max, what, got, (double)s->lat_max);
    }
    snprintf(what, sizeof what, "%s min exact", name);
    CHECK_GOT(s->lat_min == v[0], what, (double)s->lat_min, (double)v[0]);
    snprintf(what, sizeof what, "%s max exact", name);
    CHECK_GOT(s->lat_max == v[n - 1], what, (double)s->lat_max, (double)v[n - 1]);
    snprintf(what, sizeof what, "%s count", name);
    CHECK_GOT(s->ops == n, what, (double)s->ops, (double)n);
    free(v);
    free(s);
}

static uint64_t lognormal_us(struct rng *r)
{
    double u1 = 1.0 - rng_unit(r), u2 = rng_unit(r);
    double z = sqrt(-2 * log(u1)) * cos(2 * M_PI * u2);
    return (uint64_t)(exp(log(20000.0) + 1.2 * z)); /* median 20 us, long tail */
}

static uint64_t bimodal(struct rng *r)
{
    return rng_below(r, 10) == 0 ? 5000000 + rng_below(r, 1000000) : 800 + rng_below(r, 400);
}

static uint64_t tiny(struct rng *r)
{
    return rng_below(r, 60); /* below 64 ns every value has its own bucket */
}

static uint64_t huge(struct rng *r)
{
    return 3600ull * 1000000000ull + rng_below(r, 1000000000ull); /* an hour and more */
}

static void test_merge_equals_single_stream(void)
{
    struct op_stats *a = malloc(sizeof *a), *b = malloc(sizeof *b), *all = malloc(sizeof *all);
    struct rng r;
    rng_seed(&r, 7);
    stats_init(a);
    stats_init(b);
    stats_init(all);
    for (int i = 0; i < 100000; i++) {
        uint64_t x = lognormal_us(&r);
        stats_add(i % 2 ? a : b, x, 1);
        stats_add(all, x, 1);
    }
    stats_merge(a, b);
    CHECK_GOT(memcmp(&a->hist, &all->hist, sizeof a->hist) == 0 && a->ops == all->ops && a->lat_sum == all->lat_sum
              && a->lat_min == all->lat_min && a->lat_max == all->lat_max,
          "merging two threads' rows equals one row of both streams", 0, 0);
    free(a);
    free(b);
    free(all);
}

/* Ranks that a floating-point q * n gets wrong or that sit at the ends: with
 * sample values below 64 ns every bucket is one value, so each percentile of
 * these small streams must be exactly the nearest-rank sample. */
static void test_nearest_rank_small(void)
{
    static const struct {
        size_t n;
        double q;
        uint64_t rank;
    } cases[] = {
        { 1, 0.5, 1 },    { 1, 0.99, 1 },   { 2, 0.5, 1 },     { 2, 0.9, 2 },     { 3, 0.5, 2 },
        { 10, 0.5, 5 },   { 10, 0.9, 9 },   { 10, 0.95, 10 },  { 100, 0.99, 99 }, { 100, 0.07, 7 },
        { 100, 0.5, 50 }, { 1000, 0.999, 999 }, { 10000, 0.9999, 9999 }, { 3, 0.999, 3 },
    };
    char what[128];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = cases[i].n;
        uint64_t got = stats_rank(cases[i].q, n);
        snprintf(what, sizeof what, "rank of q=%g among %zu", cases[i].q, n);
        CHECK_GOT(got == cases[i].rank, what, (double)got, (double)cases[i].rank);
        struct op_stats *s = malloc(sizeof *s);
        stats_init(s);
        for (size_t k = 0; k < n; k++)
            stats_add(s, 1 + k * 50 / n, 0); /* distinct while n <= 50, all below 64 */
        uint64_t want = 1 + (cases[i].rank - 1) * 50 / n;
        snprintf(what, sizeof what, "p%g of %zu ops is the rank-%" PRIu64 " sample", cases[i].q * 100, n, cases[i].rank);
        CHECK_GOT(stats_percentile(s, cases[i].q) == want, what, (double)stats_percentile(s, cases[i].q), (double)want);
        free(s);
    }
    /* Above 64 ns buckets are wider: the smallest and largest sample stay exact. */
    struct op_stats *s = malloc(sizeof *s);
    stats_init(s);
    stats_add(s, 100003, 0);
    stats_add(s, 100001, 0);
    CHECK_GOT(stats_percentile(s, 0.5) == 100001, "p50 of two ops is the smaller, exactly", (double)stats_percentile(s, 0.5),
          100001);
    CHECK_GOT(stats_percentile(s, 0.99) == 100003, "p99 of two ops is the larger, exactly",
          (double)stats_percentile(s, 0.99), 100003);
    free(s);
}

/* The bucket by its definition: the value below HIST_SUB, else its octave
 * (from 1 for [HIST_SUB, 2 * HIST_SUB)) and the HIST_SUB_BITS bits below its
 * top one, the last bucket for the rest. */
static unsigned bucket_by_definition(uint64_t ns)
{
    if (ns < HIST_SUB)
        return (unsigned)ns;
    unsigned msb = 63u - (unsigned)__builtin_clzll(ns), octave = msb - HIST_SUB_BITS + 1;
    unsigned b = octave * HIST_SUB + (unsigned)((ns >> (msb - HIST_SUB_BITS)) & (HIST_SUB - 1));
    return b < HIST_BUCKETS ? b : HIST_BUCKETS - 1;
}

/* hist_bucket (one formula, no branch: the hot path's) against it, at both
 * sides of every power of two and at random values of every octave. */
static void test_bucket_is_its_definition(void)
{
    struct rng r;
    rng_seed(&r, 7);
    int bad = 0;
    for (unsigned k = 0; k < 64; k++) {
        uint64_t p = 1ull << k;
        uint64_t vs[] = { p - 1, p, p + 1, p | (rng_next(&r) & (p - 1)), p + (p >> 1) };
        for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
            if (hist_bucket(vs[i]) != bucket_by_definition(vs[i]) && bad++ < 5)
                CHECK(false, "bucket of %" PRIu64 ": %u, not %u", vs[i], hist_bucket(vs[i]),
                      bucket_by_definition(vs[i]));
    }
    CHECK(hist_bucket(0) == 0 && hist_bucket(UINT64_MAX) == HIST_BUCKETS - 1, "the first and last buckets");
    CHECK(bad == 0, "every bucket as defined (%d not)", bad);
}

int main(void)
{
    test_bucket_is_its_definition();
    test_nearest_rank_small();
    stream("lognormal", lognormal_us, 200000);
    stream("bimodal", bimodal, 200000);
    stream("tiny", tiny, 100000);
    stream("hour", huge, 100000);
    test_merge_equals_single_stream();
    return check_summary();
}
