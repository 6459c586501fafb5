/* report_json.c: --json: every run of the invocation as one JSON document
 * (schema in docs/json.md), written by hand: escaped UTF-8, finite numbers. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "git_commit.h"
#include "report/report.h"
#include "report/report_accel.h"
#include "report/report_figures.h"
#include "report/report_ranks.h"
#include "report/report_replay.h"
#include "report/json_writer.h"

/* --lathist: the non-empty buckets as [low, high, count] (low <= ns < high), at
 * the histogram's full resolution so that runs and hosts can be merged exactly. */
static void histogram(struct jw *w, const struct hist *h)
{
    jw_open(w, "histogram", '[', false);
    for (unsigned b = 0; b < HIST_BUCKETS; b++) {
        if (h->count[b] == 0)
            continue;
        jw_open(w, NULL, '[', true);
        jw_u64(w, NULL, hist_bucket_low(b));
        jw_u64(w, NULL, hist_bucket_low(b) + hist_bucket_width(b));
        jw_u64(w, NULL, h->count[b]);
        jw_close(w, ']');
    }
    jw_close(w, ']');
}

/* key: "latency_ns" (the service time) or "latency_from_intended_ns";
 * hist: the histogram to write in full, or NULL. */
static void latency(struct jw *w, const char *key, const struct row_figures *f, const struct hist *hist)
{
    jw_open(w, key, '{', hist == NULL);
    jw_u64(w, "min", f->min);
    jw_num(w, "mean", f->mean, 1);
    jw_u64(w, "max", f->max);
    jw_num(w, "stddev", f->stddev, 1);
    for (int i = 0; i < REPORT_NPCT; i++)
        jw_u64(w, report_pcts[i].json, f->pct[i]);
    if (hist != NULL)
        histogram(w, hist);
    jw_close(w, '}');
}

/* Blocks a flowop with verify checked and found bad; the writes (creates,
 * deletes) the durability journal gave up while it ran. */
static void verify_counts(struct jw *w, const struct op_stats *st)
{
    jw_open(w, "verify", '{', true);
    jw_u64(w, "blocks", st->verify_blocks);
    jw_u64(w, "failed", st->verify_failed);
    jw_u64(w, "journal_dropped", st->journal_dropped);
    jw_close(w, '}');
}

