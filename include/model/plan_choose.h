/* plan_choose.h: the weighted choice of a choose composite: its children's
 * weight= resolved into a cumulative table when the plan is built, and the
 * pick the engine makes with it on every pass, through the one weighted
 * picker (base/weighted.h, which bucket lists use too). */
#ifndef FB_MODEL_PLAN_CHOOSE_H
#define FB_MODEL_PLAN_CHOOSE_H

#include "base/weighted.h"
#include "lang/eval.h"
#include "model/plan.h"

/* Fills op's choose_* and its children's weight and weight_total from the
 * weight= of c's flowops, read in sc (the scope inside the use). A weight
 * that is not a whole number >= 0, or weights that are all 0, are errors
 * located where they were written (or at the use that bound them); use is
 * the use's location. */
int plan_choose_build(struct plan_op *op, const struct composite_def *c, const struct scope *sc,
                      const struct srcloc *use, struct diag *err);

/* The child whose share of [0, choose_total) holds r: the first whose
 * cumulative weight is above r, so a child of weight 0 is never picked. */
static inline const struct plan_op *plan_choose_pick(const struct plan_op *op, uint64_t r)
{
    return &op->children[weighted_find(op->choose_cum, op->nchildren, r)];
}

#endif
