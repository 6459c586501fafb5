/* cmd_define.c: `define fileset|file|process|flowop`: checking attribute names
 * and flowop types now, keeping values for the run to bind. */
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "lang/eval.h"
#include "base/hint.h"
#include "cli/interp.h"

/* Names are bound when defined (a later `set` does not rename anything). */
static int def_name(struct interp *in, const struct attrvals *a, int idx, const char *what, const struct srcloc *loc,
                    char **out, struct diag *err)
{
    struct scope sc = { .vars = &in->vars };
    const char *name;
    if (a->val[idx] == NULL)
        return diag_set(err, loc, "%s needs name=", what);
    if (attr_str(a, idx, &sc, &name, err) != 0)
        return -1;
    if (strlen(name) > 255)
        return diag_set(err, &a->loc[idx], "%s name is longer than 255 characters", what);
    *out = strdup(name);
    return *out ? 0 : diag_set(err, loc, "out of memory");
}

int cmd_define_fileset(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    bool is_file = c->kind == CMD_DEFINE_FILE;
    struct fileset_def *f = calloc(1, sizeof *f);
    if (f == NULL)
        return diag_set(err, &c->loc, "out of memory");
    f->is_file = is_file;
    f->loc = c->loc;
    if (attrvals_build(&f->a, is_file ? &file_attrs : &fileset_attrs, c->attrs, NULL, err) != 0
        || def_name(in, &f->a, FS_NAME, is_file ? "file" : "fileset", &c->loc, &f->name, err) != 0
        || (f->a.val[FS_PATH] == NULL && diag_set(err, &c->loc, "%s '%s' needs path=", is_file ? "file" : "fileset", f->name))
        || model_add_fileset(&in->model, f, err) != 0) {
        free(f->name);
        attrvals_free(&f->a);
        free(f);
        return -1;
    }
    return 0;
}

static int unknown_type(struct interp *in, const struct ast_flowop *f, struct diag *err)
{
    size_t n = flowop_ntypes + in->model.ncomps;
    const char **names = calloc(n + 1, sizeof *names);
    if (names == NULL)
        return diag_set(err, &f->type_loc, "out of memory");
    for (size_t i = 0; i < flowop_ntypes; i++)
        names[i] = flowop_types[i]->name;
    for (size_t i = 0; i < in->model.ncomps; i++)
        names[flowop_ntypes + i] = in->model.comps[i]->name;
    const char *hint = hint_closest(f->type, names);
    if (hint != NULL)
        diag_set(err, &f->type_loc, "unknown flowop type '%s'; did you mean '%s'?", f->type, hint);
    else
        diag_set(err, &f->type_loc, "unknown flowop type '%s' (see 'help flowop')", f->type);
    free(names);
    return -1;
}

static bool srcloc_before(const struct srcloc *a, const struct srcloc *b)
{
    return a->line < b->line || (a->line == b->line && a->col < b->col);
}

/* --check: an attribute the flowop's row does not list is accepted (classic
 * scripts carry a few) but does nothing; say so where it was written. */
static void warn_unused_attrs(struct interp *in, const struct flowop_def *d)
{
    unsigned order[FO_NATTRS], n = 0;
    for (unsigned i = 0; i < FO_NATTRS; i++) {
        if (d->a.val[i] == NULL || (d->type->attrs & FA(i)))
            continue;
        unsigned k = n++; /* in the order they were written */
        for (; k > 0 && srcloc_before(&d->a.loc[i], &d->a.loc[order[k - 1]]); k--)
            order[k] = order[k - 1];
        order[k] = i;
    }
    for (unsigned k = 0; k < n; k++)
        warn_at(in->err, &d->a.loc[order[k]], "flowop '%s' (%s) does not use attribute '%s'", d->name,
                d->type->name, flowop_attrs.specs[order[k]].name);
}

static int build_flowop(struct interp *in, const struct ast_flowop *f, struct flowop_def *d, struct diag *err)
{
    d->loc = f->loc;
    d->type = flowop_type_find(f->type);
    if (d->type == NULL)
        d->composite = model_composite(&in->model, f->type);
    if (d->type == NULL && d->composite == NULL)
        return unknown_type(in, f, err);
    if (attrvals_build(&d->a, &flowop_attrs, f->attrs, &d->locals, err) != 0)
        return -1;
    if (d->type != NULL && d->locals.n > 0)
        return diag_set(err, &d->locals.v[0].loc, "$%s: only composite flowops take $parameters", d->locals.v[0].name);
    if (def_name(in, &d->a, FO_NAME, "flowop", &f->loc, &d->name, err) != 0)
        return -1;
    if (in->opt.check_only && d->type != NULL)
        warn_unused_attrs(in, d);
    return 0;
}

