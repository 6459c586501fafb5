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
    CW_ACCEL_UTIL, CW_SLOWEST_WRITER, CW_NWHAT
};

/* Whether a figure takes a flowop name in parentheses. */
enum crit_arg { CA_NONE, CA_OPTIONAL, CA_REQUIRED };

/* One row of the figure table: the name used in an expression. */
struct crit_figure {
    const char *name;
    enum crit_what what;
    double q;            /* CW_PCT: the quantile */
    enum crit_arg arg;
    const char *help;    /* one line for docs/language.md */
};
extern const struct crit_figure crit_figures[];
extern const size_t crit_nfigures;

/* One unit suffix of a number: its word and what it multiplies by. */
struct crit_unit {
    const char *word;
    double factor;
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
    struct srcloc loc;
};

/* The comparisons, in the table a criterion's operator is looked up in. */
struct crit_cmp {
    const char *word;
    bool (*holds)(double measured, double limit);
};
extern const struct crit_cmp crit_cmps[];
extern const size_t crit_ncmps;

struct criterion {
    char *text;                     /* as written, trimmed */
    struct srcloc loc;              /* where its text starts */
    struct crit_node *lhs, *rhs;    /* measured, limit */
    const struct crit_cmp *cmp;
};

/* Parses text (loc: where it starts) into c; on an error, a located message
 * (the column of the offending character) and -1. */
int criterion_parse(struct criterion *c, const char *text, const struct srcloc *loc, struct diag *err);
void criterion_free(struct criterion *c);
/* Calls fn on every node of the criterion, both sides. */
void criterion_each_node(const struct criterion *c, void (*fn)(const struct crit_node *n, void *ctx), void *ctx);

#endif
