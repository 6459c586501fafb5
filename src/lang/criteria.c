/* criteria.c: the criteria language: its figures, units and comparisons, and a
 * recursive-descent parser from a line of text to a criterion (criteria.h). */
#include "lang/criteria.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hint.h"

const char *const crit_dim_names[CD_NDIMS] = {
    [CD_FREE] = "a number", [CD_COUNT] = "a count", [CD_RATE] = "a rate", [CD_TIME] = "a time",
    [CD_SIZE] = "a size", [CD_BANDWIDTH] = "a bandwidth", [CD_FRACTION] = "a fraction",
    [CD_DERIVED] = "a derived quantity",
};

/* Rows of the same kinds: a latency (ns), a latency from the intended start. */
#define LAT(name, what, q, help) { name, what, q, CA_OPTIONAL, CD_TIME, 1, false, help }
#define LAT_INTENDED(name, what, q, help) \
    { name "_intended", what, q, CA_OPTIONAL, CD_TIME, 1, true, help " from the intended start (open-loop threads)" }

const struct crit_figure crit_figures[] = {
    { "ops_per_sec", CW_OPS_PER_SEC, 0, CA_OPTIONAL, CD_RATE, 1, false, "operations per second of the IO flowops (or of the flowop named)" },
    { "mb_per_sec", CW_MB_PER_SEC, 0, CA_OPTIONAL, CD_BANDWIDTH, 1, false, "MiB per second read and written (or by the flowop named)" },
    { "ops", CW_OPS, 0, CA_OPTIONAL, CD_COUNT, 1, false, "operations done by the IO flowops (or by the flowop named)" },
    { "bytes", CW_BYTES, 0, CA_OPTIONAL, CD_SIZE, 1, false, "bytes read and written (or by the flowop named)" },
    { "errors", CW_ERRORS, 0, CA_OPTIONAL, CD_COUNT, 1, false, "failed operations (or of the flowop named)" },
    { "seconds", CW_SECONDS, 0, CA_NONE, CD_TIME, 1e9, false, "the measured length of the run, in seconds" },
    { "reads_per_sec", CW_READS_PER_SEC, 0, CA_NONE, CD_RATE, 1, false, "read operations per second" },
    { "writes_per_sec", CW_WRITES_PER_SEC, 0, CA_NONE, CD_RATE, 1, false, "write operations per second" },
    { "passes_per_sec", CW_PASSES_PER_SEC, 0, CA_NONE, CD_RATE, 1, false,
      "open loop: passes of the flowop list begun per second, over every open-loop thread instance (the unit rate= asks for)" },
    { "passes", CW_PASSES, 0, CA_NONE, CD_COUNT, 1, false, "open loop: passes begun, over every open-loop thread instance" },
    { "passes_missed", CW_PASSES_MISSED, 0, CA_NONE, CD_COUNT, 1, false,
      "open loop: passes due before the stop but never begun, over every open-loop thread instance" },
    { "cpu_ns_per_op", CW_CPU_NS_PER_OP, 0, CA_OPTIONAL, CD_TIME, 1, false, "CPU time per operation, in ns" },
    LAT("mean", CW_MEAN, 0, "mean latency in ns (of the IO flowops, or of the flowop named)"),
    LAT("min", CW_MIN, 0, "lowest latency in ns"),
    LAT("max", CW_MAX, 0, "highest latency in ns"),
    LAT("p50", CW_PCT, 0.5, "median latency in ns"),
    LAT("p90", CW_PCT, 0.9, "90th percentile latency in ns"),
    LAT("p95", CW_PCT, 0.95, "95th percentile latency in ns"),
    LAT("p99", CW_PCT, 0.99, "99th percentile latency in ns"),
    LAT("p99.9", CW_PCT, 0.999, "99.9th percentile latency in ns"),
    LAT("p99.99", CW_PCT, 0.9999, "99.99th percentile latency in ns"),
    LAT_INTENDED("mean", CW_MEAN, 0, "mean latency in ns"),
    LAT_INTENDED("max", CW_MAX, 0, "highest latency in ns"),
    LAT_INTENDED("p50", CW_PCT, 0.5, "median latency in ns"),
    LAT_INTENDED("p90", CW_PCT, 0.9, "90th percentile latency in ns"),
    LAT_INTENDED("p95", CW_PCT, 0.95, "95th percentile latency in ns"),
    LAT_INTENDED("p99", CW_PCT, 0.99, "99th percentile latency in ns"),
    LAT_INTENDED("p99.9", CW_PCT, 0.999, "99.9th percentile latency in ns"),
    LAT_INTENDED("p99.99", CW_PCT, 0.9999, "99.99th percentile latency in ns"),
    { "accel_util", CW_ACCEL_UTIL, 0, CA_NONE, CD_FRACTION, 1, false,
      "accelerator utilisation, 0..1: compute time / wall time over every thread that computes" },
    { "slowest_writer_sec", CW_SLOWEST_WRITER, 0, CA_NONE, CD_TIME, 1e9, false,
      "the slowest writer's time in seconds: the longest wall time one thread instance spent writing and in fsync" },
};
const size_t crit_nfigures = sizeof crit_figures / sizeof crit_figures[0];

