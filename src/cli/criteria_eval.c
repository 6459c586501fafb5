/* criteria_eval.c: the value of a criterion's two sides over a run's results
 * (the figures every report derives, report_figures.h), its PASS or FAIL line
 * and outcome, and the check of its names against a plan. */
#include "cli/criteria_eval.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_figures.h"
#include "report/report_accel.h"

/* A $variable as a number: integers and booleans, and text that is a number (-D x=0.95). */
static int var_number(const struct vartab *vars, const struct crit_node *n, double *out, struct diag *err)
{
    const struct var *v = vars_find(vars, n->name);
    char *end = NULL;
    if (v == NULL || v->kind == VAR_UNSET)
        return diag_set(err, &n->loc, "criteria: $%s is not set", n->name);
    switch (v->kind) {
    case VAR_INT: *out = (double)v->i; return 0;
    case VAR_BOOL: *out = v->b ? 1 : 0; return 0;
    case VAR_STR:
        *out = strtod(v->s, &end);
        if (end != v->s && *end == '\0' && isfinite(*out))
            return 0;
        break;
    default: break;
    }
    return diag_set(err, &n->loc, "criteria: $%s does not hold a number", n->name);
}

/* A row's latencies: its service times, or those from the intended start (open loop; NULL when closed). */
static const struct op_stats *row_stats(const struct result_row *row, bool intended)
{
    return intended ? row->intended : &row->st;
}

static int no_open_loop(const struct crit_node *n, struct diag *err)
{
    if (n->name == NULL)
        return diag_set(err, &n->loc, "criteria: %s: no open-loop thread (rate=) to measure it", n->fig->name);
    return diag_set(err, &n->loc, "criteria: %s: flowop '%s' is in no open-loop thread (rate=)", n->fig->name, n->name);
}

/* The stats of the rows named (merged over every thread that has one), or the IO summary. */
static int stats_for(const struct run_result *r, const struct crit_node *n, struct op_stats *st, struct diag *err)
{
    bool intended = n->fig->intended;
    if (n->name == NULL) {
        if (intended && r->io_intended == NULL)
            return no_open_loop(n, err);
        *st = intended ? *r->io_intended : r->io;
        return 0;
    }
    stats_init(st);
    bool found = false, open = false;
    for (size_t i = 0; i < r->nrows; i++)
        if (strcmp(r->rows[i].name, n->name) == 0) {
            const struct op_stats *rs = row_stats(&r->rows[i], intended);
            if (rs != NULL)
                stats_merge(st, rs);
            found = true;
            open |= rs != NULL;
        }
    if (!found)
        return diag_set(err, &n->loc, "criteria: no flowop named '%s' in run %d", n->name, r->index);
    return open ? 0 : no_open_loop(n, err);
}

/* What a figure's value is read from: the run, and the figures of the rows it
 * names (or of the IO summary). */
struct fig_src {
    const struct run_result *r;
    const struct op_stats *st;
    const struct row_figures *x;
    double q;
};

static double sched_sum(const struct run_result *r, bool missed)
{
    double n = 0;
    for (size_t i = 0; i < r->nsched; i++)
        n += (double)(missed ? sched_missed(&r->sched[i]) : r->sched[i].passes);
    return n;
}

static double fig_ops(const struct fig_src *s) { return (double)s->x->ops; }
static double fig_ops_per_sec(const struct fig_src *s) { return s->x->ops_per_s; }
static double fig_mb_per_sec(const struct fig_src *s) { return s->x->mb_per_s; }
static double fig_bytes(const struct fig_src *s) { return (double)s->x->bytes; }
static double fig_errors(const struct fig_src *s) { return (double)s->x->errors; }
static double fig_cpu(const struct fig_src *s) { return s->x->cpu_ns_per_op; }
static double fig_mean(const struct fig_src *s) { return s->x->mean; }
static double fig_min(const struct fig_src *s) { return (double)s->x->min; }
static double fig_max(const struct fig_src *s) { return (double)s->x->max; }
static double fig_pct(const struct fig_src *s) { return (double)stats_percentile(s->st, s->q); }
static double fig_seconds(const struct fig_src *s) { return s->r->seconds; }
static double fig_reads(const struct fig_src *s) { return report_rate((double)s->r->reads, s->r->seconds); }
static double fig_writes(const struct fig_src *s) { return report_rate((double)s->r->writes, s->r->seconds); }
static double fig_accel(const struct fig_src *s) { return report_accel_util(s->r, NULL, NULL); }
static double fig_slowest(const struct fig_src *s) { return s->r->slowest_writer_s; }
static double fig_passes(const struct fig_src *s) { return sched_sum(s->r, false); }
static double fig_passes_rate(const struct fig_src *s) { return report_rate(sched_sum(s->r, false), s->r->seconds); }
static double fig_missed(const struct fig_src *s) { return sched_sum(s->r, true); }

static bool has_writer(const struct fig_src *s) { return s->r->nwriters > 0; }
static bool has_ops(const struct fig_src *s) { return s->st->ops > 0; }
static bool has_cpu(const struct fig_src *s) { return s->st->ops > 0 && s->st->cpu_samples > 0; }
static bool has_compute(const struct fig_src *s)
{
    bool computes = false;
    report_accel_util(s->r, NULL, &computes);
    return computes;
}

