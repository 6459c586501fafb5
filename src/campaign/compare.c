/* compare.c: pairs two summaries' points (by config and swept values) and
 * flowops (by name) and judges every figure: a regression is a change for the
 * worse beyond the threshold, and, when both sides have repeats, beyond both
 * confidence intervals too (the intervals do not overlap). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/compare.h"

/* The figures compare looks at, per flowop and total. */
static const enum sum_fig compared[] = { SUM_OPS, SUM_MB, SUM_P50, SUM_P99, SUM_P50_INTENDED, SUM_P99_INTENDED };
#define NCOMPARED (sizeof compared / sizeof compared[0])

static bool same_point(const struct sum_point *a, const struct sum_point *b)
{
    if (strcmp(a->config, b->config) != 0 || a->nswept != b->nswept)
        return false;
    for (size_t i = 0; i < a->nswept; i++) {
        const char *v = sum_point_value(b, a->swept[i].name);
        if (v == NULL || strcmp(v, a->swept[i].value) != 0)
            return false;
    }
    return true;
}

static const struct sum_point *find_point(const struct summary *s, const struct sum_point *p)
{
    for (size_t i = 0; i < s->npoints; i++)
        if (same_point(&s->points[i], p))
            return &s->points[i];
    return NULL;
}

static const struct sum_row *find_row(const struct sum_point *p, const char *name)
{
    for (size_t i = 0; i < p->nflowops; i++)
        if (strcmp(p->flowops[i].name, name) == 0)
            return &p->flowops[i];
    return NULL;
}

/* Worse when it went down (throughput) or up (latency): the change signed so that
 * positive is worse. */
static double worsening(enum sum_fig fig, double change)
{
    return sum_figs[fig].lower_is_better ? change : -change;
}

/* Both sides with repeats: a change counts only when the intervals are apart. */
static bool apart(enum sum_fig fig, const struct fig *a, const struct fig *b)
{
    if (a->n < 2 || b->n < 2)
        return true;
    if (sum_figs[fig].lower_is_better)
        return b->mean - b->ci95 > a->mean + a->ci95;
    return b->mean + b->ci95 < a->mean - a->ci95;
}

static void judge(struct cmp_line *l, double threshold)
{
    l->has_change = l->a->mean != 0 && isfinite(l->a->mean) && isfinite(l->b->mean);
    if (!l->has_change)
        return;
    l->change_pct = (l->b->mean - l->a->mean) / fabs(l->a->mean) * 100;
    l->beyond = worsening(l->fig, l->change_pct) > threshold;
    l->regressed = l->beyond && apart(l->fig, l->a, l->b);
}

static int add(void **v, size_t *n, size_t size, const void *item)
{
    void *p = realloc(*v, (*n + 1) * size);
    if (p == NULL)
        return -1;
    memcpy((char *)p + *n * size, item, size);
    *v = p;
    (*n)++;
    return 0;
}

static int add_row(struct comparison *c, const struct sum_point *po, const struct sum_point *pn,
                   const struct sum_row *a, const struct sum_row *b)
{
    for (size_t i = 0; i < NCOMPARED; i++) {
        enum sum_fig fig = compared[i];
        if (a->fig[fig].n == 0 || b->fig[fig].n == 0)
            continue;
        struct cmp_line l = { .old = po, .new = pn, .flowop = a->name, .fig = fig, .a = &a->fig[fig], .b = &b->fig[fig] };
        judge(&l, c->threshold_pct);
        c->nregressed += l.regressed;
        if (add((void **)&c->lines, &c->nlines, sizeof l, &l) != 0)
            return -1;
    }
    return 0;
}

static int add_lone(struct comparison *c, const struct sum_point *p, const char *flowop, const char *side)
{
    struct cmp_lone l = { p, flowop, side };
    return add((void **)&c->lone, &c->nlone, sizeof l, &l);
}

static int pair_points(struct comparison *c, const struct sum_point *po, const struct sum_point *pn)
{
    c->npaired++;
    if (add_row(c, po, pn, &po->total, &pn->total) != 0)
        return -1;
    for (size_t i = 0; i < po->nflowops; i++) {
        const struct sum_row *b = find_row(pn, po->flowops[i].name);
        int rc = b != NULL ? add_row(c, po, pn, &po->flowops[i], b) : add_lone(c, po, po->flowops[i].name, "old");
        if (rc != 0)
            return -1;
    }
    for (size_t i = 0; i < pn->nflowops; i++)
        if (find_row(po, pn->flowops[i].name) == NULL && add_lone(c, pn, pn->flowops[i].name, "new") != 0)
            return -1;
    return 0;
}

int compare_build(const struct summary *old, const struct summary *new, double threshold_pct, struct comparison *c)
{
    memset(c, 0, sizeof *c);
    c->old = old;
    c->new = new;
    c->threshold_pct = threshold_pct;
    for (size_t i = 0; i < old->npoints; i++) {
        const struct sum_point *pn = find_point(new, &old->points[i]);
        int rc = pn != NULL ? pair_points(c, &old->points[i], pn) : add_lone(c, &old->points[i], NULL, "old");
        if (rc != 0)
            return -1;
    }
    for (size_t i = 0; i < new->npoints; i++)
        if (find_point(old, &new->points[i]) == NULL && add_lone(c, &new->points[i], NULL, "new") != 0)
            return -1;
    return 0;
}

void compare_free(struct comparison *c)
{
    free(c->lines);
    free(c->lone);
    memset(c, 0, sizeof *c);
}
