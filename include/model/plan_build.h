/* plan_build.h: building a plan, private to src/model: the parts plan.c calls
 * (plan_fileset.c, plan_threads.c, plan_flowops.c, plan_targets.c) and the
 * attribute readers they share (plan_attrs.c). */
#ifndef FB_MODEL_PLAN_BUILD_H
#define FB_MODEL_PLAN_BUILD_H

#include <limits.h>
#include <stddef.h>

#include "lang/eval.h"
#include "model/attr_store.h"
#include "model/model.h"
#include "model/plan.h"

struct builder {
    const struct model *m;
    struct plan *p;
    struct diag *err;
};

/* A thread being built and its count of flowops so far (each one's flat index). */
struct thread_ctx {
    struct plan_thread *t;
    size_t nflat;
};

/* A copy of s ("" for NULL); out of memory ends the program. */
char *plan_dupstr(const char *s);
/* A number or a distribution; a distribution is copied (it is a plain value). */
int plan_attr_param(const struct attrvals *a, int idx, const struct scope *sc, struct param *out, struct diag *err);
/* Data as it is when nothing is said: random, whole blocks, no repeats. */
extern const struct data_pattern plan_random_data;
/* pattern=, compress= and dedupe= (rows first, first + 1, first + 2) over
 * what the entity inherits; compress and dedupe shape random data only. */
int plan_attr_data(const struct attrvals *a, int first, const struct scope *sc, const struct data_pattern *inherit,
                   struct data_pattern *out, struct diag *err);

/* ---- attribute stores (model/attr_store.h) of each entity's list ---- */

/* The stores of each entity's attribute list, by attribute id (plan_flowops.c, plan_fileset.c, plan_threads.c). */
extern const struct attr_store plan_op_stores[FO_NATTRS], plan_fileset_stores[FS_NATTRS],
    plan_process_stores[PR_NATTRS], plan_thread_stores[TH_NATTRS];

/* The index of the plan's fileset name, or -1. */
int plan_fileset_index(const struct plan *p, const char *name);
int plan_build_fileset(struct builder *b, const struct fileset_def *d, const struct scope *sc, struct plan_fileset *f);
int plan_build_process(struct builder *b, const struct process_def *d, const struct scope *sc, struct plan_process *p);
/* The flowops defs (names under prefix, NULL at a thread's top) into *out. */
int plan_build_ops(struct builder *b, struct thread_ctx *tc, const struct flowop_def *defs, size_t n,
                   const struct scope *sc, const char *prefix, struct plan_op **out, size_t *nout);
/* The targets the flowops of thread t name, looked up in t, then in the whole plan. */
int plan_resolve_targets(struct builder *b, const struct plan_thread *t, struct plan_op *ops, size_t n);

#endif