static void flowops(struct jw *w, const struct run_result *r, const struct report_input *in)
{
    jw_open(w, "flowops", '[', false);
    for (size_t i = 0; i < r->nrows; i++) {
        const struct result_row *row = &r->rows[i];
        struct row_figures f;
        report_figures(&row->st, r->seconds, &f);
        jw_open(w, NULL, '{', false);
        jw_str(w, "name", row->name);
        jw_str(w, "process", row->process);
        jw_str(w, "thread", row->thread);
        jw_str(w, "type", row->type);
        jw_str(w, "class", report_class_name(row->cls));
        if (row->ioengine != NULL) {
            jw_str(w, "ioengine", row->ioengine);
            jw_u64(w, "iodepth", row->iodepth);
        }
        jw_u64(w, "ops", f.ops);
        jw_num(w, "ops_per_s", f.ops_per_s, 3);
        jw_u64(w, "bytes", f.bytes);
        jw_num(w, "mb_per_s", f.mb_per_s, 3);
        jw_u64(w, "errors", f.errors);
        jw_num(w, "cpu_ns_per_op", f.cpu_ns_per_op, 1);
        latency(w, "latency_ns", &f, in->histograms ? &row->st.hist : NULL);
        if (row->intended != NULL) {
            struct row_figures fi;
            report_figures(row->intended, r->seconds, &fi);
            latency(w, "latency_from_intended_ns", &fi, in->histograms ? &row->intended->hist : NULL);
        }
        if (row->verify || row->st.journal_dropped)
            verify_counts(w, &row->st);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

static void summary(struct jw *w, const struct run_result *r, const struct report_input *in)
{
    struct row_figures f;
    report_figures(&r->io, r->seconds, &f);
    jw_open(w, "summary", '{', false);
    jw_u64(w, "ops", f.ops);
    jw_num(w, "ops_per_s", f.ops_per_s, 3);
    jw_num(w, "reads_per_s", report_rate((double)r->reads, r->seconds), 3);
    jw_num(w, "writes_per_s", report_rate((double)r->writes, r->seconds), 3);
    jw_u64(w, "bytes", f.bytes);
    jw_num(w, "mb_per_s", f.mb_per_s, 3);
    jw_u64(w, "errors", f.errors);
    jw_num(w, "cpu_ns_per_op", f.cpu_ns_per_op, 1);
    latency(w, "latency_ns", &f, in->histograms ? &r->io.hist : NULL);
    if (r->io_intended != NULL) {
        struct row_figures fi;
        report_figures(r->io_intended, r->seconds, &fi);
        latency(w, "latency_from_intended_ns", &fi, in->histograms ? &r->io_intended->hist : NULL);
    }
    if (r->replay_start != NULL) {
        struct row_figures fs;
        report_figures(r->replay_start, r->seconds, &fs);
        latency(w, "replay_start_error_ns", &fs, in->histograms ? &r->replay_start->hist : NULL);
    }
    jw_close(w, '}');
}

/* Steady state: asked for (else absent), reached or not, and the last window judged. */
static void steady_state(struct jw *w, const struct run_result *r)
{
    const struct steady_result *s = &r->steady;
    if (!s->asked)
        return;
    jw_open(w, "steady_state", '{', true);
    jw_str(w, "metric", s->metric);
    jw_num(w, "limit_pct", s->limit_pct, 3);
    jw_u64(w, "window_s", s->window_s);
    jw_u64(w, "warmup_s", s->warmup_s);
    jw_bool(w, "reached", s->reached);
    if (s->reached)
        jw_num(w, "reached_at_s", s->at_s, 3);
    jw_u64(w, "seconds_judged", s->samples);
    jw_num(w, "window_mean", s->mean, 3);
    jw_str(w, "unit", s->unit);
    jw_num(w, "window_max_deviation_pct", s->max_dev_pct, 3);
    jw_close(w, '}');
}

/* Open loop (rate=): how each open-loop thread kept its schedule; absent without one. */
static void schedule(struct jw *w, const struct run_result *r)
{
    if (r->nsched == 0)
        return;
    jw_open(w, "schedule", '[', false);
    for (size_t i = 0; i < r->nsched; i++) {
        const struct sched_row *s = &r->sched[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "process", s->process);
        jw_str(w, "thread", s->thread);
        jw_u64(w, "rate", s->rate);
        jw_u64(w, "instances", s->instances);
        jw_u64(w, "passes", s->passes);
        jw_u64(w, "passes_intended", s->intended);
        jw_u64(w, "passes_missed", sched_missed(s));
        jw_u64(w, "max_lag_ns", s->max_lag_ns);
        jw_u64(w, "final_lag_ns", s->final_lag_ns);
        jw_u64(w, "instances_behind", s->behind);
        jw_bool(w, "kept_up", s->behind == 0);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

static void intervals(struct jw *w, const struct run_result *r)
{
    jw_open(w, "intervals", '[', false);
    for (size_t i = 0; i < r->nintervals; i++) {
        const struct interval_sample *s = &r->intervals[i];
        jw_open(w, NULL, '{', true);
        jw_num(w, "t", s->t, 3);
        jw_num(w, "seconds", s->seconds, 3);
        jw_u64(w, "ops", s->ops);
        jw_num(w, "ops_per_s", report_rate((double)s->ops, s->seconds), 3);
        jw_num(w, "mb_per_s", report_rate((double)s->bytes / 1048576.0, s->seconds), 3);
        jw_num(w, "mean_ns", s->mean_ns, 1);
        jw_u64(w, "p99_ns", s->p99_ns);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

static void page_cache(struct jw *w, const struct run_result *r)
{
    jw_open(w, "page_cache", '[', false);
    for (size_t i = 0; i < r->ncache; i++) {
        const struct cache_share *c = &r->cache[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "fileset", c->fileset);
        jw_u64(w, "bytes", c->bytes);
        jw_u64(w, "asked_bytes", c->asked_bytes);
        jw_u64(w, "cached_bytes", c->cached_bytes);
        jw_num(w, "share", cache_share_of(c), 4);
        jw_u64(w, "files", c->files);
        jw_bool(w, "sampled", c->sampled);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* Per thread instance: the CPUs and memory nodes planned (null: unbound), the
 * CPUs it read back after binding, and whether the binding was applied. */
static void placement(struct jw *w, const struct run_result *r)
{
    jw_open(w, "placement", '[', false);
    for (size_t i = 0; i < r->nplacement; i++) {
        const struct thread_place *t = &r->placement[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "thread", t->thread);
        jw_str(w, "planned_cpus", t->planned);
        jw_str(w, "numa", t->nodes);
        jw_str(w, "cpus", t->cpus);
        jw_str(w, "binding", t->state);
        jw_str(w, "note", t->note);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* --latency-log: the file written, its records, the sampling, and the records dropped. */
static void latency_log(struct jw *w, const struct latlog_summary *l)
{
    if (l->path == NULL)
        return;
    jw_open(w, "latency_log", '{', true);
    jw_str(w, "path", l->path);
    if (l->error != NULL)
        jw_str(w, "error", l->error);
    jw_u64(w, "records", l->records);
    jw_u64(w, "sample", l->sample);
    jw_u64(w, "dropped", l->dropped);
    jw_close(w, '}');
}

static void cpu_pct(struct jw *w, const struct cpu_pct *c)
{
    jw_open(w, "cpu", '{', true);
    jw_num(w, "user_pct", c->user, 2);
    jw_num(w, "system_pct", c->system, 2);
    jw_num(w, "iowait_pct", c->iowait, 2);
    jw_num(w, "idle_pct", c->idle, 2);
    jw_close(w, '}');
}

static void mem_kb(struct jw *w, const struct mem_kb *m)
{
    jw_open(w, "memory", '{', true);
    jw_u64(w, "dirty_kb", m->dirty);
    jw_u64(w, "writeback_kb", m->writeback);
    jw_u64(w, "cached_kb", m->cached);
    jw_close(w, '}');
}

static void dev_figures(struct jw *w, const struct dev_figures *d)
{
    jw_num(w, "reads_per_s", d->reads_per_s, 3);
    jw_num(w, "writes_per_s", d->writes_per_s, 3);
    jw_num(w, "read_mb_per_s", d->read_mb_per_s, 3);
    jw_num(w, "write_mb_per_s", d->write_mb_per_s, 3);
    jw_num(w, "avg_request_kb", d->avg_request_kb, 2);
    jw_num(w, "await_ms", d->await_ms, 3);
    jw_num(w, "queue_depth", d->queue_depth, 3);
    jw_num(w, "util_pct", d->util_pct, 2);
}

static void samples(struct jw *w, const struct run_system *s)
{
    jw_open(w, "samples", '[', false);
    for (size_t i = 0; i < s->nsamples; i++) {
        const struct sys_sample *x = &s->samples[i];
        jw_open(w, NULL, '{', true);
        jw_num(w, "t", x->t, 3);
        jw_num(w, "seconds", x->seconds, 3);
        cpu_pct(w, &x->cpu);
        mem_kb(w, &x->mem);
        jw_open(w, "devices", '[', true);
        for (size_t k = 0; k < s->ndev; k++) {
            jw_open(w, NULL, '{', true);
            jw_str(w, "name", s->devices[k].name);
            dev_figures(w, &x->dev[k]);
            jw_close(w, '}');
        }
        jw_close(w, ']');
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* CPU, memory and the devices under the run's directories (null when it never started). */
static void system_figures(struct jw *w, const struct run_system *s)
{
    if (!s->measured) {
        jw_str(w, "system", NULL);
        return;
    }
    jw_open(w, "system", '{', false);
    jw_num(w, "interval_s", s->interval_s, 3);
    cpu_pct(w, &s->cpu);
    mem_kb(w, &s->mem);
    jw_open(w, "devices", '[', false);
    for (size_t i = 0; i < s->ndev; i++) {
        const struct sys_device *d = &s->devices[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "name", d->name);
        jw_str(w, "holds", d->holds[0] ? d->holds : NULL);
        jw_str(w, "model", d->model);
        jw_str(w, "path", d->path);
        dev_figures(w, &s->dev[i]);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    samples(w, s);
    jw_close(w, '}');
}

static void meta(struct jw *w, const struct run_meta *m, const struct host_info *h)
{
    jw_open(w, "meta", '{', false);
    jw_open(w, "variables", '{', false);
    for (size_t i = 0; i < m->nvars; i++)
        jw_str(w, m->vars[i].name, m->vars[i].value);
    jw_close(w, '}');
    jw_open(w, "command_line", '[', true);
    for (size_t i = 0; i < m->argc; i++)
        jw_str(w, NULL, m->argv[i]);
    jw_close(w, ']');
    jw_str(w, "version", FLOWBENCH_VERSION);
    jw_str(w, "git_commit", FLOWBENCH_GIT_COMMIT);
    jw_str(w, "host", h->hostname);
    jw_str(w, "kernel", h->kernel);
    jw_str(w, "dir", m->dir);
    jw_str(w, "filesystem", m->filesystem);
    jw_str(w, "mount_options", m->mount_options);
    jw_str(w, "device_model", m->device_model);
    jw_close(w, '}');
}

/* Over many ranks (MPI): how many, on which hosts, and each rank's own figures. */
static void ranks(struct jw *w, const struct run_result *r)
{
    if (r->nranks == 0)
        return;
    jw_u64(w, "ranks", r->nranks);
    jw_open(w, "hosts", '[', true);
    for (size_t i = 0; i < r->nranks; i++)
        if (report_rank_host_first(r, i))
            jw_str(w, NULL, r->ranks[i].host);
    jw_close(w, ']');
    struct rank_spread s = report_rank_spread(r);
    jw_open(w, "rank_spread", '{', true);
    jw_num(w, "min_ops_per_s", s.min, 3);
    jw_num(w, "max_ops_per_s", s.max, 3);
    jw_num(w, "stddev_ops_per_s", s.stddev, 3);
    jw_close(w, '}');
    const struct run_stonewall *sw = &r->stonewall;
    jw_open(w, "stonewall", '{', true);
    jw_num(w, "seconds", sw->seconds, 6);
    jw_num(w, "lag_seconds", sw->lag_seconds, 6);
    jw_u64(w, "ops", sw->ops);
    /* The snapshots reach to the last rank's: the rates are over that time. */
    jw_num(w, "ops_per_s", report_rate((double)sw->ops, sw->seconds + sw->lag_seconds), 3);
    jw_u64(w, "bytes", sw->bytes);
    jw_num(w, "mb_per_s", report_rate((double)sw->bytes / 1048576.0, sw->seconds + sw->lag_seconds), 3);
    jw_close(w, '}');
    jw_open(w, "per_rank", '[', false);
    for (size_t i = 0; i < r->nranks; i++) {
        const struct rank_row *k = &r->ranks[i];
        jw_open(w, NULL, '{', true);
        jw_u64(w, "rank", i);
        jw_str(w, "host", k->host);
        jw_num(w, "seconds", k->seconds, 6);
        jw_u64(w, "ops", k->ops);
        jw_num(w, "ops_per_s", report_rank_ops_per_s(k), 3);
        jw_u64(w, "bytes", k->bytes);
        jw_num(w, "mb_per_s", report_rank_mb_per_s(k), 3);
        jw_u64(w, "p99_ns", k->p99_ns);
        jw_num(w, "cpu_ns_per_op", k->cpu_ns_per_op, 1);
        jw_bool(w, "lost", k->lost);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* Accelerator utilisation overall and per thread that computes (compute flowops). */
static void accel(struct jw *w, const struct run_result *r)
{
    bool computes;
    double all = report_accel_util(r, NULL, &computes);
    if (!computes)
        return;
    jw_open(w, "accel_util", '{', false);
    jw_num(w, "overall", all, 6);
    jw_open(w, "threads", '[', false);
    for (size_t i = 0; i < r->ntimes; i++) {
        const struct thread_times *row = &r->times[i];
        if (!report_accel_computes(row))
            continue;
        jw_open(w, NULL, '{', true);
        jw_str(w, "process", row->process);
        jw_str(w, "thread", row->thread);
        jw_num(w, "util", report_accel_util(r, row, NULL), 6);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_close(w, '}');
}

/* Where each thread's wall-clock time went, in seconds per bucket, summed
 * over its instances (and ranks). */
static void thread_times(struct jw *w, const struct run_result *r)
{
    if (r->ntimes == 0)
        return;
    jw_open(w, "thread_times", '[', false);
    for (size_t i = 0; i < r->ntimes; i++) {
        const struct thread_times *t = &r->times[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "process", t->process);
        jw_str(w, "thread", t->thread);
        jw_u64(w, "instances", t->instances);
        for (size_t b = 0; b < TB_N; b++) {
            char name[32];
            snprintf(name, sizeof name, "%s_s", time_bucket_names[b]);
            jw_num(w, name, (double)t->ns[b] / 1e9, 6);
        }
        jw_u64(w, "cpu_ns", t->cpu_ns);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* Each thread instance's time writing and syncing, and the slowest. */
static void writers(struct jw *w, const struct run_result *r)
{
    if (r->nwriters == 0)
        return;
    jw_num(w, "slowest_writer_s", r->slowest_writer_s, 6);
    jw_open(w, "writers", '[', false);
    for (size_t i = 0; i < r->nwriters; i++) {
        jw_open(w, NULL, '{', true);
        jw_str(w, "thread", r->writers[i].thread);
        jw_num(w, "seconds", r->writers[i].seconds, 6);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* The criteria judged on the run: each side's value, as printed after it. */
static void criteria(struct jw *w, const struct run_result *r)
{
    if (r->ncriteria == 0)
        return;
    jw_bool(w, "criteria_pass", run_result_criteria_pass(r));
    jw_open(w, "criteria", '[', false);
    for (size_t i = 0; i < r->ncriteria; i++) {
        const struct criterion_outcome *c = &r->criteria[i];
        jw_open(w, NULL, '{', true);
        jw_str(w, "expression", c->expr);
        jw_str(w, "where", c->where);
        if (c->error != NULL) { /* not judged: no value to show */
            jw_null(w, "measured");
            jw_str(w, "comparison", c->cmp);
            jw_null(w, "limit");
            jw_str(w, "error", c->error);
        } else {
            jw_exact(w, "measured", c->measured);
            jw_str(w, "comparison", c->cmp);
            jw_exact(w, "limit", c->limit);
        }
        jw_str(w, "result", c->pass ? "PASS" : "FAIL");
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

/* The members a run has, also repeated at the top level when there is one run. */
static void run_body(struct jw *w, const struct run_result *r, const struct report_input *in)
{
    jw_num(w, "seconds", r->seconds, 6);
    ranks(w, r);
    flowops(w, r, in);
    summary(w, r, in);
    schedule(w, r);
    steady_state(w, r);
    intervals(w, r);
}

static void host(struct jw *w, const struct host_info *h)
{
    char name[256] = "", kernel[256] = "";
    struct utsname u;
    /* Without a run nothing filled the host in: ask here (no topology then). */
    if (h->hostname[0] == '\0' && gethostname(name, sizeof name - 1) != 0)
        name[0] = '\0';
    if (h->kernel[0] == '\0' && uname(&u) == 0)
        snprintf(kernel, sizeof kernel, "%s %s %s", u.sysname, u.release, u.machine);
    jw_open(w, "host", '{', false);
    jw_str(w, "hostname", h->hostname[0] ? h->hostname : name);
    jw_str(w, "kernel", h->kernel[0] ? h->kernel : kernel);
    jw_u64(w, "cores", h->cores);
    jw_u64(w, "hardware_threads", h->pus);
    jw_u64(w, "numa_nodes", h->numa);
    if (h->pus != 0) { /* the topology was read (a run) */
        jw_u64(w, "packages", h->packages);
        jw_bool(w, "topology_this_system", h->topology_this_system);
    }
    if (h->clock != NULL)
        jw_str(w, "clock", h->clock);
    jw_close(w, '}');
}

static void variables(struct jw *w, const struct report_vars *t)
{
    jw_open(w, "variables", '{', false);
    for (size_t i = 0; i < t->n; i++) {
        const struct report_var *v = &t->v[i];
        switch (v->kind) {
        case RV_NUMBER: jw_u64(w, v->name, v->number); break;
        case RV_BOOL: jw_bool(w, v->name, v->flag); break;
        case RV_TEXT: jw_str(w, v->name, v->text); break;
        case RV_NULL: jw_str(w, v->name, NULL); break;
        }
    }
    jw_close(w, '}');
}

int results_write_json(const struct report_input *in, FILE *out)
{
    const struct results *res = in->results;
    struct jw w = { .f = out };
    errno = 0;
    jw_open(&w, NULL, '{', false);
    jw_str(&w, "flowbench_version", FLOWBENCH_VERSION);
    host(&w, &res->host);
    jw_str(&w, "workload", in->workload);
    variables(&w, in->vars);
    jw_open(&w, "runs", '[', false);
    for (size_t i = 0; i < res->n; i++) {
        const struct run_result *r = &res->runs[i];
        jw_open(&w, NULL, '{', false);
        jw_u64(&w, "index", (uint64_t)(r->index > 0 ? r->index : 0));
        jw_str(&w, "end", r->end != NULL ? r->end : "none");
        jw_str(&w, "error", r->error);
        page_cache(&w, r);
        placement(&w, r);
        latency_log(&w, &r->latlog);
        run_body(&w, r, in);
        accel(&w, r);
        writers(&w, r);
        report_mismatch_json(&w, r);
        thread_times(&w, r);
        criteria(&w, r);
        system_figures(&w, &r->system);
        meta(&w, &r->meta, &res->host);
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    if (res->n == 1)
        run_body(&w, &res->runs[0], in);
    jw_close(&w, '}');
    return jw_end(&w);
}
