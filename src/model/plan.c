/* plan.c: resolving the model against the variables when a run starts (late
 * binding, name lookup): the filesets, then the processes, then the flowops'
 * targets; and the plan freed and walked. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"

int plan_build(struct plan *out, const struct model *m, const struct vartab *vars, enum quit_mode mode,
               const struct ast_value *eventrate, struct diag *err)
{
    memset(out, 0, sizeof *out);
    out->mode = mode;
    struct builder b = { m, out, err };
    struct scope sc = { .vars = vars };
    if (eventrate != NULL && eval_u64(eventrate, &sc, "eventgen rate", &out->eventrate, err) != 0)
        return -1;
    out->filesets = calloc(m->nfilesets + 1, sizeof *out->filesets);
    out->procs = calloc(m->nprocs + 1, sizeof *out->procs);
    if (out->filesets == NULL || out->procs == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < m->nfilesets; i++) {
        out->nfilesets++;
        if (plan_build_fileset(&b, m->filesets[i], &sc, &out->filesets[i]) != 0)
            return -1;
    }
    for (size_t i = 0; i < m->nprocs; i++) {
        out->nprocs++;
        if (plan_build_process(&b, m->procs[i], &sc, &out->procs[i]) != 0)
            return -1;
    }
    for (size_t i = 0; i < out->nprocs; i++)
        for (size_t t = 0; t < out->procs[i].nthreads; t++) {
            struct plan_thread *th = &out->procs[i].threads[t];
            if (plan_resolve_targets(&b, th, th->ops, th->nops) != 0)
                return -1;
        }
    if (out->nprocs == 0)
        return diag_set(err, NULL, "nothing to run: no process is defined");
    return 0;
}

static void ops_free(struct plan_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(ops[i].name);
        free(ops[i].value_str);
        plan_attr_unstore(plan_op_stores, FO_NATTRS, &ops[i]);
        free(ops[i].choose_cum);
        ops_free(ops[i].children, ops[i].nchildren);
    }
    free(ops);
}

void plan_free(struct plan *p)
{
    for (size_t i = 0; i < p->nfilesets; i++) {
        free(p->filesets[i].name);
        plan_attr_unstore(plan_fileset_stores, FS_NATTRS, &p->filesets[i]);
    }
    for (size_t i = 0; i < p->nprocs; i++) {
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            free(p->procs[i].threads[t].name);
            free(p->procs[i].threads[t].flat);
            plan_place_free(&p->procs[i].threads[t].place);
            plan_attr_unstore(plan_thread_stores, TH_NATTRS, &p->procs[i].threads[t]);
            ops_free(p->procs[i].threads[t].ops, p->procs[i].threads[t].nops);
        }
        free(p->procs[i].threads);
        free(p->procs[i].name);
        plan_place_free(&p->procs[i].place);
        plan_attr_unstore(plan_process_stores, PR_NATTRS, &p->procs[i]);
    }
    free(p->filesets);
    free(p->procs);
    memset(p, 0, sizeof *p);
}

static void each_in(const struct plan_op *ops, size_t n, void (*fn)(const struct plan_op *, void *), void *ctx)
{
    for (size_t i = 0; i < n; i++) {
        if (ops[i].type != NULL)
            fn(&ops[i], ctx);
        each_in(ops[i].children, ops[i].nchildren, fn, ctx);
    }
}

void plan_each_op(const struct plan_thread *t, void (*fn)(const struct plan_op *op, void *ctx), void *ctx)
{
    each_in(t->ops, t->nops, fn, ctx);
}
