/* ast.c: freeing and copying parsed commands, and quoted-string escapes. */
#include "lang/ast.h"
#include "lang/distribution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
    return diag_must_alloc(calloc(n, size), stderr);
}

static char *xstrdup(const char *s)
{
    return s != NULL ? diag_must_alloc(strdup(s), stderr) : NULL;
}

static void expr_free(struct ast_expr *e)
{
    if (e == NULL)
        return;
    ast_value_free(&e->leaf);
    expr_free(e->lhs);
    expr_free(e->rhs);
    free(e);
}

void ast_value_free(struct ast_value *v)
{
    free(v->s);
    v->s = NULL;
    if (v->table != NULL) {
        for (size_t i = 0; i < v->table->nrows; i++)
            for (int k = 0; k < 3; k++)
                ast_value_free(&v->table->rows[i][k]);
        free(v->table->rows);
        free(v->table);
        v->table = NULL;
    }
    expr_free(v->expr);
    v->expr = NULL;
    free(v->dist);
    v->dist = NULL;
}

void ast_attrs_free(struct ast_attr *a)
{
    while (a != NULL) {
        struct ast_attr *next = a->next;
        free(a->name);
        ast_value_free(&a->val);
        free(a);
        a = next;
    }
}

void ast_flowops_free(struct ast_flowop *f)
{
    while (f != NULL) {
        struct ast_flowop *next = f->next;
        free(f->type);
        ast_attrs_free(f->attrs);
        free(f);
        f = next;
    }
}

void ast_threads_free(struct ast_thread *t)
{
    while (t != NULL) {
        struct ast_thread *next = t->next;
        ast_attrs_free(t->attrs);
        ast_flowops_free(t->flowops);
        free(t);
        t = next;
    }
}

void ast_cmd_free(struct ast_cmd *c)
{
    while (c != NULL) {
        struct ast_cmd *next = c->next;
        free(c->var);
        ast_value_free(&c->value);
        ast_value_free(&c->value2);
        free(c->word);
        free(c->word2);
        ast_attrs_free(c->attrs);
        ast_attrs_free(c->attrs2);
        ast_threads_free(c->threads);
        ast_flowops_free(c->flowops);
        for (size_t i = 0; i < c->nstrings; i++)
            free(c->strings[i]);
        free(c->strings);
        for (size_t i = 0; i < c->nitems; i++)
            ast_value_free(&c->items[i]);
        free(c->items);
        ast_cmd_free(c->body);
        free(c);
        c = next;
    }
}

static struct ast_expr *expr_copy(const struct ast_expr *e)
{
    if (e == NULL)
        return NULL;
    struct ast_expr *n = xcalloc(1, sizeof *n);
    n->op = e->op;
    n->loc = e->loc;
    n->leaf = ast_value_copy(&e->leaf);
    n->lhs = expr_copy(e->lhs);
    n->rhs = expr_copy(e->rhs);
    return n;
}

struct ast_value ast_value_copy(const struct ast_value *v)
{
    struct ast_value n = *v;
    n.s = xstrdup(v->s);
    n.expr = expr_copy(v->expr);
    if (v->dist != NULL) {
        n.dist = xcalloc(1, sizeof *n.dist);
        *n.dist = *v->dist; /* a plain value */
    }
    if (v->table != NULL) {
        n.table = xcalloc(1, sizeof *n.table);
        n.table->nrows = v->table->nrows;
        n.table->rows = xcalloc(v->table->nrows ? v->table->nrows : 1, sizeof *n.table->rows);
        for (size_t i = 0; i < v->table->nrows; i++)
            for (int k = 0; k < 3; k++)
                n.table->rows[i][k] = ast_value_copy(&v->table->rows[i][k]);
    }
    return n;
}

/* "$name" or "${name}" in raw quoted text, not a longer name that starts alike. */
static bool text_reads(const char *s, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strchr(s, '$'); p != NULL; p = strchr(p + 1, '$')) {
        const char *q = p[1] == '{' ? p + 2 : p + 1;
        if (strncmp(q, name, n) != 0)
            continue;
        char end = q[n];
        if (p[1] == '{' ? end == '}' : !(end == '_' || (end >= '0' && end <= '9') || ((end | 32) >= 'a' && (end | 32) <= 'z')))
            return true;
    }
    return false;
}

static bool value_reads(const struct ast_value *v, const char *name)
{
    switch (v->kind) {
    case AV_VAR: return strcmp(v->s, name) == 0;
    case AV_STRING: return v->raw_vars && text_reads(v->s, name);
    case AV_TABLE:
        for (size_t i = 0; i < v->table->nrows; i++)
            for (int k = 0; k < 3; k++)
                if (value_reads(&v->table->rows[i][k], name))
                    return true;
        return false;
    case AV_EXPR:
        for (const struct ast_expr *e = v->expr; e != NULL; e = e->rhs) {
            if (e->op == 0)
                return value_reads(&e->leaf, name);
            struct ast_value lhs = { .kind = AV_EXPR, .expr = e->lhs };
            if (value_reads(&lhs, name))
                return true;
        }
        return false;
    default: return false;
    }
}

bool ast_set_reads(const struct ast_cmd *c, const char *name)
{
    if (c->has_value && value_reads(&c->value, name))
        return true;
    for (const struct ast_attr *a = c->attrs; a != NULL; a = a->next)
        if (a->has_value && value_reads(&a->val, name))
            return true;
    return false;
}

static struct ast_attr *attrs_copy(const struct ast_attr *a)
{
    struct ast_attr *head = NULL, **tail = &head;
    for (; a != NULL; a = a->next) {
        struct ast_attr *n = xcalloc(1, sizeof *n);
        *n = *a;
        n->name = xstrdup(a->name);
        n->val = ast_value_copy(&a->val);
        n->next = NULL;
        *tail = n;
        tail = &n->next;
    }
    return head;
}

struct ast_cmd *ast_set_copy(const struct ast_cmd *c)
{
    struct ast_cmd *n = xcalloc(1, sizeof *n);
    n->kind = c->kind;
    n->loc = c->loc;
    n->var = xstrdup(c->var);
    n->has_value = c->has_value;
    if (c->has_value)
        n->value = ast_value_copy(&c->value);
    n->attrs = attrs_copy(c->attrs);
    return n;
}

char *ast_string_literal(const char *raw)
{
    size_t len = strlen(raw);
    char *out = xcalloc(len + 1, 1);
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        if (raw[i] == '\n')
            continue; /* a newline inside quotes only continues the string */
        if (raw[i] == '\\' && i + 1 < len) {
            char c = raw[++i];
            out[o++] = c == 'n' ? '\n' : c == 't' ? '\t' : c == '\n' ? ' ' : c;
            continue;
        }
        out[o++] = raw[i];
    }
    out[o] = '\0';
    return out;
}
