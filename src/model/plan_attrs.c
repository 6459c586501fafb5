/* plan_attrs.c: the attribute values every part of the plan reads the same way by hand:
 * copied names, numbers or distributions, and the data pattern (the stores: attr_store.c). */
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
