/* criteria.h: the criteria language: `criteria EXPR` lines and -C EXPR, a
 * comparison of two arithmetic expressions over a run's figures, numbers with
 * units and $variables, checked after each run. This layer parses; the cli
 * evaluates a parsed criterion against a run's results. */
#ifndef FB_CRITERIA_H
#define FB_CRITERIA_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

/* What a figure measures; the cli maps each to a value of the results. */
enum crit_what {
    CW_OPS, CW_OPS_PER_SEC, CW_MB_PER_SEC, CW_BYTES, CW_ERRORS, CW_SECONDS,
    CW_READS_PER_SEC, CW_WRITES_PER_SEC, CW_CPU_NS_PER_OP,
    CW_MEAN, CW_MIN, CW_MAX, CW_PCT,
    CW_ACCEL_UTIL, CW_SLOWEST_WRITER, CW_PASSES_PER_SEC, CW_PASSES, CW_PASSES_MISSED, CW_NWHAT
};

/* What a quantity is, so that a time is never compared with a size: each
 * figure has one, a number takes its unit's (CD_FREE: a plain number, which
 * goes with anything). */
enum crit_dim { CD_FREE, CD_COUNT, CD_RATE, CD_TIME, CD_SIZE, CD_BANDWIDTH, CD_FRACTION, CD_DERIVED, CD_NDIMS };
extern const char *const crit_dim_names[CD_NDIMS];

/* Whether a figure takes a flowop name in parentheses. */
enum crit_arg { CA_NONE, CA_OPTIONAL, CA_REQUIRED };

/* One row of the figure table: the name used in an expression. */
struct crit_figure {
    const char *name;
    enum crit_what what;
    double q;            /* CW_PCT: the quantile */
    enum crit_arg arg;
    enum crit_dim dim;
    double scale;        /* CD_TIME: ns in one of its units (1: ns, 1e9: seconds) */
    bool intended;       /* latency from the intended start (open loop) rather than the service time */
    const char *help;    /* one line for docs/language.md */
};
extern const struct crit_figure crit_figures[];
extern const size_t crit_nfigures;

/* One unit suffix of a number: its word and what it multiplies by. */
struct crit_unit {
    const char *word;
    double factor;       /* in ns for a time, bytes for a size */
    enum crit_dim dim;
    const char *help;
    bool count;          /* k, m, g: decimal multipliers, refused beside a byte figure (where a
                          * script's k and m are binary: docs/language.md, "k, m and g") */
};
extern const struct crit_unit crit_units[];
extern const size_t crit_nunits;

enum crit_node_kind { CN_NUM, CN_VAR, CN_FIGURE, CN_OP, CN_NEG };

struct crit_node {
    enum crit_node_kind kind;
    double num;                     /* CN_NUM */
    bool counted;                   /* CN_NUM: written with a count multiplier (k, m, g) */
    char *name;                     /* CN_VAR: without '$'; CN_FIGURE: the flowop or NULL */
    const struct crit_figure *fig;  /* CN_FIGURE */
    char op;                        /* CN_OP: + - * / */
    struct crit_node *a, *b;        /* CN_OP: both; CN_NEG: a */
    double factor;                  /* CN_FIGURE: what its value is multiplied by (a time in the criterion's unit) */
    enum crit_dim dim;
    struct srcloc loc;
};

/* The comparisons, in the table a criterion's operator is looked up in. */
struct crit_cmp {
    const char *word;
    bool (*holds)(double measured, double limit);
};
extern const struct crit_cmp crit_cmps[];
extern const size_t crit_ncmps;

/* A process a criterion is scoped to: `criteria [writer, reader] EXPR`. */
struct crit_scope {
    char *name;
    struct srcloc loc;
};

struct criterion {
    char *text;                     /* as written, trimmed (with its scope) */
    struct crit_scope *scope;       /* judged only on runs that run one of these processes; */
    size_t nscope;                  /* none: on every run */
    struct srcloc loc;              /* where its text starts */
    struct crit_node *lhs, *rhs;    /* measured, limit */
    const struct crit_cmp *cmp;
};

/* Parses text (loc: where it starts) into c; on an error, a located message
 * (the column of the offending character) and -1: a bad expression, or two
 * sides (or terms) of different kinds, such as a time and a size. Times are
 * then in the unit of the criterion's first time figure (ns for latencies,
 * seconds for `seconds`), numbers with a time unit too. */
int criterion_parse(struct criterion *c, const char *text, const struct srcloc *loc, struct diag *err);
void criterion_free(struct criterion *c);
/* Calls fn on every node of the criterion, both sides. */
void criterion_each_node(const struct criterion *c, void (*fn)(const struct crit_node *n, void *ctx), void *ctx);

#endif
