/* engine_report.c: the classic report (Per-Operation Breakdown and IO Summary),
 * with latency percentiles and CPU per op after the classic fields. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "engine_rt.h"
#include "interp.h"

static void index_flat(const struct plan_op *ops, size_t n, const struct plan_op **out)
{
    for (size_t i = 0; i < n; i++) {
        out[ops[i].flat] = &ops[i];
        index_flat(ops[i].children, ops[i].nchildren, out);
    }
}

/* Rows of the baseline: one per declared flowop (process, thread, flat index). */
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

static double ms(uint64_t ns)
{
    return (double)ns / 1e6;
}

static void print_line(FILE *out, const char *name, const struct op_stats *s, double secs)
{
    double t = secs > 0 ? secs : 1;
    uint64_t min = s->ops ? s->lat_min : 0;
    double mean = s->ops ? (double)s->lat_sum / (double)s->ops : 0;
    fprintf(out, "%-20s %" PRIu64 "ops %8.0fops/s %5.1fmb/s %8.3fms/op [%.3fms - %5.3fms]", name, s->ops,
            (double)s->ops / t, (double)s->bytes / 1048576.0 / t, mean / 1e6, ms(min), ms(s->lat_max));
    fprintf(out, " p50 %.3fms p95 %.3fms p99 %.3fms p99.9 %.3fms cpu %.1fus/op\n", ms(stats_percentile(s, 0.50)),
            ms(stats_percentile(s, 0.95)), ms(stats_percentile(s, 0.99)), ms(stats_percentile(s, 0.999)),
            s->cpu_samples ? (double)s->cpu_ns / (double)s->cpu_samples / 1e3 : 0.0);
}

struct summary {
    struct op_stats io;
    uint64_t reads, writes;
};

static void report_thread(struct engine *e, size_t p, size_t t, double secs, struct summary *sum, struct op_stats *row,
                          bool interval)
{
    const struct plan_thread *th = &e->plan->procs[p].threads[t];
    const struct plan_op **flat = calloc(th->nflat ? th->nflat : 1, sizeof *flat);
    if (flat == NULL)
        return;
    index_flat(th->ops, th->nops, flat);
    for (size_t i = 0; i < th->nflat; i++) {
        if (flat[i]->type == NULL)
            continue; /* a composite: its flowops have their own lines */
        stats_init(row);
        for (size_t s = 0; s < e->nslots; s++)
            if (e->slots[s].proc == p && e->slots[s].thread == t)
                stats_merge(row, &slot_stats(e, s)[i]);
        if (interval)
            stats_since(row, &e->baseline[baseline_index(e, p, t, i)]);
        print_line(e->in->out, flat[i]->name, row, secs);
        enum flowop_class cls = flat[i]->type->cls;
        if (cls != FC_IO && cls != FC_AIO)
            continue;
        stats_merge(&sum->io, row);
        if (flat[i]->type->rw == RW_READ)
            sum->reads += row->ops;
        if (flat[i]->type->rw == RW_WRITE)
            sum->writes += row->ops;
    }
    free(flat);
}

static void report(struct engine *e, double secs, bool interval)
{
    FILE *out = e->in->out;
    struct summary *sum = malloc(sizeof *sum);
    struct op_stats *row = malloc(sizeof *row);
    if (sum == NULL || row == NULL) {
        free(sum);
        free(row);
        fprintf(e->in->err, "flowbench: error: out of memory for the report\n");
        return;
    }
    memset(sum, 0, sizeof *sum);
    stats_init(&sum->io);
    double stamp = (double)(clock_ns() - e->in->start_ns) / 1e9;
    fprintf(out, "%.3f: Per-Operation Breakdown\n", stamp);
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; t < e->plan->procs[p].nthreads && (e->req->procs == NULL || e->req->procs[p]); t++)
            report_thread(e, p, t, secs, sum, row, interval);
    double tt = secs > 0 ? secs : 1;
    const struct op_stats *io = &sum->io;
    fprintf(out, "%.3f: IO Summary: %5" PRIu64 " ops %.3f ops/s %.0f/%.0f rd/wr %5.1fmb/s %.3fms/op", stamp, io->ops,
            (double)io->ops / tt, (double)sum->reads / tt, (double)sum->writes / tt,
            (double)io->bytes / 1048576.0 / tt, io->ops ? (double)io->lat_sum / (double)io->ops / 1e6 : 0.0);
    fprintf(out, " p50 %.3fms p99 %.3fms cpu %.1fus/op\n", ms(stats_percentile(io, 0.5)),
            ms(stats_percentile(io, 0.99)), io->cpu_samples ? (double)io->cpu_ns / (double)io->cpu_samples / 1e3 : 0.0);
    fflush(out);
    free(sum);
    free(row);
}

void engine_report(struct engine *e, double secs)
{
    report(e, secs, false);
}

/* Keeps every declared flowop's merged row, so the next interval report subtracts it. */
static void take_baseline(struct engine *e)
{
    size_t rows = baseline_index(e, e->plan->nprocs, 0, 0);
    if (e->baseline == NULL)
        e->baseline = calloc(rows ? rows : 1, sizeof *e->baseline);
    if (e->baseline == NULL)
        return;
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; t < e->plan->procs[p].nthreads; t++)
            for (size_t i = 0; i < e->plan->procs[p].threads[t].nflat; i++) {
                struct op_stats *row = &e->baseline[baseline_index(e, p, t, i)];
                stats_init(row);
                for (size_t s = 0; s < e->nslots; s++)
                    if (e->slots[s].proc == p && e->slots[s].thread == t)
                        stats_merge(row, &slot_stats(e, s)[i]);
            }
}

void engine_report_period(struct engine *e, double seconds, bool interval)
{
    if (interval && e->baseline == NULL) {
        /* The first period counts from the start: an all-zero baseline. */
        size_t rows = baseline_index(e, e->plan->nprocs, 0, 0);
        e->baseline = malloc((rows ? rows : 1) * sizeof *e->baseline);
        if (e->baseline == NULL)
            return;
        for (size_t i = 0; i < rows; i++)
            stats_init(&e->baseline[i]);
    }
    report(e, seconds, interval);
    if (interval)
        take_baseline(e);
}
