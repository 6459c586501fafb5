/* cmd_set.c: `set` in all its forms (values, arithmetic, randvar, cvar, mode)
 * and the legacy `define randvar`. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "lang/eval.h"
#include "cli/interp.h"
#include "cli/expand.h"
#include "model/attr_store.h"

/* Integer arithmetic on current values; overflow and division by zero are errors. */
static int eval_expr(const struct interp *in, const struct ast_expr *e, uint64_t *out, struct diag *err)
{
    struct scope sc = { .vars = &in->vars };
    if (e->op == 0)
        return eval_u64(&e->leaf, &sc, "arithmetic", out, err);
    uint64_t a, b;
    if (eval_expr(in, e->lhs, &a, err) != 0 || eval_expr(in, e->rhs, &b, err) != 0)
        return -1;
    switch (e->op) {
    case '+':
        if (__builtin_add_overflow(a, b, out))
            return diag_set(err, &e->loc, "overflow in %" PRIu64 " + %" PRIu64, a, b);
        return 0;
    case '-':
        if (b > a)
            return diag_set(err, &e->loc, "%" PRIu64 " - %" PRIu64 " is negative (values are unsigned)", a, b);
        *out = a - b;
        return 0;
    case '*':
        if (__builtin_mul_overflow(a, b, out))
            return diag_set(err, &e->loc, "overflow in %" PRIu64 " * %" PRIu64, a, b);
        return 0;
    case '/':
        if (b == 0)
            return diag_set(err, &e->loc, "division by zero");
        *out = a / b;
        return 0;
    }
    return diag_set(err, &e->loc, "bad operator");
}

/* A variable given with -D keeps its value: the script's own `set` is skipped. */
static bool overridden(const struct interp *in, const char *name)
{
    const struct var *v = vars_find(&in->vars, name);
    return v != NULL && v->overridden;
}

static int store(struct interp *in, const struct ast_cmd *c, const struct rvalue *r, struct diag *err)
{
    int rc = 0;
    switch (r->kind) {
    case R_INT: rc = vars_set_int(&in->vars, c->var, r->i); break;
    case R_BOOL: rc = vars_set_bool(&in->vars, c->var, r->b); break;
    case R_STR: rc = vars_set_str(&in->vars, c->var, r->s); break;
    case R_DIST: {
        struct var *v = vars_get(&in->vars, c->var);
        if (v == NULL)
            return diag_set(err, &c->loc, "out of memory");
        struct dist d = *r->dist;
        bool cv = r->is_cvar;
        vars_clear_value(v);
        v->kind = VAR_DIST;
        v->dist = d;
        v->is_cvar = cv;
        break;
    }
    }
    if (rc != 0)
        return diag_set(err, &c->loc, "out of memory");
    return 0;
}

static int set_value(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (overridden(in, c->var))
        return 0;
    if (c->value.kind == AV_EXPR) {
        uint64_t n;
        if (eval_expr(in, c->value.expr, &n, err) != 0)
            return -1;
        return vars_set_int(&in->vars, c->var, n) == 0 ? 0 : diag_set(err, &c->loc, "out of memory");
    }
    struct scope sc = { .vars = &in->vars };
    struct rvalue r;
    if (eval_value(&c->value, &sc, &r, err) != 0)
        return -1;
    /* The value may live in the variable being replaced: copy text first. */
    char *copy = r.kind == R_STR ? strdup(r.s) : NULL;
    if (r.kind == R_STR) {
        if (copy == NULL)
            return diag_set(err, &c->loc, "out of memory");
        r.s = copy;
    }
    int rc = store(in, c, &r, err);
    free(copy);
    return rc;
}

/* Where a randvar and a cvar keep each attribute: the store columns of lang/randvar_attr_list.def
 * and lang/cvar_attr_list.def. */
