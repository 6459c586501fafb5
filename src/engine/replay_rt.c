/* replay_rt.c: the replay image in the run's shared region (replay_rt.h):
 * copied whole, addressed by offset, so every worker reads and publishes
 * progress in it wherever it maps the region; in timed mode, beside it, one
 * row per replayed thread of the calls' start errors. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "engine/worker.h"
#include "model/flowop_type.h"
#include "results/figures.h"
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
    r->replay = e->replay_off != 0;
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

/* The kind of call a replay's row counts (its name: rp_calls' row, or the
 * mismatch row, RC_NCALLS), or -1 for a row of no kind. */
static int row_kind(const struct result_row *row)
{
    if (strcmp(row->name, "mismatch") == 0)
        return RC_NCALLS;
    for (int c = 0; c < RC_NCALLS; c++)
        if (strcmp(row->name, rp_calls[c].name) == 0)
            return c;
    return -1;
}

/* Whether kind c is counted in a row: the mismatch row, or a call that touches a file. */
static bool has_row(int c)
{
    return c == RC_NCALLS || rp_calls[c].row_type != NULL;
}

/* One row of kind c over every process and thread: named, typed as the compile types it. */
static int fold_row(struct result_row *into, const struct run_result *r, int c)
{
    const struct flowop_type *type = flowop_type_find(c < RC_NCALLS ? rp_calls[c].row_type : "replay");
    *into = (struct result_row){ .name = strdup(c < RC_NCALLS ? rp_calls[c].name : "mismatch"),
                                 .process = strdup("replay"), .thread = strdup("all"),
                                 .type = type != NULL ? type->name : "replay",
                                 .cls = type != NULL ? flowop_class(type) : 0, .rw = type != NULL ? flowop_rw(type) : 0 };
    stats_init(&into->st);
    for (size_t i = 0; i < r->nrows; i++)
        if (row_kind(&r->rows[i]) == c)
            stats_merge(&into->st, &r->rows[i].st);
    return into->name != NULL && into->process != NULL && into->thread != NULL ? 0 : -1;
}

/* What one row holds, freed (not the row itself). */
static void free_row(struct result_row *row)
{
    free(row->name);
    free(row->process);
    free(row->thread);
    free(row->intended);
}

static void free_rows(struct result_row *rows, size_t n)
{
    for (size_t i = 0; rows != NULL && i < n; i++)
        free_row(&rows[i]);
    free(rows);
}

/* Where the time of every replaying thread went, as one row. */
static int fold_times(struct run_result *r)
{
    struct thread_times *all = calloc(1, sizeof *all);
    if (all == NULL)
        return -1;
    all->process = strdup("replay");
    all->thread = strdup("all");
    for (size_t i = 0; i < r->ntimes; i++) {
        fig_merge(&fig_times, all, &r->times[i]);
        free(r->times[i].process);
        free(r->times[i].thread);
    }
    free(r->times);
    r->times = all;
    r->ntimes = 1;
    return all->process != NULL && all->thread != NULL ? 0 : -1;
}

_Static_assert(RC_NCALLS + 1 <= 64, "a bit for every kind of row");

int engine_replay_fold(struct run_result *r, uint64_t *used)
{
    *used = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        int c = row_kind(&r->rows[i]);
        if (c >= 0)
            *used |= UINT64_C(1) << c;
    }
    /* A row for every kind that has one, used or not: the same rows in the same order
     * on every rank before any rank knows which kinds the others used (engine_replay_keep). */
    size_t n = 0;
    for (int c = 0; c <= RC_NCALLS; c++)
        n += has_row(c);
    struct result_row *rows = calloc(n, sizeof *rows);
    bool failed = rows == NULL;
    for (int c = 0, k = 0; !failed && c <= RC_NCALLS; c++)
        if (has_row(c))
            failed = fold_row(&rows[k++], r, c) != 0;
    if (failed) {
        free_rows(rows, n);
        return -1;
    }
    free_rows(r->rows, r->nrows);
    r->rows = rows;
    r->nrows = n;
    return fold_times(r);
}

void engine_replay_keep(struct run_result *r, uint64_t any)
{
    size_t k = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        int c = row_kind(&r->rows[i]);
        if (c >= 0 && (any >> c & 1) != 0)
            r->rows[k++] = r->rows[i];
        else
            free_row(&r->rows[i]);
    }
    r->nrows = k;
}

struct replay_position engine_replay_position(const struct engine *e)
{
    struct replay_position pos = { 0 };
    if (e->replay_off == 0)
        return pos;
    struct rp_image *im = shm_at(&e->shm, e->replay_off);
    const _Atomic uint32_t *done = rp_progress(im);
    for (uint32_t t = 0; t < im->nthreads; t++)
        pos.done += atomic_load_explicit(&done[t], memory_order_relaxed);
    pos.calls = im->nrecs;
    pos.mismatches = atomic_load_explicit(&im->nnamed, memory_order_relaxed);
    return pos;
}
