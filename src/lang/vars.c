/* vars.c: the variable table. A linear table: scripts have tens of variables,
 * and nothing reads it on the hot path (values are bound when a run starts). */
#include "lang/vars.h"
#include "lang/ast.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const char *var_name(const void *base, size_t i)
{
    return ((struct var *const *)base)[i]->name;
}

struct var *vars_find(const struct vartab *t, const char *name)
{
    size_t i = nameidx_find(&t->idx, t->v, var_name, name);
    return i == (size_t)-1 ? NULL : t->v[i];
}

struct var *vars_get(struct vartab *t, const char *name)
{
    struct var *v = vars_find(t, name);
    if (v != NULL)
        return v;
    if (t->n == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 16;
        struct var **nv = realloc(t->v, cap * sizeof *nv);
        if (nv == NULL)
            return NULL;
        t->v = nv;
        t->cap = cap;
    }
    v = calloc(1, sizeof *v);
    if (v == NULL)
        return NULL;
    v->name = strdup(name);
    if (v->name == NULL) {
        free(v);
        return NULL;
    }
    t->v[t->n++] = v;
    if (nameidx_add(&t->idx, t->v, var_name, t->n) != 0) {
        t->n--;
        free(v->name);
        free(v);
        return NULL;
    }
    return v;
}

static void forget_derivation(struct var *v)
{
    if (v->from == NULL)
        return;
    ast_cmd_free(v->from);
    v->from = NULL;
}

void vars_clear_value(struct var *v)
{
    forget_derivation(v);
    free(v->s);
    v->s = NULL;
    v->kind = VAR_UNSET;
    v->is_cvar = false;
}

int vars_set_int(struct vartab *t, const char *name, uint64_t i)
{
    struct var *v = vars_get(t, name);
    if (v == NULL)
        return -1;
    vars_clear_value(v);
    v->kind = VAR_INT;
    v->i = i;
    return 0;
}

int vars_set_bool(struct vartab *t, const char *name, bool b)
{
    struct var *v = vars_get(t, name);
    if (v == NULL)
        return -1;
    vars_clear_value(v);
    v->kind = VAR_BOOL;
    v->b = b;
    return 0;
}

int vars_set_str(struct vartab *t, const char *name, const char *s)
{
    struct var *v = vars_get(t, name);
    if (v == NULL)
        return -1;
    char *copy = strdup(s);
    if (copy == NULL)
        return -1;
    vars_clear_value(v);
    v->kind = VAR_STR;
    v->s = copy;
    return 0;
}

void vars_free(struct vartab *t)
{
    for (size_t i = 0; i < t->n; i++) {
        forget_derivation(t->v[i]);
        free(t->v[i]->name);
        free(t->v[i]->s);
        free(t->v[i]);
    }
    free(t->v);
    nameidx_free(&t->idx);
    memset(t, 0, sizeof *t);
}

void var_format(const struct var *v, char *buf, size_t len)
{
    switch (v->kind) {
    case VAR_INT: snprintf(buf, len, "%" PRIu64, v->i); return;
    case VAR_BOOL: snprintf(buf, len, "%s", v->b ? "true" : "false"); return;
    case VAR_STR: snprintf(buf, len, "%s", v->s); return;
    case VAR_DIST: snprintf(buf, len, "%s", dist_describe(&v->dist)); return;
    case VAR_UNSET: snprintf(buf, len, "(unset)"); return;
    }
}