/* Why there is no data: of a flowop named, and of the run (or its IO summary). */
struct why_none {
    const char *row, *run;
};
static const struct why_none no_ops = { "did no operation", "no IO operation was measured" };
static const struct why_none no_cpu = { "had no operation's CPU time measured", "no IO operation's CPU time was measured" };
static const struct why_none no_compute = { NULL, "no thread computed" };
static const struct why_none no_writer = { NULL, "no thread wrote" };

/* Each figure's reader. rows: it reads the rows' (or the summary's) figures;
 * has: whether the run holds data for it (NULL: always; a count or a rate of
 * nothing is 0, measured), else none says why not and the criterion FAILs,
 * as the reports leave such a figure out or blank; sched: it needs an
 * open-loop thread. */
static const struct {
    double (*get)(const struct fig_src *s);
    bool rows;
    bool (*has)(const struct fig_src *s);
    const struct why_none *none;
    bool sched;
} figure_readers[] = {
    [CW_OPS] = { fig_ops, true, NULL, NULL, false },
    [CW_OPS_PER_SEC] = { fig_ops_per_sec, true, NULL, NULL, false },
    [CW_MB_PER_SEC] = { fig_mb_per_sec, true, NULL, NULL, false },
    [CW_BYTES] = { fig_bytes, true, NULL, NULL, false },
    [CW_ERRORS] = { fig_errors, true, NULL, NULL, false },
    [CW_SECONDS] = { fig_seconds, false, NULL, NULL, false },
    [CW_READS_PER_SEC] = { fig_reads, false, NULL, NULL, false },
    [CW_WRITES_PER_SEC] = { fig_writes, false, NULL, NULL, false },
    [CW_CPU_NS_PER_OP] = { fig_cpu, true, has_cpu, &no_cpu, false },
    [CW_MEAN] = { fig_mean, true, has_ops, &no_ops, false },
    [CW_MIN] = { fig_min, true, has_ops, &no_ops, false },
    [CW_MAX] = { fig_max, true, has_ops, &no_ops, false },
    [CW_PCT] = { fig_pct, true, has_ops, &no_ops, false },
    [CW_ACCEL_UTIL] = { fig_accel, false, has_compute, &no_compute, false },
    [CW_SLOWEST_WRITER] = { fig_slowest, false, has_writer, &no_writer, false },
    [CW_PASSES_PER_SEC] = { fig_passes_rate, false, NULL, NULL, true },
    [CW_PASSES] = { fig_passes, false, NULL, NULL, true },
    [CW_PASSES_MISSED] = { fig_missed, false, NULL, NULL, true },
};
_Static_assert(sizeof figure_readers / sizeof figure_readers[0] == CW_NWHAT, "a reader for every kind of figure");

/* A figure the run holds no data for: said as such, never judged as 0. */
static int no_data(const struct crit_node *n, const struct why_none *why, struct diag *err)
{
    if (n->name != NULL && why->row != NULL)
        return diag_set(err, &n->loc, "criteria: %s: flowop '%s' %s: no data to judge", n->fig->name, n->name, why->row);
    return diag_set(err, &n->loc, "criteria: %s: %s: no data to judge", n->fig->name, why->run);
}

static int figure_value(const struct run_result *r, const struct crit_node *n, double *out, struct diag *err)
{
    const struct crit_figure *f = n->fig;
    struct fig_src src = { .r = r, .q = f->q };
    if (figure_readers[f->what].sched && r->nsched == 0)
        return no_open_loop(n, err);
    struct op_stats *st = NULL;
    struct row_figures x;
    int rc = 0;
    if (figure_readers[f->what].rows) {
        if ((st = malloc(sizeof *st)) == NULL)
            return diag_set(err, NULL, "out of memory");
        rc = stats_for(r, n, st, err);
        if (rc == 0)
            report_figures(st, r->seconds, &x);
        src.st = st;
        src.x = &x;
    }
    if (rc == 0 && figure_readers[f->what].has != NULL && !figure_readers[f->what].has(&src))
        rc = no_data(n, figure_readers[f->what].none, err);
    if (rc == 0)
        *out = figure_readers[f->what].get(&src) * n->factor;
    free(st);
    return rc;
}

struct eval_ctx {
    const struct run_result *r;
    const struct vartab *vars;
    struct diag *err;
};

static int eval(const struct eval_ctx *x, const struct crit_node *n, double *out)
{
    double a, b;
    switch (n->kind) {
    case CN_NUM: *out = n->num; return 0;
    case CN_VAR: return var_number(x->vars, n, out, x->err);
    case CN_FIGURE: return figure_value(x->r, n, out, x->err);
    case CN_NEG:
        if (eval(x, n->a, &a) != 0)
            return -1;
        *out = -a;
        return 0;
    case CN_OP: break;
    }
    if (eval(x, n->a, &a) != 0 || eval(x, n->b, &b) != 0)
        return -1;
    if (n->op == '/' && b == 0)
        return diag_set(x->err, &n->loc, "criteria: division by zero");
    *out = n->op == '+' ? a + b : n->op == '-' ? a - b : n->op == '*' ? a * b : a / b;
    return 0;
}

