/* trace_sizes.c: sizes seen in a trace as a buckets(...) list that keeps their
 * percentiles (trace_sizes.h): sorted, neighbours within a ratio grouped, each
 * group drawn as its median with its exact share (millionths of a percent). */
#include <inttypes.h>
#include <stdlib.h>

#include "trace/trace_sizes.h"

#define MAX_BUCKETS 100
#define SHARE_TOTAL 100000000u /* 100% in millionths */

int sizes_add(struct sizes *s, uint64_t v)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        uint64_t *p = realloc(s->v, cap * sizeof *p);
        if (p == NULL)
            return -1;
        s->v = p;
        s->cap = cap;
    }
    s->v[s->n++] = v;
    return 0;
}

void sizes_free(struct sizes *s)
{
    free(s->v);
    *s = (struct sizes){ 0 };
}

static int by_value(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Groups of the sorted sizes whose largest is within ratio of their smallest: the count of them. */
static size_t groups(const struct sizes *s, double ratio, size_t *start)
{
    size_t n = 0;
    for (size_t i = 0; i < s->n;) {
        size_t j = i;
        while (j < s->n && (double)s->v[j] <= (double)s->v[i] * ratio)
            j++;
        if (start != NULL)
            start[n] = i;
        n++;
        i = j;
    }
    return n;
}

void sizes_sort(struct sizes *s)
{
    if (s->n > 0)
        qsort(s->v, s->n, sizeof *s->v, by_value);
}

void sizes_print(struct sizes *s, uint64_t dflt, FILE *out)
{
    if (s->n == 0) {
        fprintf(out, "buckets(%" PRIu64 ":100)", dflt);
        return;
    }
    sizes_sort(s);
    /* 5% apart at most: any percentile drawn is within 5% of the trace's */
    double ratio = 1.05;
    while (groups(s, ratio, NULL) > MAX_BUCKETS)
        ratio *= 1.25;
    size_t start[MAX_BUCKETS + 1];
    size_t ng = groups(s, ratio, start);
    start[ng] = s->n;
    uint64_t given = 0;
    fputs("buckets(", out);
    for (size_t g = 0; g < ng; g++) {
        size_t count = start[g + 1] - start[g];
        uint64_t share = g + 1 < ng ? (uint64_t)((double)count * SHARE_TOTAL / (double)s->n + 0.5) : SHARE_TOTAL - given;
        if (g + 1 < ng && given + share > SHARE_TOTAL)
            share = SHARE_TOTAL - given;
        given += share;
        fprintf(out, "%s%" PRIu64 ":%" PRIu64 ".%06" PRIu64, g ? ", " : "", s->v[start[g] + count / 2],
                share / 1000000u, share % 1000000u);
    }
    fputc(')', out);
}
