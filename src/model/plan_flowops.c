/* plan_flowops.c: a thread's flowops in the plan: each leaf's attributes, its
 * fileset and checks, and composite uses expanded into copies of their flowops. */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"
#include "model/plan_io.h"
#include "model/plan_choose.h"
#include "base/hint.h"
#include "base/verify_block.h"


static char *dotted(const char *prefix, const char *name)
{
    if (prefix == NULL)
        return plan_dupstr(name);
    size_t len = strlen(prefix) + strlen(name) + 2;
    char *s = diag_must_alloc(malloc(len), stderr);
    snprintf(s, len, "%s.%s", prefix, name);
    return s;
}

static int resolve_fileset(struct builder *b, const struct flowop_def *d, const struct scope *sc, struct plan_op *op)
{
    const char *fsname;
    struct rvalue r;
    if (d->a.val[FO_FILENAME] == NULL)
        return 0;
    if (eval_value(d->a.val[FO_FILENAME], sc, &r, b->err) != 0
        || eval_str(d->a.val[FO_FILENAME], sc, "filename", &fsname, b->err) != 0)
        return -1;
    op->fileset = plan_fileset_index(b->p, fsname);
    if (op->fileset >= 0)
        return 0;
    /* Report at the composite use when the name came from one of its parameters. */
    const struct srcloc *at = r.bound ? &r.loc : &d->a.loc[FO_FILENAME];
    const char *hint = hint_closest_in(fsname, b->p->filesets, b->p->nfilesets, sizeof b->p->filesets[0]);
    if (hint != NULL)
        return diag_set(b->err, at, "flowop '%s': no fileset or file named '%s'; did you mean '%s'?", op->name,
                        fsname, hint);
    return diag_set(b->err, at, "flowop '%s': no fileset or file named '%s'", op->name, fsname);
}

static bool parse_is_number(const char *s)
{
    uint64_t n;
    struct ast_value v = { .kind = AV_STRING, .s = (char *)s };
    struct scope none = { 0 };
    struct diag scratch;
    return eval_u64(&v, &none, "value", &n, &scratch) == 0;
}

static int build_value(struct builder *b, const struct flowop_def *d, const struct scope *sc, struct plan_op *op)
{
    if (d->a.val[FO_VALUE] == NULL)
        return 0;
    struct rvalue r;
    if (eval_value(d->a.val[FO_VALUE], sc, &r, b->err) != 0)
        return -1;
    op->has_value = true;
    bool text = flowop_is(d->type, FF_TEXT_VALUE);
    if (r.kind == R_STR && !text && parse_is_number(r.s) == false)
        return diag_set(b->err, r.bound ? &r.loc : &d->a.loc[FO_VALUE], "flowop %s '%s' wants a number for value=, got '%s'",
                        d->type->name, op->name, r.s);
    if (r.kind == R_STR && text) {
        op->value_str = plan_dupstr(r.s);
        return 0;
    }
    return plan_attr_param(&d->a, FO_VALUE, sc, &op->value, b->err);
}

static int check_needs(struct builder *b, const struct flowop_def *d, struct plan_op *op)
{
    unsigned needs = op->type->needs;
    const char *tn = op->type->name;
    if ((needs & NEED_FILESET) && op->fileset < 0)
        return diag_set(b->err, &d->loc, "flowop %s '%s' needs filename= (a fileset or file)", tn, d->name);
    if ((needs & NEED_FILESET_OR_FD) && op->fileset < 0 && op->fd == 0)
        return diag_set(b->err, &d->loc, "flowop %s '%s' needs filename= or fd= (a slot another flowop opens)", tn, d->name);
    if ((needs & NEED_IOSIZE) && !op->iosize.is_dist && op->iosize.u == 0)
        return diag_set(b->err, op->has_iosize ? &d->a.loc[FO_IOSIZE] : &d->loc,
                        "flowop %s '%s' needs iosize= greater than 0", tn, d->name);
    if ((needs & NEED_TARGET) && op->target == NULL)
        return diag_set(b->err, &d->loc, "flowop %s '%s' needs target= (the flowop it acts on)", tn, d->name);
    if ((needs & NEED_VALUE) && !op->has_value)
        return diag_set(b->err, &d->loc, "flowop %s '%s' needs value=", tn, d->name);
    if ((needs & NEED_RANDOM) && !op->random)
        return diag_set(b->err, &d->loc, "flowop %s '%s' needs random (asynchronous writes go to random offsets)", tn, d->name);
    if ((needs & NEED_LEAFDIRS) && op->fileset >= 0 && b->p->filesets[op->fileset].leafdirs == 0)
        return diag_set(b->err, &d->loc, "flowop %s '%s': fileset '%s' has no leafdirs", tn, d->name,
                        b->p->filesets[op->fileset].name);
    if ((needs & NEED_FIXED_VALUE) && op->value.is_dist)
        return diag_set(b->err, &d->a.loc[FO_VALUE], "flowop %s '%s' wants a fixed number for value=", tn, d->name);
    return 0;
}

