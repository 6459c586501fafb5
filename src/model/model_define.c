/* model_define.c: building the model from `define fileset|file|process|flowop`:
 * checking attribute names and flowop types now, keeping values for the run to bind. */
#include "model/model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hint.h"
#include "lang/ast.h"
#include "lang/eval.h"
#include "model/attr_store.h"

/* Names are bound when defined (a later `set` does not rename anything). */
static int def_name(const struct vartab *vars, const struct attrvals *a, int idx, const char *what,
                    const struct srcloc *loc, char **out, struct diag *err)
{
    struct scope sc = { .vars = vars };
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

int model_define_fileset(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err)
{
    bool is_file = c->kind == CMD_DEFINE_FILE;
    struct fileset_def *f = calloc(1, sizeof *f);
    if (f == NULL)
        return diag_set(err, &c->loc, "out of memory");
    f->is_file = is_file;
    f->loc = c->loc;
    if (attrvals_build(&f->a, is_file ? &file_attrs : &fileset_attrs, c->attrs, NULL, err) != 0
        || def_name(vars, &f->a, FS_NAME, is_file ? "file" : "fileset", &c->loc, &f->name, err) != 0
        || (f->a.val[FS_PATH] == NULL && diag_set(err, &c->loc, "%s '%s' needs path=", is_file ? "file" : "fileset", f->name))
        || model_add_fileset(m, f, err) != 0) {
        fileset_def_free(f);
        return -1;
    }
    return 0;
}

static int unknown_type(const struct model *m, const struct ast_flowop *f, struct diag *err)
{
    size_t n = flowop_ntypes + m->ncomps;
    const char **names = calloc(n + 1, sizeof *names);
    if (names == NULL)
        return diag_set(err, &f->type_loc, "out of memory");
    for (size_t i = 0; i < flowop_ntypes; i++)
        names[i] = flowop_types[i].name;
    for (size_t i = 0; i < m->ncomps; i++)
        names[flowop_ntypes + i] = m->comps[i]->name;
    const char *hint = hint_closest(f->type, names);
    if (hint != NULL)
        diag_set(err, &f->type_loc, "unknown flowop type '%s'; did you mean '%s'?", f->type, hint);
    else
        diag_set(err, &f->type_loc, "unknown flowop type '%s' (see 'help flowop')", f->type);
    free(names);
    return -1;
}

static int build_flowop(const struct model *m, const struct vartab *vars, const struct ast_flowop *f,
                        struct flowop_def *d, struct diag *err)
{
    d->loc = f->loc;
    d->type = flowop_type_find(f->type);
    if (d->type == NULL)
        d->composite = model_composite(m, f->type);
    if (d->type == NULL && d->composite == NULL)
        return unknown_type(m, f, err);
    if (attrvals_build(&d->a, &flowop_attrs, f->attrs, &d->locals, err) != 0)
        return -1;
    if (d->type != NULL && d->locals.n > 0)
        return diag_set(err, &d->locals.v[0].loc, "$%s: only composite flowops take $parameters", d->locals.v[0].name);
    return def_name(vars, &d->a, FO_NAME, "flowop", &f->loc, &d->name, err);
}

static int build_flowops(const struct model *m, const struct vartab *vars, const struct ast_flowop *list,
                         struct flowop_def **out, size_t *n, struct diag *err)
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
        if (build_flowop(m, vars, f, &(*out)[*n - 1], err) != 0)
            return -1;
    }
    return 0;
}

/* weight= says how often a flowop is picked among its siblings, so only the
 * flowops of a choose composite may carry it; where says where they stand. */
static int check_no_weights(const struct flowop_def *ops, size_t n, const char *where, struct diag *err)
{
    for (size_t i = 0; i < n; i++)
        if (attr_given(&ops[i].a, FO_WEIGHT))
            return diag_set(err, &ops[i].a.loc[FO_WEIGHT],
                            "weight= counts only among the flowops of a choose composite "
                            "('define flowop name=N, choose { ... }'); flowop '%s' is %s",
                            ops[i].name, where);
    return 0;
}

static int build_thread(const struct model *m, const struct vartab *vars, const struct ast_thread *t,
                        struct thread_def *d, struct diag *err)
{
    d->loc = t->loc;
    if (attrvals_build(&d->a, &thread_attrs, t->attrs, NULL, err) != 0
        || def_name(vars, &d->a, TH_NAME, "thread", &t->loc, &d->name, err) != 0)
        return -1;
    if (t->flowops == NULL)
        return diag_set(err, &t->loc, "thread '%s' has no flowops", d->name);
    if (build_flowops(m, vars, t->flowops, &d->ops, &d->nops, err) != 0)
        return -1;
    char where[300];
    snprintf(where, sizeof where, "in thread '%s'", d->name);
    return check_no_weights(d->ops, d->nops, where, err);
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

int model_define_process(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err)
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
        rc = def_name(vars, &p->a, PR_NAME, "process", &c->loc, &p->name, err);
    if (rc == 0 && n == 0)
        rc = diag_set(err, &c->loc, "process '%s' has no threads", p->name);
    for (const struct ast_thread *t = c->threads; t != NULL && rc == 0; t = t->next)
        rc = build_thread(m, vars, t, &p->threads[p->nthreads++], err);
    if (rc == 0)
        rc = check_thread_names(p, err);
    if (rc == 0)
        rc = model_add_process(m, p, err);
    if (rc != 0)
        process_def_free(p);
    return rc;
}

/* Where a composite's definition keeps each attribute: the store column of lang/composite_attr_list.def. */
#define STORE_IN struct composite_def
static const struct attr_store composite_stores[CO_NATTRS] = {
#define CO_ATTR(id, nm, alias, kind, def, max, req, store, help) [CO_##id] = STORE_ROW(kind, max, store),
#include "lang/composite_attr_list.def"
#undef CO_ATTR
};
#undef STORE_IN

int model_define_composite(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err)
{
    struct composite_def *d = calloc(1, sizeof *d);
    if (d == NULL)
        return diag_set(err, &c->loc, "out of memory");
    d->loc = c->loc;
    int rc = attrvals_build(&d->a, &composite_attrs, c->attrs, &d->locals, err);
    if (rc == 0)
        rc = attrvals_build(&d->a, &composite_attrs, c->attrs2, &d->locals, err);
    if (rc == 0)
        rc = def_name(vars, &d->a, CO_NAME, "composite flowop", &c->loc, &d->name, err);
    struct scope sc = { .vars = vars };
    if (rc == 0)
        rc = plan_attr_store(composite_stores, CO_NATTRS, &d->a, &sc, d, err);
    if (rc == 0)
        rc = build_flowops(m, vars, c->flowops, &d->ops, &d->nops, err);
    char where[300];
    snprintf(where, sizeof where, "in composite '%s', which is not choose", d->name ? d->name : "");
    if (rc == 0 && !d->choose)
        rc = check_no_weights(d->ops, d->nops, where, err);
    if (rc == 0)
        rc = model_add_composite(m, d, err);
    if (rc != 0)
        composite_def_free(d);
    return rc;
}
