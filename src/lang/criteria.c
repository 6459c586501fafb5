/* criteria.c: the criteria language: its figures, units and comparisons, and a
 * recursive-descent parser from a line of text to a criterion (criteria.h). */
#include "lang/criteria.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/hint.h"

const struct crit_figure crit_figures[] = {
    { "ops_per_sec", CW_OPS_PER_SEC, 0, CA_OPTIONAL, "operations per second of the IO flowops (or of the flowop named)" },
    { "mb_per_sec", CW_MB_PER_SEC, 0, CA_OPTIONAL, "MiB per second read and written (or by the flowop named)" },
    { "ops", CW_OPS, 0, CA_OPTIONAL, "operations done by the IO flowops (or by the flowop named)" },
    { "bytes", CW_BYTES, 0, CA_OPTIONAL, "bytes read and written (or by the flowop named)" },
    { "errors", CW_ERRORS, 0, CA_OPTIONAL, "failed operations (or of the flowop named)" },
    { "seconds", CW_SECONDS, 0, CA_NONE, "the measured length of the run, in seconds" },
    { "reads_per_sec", CW_READS_PER_SEC, 0, CA_NONE, "read operations per second" },
    { "writes_per_sec", CW_WRITES_PER_SEC, 0, CA_NONE, "write operations per second" },
    { "cpu_ns_per_op", CW_CPU_NS_PER_OP, 0, CA_OPTIONAL, "CPU time per operation, in ns" },
    { "mean", CW_MEAN, 0, CA_OPTIONAL, "mean latency in ns (of the IO flowops, or of the flowop named)" },
    { "min", CW_MIN, 0, CA_OPTIONAL, "lowest latency in ns" },
    { "max", CW_MAX, 0, CA_OPTIONAL, "highest latency in ns" },
    { "p50", CW_PCT, 0.5, CA_OPTIONAL, "median latency in ns" },
    { "p90", CW_PCT, 0.9, CA_OPTIONAL, "90th percentile latency in ns" },
    { "p95", CW_PCT, 0.95, CA_OPTIONAL, "95th percentile latency in ns" },
    { "p99", CW_PCT, 0.99, CA_OPTIONAL, "99th percentile latency in ns" },
    { "p99.9", CW_PCT, 0.999, CA_OPTIONAL, "99.9th percentile latency in ns" },
    { "p99.99", CW_PCT, 0.9999, CA_OPTIONAL, "99.99th percentile latency in ns" },
    { "accel_util", CW_ACCEL_UTIL, 0, CA_NONE,
      "accelerator utilisation, 0..1: compute time / wall time over every thread that computes" },
    { "slowest_writer_sec", CW_SLOWEST_WRITER, 0, CA_NONE,
      "the slowest writer's time in seconds: the longest wall time one thread instance spent writing and in fsync" },
};
const size_t crit_nfigures = sizeof crit_figures / sizeof crit_figures[0];

const struct crit_unit crit_units[] = {
    { "ns", 1, "nanoseconds (latencies are in ns)" },
    { "us", 1e3, "microseconds, as ns" },
    { "ms", 1e6, "milliseconds, as ns" },
    { "s", 1e9, "seconds, as ns (for latencies; `seconds` itself is in seconds)" },
    { "k", 1e3, "thousand" },
    { "m", 1e6, "million" },
    { "g", 1e9, "billion" },
};
const size_t crit_nunits = sizeof crit_units / sizeof crit_units[0];

static bool cmp_lt(double a, double b) { return a < b; }
static bool cmp_le(double a, double b) { return a <= b; }
static bool cmp_gt(double a, double b) { return a > b; }
static bool cmp_ge(double a, double b) { return a >= b; }
static bool cmp_eq(double a, double b) { return a == b; }
static bool cmp_ne(double a, double b) { return a != b; }

/* Two-character words first, so "<=" is not read as "<". */
const struct crit_cmp crit_cmps[] = {
    { "<=", cmp_le }, { ">=", cmp_ge }, { "==", cmp_eq }, { "!=", cmp_ne }, { "<", cmp_lt }, { ">", cmp_gt },
};
const size_t crit_ncmps = sizeof crit_cmps / sizeof crit_cmps[0];

/* Expressions nest no deeper than this (parentheses, unary minus). */
#define CRIT_DEPTH 64

struct cursor {
    const char *text, *p;
    struct srcloc start;
    struct diag *err;
    int depth;
};

static struct srcloc here(const struct cursor *c, const char *at)
{
    struct srcloc l = c->start;
    l.col += (int)(at - c->text);
    return l;
}

static int fail_at(struct cursor *c, const char *at, const char *what)
{
    struct srcloc l = here(c, at);
    if (*at == '\0')
        return diag_set(c->err, &l, "criteria: %s at the end of the expression", what);
    return diag_set(c->err, &l, "criteria: %s at '%.12s'", what, at);
}

static void skip_space(struct cursor *c)
{
    while (*c->p == ' ' || *c->p == '\t' || *c->p == '\r')
        c->p++;
}