/* openclose works on a file it picks itself: it needs a fileset to pick from,
 * and a slot of its own (fd= and opennext would name another). */
static int check_openclose(struct builder *b, const struct flowop_def *d, const struct plan_op *op)
{
    if (!op->openclose)
        return 0;
    const struct srcloc *at = &d->a.loc[FO_OPENCLOSE];
    if (op->fileset < 0)
        return diag_set(b->err, at, "flowop %s '%s': openclose needs filename= (the fileset it picks from)",
                        op->type->name, d->name);
    if (op->has_fd || op->opennext)
        return diag_set(b->err, at, "flowop %s '%s': openclose opens a file of its own; it takes no %s",
                        op->type->name, d->name, op->has_fd ? "fd=" : "opennext");
    return 0;
}

/* pick=: the order the flowop draws its files in (picks=, stored, counts its draws). */
static int build_pick(const struct flowop_def *d, const struct scope *sc, struct plan_op *op, struct diag *err)
{
    const struct attrvals *a = &d->a;
    const char *pick = NULL;
    if (attr_str(a, FO_PICK, sc, &pick, err) != 0)
        return -1;
    static const char *const orders[] = { "random", "epoch" };
    bool known = pick == NULL;
    for (size_t i = 0; pick != NULL && i < sizeof orders / sizeof orders[0]; i++)
        if (strcmp(pick, orders[i]) == 0)
            known = true, op->epoch = i == 1;
    if (!known)
        return diag_set(err, &a->loc[FO_PICK], "flowop '%s': pick=%s: the orders are random and epoch", d->name, pick);
    if (a->val[FO_PICKS] != NULL && !op->epoch)
        return diag_set(err, &a->loc[FO_PICKS], "flowop '%s': picks= counts the draws of pick=epoch", d->name);
    if (op->epoch && a->val[FO_INDEXED] != NULL)
        return diag_set(err, &a->loc[FO_INDEXED], "flowop '%s': pick=epoch draws its own files: no indexed=", d->name);
    return 0;
}

/* Where the plan keeps each flowop attribute: the store column of lang/flowop_attr_list.def. */
#define STORE_IN struct plan_op
const struct attr_store plan_op_stores[FO_NATTRS] = {
#define FO_ATTR(id, nm, alias, kind, def, max, req, store, help) [FO_##id] = STORE_ROW(kind, max, store),
#include "lang/flowop_attr_list.def"
#undef FO_ATTR
};
#undef STORE_IN

/* Where a read or write goes (enum plan_at): offset=, inplace and random
 * each name one place, so two of them are an error (at inplace, else offset=). */
static int build_at(const struct flowop_def *d, const struct scope *sc, struct plan_op *op, struct diag *err)
{
    const struct attrvals *a = &d->a;
    bool inplace = false;
    if (attr_bool(a, FO_INPLACE, sc, &inplace, err) != 0)
        return -1;
    op->at = inplace ? PLAN_AT_INPLACE : a->val[FO_OFFSET] != NULL ? PLAN_AT_OFFSET : PLAN_AT_SLOT;
    if (inplace && a->val[FO_OFFSET] != NULL)
        return diag_set(err, &a->loc[FO_INPLACE], "flowop '%s': offset= and inplace: an op goes to one or the other",
                        d->name);
    if (op->at != PLAN_AT_SLOT && op->random) {
        int at = op->at == PLAN_AT_INPLACE ? FO_INPLACE : FO_OFFSET;
        return diag_set(err, &a->loc[at], "flowop '%s': %s and random: an op goes to one or the other", d->name,
                        at == FO_INPLACE ? "inplace" : "offset=");
    }
    return 0;
}

/* A leaf flowop: its stored attributes, then those read by hand (BY_HAND in its list). */
static int build_leaf(struct builder *b, const struct flowop_def *d, const struct scope *sc, struct plan_op *op)
{
    const struct attrvals *a = &d->a;
    struct diag *err = b->err;
    if (resolve_fileset(b, d, sc, op) != 0 || plan_attr_store(plan_op_stores, FO_NATTRS, a, sc, op, err) != 0
        || build_value(b, d, sc, op) != 0 || build_pick(d, sc, op, err) != 0 || build_at(d, sc, op, err) != 0
        || check_needs(b, d, op) != 0)
        return -1;
    return check_openclose(b, d, op);
}

/* The scope inside a composite use: its declared parameters, with the values
 * given at the use (read in the caller's scope) or the defaults of the definition. */
