/* expand.c: escapes and $variable expansion in quoted strings (echo, usage, system). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cli/interp.h"
#include "cli/expand.h"

struct sbuf {
    char *s;
    size_t n, cap;
};

static void put(struct sbuf *b, const char *s, size_t n)
{
    if (b->s == NULL)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap + n + 1) * 2;
        char *p = realloc(b->s, cap);
        if (p == NULL) {
            free(b->s);
            b->s = NULL;
            return;
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

/* Reads a $name or ${name} at p (interp.h). */
size_t expand_var_ref(const char *p, char *name, size_t cap)
{
    size_t i = 1, start;
    bool brace = p[1] == '{';
    if (brace)
        i++;
    start = i;
    if (!(isalpha((unsigned char)p[i]) || p[i] == '_'))
        return 0;
    while (isalnum((unsigned char)p[i]) || p[i] == '_')
        i++;
    size_t len = i - start;
    if (brace) {
        if (p[i] != '}')
            return 0;
        i++;
    }
    if (len >= cap)
        return 0;
    memcpy(name, p + start, len);
    name[len] = '\0';
    return i;
}

char *interp_expand(const struct interp *in, const char *raw)
{
    struct sbuf b = { malloc(64), 0, 64 };
    if (b.s == NULL)
        return NULL;
    b.s[0] = '\0';
    for (const char *p = raw; *p != '\0';) {
        if (*p == '\n') {
            p++;
            continue;
        }
        if (*p == '\\' && p[1] != '\0') {
            char c = p[1] == 'n' ? '\n' : p[1] == 't' ? '\t' : p[1];
            put(&b, &c, 1);
            p += 2;
            continue;
        }
        char name[256];
        size_t len = *p == '$' ? expand_var_ref(p, name, sizeof name) : 0;
        if (len == 0) {
            put(&b, p, 1);
            p++;
            continue;
        }
        const struct var *v = vars_find(&in->vars, name);
        if (v == NULL || v->kind == VAR_UNSET) {
            put(&b, p, len); /* an unknown variable prints as written */
        } else if (v->kind == VAR_STR) {
            put(&b, v->s, strlen(v->s)); /* strings may be 64 KiB: no fixed buffer */
        } else {
            char text[128];
            var_format(v, text, sizeof text);
            put(&b, text, strlen(text));
        }
        p += len;
    }
    return b.s;
}
