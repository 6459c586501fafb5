/* hint.c: edit-distance suggestions for near-miss names. */
#include "base/hint.h"

#include <string.h>

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* Levenshtein distance over at most 63 characters; longer names are not hinted. */
static size_t edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    size_t row[64];
    if (la > 63 || lb > 63)
        return (size_t)-1;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            row[j] = min3(row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] != b[j - 1]));
            diag = up;
        }
    }
    return row[lb];
}

static int better(const char *word, const char *cand, size_t *best)
{
    size_t d = edit_distance(word, cand);
    size_t limit = strlen(word) / 3 + 1;
    if (d > limit || d >= *best)
        return 0;
    *best = d;
    return 1;
}

const char *hint_closest_in(const char *word, const void *base, size_t n, size_t stride)
{
    const char *pick = NULL;
    size_t best = (size_t)-1;
    for (size_t i = 0; i < n; i++) {
        const char *cand = *(const char *const *)((const char *)base + i * stride);
        if (cand != NULL && better(word, cand, &best))
            pick = cand;
    }
    return pick;
}

const char *hint_closest(const char *word, const char *const *candidates)
{
    size_t n = 0;
    while (candidates[n] != NULL)
        n++;
    return hint_closest_in(word, candidates, n, sizeof *candidates);
}
