/* mentions.c: collecting the variable names a parsed script sets or uses (mentions.h). */
#include "cli/mentions.h"

#include <stdlib.h>
#include <string.h>

#include "base/hint.h"
#include "cli/expand.h"

static const char *name_at(const void *base, size_t i) { return ((char *const *)base)[i]; }

static int add(struct mentions *m, const char *name)
{
    if (name == NULL || mentions_has(m, name))
        return 0;
    /* Capacity is the next power of two, as in model.c. */
    if (m->n == 0 || (m->n & (m->n - 1)) == 0) {
        char **v = realloc(m->names, (m->n ? m->n * 2 : 16) * sizeof *v);
        if (v == NULL)
            return -1;
        m->names = v;
    }
    m->names[m->n] = strdup(name);
    if (m->names[m->n] == NULL)
        return -1;
    m->n++;
    if (nameidx_add(&m->idx, m->names, name_at, m->n) != 0) {
        free(m->names[--m->n]);
        return -1;
    }
    return 0;
}

int mentions_add_name(struct mentions *m, const char *name)
{
    return add(m, name);
}

/* $name and ${name} inside quoted text, as interp_expand reads them. */
static int add_refs(struct mentions *m, const char *text)
{
    for (const char *p = text ? strchr(text, '$') : NULL; p != NULL; p = strchr(p + 1, '$')) {
        char name[256];
        if (expand_var_ref(p, name, sizeof name) > 0 && add(m, name) != 0)
            return -1;
    }
    return 0;
}

static int add_value(struct mentions *m, const struct ast_value *v);

static int add_expr(struct mentions *m, const struct ast_expr *e)
{
    if (e == NULL)
        return 0;
    if (e->op == 0)
        return add_value(m, &e->leaf);
    return add_expr(m, e->lhs) != 0 || add_expr(m, e->rhs) != 0 ? -1 : 0;
}

static int add_value(struct mentions *m, const struct ast_value *v)
{
    switch (v->kind) {
    case AV_VAR: return add(m, v->s);
    case AV_WORD:
    case AV_STRING: return add_refs(m, v->s);
    case AV_EXPR: return add_expr(m, v->expr);
    case AV_TABLE:
        for (size_t r = 0; v->table != NULL && r < v->table->nrows; r++)
            for (size_t k = 0; k < 3; k++)
                if (add_value(m, &v->table->rows[r][k]) != 0)
                    return -1;
        return 0;
    default: return 0;
    }
}

static int add_attrs(struct mentions *m, const struct ast_attr *a)
{
    for (; a != NULL; a = a->next)
        if ((a->is_local && add(m, a->name) != 0) || (a->has_value && add_value(m, &a->val) != 0))
            return -1;
    return 0;
}

static int add_flowops(struct mentions *m, const struct ast_flowop *f)
{
    for (; f != NULL; f = f->next)
        if (add_attrs(m, f->attrs) != 0)
            return -1;
    return 0;
}

static int add_cmd(struct mentions *m, const struct ast_cmd *c)
{
    if (add(m, c->var) != 0 || (c->has_value && add_value(m, &c->value) != 0)
        || (c->has_value2 && add_value(m, &c->value2) != 0) || add_attrs(m, c->attrs) != 0
        || add_attrs(m, c->attrs2) != 0 || add_flowops(m, c->flowops) != 0)
        return -1;
    for (const struct ast_thread *t = c->threads; t != NULL; t = t->next)
        if (add_attrs(m, t->attrs) != 0 || add_flowops(m, t->flowops) != 0)
            return -1;
    for (size_t i = 0; i < c->nstrings; i++)
        if (add_refs(m, c->strings[i]) != 0)
            return -1;
    return mentions_add(m, c->body);
}

int mentions_add(struct mentions *m, const struct ast_cmd *cmds)
{
    for (const struct ast_cmd *c = cmds; c != NULL; c = c->next)
        if (add_cmd(m, c) != 0)
            return -1;
    return 0;
}

bool mentions_has(const struct mentions *m, const char *name)
{
    return nameidx_find(&m->idx, m->names, name_at, name) != (size_t)-1;
}

const char *mentions_closest(const struct mentions *m, const char *name)
{
    return hint_closest_in(name, m->names, m->n, sizeof *m->names);
}

void mentions_free(struct mentions *m)
{
    for (size_t i = 0; i < m->n; i++)
        free(m->names[i]);
    free(m->names);
    nameidx_free(&m->idx);
    memset(m, 0, sizeof *m);
}
