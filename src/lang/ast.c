/* ast.c: freeing and copying parsed commands, and quoted-string escapes. */
#include "lang/ast.h"
#include "lang/distribution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (p == NULL) {
        diag_printf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    return p;
}

static char *xstrdup(const char *s)
{
    if (s == NULL)
        return NULL;
    char *p = strdup(s);
    if (p == NULL) {
        diag_printf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    return p;
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