static struct crit_node *node_new(struct cursor *c, enum crit_node_kind kind, const char *at)
{
    struct crit_node *n = calloc(1, sizeof *n);
    if (n == NULL) {
        diag_set(c->err, NULL, "out of memory");
        return NULL;
    }
    n->kind = kind;
    n->loc = here(c, at);
    return n;
}

static void node_free(struct crit_node *n)
{
    if (n == NULL)
        return;
    node_free(n->a);
    node_free(n->b);
    free(n->name);
    free(n);
}

static bool word_char(char ch, bool first)
{
    return isalpha((unsigned char)ch) || ch == '_' || (!first && (isdigit((unsigned char)ch) || ch == '.'));
}

static const struct crit_unit *unit_find(const char *w, size_t len)
{
    for (size_t i = 0; i < crit_nunits; i++)
        if (strlen(crit_units[i].word) == len && strncmp(crit_units[i].word, w, len) == 0)
            return &crit_units[i];
    return NULL;
}

static struct crit_node *number(struct cursor *c)
{
    const char *at = c->p;
    char *end;
    double v = strtod(c->p, &end);
    /* strtod would take "inf", hex and exponents: only digits and one point. */
    size_t digits = strspn(at, "0123456789.");
    if (end != at + digits || digits == 0) {
        fail_at(c, at, "bad number");
        return NULL;
    }
    c->p = end;
    size_t ulen = 0;
    while (isalpha((unsigned char)c->p[ulen]))
        ulen++;
    if (ulen > 0) {
        const struct crit_unit *u = unit_find(c->p, ulen);
        if (u == NULL) {
            fail_at(c, c->p, "unknown unit (ns, us, ms, s, k, m or g)");
            return NULL;
        }
        v *= u->factor;
        c->p += ulen;
    }
    struct crit_node *n = node_new(c, CN_NUM, at);
    if (n != NULL)
        n->num = v;
    return n;
}

static struct crit_node *variable(struct cursor *c)
{
    const char *at = c->p++;
    bool brace = *c->p == '{';
    if (brace)
        c->p++;
    const char *name = c->p;
    while (word_char(*c->p, c->p == name) && *c->p != '.')
        c->p++;
    if (c->p == name || (brace && *c->p != '}')) {
        fail_at(c, at, "expected a variable name after '$'");
        return NULL;
    }
    struct crit_node *n = node_new(c, CN_VAR, at);
    if (n == NULL || (n->name = strndup(name, (size_t)(c->p - name))) == NULL) {
        free(n);
        diag_set(c->err, NULL, "out of memory");
        return NULL;
    }
    if (brace)
        c->p++;
    return n;
}

static const struct crit_figure *figure_find(const char *w, size_t len)
{
    for (size_t i = 0; i < crit_nfigures; i++)
        if (strlen(crit_figures[i].name) == len && strncmp(crit_figures[i].name, w, len) == 0)
            return &crit_figures[i];
    return NULL;
}

static int unknown_figure(struct cursor *c, const char *at, size_t len)
{
    char w[64];
    snprintf(w, sizeof w, "%.*s", (int)(len < 63 ? len : 63), at);
    const char *hint = hint_closest_in(w, crit_figures, crit_nfigures, sizeof crit_figures[0]);
    struct srcloc l = here(c, at);
    if (hint != NULL)
        return diag_set(c->err, &l, "criteria: unknown figure '%s'; did you mean '%s'?", w, hint);
    return diag_set(c->err, &l, "criteria: unknown figure '%s' (see 'help criteria')", w);
}

/* A flowop's name in parentheses after a figure: letters, digits, '_', '.', '-'. */
static int flowop_arg(struct cursor *c, struct crit_node *n)
{
    const char *open = c->p++;
    skip_space(c);
    const char *name = c->p;
    while (isalnum((unsigned char)*c->p) || (*c->p != '\0' && strchr("_.-", *c->p) != NULL))
        c->p++;
    size_t len = (size_t)(c->p - name);
    skip_space(c);
    if (len == 0)
        return fail_at(c, c->p, "expected a flowop's name");
    if (*c->p != ')')
        return fail_at(c, c->p, "expected ')'");
    c->p++;
    if (n->fig->arg == CA_NONE)
        return fail_at(c, open, "this figure takes no flowop");
    n->name = strndup(name, len);
    n->loc = here(c, name); /* an unknown flowop is reported where its name is */
    return n->name == NULL ? diag_set(c->err, NULL, "out of memory") : 0;
}

static struct crit_node *figure(struct cursor *c)
{
    const char *at = c->p;
    while (word_char(*c->p, c->p == at))
        c->p++;
    const struct crit_figure *f = figure_find(at, (size_t)(c->p - at));
    if (f == NULL) {
        unknown_figure(c, at, (size_t)(c->p - at));
        return NULL;
    }
    struct crit_node *n = node_new(c, CN_FIGURE, at);
    if (n == NULL)
        return NULL;
    n->fig = f;
    skip_space(c);
    if (*c->p == '(' && flowop_arg(c, n) != 0) {
        node_free(n);
        return NULL;
    }
    if (n->name == NULL && f->arg == CA_REQUIRED) {
        fail_at(c, at, "this figure needs a flowop: NAME(flowop)");
        node_free(n);
        return NULL;
    }
    return n;
}

