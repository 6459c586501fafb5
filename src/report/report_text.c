/* report_text.c: the classic text lines over a result's rows: the per-flowop
 * breakdown and IO summary with percentiles and CPU per op, the --interval
 * lines and the note on a flowop that outlasted its run. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "report/live_line.h"
#include "report/report.h"
#include "report/report_accel.h"
#include "report/report_figures.h"
#include "report/report_ranks.h"
#include "report/report_replay.h"

static void print_row(FILE *out, const struct result_row *row, double secs)
{
    const struct op_stats *s = &row->st;
    double t = secs > 0 ? secs : 1;
    uint64_t min = s->ops ? s->lat_min : 0;
    double mean = s->ops ? (double)s->lat_sum / (double)s->ops : 0;
    fprintf(out, "%-20s %" PRIu64 "ops %8.0fops/s %5.1fmb/s %8.3fms/op [%.3fms - %5.3fms]", row->name, s->ops,
            (double)s->ops / t, (double)s->bytes / 1048576.0 / t, report_ms(mean), report_ms(min), report_ms(s->lat_max));
    fprintf(out, " p50 %.3fms p95 %.3fms p99 %.3fms p99.9 %.3fms cpu %.1fus/op", report_ms(stats_percentile(s, 0.50)),
            report_ms(stats_percentile(s, 0.95)), report_ms(stats_percentile(s, 0.99)),
            report_ms(stats_percentile(s, 0.999)), report_cpu_ns_per_op(s) / 1e3);
    if (row->ioengine != NULL)
        fprintf(out, " %s/%u", row->ioengine, row->iodepth);
    if (row->verify)
        fprintf(out, " verify %" PRIu64 " blocks %" PRIu64 " bad", s->verify_blocks, s->verify_failed);
    if (s->journal_dropped)
        fprintf(out, " journal %" PRIu64 " dropped (not claimed durable: the thread's table was full)", s->journal_dropped);
    fputc('\n', out);
}

/* Open loop: the same ops timed from their intended start, under the row. */
static void print_intended(FILE *out, const struct op_stats *s)
{
    double mean = s->ops ? (double)s->lat_sum / (double)s->ops : 0;
    fprintf(out, "%-20s from intended start: %8.3fms/op [%.3fms - %5.3fms]", "", report_ms(mean),
            report_ms(s->ops ? (double)s->lat_min : 0), report_ms((double)s->lat_max));
    fprintf(out, " p50 %.3fms p95 %.3fms p99 %.3fms p99.9 %.3fms\n", report_ms(stats_percentile(s, 0.50)),
            report_ms(stats_percentile(s, 0.95)), report_ms(stats_percentile(s, 0.99)),
            report_ms(stats_percentile(s, 0.999)));
}

/* Open loop: how each open-loop thread kept its schedule, and a warning for
 * one that could not keep up, so that it is not read as a result. */
static void schedule_lines(FILE *out, const struct run_result *r, double stamp)
{
    for (size_t i = 0; i < r->nsched; i++) {
        const struct sched_row *s = &r->sched[i];
        fprintf(out, "%.3f: schedule: thread %s (process %s) at rate=%" PRIu64 " x%" PRIu64 ": %" PRIu64 " of %" PRIu64
                     " passes begun (%" PRIu64 " due but never begun), max lag %.3fms, final lag %.3fms\n",
                stamp, s->thread, s->process, s->rate, s->instances, s->passes, s->intended, sched_missed(s),
                report_ms((double)s->max_lag_ns), report_ms((double)s->final_lag_ns));
        if (s->behind != 0)
            fprintf(out, "%.3f: warning: thread %s (process %s) could not keep up with rate=%" PRIu64 ": %" PRIu64
                         " of %" PRIu64 " instances ended more than 1%% of their passes behind (%.3f passes/s "
                         "achieved of %" PRIu64 " asked per instance)\n",
                    stamp, s->thread, s->process, s->rate, s->behind, s->instances,
                    report_rate((double)s->passes / (double)(s->instances ? s->instances : 1), r->seconds), s->rate);
    }
}

/* Steady state: whether the condition held, and the last window judged. */
static void steady_line(FILE *out, const struct steady_result *s, double stamp)
{
    if (!s->asked)
        return;
    fprintf(out, "%.3f: steady state (%s within %g%% of its mean over %" PRIu64 " s, after %" PRIu64 " s of warm-up): ",
            stamp, s->metric, s->limit_pct, s->window_s, s->warmup_s);
    if (s->reached)
        fprintf(out, "reached at %.3f s", s->at_s);
    else
        fprintf(out, "not reached");
    fprintf(out, "; last window: %" PRIu64 " s, mean %.3f %s, largest deviation %.2f%%\n",
            s->samples < s->window_s ? s->samples : s->window_s, s->mean, s->unit, s->max_dev_pct);
}

