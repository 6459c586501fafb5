/* plan_choose.c: resolving the weight= of a choose composite's flowops into
 * the cumulative table its passes pick from (plan_choose.h). */
#include "model/plan_choose.h"

#include <stdlib.h>

/* Where a bad weight is reported: the use that bound it, else where it was written. */
static const struct srcloc *weight_loc(const struct flowop_def *d, const struct rvalue *r)
{
    return r->bound ? &r->loc : &d->a.loc[FO_WEIGHT];
}

/* One child's weight: its weight=, else the row's default (1). A random
 * variable is refused: the table is made once, when the run starts. */
static int child_weight(const struct flowop_def *d, const struct scope *sc, uint64_t *out, struct diag *err)
{
    if (!attr_given(&d->a, FO_WEIGHT)) {
        *out = flowop_attrs.specs[FO_WEIGHT].def;
        return 0;
    }
    struct rvalue r;
    if (eval_value(d->a.val[FO_WEIGHT], sc, &r, err) != 0)
        return -1;
    if (r.kind == R_DIST)
        return diag_set(err, weight_loc(d, &r), "flowop '%s': weight= wants a fixed whole number >= 0, not a %s",
                        d->name, r.is_cvar ? "custom variable" : "random variable");
    uint64_t n;
    struct diag scratch;
    if (r.kind == R_STR && eval_u64(d->a.val[FO_WEIGHT], sc, "weight", &n, &scratch) != 0)
        return diag_set(err, weight_loc(d, &r), "flowop '%s': weight= wants a whole number >= 0, got '%s'", d->name,
                        r.s);
    return attr_u64(&d->a, FO_WEIGHT, sc, out, err);
}

int plan_choose_build(struct plan_op *op, const struct composite_def *c, const struct scope *sc,
                      const struct srcloc *use, struct diag *err)
{
    op->choose = true;
    op->choose_cum = calloc(op->nchildren ? op->nchildren : 1, sizeof *op->choose_cum);
    if (op->choose_cum == NULL)
        return diag_set(err, use, "out of memory");
    for (size_t i = 0; i < op->nchildren; i++) {
        if (child_weight(&c->ops[i], sc, &op->children[i].weight, err) != 0)
            return -1;
        op->choose_cum[i] = op->children[i].weight;
    }
    /* at most 10,000 children of at most 1e9 each: no overflow */
    uint64_t total = weighted_table(op->choose_cum, op->choose_cum, op->nchildren);
    if (total == 0)
        return diag_set(err, attr_given(&c->a, CO_CHOOSE) ? &c->a.loc[CO_CHOOSE] : &c->loc,
                        "choose composite '%s' (used as '%s'): every flowop has weight 0; "
                        "at least one needs a weight of 1 or more", c->name, op->name);
    op->choose_total = total;
    for (size_t i = 0; i < op->nchildren; i++)
        op->children[i].weight_total = total;
    return 0;
}
