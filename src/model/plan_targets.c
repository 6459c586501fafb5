/* plan_targets.c: the flowops another flowop names (finish, limit, wakeup...),
 * looked up once every thread is built. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"

static const struct plan_op *find_in(const struct plan_op *ops, size_t n, const char *name, bool short_name)
{
    for (size_t i = 0; i < n; i++) {
        const char *dot = strrchr(ops[i].name, '.');
        const char *s = short_name && dot ? dot + 1 : ops[i].name;
        if (ops[i].type != NULL && strcmp(s, name) == 0)
            return &ops[i];
        const struct plan_op *in = find_in(ops[i].children, ops[i].nchildren, name, short_name);
        if (in != NULL)
            return in;
    }
    return NULL;
}

static const struct plan_op *find_global(const struct plan *p, const char *name, const struct flowop_type *type)
{
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            const struct plan_op *op = find_in(p->procs[i].threads[t].ops, p->procs[i].threads[t].nops, name, false);
            if (op != NULL && op->type == type)
                return op;
        }
    return NULL;
}

static int resolve_target(struct builder *b, const struct plan_thread *t, struct plan_op *op)
{
    const char *tn = op->type->name;
    const struct flowop_type *want = op->type->wakes;
    if (want != NULL) {
        if (find_global(b->p, op->target, want) == NULL)
            return diag_set(b->err, &op->loc, "flowop %s '%s': no %s flowop named '%s'", tn, op->name, want->name,
                            op->target);
        return 0;
    }
    const struct plan_op *tgt = find_in(t->ops, t->nops, op->target, true);
    if (tgt == NULL)
        tgt = find_in(t->ops, t->nops, op->target, false);
    if (tgt == NULL)
        return diag_set(b->err, &op->loc, "flowop %s '%s': target '%s' is not a flowop of thread '%s'", tn, op->name,
                        op->target, t->name);
    if ((op->type->needs & NEED_RW_TARGET) && !flowop_is(tgt->type, FF_READ | FF_WRITE))
        return diag_set(b->err, &op->loc, "flowop %s '%s': target '%s' neither reads nor writes", tn, op->name, op->target);
    op->target_op = (int)tgt->flat;
    return 0;
}

int plan_resolve_targets(struct builder *b, const struct plan_thread *t, struct plan_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bool uses = ops[i].type != NULL && (ops[i].type->needs & (NEED_TARGET | USES_TARGET));
        if (uses && ops[i].target != NULL && resolve_target(b, t, &ops[i]) != 0)
            return -1;
        if (plan_resolve_targets(b, t, ops[i].children, ops[i].nchildren) != 0)
            return -1;
    }
    return 0;
}
