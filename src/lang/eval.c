/* eval.c: binding attribute values to variables and coercing them to the type
 * an attribute wants. Unlike classic FileBench, a wrong type is an error, not 0. */
#include "lang/eval.h"
#include "base/number.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static const struct binding *find_binding(const struct scope *sc, const char *name)
{
    for (; sc != NULL; sc = sc->parent)
        for (size_t i = 0; i < sc->nb; i++)
            if (strcmp(sc->b[i].name, name) == 0)
                return &sc->b[i];
    return NULL;
}

static int eval_var(const struct ast_value *v, const struct scope *sc, struct rvalue *out, struct diag *err)
{
    const struct binding *b = find_binding(sc, v->s);
    if (b != NULL) {
        if (b->val == NULL)
            return diag_set(err, &b->loc, "composite parameter $%s has no value at this use (read at %s:%d:%d)", v->s,
                            v->loc.file, v->loc.line, v->loc.col);
        if (eval_value(b->val, b->where, out, err) != 0)
            return -1;
        if (!out->bound) {
            out->bound = true;
            out->loc = b->loc; /* a wrong value is the fault of the use that gave it */
        }
        return 0;
    }
    const struct var *var = vars_find(sc->vars, v->s);
    if (var == NULL || var->kind == VAR_UNSET)
        return diag_set(err, &v->loc, "variable $%s is not set", v->s);
    switch (var->kind) {
    case VAR_INT: *out = (struct rvalue){ .kind = R_INT, .i = var->i }; return 0;
    case VAR_BOOL: *out = (struct rvalue){ .kind = R_BOOL, .b = var->b }; return 0;
    case VAR_STR: *out = (struct rvalue){ .kind = R_STR, .s = var->s }; return 0;
    case VAR_DIST: *out = (struct rvalue){ .kind = R_DIST, .dist = &var->dist, .is_cvar = var->is_cvar }; return 0;
    case VAR_UNSET: break;
    }
    return diag_set(err, &v->loc, "variable $%s is not set", v->s);
}

static int eval_plain(const struct ast_value *v, const struct scope *sc, struct rvalue *out, struct diag *err)
{
    switch (v->kind) {
    case AV_INT: *out = (struct rvalue){ .kind = R_INT, .i = v->i }; return 0;
    case AV_BOOL: *out = (struct rvalue){ .kind = R_BOOL, .b = v->b }; return 0;
    case AV_WORD: *out = (struct rvalue){ .kind = R_STR, .s = v->s }; return 0;
    case AV_STRING: *out = (struct rvalue){ .kind = R_STR, .s = v->s }; return 0;
    case AV_VAR: return eval_var(v, sc, out, err);
    case AV_TABLE: return diag_set(err, &v->loc, "a table is not a value here");
    case AV_EXPR: return diag_set(err, &v->loc, "an expression is not a value here");
    case AV_DIST: *out = (struct rvalue){ .kind = R_DIST, .dist = v->dist }; return 0;
    }
    return diag_set(err, &v->loc, "bad value");
}

int eval_value(const struct ast_value *v, const struct scope *sc, struct rvalue *out, struct diag *err)
{
    if (eval_plain(v, sc, out, err) != 0)
        return -1;
    if (!out->bound)
        out->loc = v->loc;
    return 0;
}

static const char *kind_name(const struct rvalue *r)
{
    switch (r->kind) {
    case R_INT: return "a number";
    case R_BOOL: return "a boolean";
    case R_STR: return "a string";
    case R_DIST: return r->is_cvar ? "a custom variable" : "a random variable";
    }
    return "a value";
}

/* Numbers written as strings ("5", "16k") are accepted where a number is wanted. */
static int parse_number_text(const char *s, uint64_t *out)
{
    uint64_t n;
    const char *end = number_scan(s, &n);
    if (end == NULL)
        return -1;
    unsigned shift = 0;
    switch (*end) {
    case '\0': break;
    case 'k': case 'K': shift = 10; end++; break;
    case 'm': case 'M': shift = 20; end++; break;
    case 'g': case 'G': shift = 30; end++; break;
    case 't': case 'T': shift = 40; end++; break;
    default: return -1;
    }
    if (*end != '\0' || (shift && n > (UINT64_MAX >> shift)))
        return -1;
    *out = (uint64_t)n << shift;
    return 0;
}