static int build_flowops(struct interp *in, const struct ast_flowop *list, struct flowop_def **out, size_t *n,
                         struct diag *err)
{
    size_t count = 0;
    for (const struct ast_flowop *f = list; f != NULL; f = f->next)
        count++;
    *out = calloc(count ? count : 1, sizeof **out);
    *n = 0;
    if (*out == NULL)
        return diag_set(err, NULL, "out of memory");
    for (const struct ast_flowop *f = list; f != NULL; f = f->next) {
        (*n)++;
        if (build_flowop(in, f, &(*out)[*n - 1], err) != 0)
            return -1;
    }
    return 0;
}

static void thread_free(struct thread_def *t)
{
    free(t->name);
    attrvals_free(&t->a);
    flowop_defs_free(t->ops, t->nops);
}

static void process_free(struct process_def *p)
{
    for (size_t i = 0; i < p->nthreads; i++)
        thread_free(&p->threads[i]);
    free(p->threads);
    free(p->name);
    attrvals_free(&p->a);
    free(p);
}

static int build_thread(struct interp *in, const struct ast_thread *t, struct thread_def *d, struct diag *err)
{
    d->loc = t->loc;
    if (attrvals_build(&d->a, &thread_attrs, t->attrs, NULL, err) != 0
        || def_name(in, &d->a, TH_NAME, "thread", &t->loc, &d->name, err) != 0)
        return -1;
    if (t->flowops == NULL)
        return diag_set(err, &t->loc, "thread '%s' has no flowops", d->name);
    return build_flowops(in, t->flowops, &d->ops, &d->nops, err);
}

static int by_name(const void *a, const void *b)
{
    const struct thread_def *x = *(const struct thread_def *const *)a, *y = *(const struct thread_def *const *)b;
    int c = strcmp(x->name, y->name);
    return c != 0 ? c : (x < y ? -1 : x > y);
}

/* Sorted, so that a process of many thousand threads is checked in n log n. */
static int check_thread_names(const struct process_def *p, struct diag *err)
{
    const struct thread_def **v = malloc((p->nthreads + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(err, &p->loc, "out of memory");
    for (size_t i = 0; i < p->nthreads; i++)
        v[i] = &p->threads[i];
    qsort(v, p->nthreads, sizeof *v, by_name);
    for (size_t i = 1; i < p->nthreads; i++)
        if (strcmp(v[i]->name, v[i - 1]->name) == 0) {
            diag_set(err, &v[i]->loc, "process '%s' already has a thread named '%s'", p->name, v[i]->name);
            free(v);
            return -1;
        }
    free(v);
    return 0;
}

int cmd_define_process(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct process_def *p = calloc(1, sizeof *p);
    size_t n = 0;
    for (const struct ast_thread *t = c->threads; t != NULL; t = t->next)
        n++;
    if (p == NULL || (p->threads = calloc(n ? n : 1, sizeof *p->threads)) == NULL) {
        free(p);
        return diag_set(err, &c->loc, "out of memory");
    }
    p->loc = c->loc;
    int rc = attrvals_build(&p->a, &process_attrs, c->attrs, NULL, err);
    if (rc == 0)
        rc = def_name(in, &p->a, PR_NAME, "process", &c->loc, &p->name, err);
    if (rc == 0 && n == 0)
        rc = diag_set(err, &c->loc, "process '%s' has no threads", p->name);
    for (const struct ast_thread *t = c->threads; t != NULL && rc == 0; t = t->next)
        rc = build_thread(in, t, &p->threads[p->nthreads++], err);
    if (rc == 0)
        rc = check_thread_names(p, err);
    if (rc == 0)
        rc = model_add_process(&in->model, p, err);
    if (rc != 0)
        process_free(p);
    return rc;
}

int cmd_define_flowop(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct composite_def *d = calloc(1, sizeof *d);
    if (d == NULL)
        return diag_set(err, &c->loc, "out of memory");
    d->loc = c->loc;
    int rc = attrvals_build(&d->a, &composite_attrs, c->attrs, &d->locals, err);
    if (rc == 0)
        rc = attrvals_build(&d->a, &composite_attrs, c->attrs2, &d->locals, err);
    if (rc == 0)
        rc = def_name(in, &d->a, CO_NAME, "composite flowop", &c->loc, &d->name, err);
    if (rc == 0)
        rc = build_flowops(in, c->flowops, &d->ops, &d->nops, err);
    if (rc == 0)
        rc = model_add_composite(&in->model, d, err);
    if (rc != 0) {
        free(d->name);
        attrvals_free(&d->a);
        locals_free(&d->locals);
        flowop_defs_free(d->ops, d->nops);
        free(d);
    }
    return rc;
}