#define STORE_IN struct randvar_spec
static const struct attr_store randvar_stores[RV_NATTRS] = {
#define RV_ATTR(id, nm, alias, kind, def, max, req, store, help) [RV_##id] = STORE_ROW(kind, max, store),
#include "lang/randvar_attr_list.def"
#undef RV_ATTR
};
#undef STORE_IN
#define STORE_IN struct cvar_spec
static const struct attr_store cvar_stores[CV_NATTRS] = {
#define CV_ATTR(id, nm, alias, kind, def, max, req, store, help) [CV_##id] = STORE_ROW(kind, max, store),
#include "lang/cvar_attr_list.def"
#undef CV_ATTR
};
#undef STORE_IN

static int randvar_type(const struct attrvals *a, const struct scope *sc, struct randvar_spec *s, struct diag *err)
{
    static const struct { const char *name; enum dist_kind kind; } types[] = {
        { "uniform", DIST_UNIFORM }, { "gamma", DIST_GAMMA }, { "tabular", DIST_TABULAR },
    };
    const char *t, *src;
    s->kind = DIST_GAMMA;
    if (attr_str(a, RV_TYPE, sc, &t, err) != 0 || attr_str(a, RV_RANDSRC, sc, &src, err) != 0)
        return -1;
    if (src != NULL && strcmp(src, "urandom") != 0 && strcmp(src, "rand48") != 0)
        return diag_set(err, &a->loc[RV_RANDSRC], "randsrc must be rand48 or urandom, not '%s'", src);
    s->urandom = src != NULL && strcmp(src, "urandom") == 0;
    if (t == NULL)
        return 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (strcmp(types[i].name, t) == 0) {
            s->kind = types[i].kind;
            return 0;
        }
    return diag_set(err, &a->loc[RV_TYPE], "unknown randvar type '%s' (uniform, gamma or tabular)", t);
}

static int randvar_table(const struct ast_value *v, const struct scope *sc, struct randvar_spec *s, struct diag *err)
{
    const struct ast_table *t = v->table;
    if (t->nrows > DIST_TABLE_MAX)
        return diag_set(err, &v->loc, "randtable has %zu rows; the limit is %d", t->nrows, DIST_TABLE_MAX);
    for (size_t i = 0; i < t->nrows; i++) {
        uint64_t n[3];
        for (int k = 0; k < 3; k++)
            if (eval_u64(&t->rows[i][k], sc, "randtable", &n[k], err) != 0)
                return -1;
        s->rows[i] = (struct dist_row){ (double)n[0], (double)n[1], (double)n[2] };
    }
    s->nrows = t->nrows;
    s->kind = DIST_TABULAR;
    return 0;
}

static int make_randvar(struct interp *in, const struct attrvals *a, const struct srcloc *loc, struct dist *d,
                        struct diag *err)
{
    struct scope sc = { .vars = &in->vars };
    struct randvar_spec s;
    memset(&s, 0, sizeof s);
    if (randvar_type(a, &sc, &s, err) != 0 || plan_attr_store(randvar_stores, RV_NATTRS, a, &sc, &s, err) != 0)
        return -1;
    if (a->val[RV_RANDTABLE] != NULL && randvar_table(a->val[RV_RANDTABLE], &sc, &s, err) != 0)
        return -1;
    if (s.kind == DIST_TABULAR && s.nrows == 0)
        return diag_set(err, loc, "a tabular randvar needs randtable={{pct, lo, hi}, ...}");
    if (randvar_init(d, &s, err) != 0)
        return diag_locate(err, strstr(err->msg, "randtable") && a->val[RV_RANDTABLE] ? &a->loc[RV_RANDTABLE] : loc);
    return 0;
}

static int store_dist(struct interp *in, const char *name, const struct dist *d, bool is_cvar, struct diag *err,
                      const struct srcloc *loc)
{
    struct var *v = vars_get(&in->vars, name);
    if (v == NULL)
        return diag_set(err, loc, "out of memory");
    if (v->overridden)
        return 0;
    vars_clear_value(v);
    v->kind = VAR_DIST;
    v->dist = *d;
    v->is_cvar = is_cvar;
    v->loc = *loc;
    return 0;
}