/* The values in full: a measured value rounded onto its limit would read as
 * a wrong verdict ("measured 0 > 0"). */
static void print_outcome(FILE *out, const struct criterion_outcome *o)
{
    char m[64], l[64];
    report_number_exact(m, sizeof m, o->measured);
    report_number_exact(l, sizeof l, o->limit);
    if (o->error != NULL)
        fprintf(out, "criteria: FAIL  %s  (%s)\n", o->expr, o->error);
    else
        fprintf(out, "criteria: %s  %s  (measured %s %s %s)\n", o->pass ? "PASS" : "FAIL", o->expr, m, o->cmp, l);
}

/* Whether the run ran a process of the criterion's scope (a scope-less one judges every run). */
static bool in_scope(const struct criterion *c, const struct run_result *r)
{
    if (c->nscope == 0)
        return true;
    for (size_t k = 0; k < c->nscope; k++)
        for (size_t i = 0; i < r->nrows; i++)
            if (strcmp(r->rows[i].process, c->scope[k].name) == 0)
                return true;
    return false;
}

bool criteria_in_scope(const struct criterion *c, const struct plan *p, const bool *procs)
{
    if (c->nscope == 0)
        return true;
    for (size_t k = 0; k < c->nscope; k++)
        for (size_t i = 0; i < p->nprocs; i++)
            if ((procs == NULL || procs[i]) && strcmp(p->procs[i].name, c->scope[k].name) == 0)
                return true;
    return false;
}

int criteria_judge(const struct criterion *c, size_t n, const struct vartab *vars, struct run_result *r, FILE *out)
{
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        if (!in_scope(&c[i], r))
            continue;
        struct diag err;
        diag_clear(&err);
        const struct eval_ctx x = { r, vars, &err };
        char where[512];
        snprintf(where, sizeof where, "%s:%d", c[i].loc.file ? c[i].loc.file : "-C", c[i].loc.line);
        struct criterion_outcome o = { .expr = c[i].text, .where = where, .cmp = c[i].cmp->word };
        bool ok = eval(&x, c[i].lhs, &o.measured) == 0 && eval(&x, c[i].rhs, &o.limit) == 0;
        o.pass = ok && c[i].cmp->holds(o.measured, o.limit);
        o.error = ok ? NULL : err.msg;
        print_outcome(out, &o);
        failed += !o.pass;
        if (!run_result_add_criterion(r, &o))
            return -1;
    }
    return failed;
}

struct check_ctx {
    const struct plan *p;
    const struct vartab *vars;
    struct diag *err;
    int rc;
};

static void find_op(const struct plan_op *op, void *ctx)
{
    const char **name = ctx;
    if (*name != NULL && op->name != NULL && strcmp(op->name, *name) == 0)
        *name = NULL;
}

/* Whether a thread of the plan has the flowop named (any flowop: NULL), in an
 * open-loop thread only when open_loop. */
static bool plan_has_op(const struct plan *p, const char *name, bool open_loop)
{
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            const char *want = name;
            if (open_loop && p->procs[i].threads[t].rate == 0)
                continue;
            if (want != NULL)
                plan_each_op(&p->procs[i].threads[t], find_op, &want);
            if (want == NULL)
                return true;
        }
    return false;
}

static void check_node(const struct crit_node *n, void *ctx)
{
    struct check_ctx *x = ctx;
    double v;
    if (x->rc != 0)
        return;
    if (n->kind == CN_VAR)
        x->rc = var_number(x->vars, n, &v, x->err);
    else if (n->kind == CN_FIGURE && n->name != NULL && !plan_has_op(x->p, n->name, false))
        x->rc = diag_set(x->err, &n->loc, "criteria: no flowop named '%s' in the workload", n->name);
    else if (n->kind == CN_FIGURE && (n->fig->intended || figure_readers[n->fig->what].sched) &&
             !plan_has_op(x->p, n->name, true))
        x->rc = no_open_loop(n, x->err);
}

static int check_scope(const struct criterion *c, const struct plan *p, struct diag *err)
{
    for (size_t k = 0; k < c->nscope; k++) {
        size_t i = 0;
        while (i < p->nprocs && strcmp(p->procs[i].name, c->scope[k].name) != 0)
            i++;
        if (i == p->nprocs)
            return diag_set(err, &c->scope[k].loc, "criteria: no process named '%s' in the workload", c->scope[k].name);
    }
    return 0;
}

int criteria_check(const struct criterion *c, size_t n, const struct plan *p, const struct vartab *vars,
                   struct diag *err)
{
    struct check_ctx x = { p, vars, err, 0 };
    for (size_t i = 0; i < n && x.rc == 0; i++) {
        x.rc = check_scope(&c[i], p, err);
        if (x.rc == 0)
            criterion_each_node(&c[i], check_node, &x);
    }
    return x.rc;
}