static void system_lines(FILE *out, const struct run_system *s, double stamp);
static void rank_lines(FILE *out, const struct run_result *r, double stamp);

/* Accelerator utilisation, overall and per thread, when a thread computes. */
static void accel_lines(FILE *out, const struct run_result *r, double stamp)
{
    bool computes;
    double all = report_accel_util(r, NULL, &computes);
    if (!computes)
        return;
    fprintf(out, "%.3f: accelerator utilisation %.1f%% (compute / wall time of the computing threads)\n", stamp,
            all * 100);
    for (size_t i = 0; i < r->ntimes; i++)
        if (report_accel_computes(&r->times[i]))
            fprintf(out, "%.3f:   thread %s.%s: %.1f%%\n", stamp, r->times[i].process, r->times[i].thread,
                    report_accel_util(r, &r->times[i], NULL) * 100);
}

/* The slowest writer: a checkpoint is done when its slowest shard is. */
static void writer_line(FILE *out, const struct run_result *r, double stamp)
{
    const struct writer_time *slow = NULL;
    for (size_t i = 0; i < r->nwriters; i++)
        if (slow == NULL || r->writers[i].seconds > slow->seconds)
            slow = &r->writers[i];
    if (slow != NULL)
        fprintf(out, "%.3f: slowest writer %s: %.6f s writing and syncing (of %zu writers)\n", stamp, slow->thread,
                slow->seconds, r->nwriters);
}

/* A timed replay: how late its calls began, each from its intended start. */
static void replay_start_line(FILE *out, const struct op_stats *s, double stamp)
{
    if (s == NULL)
        return;
    fprintf(out, "%.3f: replay start error (from the intended start): %" PRIu64 " calls p50 %.3fms p99 %.3fms max %.3fms\n",
            stamp, s->ops, report_ms(stats_percentile(s, 0.5)), report_ms(stats_percentile(s, 0.99)),
            report_ms(s->ops ? s->lat_max : 0));
}

/* Whether row i begins another process's or thread's rows. */
static bool new_block(const struct run_result *r, size_t i)
{
    return i == 0 || strcmp(r->rows[i].process, r->rows[i - 1].process) != 0
           || strcmp(r->rows[i].thread, r->rows[i - 1].thread) != 0;
}

static size_t count_blocks(const struct run_result *r, bool processes)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += processes ? i == 0 || strcmp(r->rows[i].process, r->rows[i - 1].process) != 0 : new_block(r, i);
    return n;
}

/* The total of the kind of row i over every thread, unless an earlier row
 * had its kind; kinds no thread made are left out, the mismatch row not. */
static void total_row(FILE *out, const struct run_result *r, size_t i, struct result_row *sum)
{
    size_t k = 0;
    while (strcmp(r->rows[k].name, r->rows[i].name) != 0)
        k++;
    if (k != i)
        return; /* its kind was summed at its first row */
    char name[80];
    snprintf(name, sizeof name, "total:%.60s", r->rows[i].name);
    *sum = r->rows[i];
    sum->name = name;
    sum->ioengine = NULL;
    for (k = i + 1; k < r->nrows; k++)
        if (strcmp(r->rows[k].name, r->rows[i].name) == 0)
            stats_merge(&sum->st, &r->rows[k].st);
    if (sum->st.ops != 0 || strcmp(r->rows[i].name, "mismatch") == 0)
        print_row(out, sum, r->seconds);
}

/* A replay of several traced processes or threads: each one's rows under its
 * label (the kinds of call it made: a shell script's dozens of processes
 * would fill pages with rows of none), then one row per kind of call over
 * them all, named total:KIND, in the order they first came, the mismatch
 * row last and always (the rows of each keep their plain names, which
 * scripts sum). */
