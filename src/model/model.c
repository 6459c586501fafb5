/* model.c: the defined filesets, processes and composite flowops, and their
 * lifetimes: every part of the model is freed here (model_define.c builds them). */
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

static const char *fileset_name(const void *base, size_t i) { return ((struct fileset_def *const *)base)[i]->name; }
static const char *process_name(const void *base, size_t i) { return ((struct process_def *const *)base)[i]->name; }
static const char *composite_name(const void *base, size_t i) { return ((struct composite_def *const *)base)[i]->name; }

struct fileset_def *model_fileset(const struct model *m, const char *name)
{
    size_t i = nameidx_find(&m->fileset_idx, m->filesets, fileset_name, name);
    return i == (size_t)-1 ? NULL : m->filesets[i];
}

struct process_def *model_process(const struct model *m, const char *name)
{
    size_t i = nameidx_find(&m->proc_idx, m->procs, process_name, name);
    return i == (size_t)-1 ? NULL : m->procs[i];
}

struct composite_def *model_composite(const struct model *m, const char *name)
{
    size_t i = nameidx_find(&m->comp_idx, m->comps, composite_name, name);
    return i == (size_t)-1 ? NULL : m->comps[i];
}

/* Appends item and indexes its name. */
static int push(void *arrp, size_t *n, void *item, struct nameidx *idx, nameidx_name_fn name_of, struct diag *err,
                const struct srcloc *loc)
{
    void ***arr = arrp;
    /* Capacity is the next power of two: grow geometrically, not by one. */
    if (*n == 0 || (*n & (*n - 1)) == 0) {
        void **p = realloc(*arr, (*n ? *n * 2 : 4) * sizeof *p);
        if (p == NULL)
            return diag_set(err, loc, "out of memory");
        *arr = p;
    }
    (*arr)[(*n)++] = item;
    if (nameidx_add(idx, *arr, name_of, *n) != 0) {
        (*n)--;
        return diag_set(err, loc, "out of memory");
    }
    return 0;
}

static int duplicate(struct diag *err, const struct srcloc *loc, const char *what, const char *name,
                     const struct srcloc *first)
{
    return diag_set(err, loc, "%s '%s' is already defined (at %s:%d:%d)", what, name, first->file, first->line,
                    first->col);
}

int model_add_fileset(struct model *m, struct fileset_def *f, struct diag *err)
{
    const struct fileset_def *old = model_fileset(m, f->name);
    if (old != NULL)
        return duplicate(err, &f->loc, old->is_file ? "file" : "fileset", f->name, &old->loc);
    return push(&m->filesets, &m->nfilesets, f, &m->fileset_idx, fileset_name, err, &f->loc);
}

int model_add_process(struct model *m, struct process_def *p, struct diag *err)
{
    const struct process_def *old = model_process(m, p->name);
    if (old != NULL)
        return duplicate(err, &p->loc, "process", p->name, &old->loc);
    return push(&m->procs, &m->nprocs, p, &m->proc_idx, process_name, err, &p->loc);
}

int model_add_composite(struct model *m, struct composite_def *c, struct diag *err)
{
    const struct composite_def *old = model_composite(m, c->name);
    if (old != NULL)
        return duplicate(err, &c->loc, "composite flowop", c->name, &old->loc);
    if (flowop_type_find(c->name) != NULL)
        return diag_set(err, &c->loc, "composite flowop '%s' has the name of a built-in flowop", c->name);
    return push(&m->comps, &m->ncomps, c, &m->comp_idx, composite_name, err, &c->loc);
}

void flowop_defs_free(struct flowop_def *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(ops[i].name);
        attrvals_free(&ops[i].a);
        locals_free(&ops[i].locals);
    }
    free(ops);
}

static void thread_free(struct thread_def *t)
{
    free(t->name);
    attrvals_free(&t->a);
    flowop_defs_free(t->ops, t->nops);
}

void fileset_def_free(struct fileset_def *f)
{
    free(f->name);
    attrvals_free(&f->a);
    free(f);
}

void process_def_free(struct process_def *p)
{
    for (size_t t = 0; t < p->nthreads; t++)
        thread_free(&p->threads[t]);
    free(p->threads);
    free(p->name);
    attrvals_free(&p->a);
    free(p);
}

void composite_def_free(struct composite_def *c)
{
    free(c->name);
    attrvals_free(&c->a);
    locals_free(&c->locals);
    flowop_defs_free(c->ops, c->nops);
    free(c);
}

void model_free(struct model *m)
{
    for (size_t i = 0; i < m->nfilesets; i++)
        fileset_def_free(m->filesets[i]);
    for (size_t i = 0; i < m->nprocs; i++)
        process_def_free(m->procs[i]);
    for (size_t i = 0; i < m->ncomps; i++)
        composite_def_free(m->comps[i]);
    free(m->filesets);
    nameidx_free(&m->fileset_idx);
    free(m->procs);
    nameidx_free(&m->proc_idx);
    free(m->comps);
    nameidx_free(&m->comp_idx);
    memset(m, 0, sizeof *m);
}
