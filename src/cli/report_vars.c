/* report_vars.c: the variables handed to the reports as a plain name/value
 * list, so the reports never read the interpreter's table. */
#include "cli/report_vars.h"

#include <stdlib.h>
#include <string.h>

/* v's value as the report shows it: numbers and booleans as such, a
 * distribution as its description, an unset variable as null. */
static int value_of(const struct var *v, struct report_var *r)
{
    char buf[512];
    switch (v->kind) {
    case VAR_INT: r->kind = RV_NUMBER; r->number = v->i; return 0;
    case VAR_BOOL: r->kind = RV_BOOL; r->flag = v->b; return 0;
    case VAR_UNSET: r->kind = RV_NULL; return 0;
    case VAR_STR:
        if (v->s == NULL) {
            r->kind = RV_NULL;
            return 0;
        }
        r->kind = RV_TEXT;
        r->text = strdup(v->s);
        break;
    case VAR_DIST:
        var_format(v, buf, sizeof buf);
        r->kind = RV_TEXT;
        r->text = strdup(buf);
        break;
    }
    return r->text != NULL ? 0 : -1;
}

int report_vars_build(const struct vartab *t, struct report_vars *out)
{
    *out = (struct report_vars){ .v = calloc(t->n ? t->n : 1, sizeof *out->v) };
    if (out->v == NULL)
        return -1;
    for (; out->n < t->n; out->n++) {
        struct report_var *r = &out->v[out->n];
        if ((r->name = strdup(t->v[out->n]->name)) == NULL || value_of(t->v[out->n], r) != 0) {
            out->n++;
            report_vars_free(out);
            return -1;
        }
    }
    return 0;
}

void report_vars_free(struct report_vars *r)
{
    for (size_t i = 0; i < r->n; i++) {
        free(r->v[i].name);
        free(r->v[i].text);
    }
    free(r->v);
    *r = (struct report_vars){ 0 };
}