static void replay_rows(FILE *out, const struct run_result *r, double stamp)
{
    for (size_t i = 0; i < r->nrows; i++) {
        if (new_block(r, i))
            fprintf(out, "%.3f: process %s, thread %s\n", stamp, r->rows[i].process, r->rows[i].thread);
        if (r->rows[i].st.ops != 0)
            print_row(out, &r->rows[i], r->seconds);
    }
    struct result_row *sum = malloc(sizeof *sum);
    if (sum == NULL)
        return;
    fprintf(out, "%.3f: Totals per call kind (%zu threads of %zu processes)\n", stamp, count_blocks(r, false),
            count_blocks(r, true));
    for (int last = 0; last < 2; last++)
        for (size_t i = 0; i < r->nrows; i++)
            if ((strcmp(r->rows[i].name, "mismatch") == 0) == last)
                total_row(out, r, i, sum);
    free(sum);
}

void report_text(FILE *out, const struct run_result *r, double stamp)
{
    double t = r->seconds > 0 ? r->seconds : 1;
    const struct op_stats *io = &r->io;
    fprintf(out, "%.3f: Per-Operation Breakdown\n", stamp);
    if (r->replay && count_blocks(r, false) > 1)
        replay_rows(out, r, stamp);
    else
        for (size_t i = 0; i < r->nrows; i++) {
            print_row(out, &r->rows[i], r->seconds);
            if (r->rows[i].intended != NULL)
                print_intended(out, r->rows[i].intended);
        }
    fprintf(out, "%.3f: IO Summary: %5" PRIu64 " ops %.3f ops/s %.0f/%.0f rd/wr %5.1fmb/s %.3fms/op", stamp, io->ops,
            (double)io->ops / t, (double)r->reads / t, (double)r->writes / t, (double)io->bytes / 1048576.0 / t,
            io->ops ? report_ms((double)io->lat_sum / (double)io->ops) : 0.0);
    fprintf(out, " p50 %.3fms p99 %.3fms cpu %.1fus/op\n", report_ms(stats_percentile(io, 0.5)),
            report_ms(stats_percentile(io, 0.99)), report_cpu_ns_per_op(io) / 1e3);
    if (r->io_intended != NULL)
        fprintf(out, "%.3f: IO Summary from intended start (open-loop threads): %" PRIu64 " ops %.3fms/op p50 %.3fms "
                     "p99 %.3fms p99.9 %.3fms\n",
                stamp, r->io_intended->ops,
                report_ms(r->io_intended->ops ? (double)r->io_intended->lat_sum / (double)r->io_intended->ops : 0),
                report_ms(stats_percentile(r->io_intended, 0.5)), report_ms(stats_percentile(r->io_intended, 0.99)),
                report_ms(stats_percentile(r->io_intended, 0.999)));
    rank_lines(out, r, stamp);
    system_lines(out, &r->system, stamp);
    /* After the classic summary and its device lines, which scripts parse as a block. */
    schedule_lines(out, r, stamp);
    replay_start_line(out, r->replay_start, stamp);
    report_mismatch_lines(out, r, stamp);
    steady_line(out, &r->steady, stamp);
    accel_lines(out, r, stamp);
    writer_line(out, r, stamp);
    fflush(out);
}

/* Over many ranks (MPI): each rank's own figures and their spread, so a slow client shows. */
static void rank_lines(FILE *out, const struct run_result *r, double stamp)
{
    if (r->nranks == 0)
        return;
    struct rank_spread s = report_rank_spread(r);
    size_t lost = report_ranks_lost(r);
    fprintf(out, "%.3f: %zu ranks on %zu host%s", stamp, r->nranks, report_rank_hosts(r),
            report_rank_hosts(r) == 1 ? "" : "s");
    if (lost > 0)
        fprintf(out, " (%zu lost mid-run: the figures are the others')", lost);
    fprintf(out, ": ops/s per rank min %.3f max %.3f stddev %.3f\n", s.min, s.max, s.stddev);
    const struct run_stonewall *sw = &r->stonewall;
    fprintf(out,
            "%.3f: stonewall: %" PRIu64 " ops %.3f ops/s %.1fmb/s in %.3f s, up to the first rank's stop"
            " (the last rank's %.3f s later)\n",
            stamp, sw->ops, report_rate((double)sw->ops, sw->seconds + sw->lag_seconds),
            report_rate((double)sw->bytes / 1048576.0, sw->seconds + sw->lag_seconds), sw->seconds, sw->lag_seconds);
    for (size_t i = 0; i < r->nranks; i++) {
        const struct rank_row *k = &r->ranks[i];
        if (k->lost) {
            fprintf(out, "%.3f: rank %4zu %-20s lost mid-run: no figures\n", stamp, i, k->host);
            continue;
        }
        fprintf(out, "%.3f: rank %4zu %-20s %12.3f ops/s %9.1fmb/s p99 %.3fms cpu %.1fus/op\n", stamp, i, k->host,
                report_rank_ops_per_s(k), report_rank_mb_per_s(k), report_ms((double)k->p99_ns), k->cpu_ns_per_op / 1e3);
    }
}

