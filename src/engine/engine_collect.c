/* engine_collect.c: turning the per-thread rows into results (one merged row per
 * declared flowop), for the run's end, each psrun period and the --interval
 * samples, and the note on a flowop that outlasted the run. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "io/ioengine.h"
#include "results/figures.h"

/* Rows of the psrun baseline: one per declared flowop (process, thread, flat index). */
static size_t baseline_index(const struct engine *e, size_t p, size_t t, size_t i)
{
    size_t k = 0;
    for (size_t pp = 0; pp < e->plan->nprocs; pp++)
        for (size_t tt = 0; tt < e->plan->procs[pp].nthreads; tt++) {
            if (pp == p && tt == t)
                return k + i;
            k += e->plan->procs[pp].threads[tt].nflat;
        }
    return k;
}

/* Each thread instance's factor (at most 1) that keeps its flowops' sampled
 * CPU within its measured CPU (cpu_share.c), read once per report so that a
 * live report scales all of a thread's rows alike; NULL when out of memory
 * (then nothing is scaled). */
static double *slot_scales(const struct engine *e)
{
    double *scale = malloc((e->nslots ? e->nslots : 1) * sizeof *scale);
    if (scale == NULL)
        return NULL;
    for (size_t s = 0; s < e->nslots; s++) {
        size_t nflat = e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread].nflat;
        uint64_t thread_ns = atomic_load_explicit(&slot_cpu(e, s)->ns, memory_order_relaxed);
        scale[s] = cpu_share_scale(slot_stats(e, s), nflat, thread_ns);
    }
    return scale;
}

/* Merges row i of every instance of thread t. In the merged row, cpu_ns is
 * the flowop's CPU estimated from its own samples and cpu_samples the ops
 * that estimate covers, so rows and summaries merged from threads that sample at
 * different rates still give CPU per op. */
static void merge_row(const struct engine *e, const double *scale, size_t p, size_t t, size_t i,
                      struct op_stats *row)
{
    stats_init(row);
    for (size_t s = 0; s < e->nslots; s++) {
        if (e->slots[s].proc != p || e->slots[s].thread != t)
            continue;
        const struct op_stats *st = &slot_stats(e, s)[i];
        uint64_t cpu, covered;
        cpu_share_of(st, scale != NULL ? scale[s] : 1.0, &cpu, &covered);
        stats_merge(row, st);
        row->cpu_ns = row->cpu_ns - st->cpu_ns + cpu;
        row->cpu_samples = row->cpu_samples - st->cpu_samples + covered;
    }
}

/* Open loop: row i of every instance of thread t timed from the intended
 * starts, in a new row (NULL when out of memory). */
static struct op_stats *merge_intended(const struct engine *e, size_t p, size_t t, size_t i)
{
    struct op_stats *row = malloc(sizeof *row);
    if (row == NULL)
        return NULL;
    stats_init(row);
    for (size_t s = 0; s < e->nslots; s++)
        if (e->slots[s].proc == p && e->slots[s].thread == t && slot_intended(e, s) != NULL)
            stats_merge(row, &slot_intended(e, s)[i]);
    return row;
}

/* Overruns shorter than this are the ordinary time threads take to see the end. */
#define OVERRUN_NOTE_NS 100000000ull

void engine_note_overrun(const struct engine *e, double stamp)
{
    uint64_t go = atomic_load(&e->sh->go_ns), stop = atomic_load(&e->sh->stop_ns);
    size_t pick = e->nslots;
    uint32_t op = 0;
    uint64_t last = 0;
    bool killed = false;
    if (go == 0 || stop <= go)
        return;
    for (size_t s = 0; s < e->nslots; s++) {
        const struct thread_cpu *c = slot_cpu(e, s);
        uint32_t running = atomic_load_explicit(&c->long_op, memory_order_relaxed);
        uint32_t idx = running ? running : atomic_load_explicit(&c->late_op, memory_order_relaxed);
        uint64_t end = running ? e->gone_ns : atomic_load_explicit(&c->late_ns, memory_order_relaxed);
        if (idx == 0 || end < stop + OVERRUN_NOTE_NS || end <= last)
            continue;
        pick = s, op = idx, last = end, killed = running != 0;
    }
    if (pick == e->nslots)
        return;
    const struct plan_thread *th = &e->plan->procs[e->slots[pick].proc].threads[e->slots[pick].thread];
    if (op > th->nflat)
        return;
    const struct plan_op *o = th->flat[op - 1];
    struct overrun_note n = { o->name, o->type->name, th->name, killed, (double)(e->gone_ns - go) / 1e9,
                              (double)(stop - go) / 1e9 };
    e->run->writer->overrun(e->run->out, &n, stamp);
}

static char *collect_dup(const struct engine *e, const char *s)
{
    return diag_must_alloc(strdup(s), e->run->err);
}

/* Open loop: an IO row's latencies from the intended start into the summary's. */
static void add_intended_io(struct run_result *r, const struct op_stats *row)
{
    if (r->io_intended == NULL) {
        if ((r->io_intended = malloc(sizeof *r->io_intended)) == NULL)
            return;
        stats_init(r->io_intended);
    }
    stats_merge(r->io_intended, row);
}

