/* tree_expect.c: what the journal expects of each stretch of a file: its
 * durable and written ranges swept into disjoint segments, each with the
 * newest generation made durable and the newest written there. The sweep
 * costs O(r log r) for r ranges whatever their lengths: a range claiming a
 * billion blocks costs what a range of one does. */
#include "fileset/tree_parts.h"

#include <stdlib.h>

struct item {
    uint64_t start, end, gen;
    bool durable;
};

/* A max-heap of live ranges by generation; an expired one is dropped when it comes to the top. */
struct heap {
    struct { uint64_t gen, end; } *v;
    size_t n;
};

static void heap_push(struct heap *h, uint64_t gen, uint64_t end)
{
    size_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2].gen < gen) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i].gen = gen;
    h->v[i].end = end;
}

static void heap_pop(struct heap *h)
{
    size_t i = 0, n = --h->n;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && h->v[c + 1].gen > h->v[c].gen)
            c++;
        if (h->v[c].gen <= h->v[n].gen)
            break;
        h->v[i] = h->v[c];
        i = c;
    }
    h->v[i] = h->v[n];
}

/* The newest generation live at p (0: none), expired ranges dropped. */
static uint64_t heap_top(struct heap *h, uint64_t p)
{
    while (h->n > 0 && h->v[0].end <= p)
        heap_pop(h);
    return h->n > 0 ? h->v[0].gen : 0;
}

static int cmp_item(const void *a, const void *b)
{
    const struct item *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The ranges after the entry's last delete, as items, their ends as points. */
static size_t collect(const struct tv_entry *e, struct item *it, uint64_t *pt, size_t *np)
{
    size_t m = 0;
    const struct tv_ranges *lists[2] = { &e->durable, &e->written };
    for (int l = 0; l < 2; l++)
        for (size_t i = 0; i < lists[l]->n; i++) {
            const struct tv_range *r = &lists[l]->v[i];
            if (r->gen <= e->deleted)
                continue;
            it[m++] = (struct item){ r->off, r->off + (uint64_t)r->blocks * VB_BLOCK, r->gen, l == 0 };
            pt[(*np)++] = r->off;
            pt[(*np)++] = r->off + (uint64_t)r->blocks * VB_BLOCK;
        }
    return m;
}

static void add_segment(struct tv_segment *seg, size_t *n, struct tv_segment s)
{
    struct tv_segment *last = *n ? &seg[*n - 1] : NULL;
    if (last != NULL && last->end == s.start && last->durable == s.durable && last->newest == s.newest
        && last->base == s.base)
        last->end = s.end;
    else
        seg[(*n)++] = s;
}

int tv_segments(const struct tv_entry *e, uint64_t base_end, struct tv_segment **out, size_t *count)
{
    size_t cap = e->durable.n + e->written.n, np = 0, m, ns = 0;
    struct item *it = malloc((cap + 1) * sizeof *it);
    uint64_t *pt = malloc((2 * cap + 2) * sizeof *pt);
    struct heap all = { malloc((cap + 1) * sizeof *all.v), 0 }, dur = { malloc((cap + 1) * sizeof *dur.v), 0 };
    struct tv_segment *seg = malloc((2 * cap + 2) * sizeof *seg);
    int rc = it == NULL || pt == NULL || all.v == NULL || dur.v == NULL || seg == NULL ? -1 : 0;
    if (rc == 0) {
        m = collect(e, it, pt, &np);
        if (base_end > 0) {
            pt[np++] = 0;
            pt[np++] = base_end;
        }
        qsort(it, m, sizeof *it, cmp_item);
        qsort(pt, np, sizeof *pt, cmp_u64);
        for (size_t k = 0, i = 0; k + 1 < np; k++) {
            uint64_t p = pt[k];
            if (pt[k + 1] == p)
                continue;
            for (; i < m && it[i].start <= p; i++) {
                heap_push(&all, it[i].gen, it[i].end);
                if (it[i].durable)
                    heap_push(&dur, it[i].gen, it[i].end);
            }
            uint64_t newest = heap_top(&all, p), durable = heap_top(&dur, p);
            if (newest != 0 || p < base_end)
                add_segment(seg, &ns, (struct tv_segment){ p, pt[k + 1], durable, newest, p < base_end });
        }
    }
    free(it);
    free(pt);
    free(all.v);
    free(dur.v);
    if (rc != 0) {
        free(seg);
        seg = NULL;
    }
    *out = seg;
    *count = ns;
    return rc;
}
