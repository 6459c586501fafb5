/* replay_rt.c: the replay image in the run's shared region (replay_rt.h):
 * copied whole, addressed by offset, so every worker reads and publishes
 * progress in it wherever it maps the region; in timed mode, beside it, one
 * row per replayed thread of the calls' start errors. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "engine/worker.h"
#include "results/results.h"

static bool timed(const struct rp_image *im)
{
    return im != NULL && im->mode == RP_TIMED;
}

size_t engine_replay_size(const struct plan *p)
{
    if (p->replay == NULL)
        return 0;
    size_t start = timed(p->replay) ? p->replay->nthreads * sizeof(struct op_stats) + 64 : 0;
    return p->replay->size + 64 + start;
}

void engine_replay_place(struct engine *e)
{
    e->replay_off = 0;
    e->replay_start_off = 0;
    const struct rp_image *im = e->plan->replay;
    if (im == NULL)
        return;
    e->replay_off = shm_reserve(&e->shm, im->size);
    memcpy(shm_at(&e->shm, e->replay_off), im, im->size);
    if (!timed(im))
        return;
    e->replay_start_off = shm_reserve(&e->shm, im->nthreads * sizeof(struct op_stats));
    struct op_stats *st = shm_at(&e->shm, e->replay_start_off);
    for (uint32_t t = 0; t < im->nthreads; t++)
        stats_init(&st[t]);
}

struct rp_image *worker_replay_image(struct worker *w)
{
    return w->eng->replay_off != 0 ? shm_at(w->shm, w->eng->replay_off) : NULL;
}

struct op_stats *worker_replay_start(struct worker *w, uint32_t t)
{
    return w->eng->replay_start_off != 0 ? (struct op_stats *)shm_at(w->shm, w->eng->replay_start_off) + t : NULL;
}

/* The image's named mismatches, each with its trace line, call, target and outcomes, into r. */
static void collect_named(const struct engine *e, struct run_result *r)
{
    const struct rp_image *im = shm_at(&e->shm, e->replay_off);
    uint64_t seen = atomic_load(&im->nnamed);
    size_t n = seen < RP_NAMED ? (size_t)seen : RP_NAMED;
    if (n == 0 || r->mismatches != NULL || (r->mismatches = calloc(n, sizeof *r->mismatches)) == NULL)
        return;
    r->mismatches_seen = seen;
    for (size_t k = 0; k < n; k++) {
        uint64_t rec = atomic_load_explicit(&im->named[k].rec, memory_order_acquire);
        if (rec == 0 || rec > im->nrecs)
            continue; /* claimed by a thread that ended before it wrote the slot */
        const struct rp_rec *c = &rp_recs(im)[rec - 1];
        struct replay_mismatch *m = &r->mismatches[r->nmismatches];
        *m = (struct replay_mismatch){ .line = c->line, .call = c->call < RC_NCALLS ? rp_calls[c->call].name : "?",
                                       .target = strdup(c->path != 0 ? rp_str(im, c->path) : "fd"),
                                       .traced = c->ret, .got = im->named[k].got };
        if (m->target != NULL)
            r->nmismatches++;
    }
}

void engine_replay_collect(const struct engine *e, struct run_result *r)
{
    if (e->replay_off != 0)
        collect_named(e, r);
    if (e->replay_start_off == 0 || r->replay_start != NULL)
        return;
    if ((r->replay_start = malloc(sizeof *r->replay_start)) == NULL)
        return;
    stats_init(r->replay_start);
    const struct op_stats *st = shm_at(&e->shm, e->replay_start_off);
    for (uint32_t t = 0; t < e->plan->replay->nthreads; t++)
        stats_merge(r->replay_start, &st[t]);
}
