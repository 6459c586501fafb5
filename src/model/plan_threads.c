/* plan_threads.c: the plan's processes and threads: instances, rates and
 * placement, and the bounds on how far composite uses may expand. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"
#include "model/plan_io.h"

static void index_flat(const struct plan_op *ops, size_t n, const struct plan_op **out)
{
    for (size_t i = 0; i < n; i++) {
        out[ops[i].flat] = &ops[i];
        index_flat(ops[i].children, ops[i].nchildren, out);
    }
}

/* ---- expansion bounds ---- */

/* Each composite use is built as a copy of its flowops, so a chain of
 * composites each using the one before twice doubles at every level: 20
 * levels would be a million flowops per thread. Both bounds are checked by
 * counting, before anything is built. */
#define MAX_EXPANDED_OPS 10000u    /* per thread; each costs about 20 KB in the plan */
#define MAX_NESTING 32             /* composite uses within composite uses */

/* The flowops one use of d expands to, itself included, counted only until
 * the count passes budget. A composite use nested MAX_NESTING deep is left in
 * *deep and not counted into. */
static uint64_t expanded(const struct flowop_def *d, uint64_t budget, int depth, const struct flowop_def **deep)
{
    if (d->type != NULL)
        return 1;
    if (depth >= MAX_NESTING) {
        *deep = d;
        return 1;
    }
    uint64_t n = 1;
    const struct composite_def *c = d->composite;
    for (size_t i = 0; i < c->nops && n <= budget && *deep == NULL; i++)
        n += expanded(&c->ops[i], budget - n, depth + 1, deep);
    return n;
}

/* The counting stops at the bound, so it costs at most MAX_EXPANDED_OPS steps. */
static int check_expansion(struct builder *b, const struct thread_def *t)
{
    uint64_t total = 0;
    const struct flowop_def *deep = NULL;
    for (size_t i = 0; i < t->nops; i++) {
        total += expanded(&t->ops[i], MAX_EXPANDED_OPS - total, 0, &deep);
        if (deep != NULL)
            return diag_set(b->err, &deep->loc, "composite flowops nested more than %d deep", MAX_NESTING);
        if (total > MAX_EXPANDED_OPS)
            return diag_set(b->err, &t->ops[i].loc,
                            "flowop '%s' takes thread '%s' past %u flowops once its composites are expanded "
                            "(a composite using another twice doubles it)",
                            t->ops[i].name, t->name, MAX_EXPANDED_OPS);
    }
    return 0;
}

/* rate=N (passes per second, open loop), stored by its row: 0 is no rate at all, so it is
 * refused where it is written rather than read as "closed loop". */
static int check_rate(const struct attrvals *a, int idx, uint64_t rate, struct diag *err)
{
    if (a->val[idx] == NULL || rate != 0)
        return 0;
    return diag_set(err, &a->loc[idx], "rate=0: an open-loop rate is at least 1 pass per second (leave rate= out "
                    "for a closed loop)");
}

const char *const rate_process_names[RP_N] = { [RP_LINEAR] = "linear", [RP_POISSON] = "poisson" };

/* rate_process=linear|poisson, as fio spells it. */
static int attr_rate_process(const struct attrvals *a, int idx, const struct scope *sc, enum rate_process inherit,
                             enum rate_process *out, struct diag *err)
{
    struct rvalue r;
    *out = inherit;
    if (a->val[idx] == NULL)
        return 0;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    for (int i = 0; r.kind == R_STR && i < RP_N; i++)
        if (strcmp(r.s, rate_process_names[i]) == 0) {
            *out = (enum rate_process)i;
            return 0;
        }
    return diag_set(err, &a->loc[idx], "rate_process=%s: not one of linear, poisson", r.kind == R_STR ? r.s : "?");
}

/* Where the plan keeps each process and thread attribute: the store columns of
 * lang/process_attr_list.def and lang/thread_attr_list.def. */
#define STORE_IN struct plan_process
const struct attr_store plan_process_stores[PR_NATTRS] = {
#define PR_ATTR(id, nm, alias, kind, def, max, req, store, help) [PR_##id] = STORE_ROW(kind, max, store),
#include "lang/process_attr_list.def"
#undef PR_ATTR
};
#undef STORE_IN
#define STORE_IN struct plan_thread
const struct attr_store plan_thread_stores[TH_NATTRS] = {
#define TH_ATTR(id, nm, alias, kind, def, max, req, store, help) [TH_##id] = STORE_ROW(kind, max, store),
#include "lang/thread_attr_list.def"
#undef TH_ATTR
};
#undef STORE_IN

static int build_thread(struct builder *b, const struct thread_def *d, const struct scope *sc,
                        const struct plan_process *p, struct plan_thread *t)
{
    /* rate= is STORE_OVER: a thread that does not say runs at its process's */
    *t = (struct plan_thread){ .name = plan_dupstr(d->name), .loc = d->loc, .rate = p->rate };
    if (plan_attr_store(plan_thread_stores, TH_NATTRS, &d->a, sc, t, b->err) != 0
        || check_rate(&d->a, TH_RATE, t->rate, b->err) != 0
        || attr_rate_process(&d->a, TH_RATE_PROCESS, sc, p->rate_process, &t->rate_process, b->err) != 0
        || plan_attr_data(&d->a, TH_PATTERN, sc, &plan_random_data, &t->data, b->err) != 0
        || plan_io_attrs(&d->a, TH_IOENGINE, sc, NULL, NULL, &t->io, b->err) != 0
        || plan_place_attrs(&d->a, TH_CPUS, sc, &p->place, &t->place, b->err) != 0)
        return -1;
    if (t->instances == 0)
        return diag_set(b->err, d->a.val[TH_INSTANCES] ? &d->a.loc[TH_INSTANCES] : &d->loc,
                        "thread '%s' needs instances of 1 or more", d->name);
    struct thread_ctx tc = { t, 0 };
    if (check_expansion(b, d) != 0 || plan_build_ops(b, &tc, d->ops, d->nops, sc, NULL, &t->ops, &t->nops) != 0)
        return -1;
    t->nflat = tc.nflat;
    t->flat = calloc(t->nflat ? t->nflat : 1, sizeof *t->flat);
    if (t->flat == NULL)
        return diag_set(b->err, &d->loc, "out of memory");
    index_flat(t->ops, t->nops, t->flat);
    return 0;
}

int plan_build_process(struct builder *b, const struct process_def *d, const struct scope *sc, struct plan_process *p)
{
    *p = (struct plan_process){ .name = plan_dupstr(d->name), .loc = d->loc };
    if (plan_attr_store(plan_process_stores, PR_NATTRS, &d->a, sc, p, b->err) != 0
        || check_rate(&d->a, PR_RATE, p->rate, b->err) != 0
        || attr_rate_process(&d->a, PR_RATE_PROCESS, sc, RP_LINEAR, &p->rate_process, b->err) != 0
        || plan_place_attrs(&d->a, PR_CPUS, sc, NULL, &p->place, b->err) != 0)
        return -1;
    if (p->instances == 0)
        return diag_set(b->err, d->a.val[PR_INSTANCES] ? &d->a.loc[PR_INSTANCES] : &d->loc,
                        "process '%s' needs instances of 1 or more", d->name);
    p->threads = calloc(d->nthreads, sizeof *p->threads);
    if (p->threads == NULL)
        return diag_set(b->err, &d->loc, "out of memory");
    for (size_t i = 0; i < d->nthreads; i++) {
        p->nthreads++;
        if (build_thread(b, &d->threads[i], sc, p, &p->threads[i]) != 0)
            return -1;
    }
    return 0;
}
