/* plan.c: resolving the model against the variables when a run starts:
 * late binding, name lookup, composite expansion and range checks. */
#include "model/plan.h"
#include "model/plan_io.h"
#include "model/plan_choose.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "base/hint.h"
#include "base/verify_block.h"

struct builder {
    const struct model *m;
    struct plan *p;
    struct diag *err;
};

static char *dupstr(const char *s)
{
    char *d = strdup(s ? s : "");
    if (d == NULL) {
        diag_printf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    return d;
}

/* A number or a distribution; a distribution is copied (it is a plain value). */
static int attr_param(const struct attrvals *a, int idx, const struct scope *sc, struct param *out, struct diag *err)
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
static const struct data_pattern random_data = { .kind = DATA_RANDOM };

/* pattern=, compress= and dedupe= (rows first, first + 1, first + 2) over
 * what the entity inherits; compress and dedupe shape random data only. */
static int attr_data(const struct attrvals *a, int first, const struct scope *sc, const struct data_pattern *inherit,
                     struct data_pattern *out, struct diag *err)
{
    *out = *inherit;
    const char *pat;
    uint64_t compress = out->compress, dedupe = out->dedupe;
    if (attr_str(a, first, sc, &pat, err) != 0)
        return -1;
    char why[128];
    if (pat != NULL && data_pattern_parse(pat, out, why, sizeof why) != 0)
        return diag_set(err, &a->loc[first], "pattern %s", why);
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

static int fileset_index(const struct plan *p, const char *name)
{
    for (size_t i = 0; i < p->nfilesets; i++)
        if (strcmp(p->filesets[i].name, name) == 0)
            return (int)i;
    return -1;
}

static int check_fileset_name(const char *name, const struct srcloc *loc, struct diag *err)
{
    if (strchr(name, '/') != NULL || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return diag_set(err, loc, "fileset name '%s' must be a single directory name (no '/', '.' or '..')", name);
    return 0;
}

/* Legacy filesizegamma: sizes drawn from a gamma distribution whose mean is size. */
static int file_size_gamma(const struct attrvals *a, const struct scope *sc, struct param *size, struct diag *err)
{
    uint64_t g;
    if (a->table->specs[FS_FILESIZEGAMMA].name == NULL || attr_u64(a, FS_FILESIZEGAMMA, sc, &g, err) != 0)
        return a->table->specs[FS_FILESIZEGAMMA].name == NULL ? 0 : -1;
    if (g == 0 || size->is_dist)
        return 0;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_mean = true, .mean = (double)size->u, .has_gamma = true,
                              .gamma = (double)g };
    char why[256];
    if (randvar_init(&size->dist, &s, why, sizeof why) != 0)
        return diag_set(err, &a->loc[FS_FILESIZEGAMMA], "filesizegamma: %s", why);
    size->is_dist = true;
    return 0;
}

/* journal=: where the durability journal goes; it records verify's generations, so it needs verify. */
static int build_journal(const struct attrvals *a, const struct scope *sc, struct plan_fileset *f, struct diag *err)
{
    const char *journal;
    if (attr_str(a, FS_JOURNAL, sc, &journal, err) != 0)
        return -1;
    if (journal == NULL)
        return 0;
    if (!f->verify)
        return diag_set(err, &a->loc[FS_JOURNAL], "journal= records which generation of each verify block was made "
                        "durable: %s '%s' needs verify too", f->is_file ? "file" : "fileset", f->name);
    if (journal[0] == '\0')
        return diag_set(err, &a->loc[FS_JOURNAL], "journal= wants a directory");
    f->journal = dupstr(journal);
    return 0;
}

int plan_set_journal(struct plan *p, const char *journal, struct diag *err)
{
    if (journal == NULL)
        return 0;
    bool any = false;
    for (size_t i = 0; i < p->nfilesets; i++) {
        struct plan_fileset *f = &p->filesets[i];
        if (!f->verify)
            continue;
        char *copy = dupstr(journal);
        if (copy == NULL)
            return diag_set(err, NULL, "out of memory");
        free(f->journal);
        f->journal = copy;
        any = true;
    }
    return any ? 0 : diag_set(err, NULL, "--journal %s: no fileset has verify, so no write carries a generation to journal",
                              journal);
}

/* filenames=: one %i (names stay unique), %r and %% besides, no '/', room for the serial. */
static int build_filenames(const struct attrvals *a, const struct scope *sc, struct plan_fileset *f, struct diag *err)
{
    const char *pat;
    if (attr_str(a, FS_FILENAMES, sc, &pat, err) != 0)
        return -1;
    if (pat == NULL || pat[0] == '\0')
        return 0; /* the serials */
    const struct srcloc *at = &a->loc[FS_FILENAMES];
    if (strlen(pat) >= sizeof f->filenames - 16 || strchr(pat, '/') != NULL)
        return diag_set(err, at, "filenames= wants a name of at most %zu characters without '/'", sizeof f->filenames - 17);
    int serials = 0;
    for (const char *c = pat; (c = strchr(c, '%')) != NULL; c += 2) {
        if (c[1] != 'i' && c[1] != 'r' && c[1] != '%')
            return diag_set(err, at, "filenames=%s: '%%%c' is not %%i (the serial), %%r (the rank) or %%%%", pat,
                            c[1] ? c[1] : ' ');
        serials += c[1] == 'i';
    }
    if (serials != 1)
        return diag_set(err, at, "filenames=%s wants %%i (the file's serial) exactly once, so every name is its own", pat);
    snprintf(f->filenames, sizeof f->filenames, "%s", pat);
    return 0;
}

static int build_fileset(struct builder *b, const struct fileset_def *d, const struct scope *sc, struct plan_fileset *f)
{
    const struct attrvals *a = &d->a;
    struct diag *err = b->err;
    const char *path;
    *f = (struct plan_fileset){ .name = dupstr(d->name), .is_file = d->is_file, .loc = d->loc };
    if (check_fileset_name(d->name, a->val[FS_NAME] ? &a->loc[FS_NAME] : &d->loc, err) != 0)
        return -1;
    if (attr_str(a, FS_PATH, sc, &path, err) != 0)
        return -1;
    if (path == NULL)
        return diag_set(err, &d->loc, "%s '%s' needs path=", d->is_file ? "file" : "fileset", d->name);
    f->path = dupstr(path);
    /* "/tmp/" and "/tmp" are one parent: without trailing slashes every path made
     * from it reads "/tmp/name", not "/tmp//name"; "/" itself stays. */
    for (size_t n = strlen(f->path); n > 1 && f->path[n - 1] == '/'; n--)
        f->path[n - 1] = '\0';
    if (attr_param(a, FS_SIZE, sc, &f->size, err) != 0)
        return -1;
    bool flags[] = { false, false, false, false, false, false, false, false };
    int flag_attrs[] = { FS_PARALLOC, FS_REUSE, FS_TRUSTTREE, FS_READONLY, FS_WRITEONLY, FS_CACHED, FS_VERIFY, FS_SHARED };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (attr_bool(a, flag_attrs[i], sc, &flags[i], err) != 0)
            return -1;
    f->paralloc = flags[0], f->reuse = flags[1], f->trusttree = flags[2];
    f->readonly = flags[3], f->writeonly = flags[4], f->cached = flags[5], f->verify = flags[6];
    f->shared = flags[7];
    f->verify_id = vb_fileset_id(d->name);
    if (build_journal(a, sc, f, err) != 0 || build_filenames(a, sc, f, err) != 0)
        return -1;
    if (f->trusttree)
        f->reuse = true;
    if (a->val[FS_PREALLOC] != NULL) {
        struct rvalue r;
        if (eval_value(a->val[FS_PREALLOC], sc, &r, err) != 0)
            return -1;
        if (r.kind == R_BOOL)
            f->prealloc = r.b ? 100 : 0;
        else {
            uint64_t pct;
            if (attr_u64(a, FS_PREALLOC, sc, &pct, err) != 0)
                return -1;
            f->prealloc = (unsigned)pct;
        }
    }
    if (file_size_gamma(a, sc, &f->size, err) != 0 || attr_data(a, FS_PATTERN, sc, &random_data, &f->data, err) != 0)
        return -1;
    if (d->is_file) {
        f->entries = 1;
        f->dirwidth.u = 10;
        return 0;
    }
    uint64_t gamma;
    if (attr_u64(a, FS_ENTRIES, sc, &f->entries, err) != 0 || attr_u64(a, FS_LEAFDIRS, sc, &f->leafdirs, err) != 0
        || attr_param(a, FS_DIRWIDTH, sc, &f->dirwidth, err) != 0 || attr_u64(a, FS_DIRGAMMA, sc, &gamma, err) != 0)
        return -1;
    f->dirgamma = (double)gamma / 1000.0;
    if (f->entries + f->leafdirs > 0 && !f->dirwidth.is_dist && f->dirwidth.u == 0)
        return diag_set(err, &d->loc, "fileset '%s' needs dirwidth= (mean entries per directory)", d->name);
    if (f->entries > (UINT64_C(1) << 40) || f->leafdirs > (UINT64_C(1) << 40))
        return diag_set(err, &d->loc, "fileset '%s' is too large (at most 2^40 entries)", d->name);
    if (a->val[FS_DIRDEPTHRV] != NULL) {
        struct rvalue r;
        if (eval_value(a->val[FS_DIRDEPTHRV], sc, &r, err) != 0)
            return -1;
        if (r.kind != R_DIST)
            return diag_set(err, &a->loc[FS_DIRDEPTHRV], "dirdepthrv wants a random variable");
        f->has_depthrv = true;
        f->depthrv = *r.dist;
    }
    return 0;
}

/* ---- flowops ---- */

struct thread_ctx {
    struct plan_thread *t;
    size_t nflat;
};

static int build_ops(struct builder *b, struct thread_ctx *tc, const struct flowop_def *defs, size_t n,
                     const struct scope *sc, const char *prefix, struct plan_op **out, size_t *nout);

static char *dotted(const char *prefix, const char *name)
{
    if (prefix == NULL)
        return dupstr(name);
    size_t len = strlen(prefix) + strlen(name) + 2;
    char *s = malloc(len);
    if (s == NULL) {
        diag_printf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
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
    op->fileset = fileset_index(b->p, fsname);
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
        op->value_str = dupstr(r.s);
        return 0;
    }
    return attr_param(&d->a, FO_VALUE, sc, &op->value, b->err);
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

/* pick= and picks=: the order the flowop draws its files in. */
static int build_pick(const struct flowop_def *d, const struct scope *sc, struct plan_op *op, struct diag *err)
{
    const struct attrvals *a = &d->a;
    const char *pick = NULL;
    if (attr_str(a, FO_PICK, sc, &pick, err) != 0 || attr_u64(a, FO_PICKS, sc, &op->picks, err) != 0)
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

static int build_leaf(struct builder *b, const struct flowop_def *d, const struct scope *sc, struct plan_op *op)
{
    const struct attrvals *a = &d->a;
    struct diag *err = b->err;
    uint64_t fd, srcfd;
    const char *target;
    if (resolve_fileset(b, d, sc, op) != 0 || attr_param(a, FO_IOSIZE, sc, &op->iosize, err) != 0
        || attr_param(a, FO_INDEXED, sc, &op->indexed, err) != 0
        || attr_u64(a, FO_WORKINGSET, sc, &op->workingset, err) != 0
        || attr_u64(a, FO_HIGHWATER, sc, &op->highwater, err) != 0 || attr_u64(a, FO_FD, sc, &fd, err) != 0
        || attr_u64(a, FO_SRCFD, sc, &srcfd, err) != 0 || attr_str(a, FO_TARGET, sc, &target, err) != 0
        || build_value(b, d, sc, op) != 0)
        return -1;
    bool *flags[] = { &op->random, &op->dsync, &op->directio, &op->noreadahead, &op->opennext, &op->blocking,
                      &op->openclose };
    int flag_attrs[] = { FO_RANDOM, FO_DSYNC, FO_DIRECTIO, FO_NOREADAHEAD, FO_OPENNEXT, FO_BLOCKING, FO_OPENCLOSE };
    for (size_t i = 0; i < sizeof flag_attrs / sizeof flag_attrs[0]; i++)
        if (attr_bool(a, flag_attrs[i], sc, flags[i], err) != 0)
            return -1;
    if (build_pick(d, sc, op, err) != 0)
        return -1;
    op->has_iosize = a->val[FO_IOSIZE] != NULL;
    op->has_indexed = a->val[FO_INDEXED] != NULL;
    op->has_fd = a->val[FO_FD] != NULL;
    op->has_srcfd = a->val[FO_SRCFD] != NULL;
    op->fd = (int)fd;
    op->srcfd = (int)srcfd;
    op->target = target ? dupstr(target) : NULL;
    if (check_needs(b, d, op) != 0)
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
    if (attr_param(&d->a, FO_ITERS, sc, &op->iters, b->err) != 0)
        return -1;
    if (d->type != NULL && (attr_data(&d->a, FO_PATTERN, sc, &tc->t->data, &op->data, b->err) != 0
                            || plan_io_attrs(&d->a, FO_IOENGINE, sc, &tc->t->io, d->type, &op->io, b->err) != 0))
        return -1;
    if (d->type != NULL)
        return build_leaf(b, d, sc, op) != 0 ? -1 : resolve_verify(b, tc->t, d, sc, op);
    struct binding *bind = NULL;
    struct scope inner;
    if (composite_scope(b, d, sc, &bind, &inner) != 0)
        return -1;
    int rc = build_ops(b, tc, d->composite->ops, d->composite->nops, &inner, op->name, &op->children, &op->nchildren);
    if (rc == 0 && d->composite->choose)
        rc = plan_choose_build(op, d->composite, &inner, &d->loc, b->err);
    free(bind);
    return rc;
}

static int build_ops(struct builder *b, struct thread_ctx *tc, const struct flowop_def *defs, size_t n,
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

/* ---- targets ---- */

static const struct plan_op *find_in(const struct plan_op *ops, size_t n, const char *name, bool short_name)
{
    for (size_t i = 0; i < n; i++) {
        const char *dot = strrchr(ops[i].name, '.');
        const char *s = short_name && dot ? dot + 1 : ops[i].name;
        if (ops[i].type != NULL && strcmp(s, name) == 0)
            return &ops[i];
        const struct plan_op *in = find_in(ops[i].children, ops[i].nchildren, name, short_name);
        if (in != NULL)
            return in;
    }
    return NULL;
}

static const struct plan_op *find_global(const struct plan *p, const char *name, const struct flowop_type *type)
{
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            const struct plan_op *op = find_in(p->procs[i].threads[t].ops, p->procs[i].threads[t].nops, name, false);
            if (op != NULL && op->type == type)
                return op;
        }
    return NULL;
}

static int resolve_target(struct builder *b, const struct plan_thread *t, struct plan_op *op)
{
    const char *tn = op->type->name;
    const struct flowop_type *want = op->type->wakes;
    if (want != NULL) {
        if (find_global(b->p, op->target, want) == NULL)
            return diag_set(b->err, &op->loc, "flowop %s '%s': no %s flowop named '%s'", tn, op->name, want->name,
                            op->target);
        return 0;
    }
    const struct plan_op *tgt = find_in(t->ops, t->nops, op->target, true);
    if (tgt == NULL)
        tgt = find_in(t->ops, t->nops, op->target, false);
    if (tgt == NULL)
        return diag_set(b->err, &op->loc, "flowop %s '%s': target '%s' is not a flowop of thread '%s'", tn, op->name,
                        op->target, t->name);
    if ((op->type->needs & NEED_RW_TARGET) && !flowop_is(tgt->type, FF_READ | FF_WRITE))
        return diag_set(b->err, &op->loc, "flowop %s '%s': target '%s' neither reads nor writes", tn, op->name, op->target);
    op->target_op = (int)tgt->flat;
    return 0;
}

static int resolve_targets_in(struct builder *b, const struct plan_thread *t, struct plan_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        bool uses = ops[i].type != NULL && (ops[i].type->needs & (NEED_TARGET | USES_TARGET));
        if (uses && ops[i].target != NULL && resolve_target(b, t, &ops[i]) != 0)
            return -1;
        if (resolve_targets_in(b, t, ops[i].children, ops[i].nchildren) != 0)
            return -1;
    }
    return 0;
}

/* ---- processes ---- */

static void index_flat(const struct plan_op *ops, size_t n, const struct plan_op **out)
{
    for (size_t i = 0; i < n; i++) {
        out[ops[i].flat] = &ops[i];
        index_flat(ops[i].children, ops[i].nchildren, out);
    }
}

/* ---- expansion bounds ---- */

/* Each composite use is built as a copy of its flowops, so a chain of
 * composites each using the one before twice doubles at every level: 20
 * levels would be a million flowops per thread. Both bounds are checked by
 * counting, before anything is built. */
#define MAX_EXPANDED_OPS 10000u    /* per thread; each costs about 20 KB in the plan */
#define MAX_NESTING 32             /* composite uses within composite uses */

/* The flowops one use of d expands to, itself included, counted only until
 * the count passes budget. A composite use nested MAX_NESTING deep is left in
 * *deep and not counted into. */
static uint64_t expanded(const struct flowop_def *d, uint64_t budget, int depth, const struct flowop_def **deep)
{
    if (d->type != NULL)
        return 1;
    if (depth >= MAX_NESTING) {
        *deep = d;
        return 1;
    }
    uint64_t n = 1;
    const struct composite_def *c = d->composite;
    for (size_t i = 0; i < c->nops && n <= budget && *deep == NULL; i++)
        n += expanded(&c->ops[i], budget - n, depth + 1, deep);
    return n;
}

/* The counting stops at the bound, so it costs at most MAX_EXPANDED_OPS steps. */
static int check_expansion(struct builder *b, const struct thread_def *t)
{
    uint64_t total = 0;
    const struct flowop_def *deep = NULL;
    for (size_t i = 0; i < t->nops; i++) {
        total += expanded(&t->ops[i], MAX_EXPANDED_OPS - total, 0, &deep);
        if (deep != NULL)
            return diag_set(b->err, &deep->loc, "composite flowops nested more than %d deep", MAX_NESTING);
        if (total > MAX_EXPANDED_OPS)
            return diag_set(b->err, &t->ops[i].loc,
                            "flowop '%s' takes thread '%s' past %u flowops once its composites are expanded "
                            "(a composite using another twice doubles it)",
                            t->ops[i].name, t->name, MAX_EXPANDED_OPS);
    }
    return 0;
}

/* rate=N (passes per second, open loop): 0 is no rate at all, so it is refused
 * where it is written rather than read as "closed loop". */
static int attr_rate(const struct attrvals *a, int idx, const struct scope *sc, uint64_t inherit, uint64_t *out,
                     struct diag *err)
{
    *out = inherit;
    if (a->val[idx] == NULL)
        return 0;
    if (attr_u64(a, idx, sc, out, err) != 0)
        return -1;
    if (*out == 0)
        return diag_set(err, &a->loc[idx], "rate=0: an open-loop rate is at least 1 pass per second (leave rate= out "
                        "for a closed loop)");
    return 0;
}

const char *const rate_process_names[RP_N] = { [RP_LINEAR] = "linear", [RP_POISSON] = "poisson" };

/* rate_process=linear|poisson, as fio spells it. */
static int attr_rate_process(const struct attrvals *a, int idx, const struct scope *sc, enum rate_process inherit,
                             enum rate_process *out, struct diag *err)
{
    struct rvalue r;
    *out = inherit;
    if (a->val[idx] == NULL)
        return 0;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    for (int i = 0; r.kind == R_STR && i < RP_N; i++)
        if (strcmp(r.s, rate_process_names[i]) == 0) {
            *out = (enum rate_process)i;
            return 0;
        }
    return diag_set(err, &a->loc[idx], "rate_process=%s: not one of linear, poisson", r.kind == R_STR ? r.s : "?");
}

static int build_thread(struct builder *b, const struct thread_def *d, const struct scope *sc,
                        const struct plan_process *p, struct plan_thread *t)
{
    *t = (struct plan_thread){ .name = dupstr(d->name), .loc = d->loc };
    bool useism;
    if (attr_u64(&d->a, TH_INSTANCES, sc, &t->instances, b->err) != 0
        || attr_u64(&d->a, TH_MEMSIZE, sc, &t->memsize, b->err) != 0
        || attr_u64(&d->a, TH_IOPRIO, sc, &t->ioprio, b->err) != 0 || attr_bool(&d->a, TH_USEISM, sc, &useism, b->err) != 0
        || attr_rate(&d->a, TH_RATE, sc, p->rate, &t->rate, b->err) != 0
        || attr_rate_process(&d->a, TH_RATE_PROCESS, sc, p->rate_process, &t->rate_process, b->err) != 0)
        return -1;
    t->useism = useism;
    t->has_verify = d->a.val[TH_VERIFY] != NULL;
    if (attr_bool(&d->a, TH_VERIFY, sc, &t->verify, b->err) != 0)
        return -1;
    if (attr_data(&d->a, TH_PATTERN, sc, &random_data, &t->data, b->err) != 0
        || plan_io_attrs(&d->a, TH_IOENGINE, sc, NULL, NULL, &t->io, b->err) != 0
        || plan_place_attrs(&d->a, TH_CPUS, sc, &p->place, &t->place, b->err) != 0)
        return -1;
    if (t->instances == 0)
        return diag_set(b->err, d->a.val[TH_INSTANCES] ? &d->a.loc[TH_INSTANCES] : &d->loc,
                        "thread '%s' needs instances of 1 or more", d->name);
    struct thread_ctx tc = { t, 0 };
    if (check_expansion(b, d) != 0 || build_ops(b, &tc, d->ops, d->nops, sc, NULL, &t->ops, &t->nops) != 0)
        return -1;
    t->nflat = tc.nflat;
    t->flat = calloc(t->nflat ? t->nflat : 1, sizeof *t->flat);
    if (t->flat == NULL)
        return diag_set(b->err, &d->loc, "out of memory");
    index_flat(t->ops, t->nops, t->flat);
    return 0;
}

static int build_process(struct builder *b, const struct process_def *d, const struct scope *sc, struct plan_process *p)
{
    *p = (struct plan_process){ .name = dupstr(d->name), .loc = d->loc };
    if (attr_u64(&d->a, PR_INSTANCES, sc, &p->instances, b->err) != 0
        || attr_u64(&d->a, PR_NICE, sc, &p->nice, b->err) != 0 || attr_rate(&d->a, PR_RATE, sc, 0, &p->rate, b->err) != 0
        || attr_rate_process(&d->a, PR_RATE_PROCESS, sc, RP_LINEAR, &p->rate_process, b->err) != 0
        || plan_place_attrs(&d->a, PR_CPUS, sc, NULL, &p->place, b->err) != 0)
        return -1;
    if (p->instances == 0)
        return diag_set(b->err, d->a.val[PR_INSTANCES] ? &d->a.loc[PR_INSTANCES] : &d->loc,
                        "process '%s' needs instances of 1 or more", d->name);
    p->threads = calloc(d->nthreads, sizeof *p->threads);
    if (p->threads == NULL)
        return diag_set(b->err, &d->loc, "out of memory");
    for (size_t i = 0; i < d->nthreads; i++) {
        p->nthreads++;
        if (build_thread(b, &d->threads[i], sc, p, &p->threads[i]) != 0)
            return -1;
    }
    return 0;
}

int plan_build(struct plan *out, const struct model *m, const struct vartab *vars, enum quit_mode mode,
               const struct ast_value *eventrate, struct diag *err)
{
    memset(out, 0, sizeof *out);
    out->mode = mode;
    struct builder b = { m, out, err };
    struct scope sc = { .vars = vars };
    if (eventrate != NULL && eval_u64(eventrate, &sc, "eventgen rate", &out->eventrate, err) != 0)
        return -1;
    out->filesets = calloc(m->nfilesets + 1, sizeof *out->filesets);
    out->procs = calloc(m->nprocs + 1, sizeof *out->procs);
    if (out->filesets == NULL || out->procs == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < m->nfilesets; i++) {
        out->nfilesets++;
        if (build_fileset(&b, m->filesets[i], &sc, &out->filesets[i]) != 0)
            return -1;
    }
    for (size_t i = 0; i < m->nprocs; i++) {
        out->nprocs++;
        if (build_process(&b, m->procs[i], &sc, &out->procs[i]) != 0)
            return -1;
    }
    for (size_t i = 0; i < out->nprocs; i++)
        for (size_t t = 0; t < out->procs[i].nthreads; t++) {
            struct plan_thread *th = &out->procs[i].threads[t];
            if (resolve_targets_in(&b, th, th->ops, th->nops) != 0)
                return -1;
        }
    if (out->nprocs == 0)
        return diag_set(err, NULL, "nothing to run: no process is defined");
    return 0;
}

static void ops_free(struct plan_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(ops[i].name);
        free(ops[i].value_str);
        free(ops[i].target);
        free(ops[i].choose_cum);
        ops_free(ops[i].children, ops[i].nchildren);
    }
    free(ops);
}

void plan_free(struct plan *p)
{
    for (size_t i = 0; i < p->nfilesets; i++) {
        free(p->filesets[i].name);
        free(p->filesets[i].path);
        free(p->filesets[i].journal);
    }
    for (size_t i = 0; i < p->nprocs; i++) {
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            free(p->procs[i].threads[t].name);
            free(p->procs[i].threads[t].flat);
            plan_place_free(&p->procs[i].threads[t].place);
            ops_free(p->procs[i].threads[t].ops, p->procs[i].threads[t].nops);
        }
        free(p->procs[i].threads);
        free(p->procs[i].name);
        plan_place_free(&p->procs[i].place);
    }
    free(p->filesets);
    free(p->procs);
    memset(p, 0, sizeof *p);
}

static void each_in(const struct plan_op *ops, size_t n, void (*fn)(const struct plan_op *, void *), void *ctx)
{
    for (size_t i = 0; i < n; i++) {
        if (ops[i].type != NULL)
            fn(&ops[i], ctx);
        each_in(ops[i].children, ops[i].nchildren, fn, ctx);
    }
}

void plan_each_op(const struct plan_thread *t, void (*fn)(const struct plan_op *op, void *ctx), void *ctx)
{
    each_in(t->ops, t->nops, fn, ctx);
}

/* Mean of iters= (a distribution's mean, or the number). */
static double iters_mean(const struct plan_op *op)
{
    return op->iters.is_dist ? dist_mean(&op->iters.dist) : (double)op->iters.u;
}

/* Each leaf flowop with, under a choose composite, its share of the picks and
 * how often a pass of the thread runs it: the product of every iters= above
 * and on it and of every choose share on the way (per_pass: runs of the
 * parent a pass). */
static void describe_ops(const struct plan_op *ops, size_t n, double per_pass, FILE *out)
{
    for (size_t i = 0; i < n; i++) {
        const struct plan_op *op = &ops[i];
        double share = op->weight_total != 0 ? (double)op->weight / (double)op->weight_total : 1.0;
        double runs = per_pass * share * iters_mean(op);
        if (op->type == NULL) {
            describe_ops(op->children, op->nchildren, runs, out);
            continue;
        }
        if (op->weight_total != 0)
            fprintf(out, "      flowop %-14s %s (weight %" PRIu64 " of %" PRIu64 ": %.1f%% of the picks; %.3g runs a pass)\n",
                    op->type->name, op->name, op->weight, op->weight_total, 100.0 * share, runs);
        else if (runs != 1.0)
            fprintf(out, "      flowop %-14s %s (%.3g runs a pass)\n", op->type->name, op->name, runs);
        else
            fprintf(out, "      flowop %-14s %s\n", op->type->name, op->name);
    }
}

static void describe_size(const struct param *p, char *buf, size_t len)
{
    if (p->is_dist)
        snprintf(buf, len, "%s, mean %.0f", dist_describe(&p->dist), dist_mean(&p->dist));
    else
        snprintf(buf, len, "%" PRIu64, p->u);
}

void plan_describe(const struct plan *p, const bool *procs, bool kept, FILE *out)
{
    for (size_t i = 0; i < p->nfilesets; i++) {
        const struct plan_fileset *f = &p->filesets[i];
        char size[96];
        describe_size(&f->size, size, sizeof size);
        const char *sep = strcmp(f->path, "/") == 0 ? "" : "/";
        fprintf(out, "  %s %s%s%s: %" PRIu64 " files, %" PRIu64 " leaf dirs, size %s, %u%% preallocated\n",
                f->is_file ? "file" : "fileset", f->path, sep, f->name, f->entries, f->leafdirs, size, f->prealloc);
        if (kept)
            fprintf(out, "    would keep %s%s%s as the run before leaves it (built anew if its definition changed)\n",
                    f->path, sep, f->name);
        else if (f->reuse)
            fprintf(out, "    would reuse %s%s%s if flowbench made it; otherwise create it\n", f->path, sep, f->name);
        else
            fprintf(out, "    would remove %s%s%s if flowbench made it (refuse otherwise), then create it\n", f->path,
                    sep, f->name);
        if (f->shared)
            fprintf(out, "    under mpirun: one %s for every rank, made by rank 0\n", f->is_file ? "file" : "tree");
    }
    for (size_t i = 0; i < p->nprocs; i++) {
        const struct plan_process *pr = &p->procs[i];
        if (procs != NULL && !procs[i])
            continue;
        fprintf(out, "  process %s x%" PRIu64 "\n", pr->name, pr->instances);
        for (size_t t = 0; t < pr->nthreads; t++) {
            const struct plan_thread *th = &pr->threads[t];
            if (th->rate != 0)
                fprintf(out, "    thread %s x%" PRIu64 ", open loop: %" PRIu64 " passes/s each\n", th->name, th->instances,
                        th->rate);
            else
                fprintf(out, "    thread %s x%" PRIu64 "\n", th->name, th->instances);
            describe_ops(pr->threads[t].ops, pr->threads[t].nops, 1.0, out);
        }
    }
}