static void add_thread_rows(struct engine *e, const double *scale, size_t p, size_t t, struct run_result *r,
                            enum collect_span span)
{
    const struct plan_thread *th = &e->plan->procs[p].threads[t];
    const struct plan_op *const *flat = th->flat;
    struct result_row *rows = realloc(r->rows, (r->nrows + th->nflat + 1) * sizeof *rows);
    if (rows == NULL)
        return;
    r->rows = rows;
    for (size_t i = 0; i < th->nflat; i++) {
        if (flat[i]->type == NULL)
            continue; /* a composite: its flowops have their own rows */
        struct result_row *row = &r->rows[r->nrows++];
        *row = (struct result_row){ collect_dup(e, flat[i]->name), collect_dup(e, e->plan->procs[p].name), collect_dup(e, th->name),
                                    flat[i]->type->name, flowop_class(flat[i]->type), flowop_rw(flat[i]->type),
                                    flat[i]->verify, flat[i]->io.engine ? flat[i]->io.engine->name : NULL,
                                    flat[i]->io.depth, { 0 }, NULL };
        merge_row(e, scale, p, t, i, &row->st);
        /* A psrun period of interval statistics keeps no baseline of them: none then. */
        if (th->rate != 0 && span == SINCE_START)
            row->intended = merge_intended(e, p, t, i);
        if (span == SINCE_BASELINE)
            stats_since(&row->st, &e->baseline[baseline_index(e, p, t, i)]);
        if (!flowop_is(flat[i]->type, FF_IO))
            continue;
        stats_merge(&r->io, &row->st);
        if (row->intended != NULL)
            add_intended_io(r, row->intended);
        r->reads += row->rw == RW_READ ? row->st.ops : 0;
        r->writes += row->rw == RW_WRITE ? row->st.ops : 0;
    }
}

/* The wall-clock time one thread instance spent writing data or making it
 * durable (its TB_WRITE bucket, never a sum of overlapping latencies); 0 when none. */
static double slot_write_seconds(const struct engine *e, size_t s)
{
    return (double)atomic_load_explicit(&slot_time(e, s)->ns[TB_WRITE], memory_order_relaxed) / 1e9;
}

/* Where the time of thread t of process p went, over its instances. */
static void add_times_row(struct engine *e, size_t p, size_t t, struct run_result *r)
{
    struct thread_times *v = realloc(r->times, (r->ntimes + 1) * sizeof *v);
    if (v == NULL)
        return;
    r->times = v;
    struct thread_times *row = &v[r->ntimes++];
    *row = (struct thread_times){ .process = collect_dup(e, e->plan->procs[p].name),
                                  .thread = collect_dup(e, e->plan->procs[p].threads[t].name) };
    for (size_t s = 0; s < e->nslots; s++) {
        if (e->slots[s].proc != p || e->slots[s].thread != t)
            continue;
        struct thread_times one = { .instances = 1 };
        for (size_t b = 0; b < TB_N; b++)
            one.ns[b] = atomic_load_explicit(&slot_time(e, s)->ns[b], memory_order_relaxed);
        one.cpu_ns = atomic_load_explicit(&slot_cpu(e, s)->ns, memory_order_relaxed);
        fig_merge(&fig_times, row, &one);
    }
}

/* Every writer's time and the slowest (a checkpoint's time is its slowest shard's). */
static void add_writers(const struct engine *e, struct run_result *r)
{
    free(r->writers);
    r->writers = calloc(e->nslots ? e->nslots : 1, sizeof *r->writers);
    r->nwriters = 0;
    r->slowest_writer_s = 0;
    for (size_t s = 0; r->writers != NULL && s < e->nslots; s++) {
        const struct thread_slot *sl = &e->slots[s];
        double secs = slot_write_seconds(e, s);
        if (secs <= 0 || !engine_selected(e, sl->proc))
            continue;
        struct writer_time *w = &r->writers[r->nwriters++];
        snprintf(w->thread, sizeof w->thread, "%s[%zu].%s[%zu]", e->plan->procs[sl->proc].name, sl->proc_inst,
                 e->plan->procs[sl->proc].threads[sl->thread].name, sl->thread_inst);
        w->seconds = secs;
        if (secs > r->slowest_writer_s)
            r->slowest_writer_s = secs;
    }
}

/* How far instance slot was behind its schedule at the stop: from the due
 * time of the first pass it had not begun, if that was before the stop. */
static uint64_t final_lag(const struct thread_sched *sc, uint64_t stop)
{
    uint64_t next = atomic_load_explicit(&sc->next_due_ns, memory_order_relaxed);
    return next != 0 && next < stop ? stop - next : 0;
}

