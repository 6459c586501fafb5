/* compare.h: `flowbench compare OLD NEW`: the points and flowops of two summaries
 * paired, each figure's change, and which changes are regressions. */
#ifndef FB_COMPARE_H
#define FB_COMPARE_H

#include <stdio.h>

#include "campaign/summary.h"

/* One figure of one flowop (or the total) of one point on both sides. */
struct cmp_line {
    const struct sum_point *old, *new;
    const char *flowop;         /* "total" or the flowop's name */
    enum sum_fig fig;
    const struct fig *a, *b;    /* old and new */
    double change_pct;          /* (new - old) / old; meaningful when has_change */
    bool has_change;
    bool beyond;                /* worse by more than the threshold */
    bool regressed;             /* beyond, and beyond the confidence intervals when both have repeats */
};

/* A point, or a flowop of a paired point, that one side alone has. */
struct cmp_lone {
    const struct sum_point *point;
    const char *flowop;         /* NULL: the whole point */
    const char *side;           /* "old" or "new" */
};

struct comparison {
    const struct summary *old, *new;
    double threshold_pct;
    struct cmp_line *lines;
    size_t nlines, npaired, nregressed;
    struct cmp_lone *lone;
    size_t nlone;
};

/* Pairs OLD's points and flowops with NEW's. 0, or -1 out of memory. */
int compare_build(const struct summary *old, const struct summary *new, double threshold_pct, struct comparison *c);
void compare_free(struct comparison *c);

/* The comparison as a table for people, or as JSON (docs/json.md). 0, or -1 with errno. */
int compare_write_text(const struct comparison *c, FILE *out);
int compare_write_json(const struct comparison *c, FILE *out);

#endif
