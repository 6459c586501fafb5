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

/* The stats of the rows named (merged over every thread that has one), or the IO summary. */
static int stats_for(const struct run_result *r, const struct crit_node *n, struct op_stats *st, struct diag *err)
{
    if (n->name == NULL) {
        *st = r->io;
        return 0;
    }
    stats_init(st);
    bool found = false;
    for (size_t i = 0; i < r->nrows; i++)
        if (strcmp(r->rows[i].name, n->name) == 0) {
            stats_merge(st, &r->rows[i].st);
            found = true;
        }
    return found ? 0 : diag_set(err, &n->loc, "criteria: no flowop named '%s' in run %d", n->name, r->index);
}

/* What a figure's value is read from: the run, and the figures of the rows it
 * names (or of the IO summary). */
struct fig_src {
    const struct run_result *r;
    const struct op_stats *st;
    const struct row_figures *x;
    double q;
};

static double fig_ops(const struct fig_src *s) { return (double)s->x->ops; }
static double fig_ops_per_sec(const struct fig_src *s) { return s->x->ops_per_s; }
static double fig_mb_per_sec(const struct fig_src *s) { return s->x->mb_per_s; }
static double fig_bytes(const struct fig_src *s) { return (double)s->x->bytes; }
static double fig_errors(const struct fig_src *s) { return (double)s->x->errors; }
static double fig_cpu(const struct fig_src *s) { return s->x->cpu_ns_per_op; }
static double fig_mean(const struct fig_src *s) { return s->x->mean; }
static double fig_min(const struct fig_src *s) { return (double)s->x->min; }
static double fig_max(const struct fig_src *s) { return (double)s->x->max; }
static double fig_pct(const struct fig_src *s) { return s->st->ops ? (double)stats_percentile(s->st, s->q) : 0; }
static double fig_seconds(const struct fig_src *s) { return s->r->seconds; }
static double fig_reads(const struct fig_src *s) { return report_rate((double)s->r->reads, s->r->seconds); }
static double fig_writes(const struct fig_src *s) { return report_rate((double)s->r->writes, s->r->seconds); }
static double fig_accel(const struct fig_src *s) { return report_accel_util(s->r, NULL, NULL); }
static double fig_slowest(const struct fig_src *s) { return s->r->slowest_writer_s; }

/* Each figure's reader; `rows`: it reads the rows' (or the summary's) figures. */
static const struct {
    double (*get)(const struct fig_src *s);
    bool rows;
} figure_readers[] = {
    [CW_OPS] = { fig_ops, true },           [CW_OPS_PER_SEC] = { fig_ops_per_sec, true },
    [CW_MB_PER_SEC] = { fig_mb_per_sec, true }, [CW_BYTES] = { fig_bytes, true },
    [CW_ERRORS] = { fig_errors, true },     [CW_SECONDS] = { fig_seconds, false },
    [CW_READS_PER_SEC] = { fig_reads, false }, [CW_WRITES_PER_SEC] = { fig_writes, false },
    [CW_CPU_NS_PER_OP] = { fig_cpu, true }, [CW_MEAN] = { fig_mean, true },
    [CW_MIN] = { fig_min, true },           [CW_MAX] = { fig_max, true },
    [CW_PCT] = { fig_pct, true },           [CW_ACCEL_UTIL] = { fig_accel, false },
    [CW_SLOWEST_WRITER] = { fig_slowest, false },
};
_Static_assert(sizeof figure_readers / sizeof figure_readers[0] == CW_NWHAT, "a reader for every kind of figure");

static int figure_value(const struct run_result *r, const struct crit_node *n, double *out, struct diag *err)
{
    const struct crit_figure *f = n->fig;
    struct fig_src src = { .r = r, .q = f->q };
    if (!figure_readers[f->what].rows) {
        *out = figure_readers[f->what].get(&src);
        return 0;
    }
    struct op_stats *st = malloc(sizeof *st);
    if (st == NULL)
        return diag_set(err, NULL, "out of memory");
    struct row_figures x;
    int rc = stats_for(r, n, st, err);
    if (rc == 0) {
        report_figures(st, r->seconds, &x);
        src.st = st;
        src.x = &x;
        *out = figure_readers[f->what].get(&src);
    }
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

static void print_outcome(FILE *out, const struct criterion_outcome *o, const char *error)
{
    char m[64], l[64];
    report_number(m, sizeof m, o->measured, 6);
    report_number(l, sizeof l, o->limit, 6);
    if (error != NULL)
        fprintf(out, "criteria: FAIL  %s  (%s)\n", o->expr, error);
    else
        fprintf(out, "criteria: %s  %s  (measured %s %s %s)\n", o->pass ? "PASS" : "FAIL", o->expr, m, o->cmp, l);
}

int criteria_judge(const struct criterion *c, size_t n, const struct vartab *vars, struct run_result *r, FILE *out)
{
    int failed = 0;
    for (size_t i = 0; i < n; i++) {
        struct diag err;
        diag_clear(&err);
        const struct eval_ctx x = { r, vars, &err };
        char where[512];
        snprintf(where, sizeof where, "%s:%d", c[i].loc.file ? c[i].loc.file : "-C", c[i].loc.line);
        struct criterion_outcome o = { .expr = c[i].text, .where = where, .cmp = c[i].cmp->word };
        bool ok = eval(&x, c[i].lhs, &o.measured) == 0 && eval(&x, c[i].rhs, &o.limit) == 0;
        o.pass = ok && c[i].cmp->holds(o.measured, o.limit);
        print_outcome(out, &o, ok ? NULL : err.msg);
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

static bool plan_has_op(const struct plan *p, const char *name)
{
    const char *want = name;
    for (size_t i = 0; i < p->nprocs && want != NULL; i++)
        for (size_t t = 0; t < p->procs[i].nthreads && want != NULL; t++)
            plan_each_op(&p->procs[i].threads[t], find_op, &want);
    return want == NULL;
}

static void check_node(const struct crit_node *n, void *ctx)
{
    struct check_ctx *x = ctx;
    double v;
    if (x->rc != 0)
        return;
    if (n->kind == CN_VAR)
        x->rc = var_number(x->vars, n, &v, x->err);
    else if (n->kind == CN_FIGURE && n->name != NULL && !plan_has_op(x->p, n->name))
        x->rc = diag_set(x->err, &n->loc, "criteria: no flowop named '%s' in the workload", n->name);
}

int criteria_check(const struct criterion *c, size_t n, const struct plan *p, const struct vartab *vars,
                   struct diag *err)
{
    struct check_ctx x = { p, vars, err, 0 };
    for (size_t i = 0; i < n && x.rc == 0; i++)
        criterion_each_node(&c[i], check_node, &x);
    return x.rc;
}