/* Open loop: the schedule of each open-loop thread over its instances. */
static void add_sched_row(struct engine *e, size_t p, size_t t, struct run_result *r)
{
    const struct plan_thread *th = &e->plan->procs[p].threads[t];
    uint64_t go = atomic_load(&e->sh->go_ns), stop = atomic_load(&e->sh->stop_ns);
    if (stop == 0)
        stop = clock_ns(); /* a psrun report while the run goes on */
    struct sched_row *v = realloc(r->sched, (r->nsched + 1) * sizeof *v);
    if (v == NULL)
        return;
    r->sched = v;
    struct sched_row *row = &v[r->nsched++];
    *row = (struct sched_row){ .process = collect_dup(e, e->plan->procs[p].name), .thread = collect_dup(e, th->name), .rate = th->rate };
    for (size_t s = 0; s < e->nslots; s++) {
        const struct thread_sched *sc = slot_sched(e, s);
        if (e->slots[s].proc != p || e->slots[s].thread != t || sc == NULL)
            continue;
        /* An instance that never started has no clock: the linear schedule from go. */
        uint64_t passes = atomic_load_explicit(&sc->passes, memory_order_relaxed);
        uint64_t due = sc->clock.rate != 0 ? pace_clock_due_before(&sc->clock, passes, stop)
                                           : pace_intended(go, th->rate, stop);
        /* One pass short is the stop landing between a pass's due time and its start. */
        uint64_t short_by = due > passes ? due - passes : 0;
        struct sched_row one = { .instances = 1, .passes = passes, .intended = due,
                                 .max_lag_ns = atomic_load_explicit(&sc->max_lag_ns, memory_order_relaxed),
                                 .final_lag_ns = final_lag(sc, stop), .behind = short_by > 1 && short_by * 100 > due };
        fig_merge(&fig_sched, row, &one);
    }
}

void engine_collect(struct engine *e, double secs, enum collect_span span, struct run_result *r)
{
    stats_init(&r->io);
    r->seconds = secs;
    r->index = e->run->index;
    double *scale = slot_scales(e);
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; t < e->plan->procs[p].nthreads && engine_selected(e, p); t++) {
            add_thread_rows(e, scale, p, t, r, span);
            if (span != SINCE_BASELINE)
                add_times_row(e, p, t, r);
            if (e->plan->procs[p].threads[t].rate != 0 && span == SINCE_START)
                add_sched_row(e, p, t, r);
        }
    free(scale);
    if (span != SINCE_BASELINE)
        add_writers(e, r);
    if (span == SINCE_START)
        engine_replay_collect(e, r);
}

/* The IO flowops of every thread merged, for --interval samples. */
void engine_io_now(struct engine *e, struct op_stats *io)
{
    stats_init(io);
    for (size_t s = 0; s < e->nslots; s++) {
        const struct plan_thread *th = &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
        for (size_t i = 0; i < th->nflat; i++)
            if (flowop_is(th->flat[i]->type, FF_IO))
                stats_merge(io, &slot_stats(e, s)[i]);
    }
}

uint64_t engine_run_count(const struct engine *e, enum run_count what)
{
    static const struct { unsigned want; bool bytes; } counts[] = {
        [RUN_IO_OPS] = { FF_IO, false }, [RUN_IO_BYTES] = { FF_IO, true }, [RUN_RW_BYTES] = { FF_READ | FF_WRITE, true },
    };
    uint64_t sum = 0;
    for (size_t s = 0; s < e->nslots; s++) {
        const struct plan_thread *t = &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
        const struct op_stats *st = slot_stats(e, s);
        for (size_t i = 0; i < t->nflat; i++) {
            const struct plan_op *op = t->flat[i];
            if (!flowop_is(op->type, FF_IO) || !flowop_is(op->type, counts[what].want))
                continue;
            sum += counts[what].bytes ? st[i].bytes : st[i].ops;
        }
    }
    return sum;
}

/* Frees a heap-allocated result and everything it holds. */
static void free_result(struct run_result *r)
{
    struct results one = { .runs = r, .n = 1 };
    results_free(&one);
}

static void take_baseline(struct engine *e)
{
    double *scale = slot_scales(e);
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; t < e->plan->procs[p].nthreads; t++)
            for (size_t i = 0; i < e->plan->procs[p].threads[t].nflat; i++)
                merge_row(e, scale, p, t, i, &e->baseline[baseline_index(e, p, t, i)]);
    free(scale);
}

void engine_report_period(struct engine *e, double seconds, enum collect_span span)
{
    if (span == SINCE_BASELINE && e->baseline == NULL) {
        /* The first period counts from the start: an all-zero baseline. */
        size_t rows = baseline_index(e, e->plan->nprocs, 0, 0);
        e->baseline = malloc((rows ? rows : 1) * sizeof *e->baseline);
        if (e->baseline == NULL)
            return;
        for (size_t i = 0; i < rows; i++)
            stats_init(&e->baseline[i]);
    }
    struct run_result *r = calloc(1, sizeof *r);
    if (r == NULL)
        return;
    engine_collect(e, seconds, span, r);
    e->run->writer->result(e->run->out, r, engine_stamp(e));
    free_result(r);
    if (span == SINCE_BASELINE)
        take_baseline(e);
}
