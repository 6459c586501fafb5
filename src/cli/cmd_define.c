/* cmd_define.c: `define fileset|file|process|flowop`: the model module builds
 * the definition (model_define.c) into the invocation's model. */
#include "cli/command.h"
#include "cli/interp.h"

int cmd_define_fileset(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return model_define_fileset(&in->model, &in->vars, c, err);
}

static bool srcloc_before(const struct srcloc *a, const struct srcloc *b)
{
    return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* --check: an attribute the flowop's row does not list is accepted (classic
 * scripts carry a few) but does nothing; say so where it was written, in the
 * order written. Composite uses take theirs as parameters. */
static void warn_unused_attrs(const struct interp *in, const struct flowop_def *ops, size_t n)
{
    for (const struct flowop_def *d = ops; d < ops + n; d++) {
        unsigned order[FO_NATTRS], k = 0;
        for (unsigned i = 0; d->type != NULL && i < FO_NATTRS; i++) {
            if (d->a.val[i] == NULL || (d->type->attrs & FA(i)))
                continue;
            unsigned at = k++;
            for (; at > 0 && srcloc_before(&d->a.loc[i], &d->a.loc[order[at - 1]]); at--)
                order[at] = order[at - 1];
            order[at] = i;
        }
        for (unsigned j = 0; j < k; j++)
            warn_at(in->err, &d->a.loc[order[j]], "flowop '%s' (%s) does not use attribute '%s'", d->name,
                    d->type->name, flowop_attrs.specs[order[j]].name);
    }
}

int cmd_define_process(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (model_define_process(&in->model, &in->vars, c, err) != 0)
        return -1;
    const struct process_def *p = in->model.procs[in->model.nprocs - 1];
    for (size_t t = 0; in->opt.check_only && t < p->nthreads; t++)
        warn_unused_attrs(in, p->threads[t].ops, p->threads[t].nops);
    return 0;
}

int cmd_define_flowop(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (model_define_composite(&in->model, &in->vars, c, err) != 0)
        return -1;
    const struct composite_def *d = in->model.comps[in->model.ncomps - 1];
    if (in->opt.check_only)
        warn_unused_attrs(in, d->ops, d->nops);
    return 0;
}