static int composite_scope(struct builder *b, const struct flowop_def *d, const struct scope *caller,
                           struct binding **out, struct scope *inner)
{
    const struct composite_def *c = d->composite;
    struct binding *bind = calloc(c->locals.n + 1, sizeof *bind);
    if (bind == NULL)
        return diag_set(b->err, &d->loc, "out of memory");
    for (size_t i = 0; i < d->locals.n; i++) {
        bool known = false;
        for (size_t k = 0; k < c->locals.n; k++)
            known |= strcmp(c->locals.v[k].name, d->locals.v[i].name) == 0;
        if (!known) {
            free(bind);
            return diag_set(b->err, &d->locals.v[i].loc, "composite flowop '%s' has no parameter $%s", c->name,
                            d->locals.v[i].name);
        }
    }
    for (size_t k = 0; k < c->locals.n; k++) {
        const struct local *decl = &c->locals.v[k];
        bind[k] = (struct binding){ decl->name, decl->has_value ? &decl->val : NULL, caller,
                                    decl->has_value ? decl->loc : d->loc };
        for (size_t i = 0; i < d->locals.n; i++) {
            const struct local *use = &d->locals.v[i];
            if (strcmp(use->name, decl->name) == 0)
                bind[k] = (struct binding){ decl->name, use->has_value ? &use->val : NULL, caller, use->loc };
        }
    }
    *out = bind;
    *inner = (struct scope){ caller->vars, bind, c->locals.n, caller };
    return 0;
}

/* The flowop's verify= where given, else its thread's, else its fileset's; only
 * the types that stamp and check (FO_VERIFY in their row) verify. */
static int resolve_verify(struct builder *b, const struct plan_thread *t, const struct flowop_def *d,
                          const struct scope *sc, struct plan_op *op)
{
    const struct plan_fileset *fs = op->fileset >= 0 ? &b->p->filesets[op->fileset] : NULL;
    bool v = fs != NULL && fs->verify;
    if (t->has_verify)
        v = t->verify;
    if (d->a.val[FO_VERIFY] != NULL && attr_bool(&d->a, FO_VERIFY, sc, &v, b->err) != 0)
        return -1;
    const char *tn = op->type->name;
    bool can = (op->type->attrs & FA(FO_VERIFY)) != 0;
    if (!can && fs != NULL && fs->verify && flowop_is(op->type, FF_WRITE))
        return diag_set(b->err, &d->loc, "flowop %s '%s' writes without verify headers into %s '%s', which has verify",
                        tn, d->name, fs->is_file ? "file" : "fileset", fs->name);
    op->verify = v && can;
    if (!op->verify || !flowop_is(op->type, FF_READ))
        return 0;
    const struct srcloc *at = d->a.val[FO_VERIFY] != NULL ? &d->a.loc[FO_VERIFY] : &d->loc;
    if (fs != NULL && !fs->verify)
        return diag_set(b->err, at, "flowop %s '%s' checks verify headers, but %s '%s' has no verify: its files carry none",
                        tn, d->name, fs->is_file ? "file" : "fileset", fs->name);
    if (op->iosize.is_dist || op->iosize.u == 0 || op->iosize.u % VB_BLOCK != 0)
        return diag_set(b->err, op->has_iosize ? &d->a.loc[FO_IOSIZE] : at,
                        "flowop %s '%s' checks whole %u-byte blocks with verify: iosize must be a fixed multiple of %u",
                        tn, d->name, VB_BLOCK, VB_BLOCK);
    return 0;
}

static int build_op(struct builder *b, struct thread_ctx *tc, const struct flowop_def *d, const struct scope *sc,
                    const char *prefix, struct plan_op *op)
{
    *op = (struct plan_op){ .type = d->type, .name = dotted(prefix, d->name), .loc = d->loc, .fileset = -1,
                            .target_op = -1, .flat = tc->nflat++ };
    if (plan_attr_param(&d->a, FO_ITERS, sc, &op->iters, b->err) != 0)
        return -1;
    if (d->type != NULL && (plan_attr_data(&d->a, FO_PATTERN, sc, &tc->t->data, &op->data, b->err) != 0
                            || plan_io_attrs(&d->a, FO_IOENGINE, sc, &tc->t->io, d->type, &op->io, b->err) != 0))
        return -1;
    if (d->type != NULL)
        return build_leaf(b, d, sc, op) != 0 ? -1 : resolve_verify(b, tc->t, d, sc, op);
    struct binding *bind = NULL;
    struct scope inner;
    if (composite_scope(b, d, sc, &bind, &inner) != 0)
        return -1;
    int rc = plan_build_ops(b, tc, d->composite->ops, d->composite->nops, &inner, op->name, &op->children, &op->nchildren);
    if (rc == 0 && d->composite->choose)
        rc = plan_choose_build(op, d->composite, &inner, &d->loc, b->err);
    free(bind);
    return rc;
}

int plan_build_ops(struct builder *b, struct thread_ctx *tc, const struct flowop_def *defs, size_t n,
                     const struct scope *sc, const char *prefix, struct plan_op **out, size_t *nout)
{
    struct plan_op *ops = calloc(n ? n : 1, sizeof *ops);
    if (ops == NULL)
        return diag_set(b->err, NULL, "out of memory");
    *out = ops;
    *nout = 0;
    for (size_t i = 0; i < n; i++) {
        (*nout)++;
        if (build_op(b, tc, &defs[i], sc, prefix, &ops[i]) != 0)
            return -1;
    }
    return 0;
}