const struct crit_unit crit_units[] = {
    { "ns", 1, CD_TIME, "nanoseconds", false },
    { "us", 1e3, CD_TIME, "microseconds", false },
    { "ms", 1e6, CD_TIME, "milliseconds", false },
    { "s", 1e9, CD_TIME, "seconds", false },
    { "B", 1, CD_SIZE, "bytes", false },
    { "KiB", 1024.0, CD_SIZE, "kibibytes", false },
    { "MiB", 1048576.0, CD_SIZE, "mebibytes", false },
    { "GiB", 1073741824.0, CD_SIZE, "gibibytes", false },
    { "k", 1e3, CD_FREE, "thousand (beside a size or bandwidth, write KiB, MiB, GiB or the number)", true },
    { "m", 1e6, CD_FREE, "million (beside a size or bandwidth, write KiB, MiB, GiB or the number)", true },
    { "g", 1e9, CD_FREE, "billion (beside a size or bandwidth, write KiB, MiB, GiB or the number)", true },
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

/* The length of a decimal number at s: digits with one optional point, then
 * an optional exponent (1e6, 2.5e-3); 0 when there is none. No sign, no hex,
 * no "inf": what strtod would take beyond that is refused. */
static size_t number_len(const char *s)
{
    size_t n = strspn(s, "0123456789");
    if (s[n] == '.')
        n += 1 + strspn(s + n + 1, "0123456789");
    if (n == 0 || (n == 1 && s[0] == '.'))
        return 0;
    if (s[n] != 'e' && s[n] != 'E')
        return n;
    size_t e = n + 1 + (s[n + 1] == '+' || s[n + 1] == '-');
    size_t digits = strspn(s + e, "0123456789");
    return digits > 0 ? e + digits : n;
}

static void unit_list(char *buf, size_t len)
{
    size_t at = 0;
    for (size_t i = 0; i < crit_nunits && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i == 0 ? "" : i + 1 == crit_nunits ? " or " : ", ",
                               crit_units[i].word);
}

static struct crit_node *number(struct cursor *c)
{
    const char *at = c->p;
    char *end;
    size_t len = number_len(at);
    double v = strtod(c->p, &end);
    if (len == 0 || end != at + len || !isfinite(v)) {
        fail_at(c, at, "bad number");
        return NULL;
    }
    c->p = end;
    size_t ulen = 0;
    bool counted = false;
    while (isalpha((unsigned char)c->p[ulen]))
        ulen++;
    enum crit_dim dim = CD_FREE;
    if (ulen > 0) {
        const struct crit_unit *u = unit_find(c->p, ulen);
        if (u == NULL) {
            char units[160], what[200];
            unit_list(units, sizeof units);
            snprintf(what, sizeof what, "unknown unit (%s)", units);
            fail_at(c, c->p, what);
            return NULL;
        }
        v *= u->factor;
        dim = u->dim;
        counted = u->count;
        c->p += ulen;
    }
    struct crit_node *n = node_new(c, CN_NUM, at);
    if (n != NULL) {
        n->num = v;
        n->dim = dim;
        n->counted = counted;
    }
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
    n->dim = f->dim;
    n->factor = 1;
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

/* The kind of a term of a sum: both the same, or one a plain number. */
static int sum_dim(struct cursor *c, struct crit_node *n)
{
    enum crit_dim a = n->a->dim, b = n->b->dim;
    if (a == CD_FREE || a == b)
        n->dim = b;
    else if (b == CD_FREE)
        n->dim = a;
    else if (a == CD_DERIVED || b == CD_DERIVED)
        n->dim = CD_DERIVED;
    else
        return diag_set(c->err, &n->loc, "criteria: cannot %s %s and %s", n->op == '+' ? "add" : "subtract",
                        crit_dim_names[a], crit_dim_names[b]);
    return 0;
}

/* The kind of every node, bottom up: a product by a plain number keeps its
 * kind, a ratio of two of one kind is a plain number, the rest is derived (and
 * goes with anything, unchecked). */
static int node_dims(struct cursor *c, struct crit_node *n)
{
    if (n == NULL)
        return 0;
    if (node_dims(c, n->a) != 0 || node_dims(c, n->b) != 0)
        return -1;
    if (n->kind == CN_NEG)
        n->dim = n->a->dim;
    if (n->kind != CN_OP)
        return 0;
    if (n->op == '+' || n->op == '-')
        return sum_dim(c, n);
    enum crit_dim a = n->a->dim, b = n->b->dim;
    if (b == CD_FREE)
        n->dim = a;
    else if (n->op == '*' && a == CD_FREE)
        n->dim = b;
    else
        n->dim = n->op == '/' && a == b ? CD_FREE : CD_DERIVED;
    return 0;
}

static bool checked_dim(enum crit_dim d)
{
    return d != CD_FREE && d != CD_DERIVED;
}

static const struct crit_node *first_time_figure(const struct crit_node *n)
{
    if (n == NULL)
        return NULL;
    if (n->kind == CN_FIGURE && n->dim == CD_TIME)
        return n;
    const struct crit_node *a = first_time_figure(n->a);
    return a != NULL ? a : first_time_figure(n->b);
}

/* Every time into the unit of scale (ns in one unit). */
static void rescale(struct crit_node *n, double scale)
{
    if (n == NULL)
        return;
    if (n->kind == CN_NUM && n->dim == CD_TIME)
        n->num /= scale;
    else if (n->kind == CN_FIGURE && n->dim == CD_TIME)
        n->factor = n->fig->scale / scale;
    rescale(n->a, scale);
    rescale(n->b, scale);
}

/* The two sides are of one kind; times go into the unit of the first time
 * figure (a latency's ns, the seconds of `seconds`), so `seconds < 0.5s`
 * compares seconds with 0.5. */
static int check_kinds(struct cursor *c, struct criterion *k, const char *cmp_at)
{
    if (node_dims(c, k->lhs) != 0 || node_dims(c, k->rhs) != 0)
        return -1;
    enum crit_dim a = k->lhs->dim, b = k->rhs->dim;
    if (checked_dim(a) && checked_dim(b) && a != b) {
        struct srcloc l = here(c, cmp_at);
        return diag_set(c->err, &l, "criteria: compares %s with %s", crit_dim_names[a], crit_dim_names[b]);
    }
    const struct crit_node *t = first_time_figure(k->lhs);
    if (t == NULL)
        t = first_time_figure(k->rhs);
    double scale = t != NULL ? t->fig->scale : 1;
    rescale(k->lhs, scale);
    rescale(k->rhs, scale);
    return 0;
}

static int scope_name(struct cursor *c, struct criterion *k)
{
    skip_space(c);
    const char *name = c->p;
    while (isalnum((unsigned char)*c->p) || (*c->p != '\0' && strchr("_.-", *c->p) != NULL))
        c->p++;
    if (c->p == name)
        return fail_at(c, c->p, "expected a process's name in the scope [PROCESS, ...]");
    struct crit_scope *v = realloc(k->scope, (k->nscope + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(c->err, NULL, "out of memory");
    k->scope = v;
    v[k->nscope] = (struct crit_scope){ strndup(name, (size_t)(c->p - name)), here(c, name) };
    if (v[k->nscope++].name == NULL)
        return diag_set(c->err, NULL, "out of memory");
    skip_space(c);
    return 0;
}

/* `[writer, reader]` before the expression: the phases (runs of those processes) it judges. */
static int scope(struct cursor *c, struct criterion *k)
{
    if (*c->p != '[')
        return 0;
    c->p++;
    do {
        if (scope_name(c, k) != 0)
            return -1;
    } while (*c->p == ',' && c->p++);
    if (*c->p != ']')
        return fail_at(c, c->p, "expected ']' after the scope's processes");
    c->p++;
    return 0;
}

static int parse_into(struct criterion *c, struct cursor *cur)
{
    if (scope(cur, c) != 0)
        return -1;
    skip_space(cur);
    if (*cur->p == '\0')
        return diag_set(cur->err, &c->loc, "criteria: expected an expression such as 'ops_per_sec >= 1000'");
    if ((c->lhs = sum(cur)) == NULL)
        return -1;
    const char *at = cur->p;
    skip_space(cur);
    const char *cmp_at = cur->p;
    if ((c->cmp = comparison(cur)) == NULL)
        return fail_at(cur, at, "expected a comparison (<, <=, >, >=, ==, !=)");
    if ((c->rhs = sum(cur)) == NULL)
        return -1;
    skip_space(cur);
    if (*cur->p != '\0')
        return fail_at(cur, cur->p, "unexpected text after the expression");
    return check_kinds(cur, c, cmp_at);
}

/* The first node under n that is a size or bandwidth figure, or a number written with k, m or g. */
static const struct crit_node *find_node(const struct crit_node *n, bool bytes)
{
    if (n == NULL)
        return NULL;
    if (bytes ? n->kind == CN_FIGURE && (n->fig->dim == CD_SIZE || n->fig->dim == CD_BANDWIDTH)
              : n->kind == CN_NUM && n->counted)
        return n;
    const struct crit_node *a = find_node(n->a, bytes);
    return a != NULL ? a : find_node(n->b, bytes);
}

/* 1m beside bytes would be a million here but 1,048,576 in the script's
 * size=1m: refused, as ambiguous, rather than read one way. */
static int ambiguous_multiplier(const struct criterion *c, struct diag *err)
{
    const struct crit_node *fig = find_node(c->lhs, true), *num = find_node(c->lhs, false);
    if (fig == NULL)
        fig = find_node(c->rhs, true);
    if (num == NULL)
        num = find_node(c->rhs, false);
    if (fig == NULL || num == NULL)
        return 0;
    return diag_set(err, &num->loc, "criteria: k, m and g are ambiguous beside %s (in a script 1m is 1,048,576 bytes, "
                    "here it would be 1,000,000): write 1MiB, or the number in full", fig->fig->name);
}

int criterion_parse(struct criterion *c, const char *text, const struct srcloc *loc, struct diag *err)
{
    size_t lead;
    *c = (struct criterion){ .loc = *loc };
    if ((c->text = trimmed(text, &lead)) == NULL)
        return diag_set(err, NULL, "out of memory");
    c->loc.col += (int)lead;
    struct cursor cur = { .text = c->text, .p = c->text, .start = c->loc, .err = err };
    if (parse_into(c, &cur) != 0) {
        criterion_free(c);
        return -1;
    }
    if (ambiguous_multiplier(c, err) != 0) {
        criterion_free(c);
        return -1;
    }
    return 0;
}

void criterion_free(struct criterion *c)
{
    free(c->text);
    for (size_t i = 0; i < c->nscope; i++)
        free(c->scope[i].name);
    free(c->scope);
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
