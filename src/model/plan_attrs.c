/* plan_attrs.c: the attribute values every part of the plan reads the same way:
 * the stores of the attribute lists, copied names, numbers or distributions, and the data pattern. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"

char *plan_dupstr(const char *s)
{
    return diag_must_alloc(strdup(s ? s : ""), stderr);
}

/* A number or a distribution; a distribution is copied (it is a plain value). */
int plan_attr_param(const struct attrvals *a, int idx, const struct scope *sc, struct param *out, struct diag *err)
{
    const struct attr_spec *s = &a->table->specs[idx];
    *out = (struct param){ .u = s->def };
    if (a->val[idx] == NULL)
        return 0;
    struct rvalue r;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    if (r.kind == R_DIST) {
        out->is_dist = true;
        out->dist = *r.dist;
        return 0;
    }
    return attr_u64(a, idx, sc, &out->u, err);
}

/* Data as it is when nothing is said: random, whole blocks, no repeats. */
const struct data_pattern plan_random_data = { .kind = DATA_RANDOM };

/* pattern=, compress= and dedupe= (rows first, first + 1, first + 2) over
 * what the entity inherits; compress and dedupe shape random data only. */
int plan_attr_data(const struct attrvals *a, int first, const struct scope *sc, const struct data_pattern *inherit,
                     struct data_pattern *out, struct diag *err)
{
    *out = *inherit;
    const char *pat;
    uint64_t compress = out->compress, dedupe = out->dedupe;
    if (attr_str(a, first, sc, &pat, err) != 0)
        return -1;
    struct diag why;
    if (pat != NULL && data_pattern_parse(pat, out, &why) != 0)
        return diag_set(err, &a->loc[first], "pattern %s", why.msg);
    if ((a->val[first + 1] != NULL && attr_u64(a, first + 1, sc, &compress, err) != 0)
        || (a->val[first + 2] != NULL && attr_u64(a, first + 2, sc, &dedupe, err) != 0))
        return -1;
    out->compress = (uint8_t)compress;
    out->dedupe = (uint8_t)dedupe;
    int shaped = a->val[first + 1] != NULL ? first + 1 : a->val[first + 2] != NULL ? first + 2 : -1;
    if (out->kind != DATA_RANDOM && (compress != 0 || dedupe != 0))
        return diag_set(err, shaped >= 0 ? &a->loc[shaped] : &a->loc[first],
                        "compress= and dedupe= shape random data; pattern is not random");
    return 0;
}

/* ---- stores: each kind's conversion into its field (model/plan_build.h) ---- */

typedef int store_fn(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                     struct diag *err);

static int store_int(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                     struct diag *err)
{
    uint64_t v;
    if (attr_u64(a, idx, sc, &v, err) != 0)
        return -1;
    if (type == ST_INT)
        *(int *)field = (int)v; /* max <= INT_MAX: checked where the row is made */
    else
        *(uint64_t *)field = v;
    return 0;
}

static int store_bool(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                      struct diag *err)
{
    return attr_bool(a, idx, sc, field, err);
}

/* A percentage, or a boolean: true (or bare) is 100. */
static int store_pct(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                     struct diag *err)
{
    unsigned *out = field;
    uint64_t pct;
    struct rvalue r;
    *out = (unsigned)a->table->specs[idx].def;
    if (a->val[idx] == NULL)
        return 0;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    if (r.kind == R_BOOL) {
        *out = r.b ? 100 : 0;
        return 0;
    }
    if (attr_u64(a, idx, sc, &pct, err) != 0)
        return -1;
    *out = (unsigned)pct;
    return 0;
}

static int store_param(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                       struct diag *err)
{
    return plan_attr_param(a, idx, sc, field, err);
}

static int store_str(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                     struct diag *err)
{
    const char *s;
    if (attr_str(a, idx, sc, &s, err) != 0)
        return -1;
    *(char **)field = s != NULL ? plan_dupstr(s) : NULL;
    return 0;
}

/* A random variable only; the field is left as it is when none is given. */
static int store_rv(const struct attrvals *a, int idx, const struct scope *sc, void *field, enum store_type type,
                    struct diag *err)
{
    struct rvalue r;
    if (a->val[idx] == NULL)
        return 0;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    if (r.kind != R_DIST)
        return diag_set(err, &a->loc[idx], "%s wants a random variable", a->table->specs[idx].name);
    *(struct dist *)field = *r.dist;
    return 0;
}

/* The kinds a store may have (STORE_FITS); the others are read by hand. */
static store_fn *const kind_stores[] = {
    [AT_INT] = store_int, [AT_PCT] = store_pct, [AT_BOOL] = store_bool, [AT_NUMRV] = store_param,
    [AT_STR] = store_str, [AT_RV] = store_rv,
};

int plan_attr_store(const struct attr_store *stores, size_t n, const struct attrvals *a, const struct scope *sc,
                    void *obj, struct diag *err)
{
    for (size_t i = 0; i < n; i++) {
        const struct attr_store *st = &stores[i];
        if (st->type == ST_NONE)
            continue;
        if (kind_stores[st->kind](a, (int)i, sc, (char *)obj + st->field, st->type, err) != 0)
            return -1;
        if (st->has_given)
            *(bool *)((char *)obj + st->given) = a->val[i] != NULL;
    }
    return 0;
}

void plan_attr_unstore(const struct attr_store *stores, size_t n, void *obj)
{
    for (size_t i = 0; i < n; i++) {
        if (stores[i].type != ST_STR)
            continue;
        char **field = (char **)(void *)((char *)obj + stores[i].field);
        free(*field);
        *field = NULL;
    }
}
