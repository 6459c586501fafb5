/* figures.c: the one merge of a run's figures over threads, ranks and the
 * roll call (figures.h): tables of fields, each with how it adds up. */
#include "results/figures.h"

#include <string.h>

#define F(type, first, count, how) { offsetof(type, first), (count), (how) }

static const struct fig_field op_stats_fields[] = {
    F(struct op_stats, ops, 4, FIG_SUM), /* ops, bytes, errors, lat_sum */
    F(struct op_stats, lat_min, 1, FIG_MIN),
    F(struct op_stats, lat_max, 1, FIG_MAX),
    F(struct op_stats, cpu_ns, 5, FIG_SUM), /* cpu_ns, cpu_samples, verify_blocks, verify_failed, journal_dropped */
    F(struct op_stats, hist, HIST_BUCKETS, FIG_SUM),
};
_Static_assert(offsetof(struct op_stats, hist) == 11 * sizeof(uint64_t), "op_stats: every counter has a row");
/* recent[] (the last latencies of a row, for an exact percentile of an interval of
 * few ops) is each row's own and never merged: it ends the struct. */
_Static_assert(offsetof(struct op_stats, recent) == (11 + HIST_BUCKETS) * sizeof(uint64_t), "op_stats: every counter has a row");
_Static_assert(sizeof(struct op_stats) == offsetof(struct op_stats, recent) + STATS_RECENT * sizeof(uint64_t),
               "op_stats: every counter has a row");

static const struct fig_field sched_fields[] = {
    F(struct sched_row, instances, 3, FIG_SUM), /* instances, passes, intended */
    F(struct sched_row, max_lag_ns, 2, FIG_MAX), /* the worst lags */
    F(struct sched_row, behind, 1, FIG_SUM),
};

static const struct fig_field times_fields[] = {
    F(struct thread_times, instances, 1 + TB_N + 1, FIG_SUM), /* instances, each bucket's ns, cpu_ns */
};
_Static_assert(offsetof(struct thread_times, ns) == offsetof(struct thread_times, instances) + sizeof(uint64_t),
               "thread_times: the buckets follow the instances");
_Static_assert(offsetof(struct thread_times, cpu_ns) == offsetof(struct thread_times, ns) + TB_N * sizeof(uint64_t),
               "thread_times: the CPU time follows the buckets");

static const struct fig_field result_count_fields[] = {
    F(struct run_result, reads, 2, FIG_SUM), /* reads, writes */
};

#define KIND(t) { t, sizeof t / sizeof t[0] }
const struct fig_kind fig_op_stats = KIND(op_stats_fields);
const struct fig_kind fig_sched = KIND(sched_fields);
const struct fig_kind fig_result_counts = KIND(result_count_fields);
const struct fig_kind fig_times = KIND(times_fields);

static uint64_t fig_sum(uint64_t a, uint64_t b) { return a + b; }
static uint64_t fig_min(uint64_t a, uint64_t b) { return b < a ? b : a; }
static uint64_t fig_max(uint64_t a, uint64_t b) { return b > a ? b : a; }

static uint64_t (*const fig_ops[])(uint64_t, uint64_t) = { [FIG_SUM] = fig_sum, [FIG_MIN] = fig_min, [FIG_MAX] = fig_max };

static void merge_field(const struct fig_field *f, uint64_t *into, const uint64_t *from)
{
    for (size_t i = 0; i < f->n; i++)
        into[i] = fig_ops[f->op](into[i], from[i]);
}

void fig_merge(const struct fig_kind *k, void *into, const void *from)
{
    for (size_t i = 0; i < k->nfields; i++) {
        const struct fig_field *f = &k->fields[i];
        merge_field(f, (uint64_t *)(void *)((char *)into + f->off), (const uint64_t *)(const void *)((const char *)from + f->off));
    }
}

void figures_each(struct run_result *r, fig_visit fn, void *ctx)
{
    fn(&r->io, &fig_op_stats, ctx);
    if (r->io_intended != NULL)
        fn(r->io_intended, &fig_op_stats, ctx);
    for (size_t i = 0; i < r->nrows; i++) {
        fn(&r->rows[i].st, &fig_op_stats, ctx);
        if (r->rows[i].intended != NULL)
            fn(r->rows[i].intended, &fig_op_stats, ctx);
    }
    for (size_t i = 0; i < r->nsched; i++)
        fn(&r->sched[i], &fig_sched, ctx);
    for (size_t i = 0; i < r->ntimes; i++)
        fn(&r->times[i], &fig_times, ctx);
    if (r->replay_start != NULL)
        fn(r->replay_start, &fig_op_stats, ctx);
    fn(r, &fig_result_counts, ctx);
}

/* A cursor over packed figures: the fields of each block, one after another. */
struct packed {
    unsigned char *at;
    const unsigned char *from;
    size_t len;
};

static void size_block(void *block, const struct fig_kind *k, void *ctx)
{
    struct packed *p = ctx;
    for (size_t i = 0; i < k->nfields; i++)
        p->len += k->fields[i].n * sizeof(uint64_t);
    (void)block;
}

static void pack_block(void *block, const struct fig_kind *k, void *ctx)
{
    struct packed *p = ctx;
    for (size_t i = 0; i < k->nfields; i++) {
        size_t len = k->fields[i].n * sizeof(uint64_t);
        memcpy(p->at, (const char *)block + k->fields[i].off, len);
        p->at += len;
    }
}

static void merge_block(void *block, const struct fig_kind *k, void *ctx)
{
    struct packed *p = ctx;
    for (size_t i = 0; i < k->nfields; i++) {
        const struct fig_field *f = &k->fields[i];
        uint64_t v[64];
        /* Copied out in slices: the packed bytes need not be aligned. */
        for (size_t done = 0; done < f->n; done += 64) {
            size_t n = f->n - done < 64 ? f->n - done : 64;
            struct fig_field slice = { 0, n, f->op };
            memcpy(v, p->from, n * sizeof *v);
            merge_field(&slice, (uint64_t *)(void *)((char *)block + f->off) + done, v);
            p->from += n * sizeof *v;
        }
    }
}

size_t figures_size(struct run_result *r)
{
    struct packed p = { NULL, NULL, 0 };
    figures_each(r, size_block, &p);
    return p.len;
}

void figures_pack(struct run_result *r, void *buf)
{
    struct packed p = { buf, NULL, 0 };
    figures_each(r, pack_block, &p);
}

void figures_merge_packed(struct run_result *r, const void *buf)
{
    struct packed p = { NULL, buf, 0 };
    figures_each(r, merge_block, &p);
}