static struct crit_node *sum(struct cursor *c);

static struct crit_node *primary(struct cursor *c)
{
    skip_space(c);
    const char *at = c->p;
    if (++c->depth > CRIT_DEPTH) {
        fail_at(c, at, "expression nested too deep");
        return NULL;
    }
    struct crit_node *n = NULL;
    if (*at == '(') {
        c->p++;
        n = sum(c);
        skip_space(c);
        if (n != NULL && *c->p != ')') {
            fail_at(c, c->p, "expected ')'");
            node_free(n);
            n = NULL;
        } else if (n != NULL) {
            c->p++;
        }
    } else if (*at == '-') {
        c->p++;
        struct crit_node *a = primary(c);
        n = a != NULL ? node_new(c, CN_NEG, at) : NULL;
        if (n != NULL)
            n->a = a;
        else
            node_free(a);
    } else if (isdigit((unsigned char)*at) || *at == '.') {
        n = number(c);
    } else if (*at == '$') {
        n = variable(c);
    } else if (word_char(*at, true)) {
        n = figure(c);
    } else {
        fail_at(c, at, "expected a number, a $variable or a figure");
    }
    c->depth--;
    return n;
}

/* Left-associative chain of ops over sub: "a * b / c" or "a + b - c". */
static struct crit_node *chain(struct cursor *c, const char *ops, struct crit_node *(*sub)(struct cursor *))
{
    struct crit_node *left = sub(c);
    while (left != NULL) {
        skip_space(c);
        if (*c->p == '\0' || strchr(ops, *c->p) == NULL)
            break;
        struct crit_node *n = node_new(c, CN_OP, c->p);
        if (n == NULL) {
            node_free(left);
            return NULL;
        }
        n->op = *c->p++;
        n->a = left;
        n->b = sub(c);
        if (n->b == NULL) {
            node_free(n);
            return NULL;
        }
        left = n;
    }
    return left;
}

static struct crit_node *product(struct cursor *c)
{
    return chain(c, "*/", primary);
}

static struct crit_node *sum(struct cursor *c)
{
    return chain(c, "+-", product);
}

static const struct crit_cmp *comparison(struct cursor *c)
{
    skip_space(c);
    for (size_t i = 0; i < crit_ncmps; i++) {
        size_t len = strlen(crit_cmps[i].word);
        if (strncmp(c->p, crit_cmps[i].word, len) == 0) {
            c->p += len;
            return &crit_cmps[i];
        }
    }
    return NULL;
}

/* The text without leading blanks and without a trailing comment or blanks. */
static char *trimmed(const char *text, size_t *lead)
{
    *lead = strspn(text, " \t");
    const char *s = text + *lead;
    size_t len = strcspn(s, "#\n");
    while (len > 0 && strchr(" \t\r", s[len - 1]) != NULL)
        len--;
    return strndup(s, len);
}

int criterion_parse(struct criterion *c, const char *text, const struct srcloc *loc, struct diag *err)
{
    size_t lead;
    *c = (struct criterion){ .loc = *loc };
    if ((c->text = trimmed(text, &lead)) == NULL)
        return diag_set(err, NULL, "out of memory");
    c->loc.col += (int)lead;
    struct cursor cur = { .text = c->text, .p = c->text, .start = c->loc, .err = err };
    if (c->text[0] == '\0') {
        diag_set(err, &c->loc, "criteria: expected an expression such as 'ops_per_sec >= 1000'");
        criterion_free(c);
        return -1;
    }
    if ((c->lhs = sum(&cur)) == NULL) {
        criterion_free(c);
        return -1;
    }
    const char *at = cur.p;
    if ((c->cmp = comparison(&cur)) == NULL) {
        fail_at(&cur, at, "expected a comparison (<, <=, >, >=, ==, !=)");
        criterion_free(c);
        return -1;
    }
    if ((c->rhs = sum(&cur)) == NULL) {
        criterion_free(c);
        return -1;
    }
    skip_space(&cur);
    if (*cur.p != '\0') {
        fail_at(&cur, cur.p, "unexpected text after the expression");
        criterion_free(c);
        return -1;
    }
    return 0;
}

void criterion_free(struct criterion *c)
{
    free(c->text);
    node_free(c->lhs);
    node_free(c->rhs);
    *c = (struct criterion){ 0 };
}

static void each(const struct crit_node *n, void (*fn)(const struct crit_node *, void *), void *ctx)
{
    if (n == NULL)
        return;
    fn(n, ctx);
    each(n->a, fn, ctx);
    each(n->b, fn, ctx);
}

void criterion_each_node(const struct criterion *c, void (*fn)(const struct crit_node *n, void *ctx), void *ctx)
{
    each(c->lhs, fn, ctx);
    each(c->rhs, fn, ctx);
}