int eval_u64(const struct ast_value *v, const struct scope *sc, const char *what, uint64_t *out, struct diag *err)
{
    struct rvalue r;
    if (eval_value(v, sc, &r, err) != 0)
        return -1;
    if (r.kind == R_INT) {
        *out = r.i;
        return 0;
    }
    if (r.kind == R_STR && parse_number_text(r.s, out) == 0)
        return 0;
    if (r.kind == R_DIST) {
        /* A count bound once per run (entries=, instances=) takes one sample, as classic does. */
        struct rng rng;
        rng_seed(&rng, dist_seed(r.dist));
        double s = dist_sample(r.dist, &rng);
        *out = s > 0 ? (s >= 1.8e19 ? UINT64_MAX : (uint64_t)s) : 0;
        return 0;
    }
    if (r.kind == R_STR)
        return diag_set(err, &r.loc, "%s wants a number, got '%s'", what, r.s);
    return diag_set(err, &r.loc, "%s wants a number, got %s", what, kind_name(&r));
}

int eval_bool(const struct ast_value *v, const struct scope *sc, const char *what, bool *out, struct diag *err)
{
    struct rvalue r;
    if (eval_value(v, sc, &r, err) != 0)
        return -1;
    if (r.kind == R_BOOL) {
        *out = r.b;
        return 0;
    }
    if (r.kind == R_INT) {
        *out = r.i != 0;
        return 0;
    }
    if (r.kind == R_STR && (strcmp(r.s, "true") == 0 || strcmp(r.s, "false") == 0)) {
        *out = r.s[0] == 't';
        return 0;
    }
    if (r.kind == R_STR)
        return diag_set(err, &r.loc, "%s wants true or false, got '%s'", what, r.s);
    return diag_set(err, &r.loc, "%s wants true or false, got %s", what, kind_name(&r));
}

int eval_str(const struct ast_value *v, const struct scope *sc, const char *what, const char **out, struct diag *err)
{
    struct rvalue r;
    if (eval_value(v, sc, &r, err) != 0)
        return -1;
    if (r.kind == R_STR) {
        if (r.s[0] == '\0')
            return diag_set(err, &r.loc, "%s must not be empty", what);
        *out = r.s;
        return 0;
    }
    return diag_set(err, &r.loc, "%s wants a name or a string, got %s", what, kind_name(&r));
}

static int check_range(const struct attrvals *a, int idx, uint64_t val, struct diag *err)
{
    const struct attr_spec *s = &a->table->specs[idx];
    if (s->max != 0 && val > s->max)
        return diag_set(err, &a->loc[idx], "%s=%" PRIu64 " is out of range (0..%" PRIu64 ")", s->name, val, s->max);
    return 0;
}

int attr_u64(const struct attrvals *a, int idx, const struct scope *sc, uint64_t *out, struct diag *err)
{
    const struct attr_spec *s = &a->table->specs[idx];
    if (a->val[idx] == NULL) {
        *out = s->def;
        return 0;
    }
    if (eval_u64(a->val[idx], sc, s->name, out, err) != 0)
        return -1;
    return check_range(a, idx, *out, err);
}

int attr_bool(const struct attrvals *a, int idx, const struct scope *sc, bool *out, struct diag *err)
{
    const struct attr_spec *s = &a->table->specs[idx];
    if (a->val[idx] == NULL) {
        *out = s->def != 0;
        return 0;
    }
    return eval_bool(a->val[idx], sc, s->name, out, err);
}

int attr_str(const struct attrvals *a, int idx, const struct scope *sc, const char **out, struct diag *err)
{
    const struct attr_spec *s = &a->table->specs[idx];
    if (a->val[idx] == NULL) {
        *out = NULL;
        return 0;
    }
    return eval_str(a->val[idx], sc, s->name, out, err);
}
