/* trace_sizes.h: a list of sizes seen in a trace, written as a buckets(...)
 * list that keeps its percentiles: neighbouring sizes within a few percent of
 * each other share a bucket (at most 100 buckets, the language's limit). */
#ifndef FB_TRACE_SIZES_H
#define FB_TRACE_SIZES_H

#include <stdint.h>
#include <stdio.h>

struct sizes {
    uint64_t *v;
    size_t n, cap;
};

int sizes_add(struct sizes *s, uint64_t v);
void sizes_free(struct sizes *s);
void sizes_sort(struct sizes *s);
/* "buckets(512:12.5, 4096:87.5)" (or "buckets(dflt:100)" when empty); sorts s. */
void sizes_print(struct sizes *s, uint64_t dflt, FILE *out);

#endif