static int set_randvar(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct attrvals a = { 0 };
    struct dist d;
    int rc = attrvals_build(&a, &randvar_attrs, c->attrs, NULL, err);
    if (rc == 0)
        rc = make_randvar(in, &a, &c->loc, &d, err);
    if (rc == 0)
        rc = store_dist(in, c->var, &d, false, err, &c->loc);
    attrvals_free(&a);
    return rc;
}

int cmd_define_randvar(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct attrvals a = { 0 };
    struct dist d;
    int rc = attrvals_build(&a, &randvar_attrs, c->attrs, NULL, err);
    if (rc == 0 && (a.val[RV_NAME] == NULL || a.val[RV_NAME]->kind != AV_VAR))
        rc = diag_set(err, &c->loc, "define randvar needs name=$variable");
    if (rc == 0)
        rc = make_randvar(in, &a, &c->loc, &d, err);
    if (rc == 0)
        rc = store_dist(in, a.val[RV_NAME]->s, &d, false, err, &c->loc);
    attrvals_free(&a);
    return rc;
}

static int set_cvar(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct attrvals a = { 0 };
    struct scope sc = { .vars = &in->vars };
    struct cvar_spec s = { 0 };
    struct dist d;
    int rc = attrvals_build(&a, &cvar_attrs, c->attrs, NULL, err);
    if (rc == 0 && a.val[CV_TYPE] == NULL)
        rc = diag_set(err, &c->loc, "cvar(...) needs type= (for example type=cvar-gamma)");
    if (rc == 0)
        rc = plan_attr_store(cvar_stores, CV_NATTRS, &a, &sc, &s, err);
    /* parameters="mean:$m;gamma:1.5": its $variables are read now, as the value is made */
    char *expanded = NULL;
    if (rc == 0 && a.val[CV_PARAMETERS] != NULL && a.val[CV_PARAMETERS]->raw_vars) {
        if ((expanded = interp_expand(in, a.val[CV_PARAMETERS]->s)) == NULL)
            rc = diag_set(err, &a.loc[CV_PARAMETERS], "out of memory");
        s.parameters = expanded;
    }
    if (rc == 0 && cvar_init(&d, &s, err) != 0) {
        /* Point at the attribute the message is about. */
        const struct srcloc *at = &c->loc;
        if (strstr(err->msg, "cvar type") != NULL)
            at = &a.loc[CV_TYPE];
        else if (a.val[CV_PARAMETERS] != NULL)
            at = &a.loc[CV_PARAMETERS];
        rc = diag_locate(err, at);
    }
    if (rc == 0)
        rc = store_dist(in, c->var, &d, true, err, &c->loc);
    free(expanded);
    attrvals_free(&a);
    return rc;
}

/* The `set` forms that make a value, by the command kind. */
static int (*const setters[])(struct interp *, const struct ast_cmd *, struct diag *) = {
    [CMD_SET_VAR] = set_value,
    [CMD_SET_RANDVAR] = set_randvar,
    [CMD_SET_CVAR] = set_cvar,
};

/* A `set` inside a loaded workload that reads other variables: its variable
 * keeps a copy of it, so that a `set` of one of them after the load (the
 * classic load, set, run) carries on to it. A variable that reads itself
 * (`set $n = $n + 1`) is a step, not a derivation. */
static void note_derivation(struct interp *in, const struct ast_cmd *c)
{
    struct var *v = vars_find(&in->vars, c->var);
    if (in->load_depth == 0 || v == NULL || v->overridden || ast_set_reads(c, c->var))
        return;
    bool reads = false;
    for (size_t i = 0; i < in->vars.n && !reads; i++)
        reads = ast_set_reads(c, in->vars.v[i]->name);
    if (!reads)
        return;
    v->from = ast_set_copy(c);
    v->from_depth = in->load_depth;
    v->from_seq = in->vars.nderived++;
}

static int by_seq(const void *a, const void *b)
{
    const struct var *x = *(struct var *const *)a, *y = *(struct var *const *)b;
    return x->from_seq < y->from_seq ? -1 : x->from_seq > y->from_seq;
}

