/* engine_recent.c: a per-interval percentile of 100 ops or fewer read from the
 * rows' rings of their last latencies (exact), instead of the middle or edge
 * of a histogram bucket. The master reads the rings while the workers write
 * them, as it reads the rows' counters. */
#include "engine/engine_recent.h"

#include <stdlib.h>

#include "engine/engine_rt.h"
#include "model/flowop_type.h"

/* At most this many ops in an interval are judged exactly (the ring holds more). */
#define RECENT_EXACT 100u

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static size_t rows_of(const struct engine *e)
{
    size_t n = 0;
    for (size_t s = 0; s < e->nslots; s++)
        n += e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread].nflat;
    return n;
}

/* The latencies of row st since it counted `from` ops, appended to v (at most RECENT_EXACT in all). */
static bool recent_take(const struct op_stats *st, uint64_t from, uint64_t *v, size_t *n)
{
    uint64_t ops = st->ops;
    if (ops - from > RECENT_EXACT - *n)
        return false;
    for (uint64_t k = from; k < ops; k++)
        v[(*n)++] = st->recent[k & (STATS_RECENT - 1)];
    return true;
}

bool engine_recent_percentile(struct engine *e, struct engine_recent *r, double q, uint64_t *out)
{
    if (r->ops == NULL && (r->ops = calloc(rows_of(e) + 1, sizeof *r->ops)) == NULL)
        return false;
    uint64_t v[RECENT_EXACT];
    size_t n = 0, at = 0;
    bool exact = true;
    for (size_t s = 0; s < e->nslots; s++) {
        const struct plan_thread *th = &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
        const struct op_stats *rows = slot_stats(e, s);
        for (size_t i = 0; i < th->nflat; i++, at++) {
            if (!flowop_is(th->flat[i]->type, FF_IO))
                continue;
            exact = exact && recent_take(&rows[i], r->ops[at], v, &n);
            r->ops[at] = rows[i].ops;
        }
    }
    if (!exact || n == 0)
        return false;
    qsort(v, n, sizeof v[0], cmp_u64);
    *out = v[stats_rank(q, n) - 1];
    return true;
}

void engine_recent_free(struct engine_recent *r)
{
    free(r->ops);
    *r = (struct engine_recent){ 0 };
}
