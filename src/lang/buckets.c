/* buckets.c: bucket lists, buckets(4k:30,64k:50,1m:20): a size table of
 * whole percentages, one sample a size drawn with its bucket's probability. */
#include "lang/distribution.h"
#include "base/diag.h"

/* The row at fault in *bad, the reason in err. */
#define FAIL(row, ...) (*bad = (row), diag_text(err, errlen, __VA_ARGS__))

double buckets_sample(const struct dist *d, struct rng *r)
{
    return d->buckets.size[rng_below(r, DIST_TABLE_SLOTS)];
}

int buckets_init(struct dist *d, const struct buckets_spec *s, size_t *bad, char *err, size_t errlen)
{
    uint64_t total = 0;
    double weighted = 0.0;

    if (s->n == 0)
        return FAIL(0, "buckets() needs at least one size:percent");
    for (size_t i = 0; i < s->n; i++) {
        const struct bucket_row *b = &s->rows[i];
        if (b->pct > 100)
            return FAIL(i, "a bucket's percentage is at most 100 (got %llu)",
                        (unsigned long long)b->pct);
        total += b->pct;
        weighted += (double)b->pct * (double)b->size;
    }
    if (total != 100)
        return FAIL(s->n, "bucket percentages total %llu%%, they must total exactly 100",
                    (unsigned long long)total);

    *d = (struct dist){ .kind = DIST_BUCKETS, .lo = 0.0, .hi = (double)UINT64_MAX, .mean = weighted / 100.0 };
    size_t slot = 0;
    for (size_t i = 0; i < s->n; i++)
        for (uint64_t k = 0; k < s->rows[i].pct; k++)
            d->buckets.size[slot++] = (double)s->rows[i].size;
    return 0;
}
