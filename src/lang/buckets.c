/* buckets.c: bucket lists, buckets(4k:30,64k:50,1m:20) or buckets(4k:12.5,8k:87.5):
 * sizes with shares that total 100 percent, one sample a size drawn through
 * the one weighted picker (base/weighted.h) by its bucket's share. */
#include <stdio.h>
#include <string.h>

#include "lang/distribution.h"
#include "base/diag.h"
#include "base/weighted.h"

/* The row at fault in *bad, the reason in err. */
#define FAIL(row, ...) (*bad = (row), diag_set(err, NULL, __VA_ARGS__))

double buckets_sample(const struct dist *d, struct rng *r)
{
    return d->buckets.size[weighted_draw(d->buckets.cum, d->buckets.n, r)];
}

/* A share in BUCKET_PCT_ONE units as the percentage it was written as: 12.5, 90. */
static const char *pct_text(uint64_t pct, char *buf, size_t len)
{
    unsigned long long whole = pct / BUCKET_PCT_ONE, frac = pct % BUCKET_PCT_ONE;
    if (frac == 0) {
        snprintf(buf, len, "%llu", whole);
        return buf;
    }
    _Static_assert(BUCKET_PCT_ONE == 1000000u, "six decimals");
    snprintf(buf, len, "%llu.%06llu", whole, frac);
    for (size_t end = strlen(buf); buf[end - 1] == '0'; end--)
        buf[end - 1] = '\0';  /* 12.500000 is written 12.5 */
    return buf;
}

int buckets_init(struct dist *d, const struct buckets_spec *s, size_t *bad, struct diag *err)
{
    const uint64_t hundred = 100 * (uint64_t)BUCKET_PCT_ONE;
    uint64_t total = 0;
    double weighted = 0.0;
    char text[48];

    if (s->n == 0)
        return FAIL(0, "buckets() needs at least one size:percent");
    for (size_t i = 0; i < s->n; i++) {
        const struct bucket_row *b = &s->rows[i];
        if (b->pct > hundred)
            return FAIL(i, "a bucket's percentage is at most 100 (got %s)", pct_text(b->pct, text, sizeof text));
        total += b->pct; /* at most 100 buckets of at most 1e8 each */
        weighted += (double)b->pct * (double)b->size;
    }
    if (total != hundred)
        return FAIL(s->n, "bucket percentages total %s%%, they must total exactly 100", pct_text(total, text, sizeof text));

    *d = (struct dist){ .kind = DIST_BUCKETS, .lo = 0.0, .hi = (double)UINT64_MAX, .mean = weighted / (double)hundred };
    d->buckets.n = s->n;
    for (size_t i = 0; i < s->n; i++) {
        d->buckets.size[i] = (double)s->rows[i].size;
        d->buckets.cum[i] = s->rows[i].pct;
    }
    weighted_table(d->buckets.cum, d->buckets.cum, s->n);
    return 0;
}