static bool reads_any(const struct ast_cmd *from, struct var *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (ast_set_reads(from, names[i]->name))
            return true;
    return false;
}

/* Works one derived variable out again from the values its inputs have now. */
static int rederive_one(struct interp *in, struct var *v, const struct var *cause, const struct srcloc *at,
                        struct diag *err)
{
    char before[64], after[64];
    var_format(v, before, sizeof before);
    struct ast_cmd *from = v->from;
    v->from = NULL; /* storing the new value forgets the derivation: it is put back after */
    int rc = setters[from->kind](in, from, err);
    v->from = from;
    if (rc != 0) {
        diag_printf(in->err, "flowbench: note: $%s cannot follow the set of $%s at %s:%d; the error is in its derivation\n",
                    v->name, cause->name, at->file, at->line);
        return -1;
    }
    var_format(v, after, sizeof after);
    if (strcmp(before, after) != 0 || v->kind == VAR_DIST)
        diag_printf(in->err, "flowbench: note: $%s follows $%s: %s%s%s (derived at %s:%d)\n", v->name, cause->name, after,
                    v->kind == VAR_DIST ? "" : ", was ", v->kind == VAR_DIST ? "" : before, from->loc.file,
                    from->loc.line);
    return 0;
}

/* After a `set $b` outside a loaded workload, every variable the workload derived
 * from $b (and from those, in turn) is worked out again, in the order the
 * workload made them: load, set, run runs what the values now say, as -D would. */
static int rederive(struct interp *in, struct var *changed, const struct srcloc *at, struct diag *err)
{
    size_t n = 0, nnames = 0;
    struct var **order = malloc((in->vars.n + 1) * sizeof *order);
    struct var **names = malloc((in->vars.n + 1) * sizeof *names);
    int rc = order != NULL && names != NULL ? 0 : diag_set(err, at, "out of memory");
    for (size_t i = 0; rc == 0 && i < in->vars.n; i++) {
        struct var *v = in->vars.v[i];
        if (v->from != NULL && v->from_depth > in->load_depth && !v->overridden && v != changed)
            order[n++] = v;
    }
    if (rc == 0) {
        qsort(order, n, sizeof *order, by_seq);
        names[nnames++] = changed;
    }
    for (size_t i = 0; rc == 0 && i < n; i++) {
        if (!reads_any(order[i]->from, names, nnames))
            continue;
        rc = rederive_one(in, order[i], changed, at, err);
        names[nnames++] = order[i];
    }
    free(order);
    free(names);
    return rc;
}

/* Every `set` that makes a value: made, noted if derived, and carried on to
 * what a loaded workload derived from it. */
static int set_any(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (setters[c->kind](in, c, err) != 0)
        return -1;
    note_derivation(in, c);
    struct var *v = vars_find(&in->vars, c->var);
    if (v == NULL || in->vars.nderived == 0 || v->overridden)
        return 0;
    return rederive(in, v, &c->loc, err);
}

int cmd_set_var(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return set_any(in, c, err);
}

int cmd_set_randvar(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return set_any(in, c, err);
}

int cmd_set_cvar(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return set_any(in, c, err);
}

int cmd_set_mode(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    static const struct { const char *name; enum quit_mode mode; } modes[] = {
        { "timeout", QUIT_TIMEOUT }, { "alldone", QUIT_ALLDONE }, { "firstdone", QUIT_FIRSTDONE },
    };
    if (c->word2 == NULL) {
        if (strcmp(c->word, "nousestats") == 0)
            return 0;
        return diag_set(err, &c->word_loc, "unknown mode '%s' (set mode quit timeout|alldone|firstdone)", c->word);
    }
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(modes[i].name, c->word2) == 0) {
            in->mode = modes[i].mode;
            return 0;
        }
    return diag_set(err, &c->word_loc, "unknown quit mode '%s' (timeout, alldone or firstdone)", c->word2);
}

int cmd_set_steady(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct steady_spec spec;
    if (steady_parse(c->word, &spec, err) != 0)
        return diag_locate(err, &c->word_loc);
    in->steady = spec;
    return 0;
}