/* After the IO summary: each device under the run's directories, and the CPU. */
static void system_lines(FILE *out, const struct run_system *s, double stamp)
{
    if (!s->measured)
        return;
    for (size_t i = 0; i < s->ndev; i++) {
        const struct sys_device *d = &s->devices[i];
        const struct dev_figures *f = &s->dev[i];
        fprintf(out, "%.3f: device %s (%s%s%sunder %s): %.0f r/s %.0f w/s %.1f MiB/s read %.1f MiB/s write, %.1f KiB/req, "
                     "await %.2f ms, depth %.1f, util %.0f%%\n",
                stamp, d->name, d->holds[0] ? "holds " : "", d->holds, d->holds[0] ? ", " : "", d->path, f->reads_per_s,
                f->writes_per_s, f->read_mb_per_s, f->write_mb_per_s, f->avg_request_kb, f->await_ms, f->queue_depth,
                f->util_pct);
    }
    fprintf(out, "%.3f: cpu: user %.0f%% system %.0f%% iowait %.0f%% idle %.0f%%\n", stamp, s->cpu.user, s->cpu.system,
            s->cpu.iowait, s->cpu.idle);
}

/* A replay's place in its trace, for the status and interval lines ("" for a run of no trace).
 * A replay looping over its trace (--runtime) has done more calls than the trace holds: its
 * place is then the pass it is in and the call within it, not a share past 100%. */
static const char *position(char *buf, size_t len, const struct replay_position *p)
{
    buf[0] = '\0';
    if (p->calls == 0)
        return buf;
    const char *es = p->mismatches == 1 ? "" : "es";
    if (p->done <= p->calls)
        snprintf(buf, len, "  call %" PRIu64 " of %" PRIu64 " (%.0f%%)  %" PRIu64 " mismatch%s", p->done, p->calls,
                 100.0 * (double)p->done / (double)p->calls, p->mismatches, es);
    else
        snprintf(buf, len, "  pass %" PRIu64 ", call %" PRIu64 " of %" PRIu64 "  %" PRIu64 " mismatch%s",
                 p->done / p->calls + 1, p->done % p->calls, p->calls, p->mismatches, es);
    return buf;
}

void report_text_interval(FILE *out, const struct interval_sample *s, double stamp)
{
    fprintf(out, "%.3f: interval %.1fs: %.0f ops/s %.1f MiB/s mean %.3fms p99 %.3fms", stamp, s->t,
            (double)s->ops / s->seconds, (double)s->bytes / 1048576.0 / s->seconds, report_ms(s->mean_ns),
            report_ms(s->p99_ns));
    char pos[128];
    fputs(position(pos, sizeof pos, &s->pos), out);
    fputc('\n', out);
    fflush(out);
}

void report_text_overrun(FILE *out, const struct overrun_note *n, double stamp)
{
    fprintf(out, "%.3f: note: flowop %s (%s) in thread %s was still running when the run ended%s; the run lasted %.3f s "
                 "instead of %.3f s\n",
            stamp, n->flowop, n->type, n->thread, n->killed ? " and was killed (that op is not counted)" : "",
            n->lasted, n->planned);
}

void report_text_status(FILE *out, const struct live_status *s)
{
    char total[32] = "";
    if (s->total > 0)
        snprintf(total, sizeof total, "/%.0f", s->total);
    char text[384], pos[128];
    snprintf(text, sizeof text, "run %d: %.0f%s s  %.0f ops/s  %.1f MiB/s  p99 %.3f ms  %" PRIu64 " error%s%s", s->run,
             s->elapsed, total, s->ops_per_s, s->mb_per_s, report_ms((double)s->p99_ns), s->errors,
             s->errors == 1 ? "" : "s", position(pos, sizeof pos, &s->pos));
    live_line(out, true, text);
}

void report_text_status_clear(FILE *out)
{
    live_line_clear(out);
}

void report_text_cache(FILE *out, const struct cache_share *c, double stamp)
{
    fprintf(out, "%.3f: fileset %s: %.1f%% of %.1f MiB in the page cache", stamp, c->fileset, 100.0 * cache_share_of(c),
            (double)c->bytes / 1048576.0);
    if (c->sampled)
        fprintf(out, " (sampled %" PRIu64 " files)", c->files);
    fputc('\n', out);
}
