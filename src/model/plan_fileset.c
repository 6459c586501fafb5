/* plan_fileset.c: a fileset of the plan: its sizes, names, journal and checks,
 * bound to the variables. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lang/eval.h"
#include "model/plan.h"
#include "model/plan_build.h"
#include "base/hint.h"
#include "base/rank_spell.h"
#include "base/verify_block.h"

int plan_fileset_index(const struct plan *p, const char *name)
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
    struct diag why;
    if (randvar_init(&size->dist, &s, &why) != 0)
        return diag_set(err, &a->loc[FS_FILESIZEGAMMA], "filesizegamma: %s", why.msg);
    size->is_dist = true;
    return 0;
}

/* journal= (stored): where the durability journal goes; it records verify's generations, so it needs verify. */
static int check_journal(const struct attrvals *a, const struct plan_fileset *f, struct diag *err)
{
    if (f->journal == NULL)
        return 0;
    if (!f->verify)
        return diag_set(err, &a->loc[FS_JOURNAL], "journal= records which generation of each verify block was made "
                        "durable: %s '%s' needs verify too", f->is_file ? "file" : "fileset", f->name);
    if (f->journal[0] == '\0')
        return diag_set(err, &a->loc[FS_JOURNAL], "journal= wants a directory");
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
        char *copy = plan_dupstr(journal);
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
    int serials = 0, ranks = 0;
    for (const char *c = pat; (c = strchr(c, '%')) != NULL; c += 2) {
        if (c[1] != 'i' && c[1] != 'r' && c[1] != '%')
            return diag_set(err, at, "filenames=%s: '%%%c' is not %%i (the serial), %%r (the rank) or %%%%", pat,
                            c[1] ? c[1] : ' ');
        serials += c[1] == 'i';
        ranks += c[1] == 'r';
    }
    /* room for the serial, and for each %r spelt as the largest rank */
    if (strlen(pat) + RANK_SPELL_GROWTH * (size_t)ranks >= sizeof f->filenames - 16 || strchr(pat, '/') != NULL)
        return diag_set(err, at, "filenames= wants a name of at most %zu characters (each %%r counting %d) without '/'",
                        sizeof f->filenames - 17, 2 + RANK_SPELL_GROWTH);
    if (serials != 1)
        return diag_set(err, at, "filenames=%s wants %%i (the file's serial) exactly once, so every name is its own", pat);
    snprintf(f->filenames, sizeof f->filenames, "%s", pat);
    return 0;
}

/* Where the plan keeps each fileset attribute: the store column of lang/fileset_attr_list.def. */
#define STORE_IN struct plan_fileset
const struct attr_store plan_fileset_stores[FS_NATTRS] = {
#define FS_ATTR(id, nm, alias, kind, def, max, req, store, help, file, file_help) [FS_##id] = STORE_ROW(kind, max, store),
#include "lang/fileset_attr_list.def"
#undef FS_ATTR
};
#undef STORE_IN

/* path= (stored) without trailing slashes: "/tmp/" and "/tmp" are one parent, and every
 * path made from it reads "/tmp/name", not "/tmp//name"; "/" itself stays. */
static int check_path(const struct fileset_def *d, struct plan_fileset *f, struct diag *err)
{
    if (f->path == NULL)
        return diag_set(err, &d->loc, "%s '%s' needs path=", d->is_file ? "file" : "fileset", d->name);
    for (size_t n = strlen(f->path); n > 1 && f->path[n - 1] == '/'; n--)
        f->path[n - 1] = '\0';
    return 0;
}

/* What a fileset's stored attributes do not say alone: its shape, checked. */
static int build_tree(const struct fileset_def *d, const struct scope *sc, struct plan_fileset *f, struct diag *err)
{
    const struct attrvals *a = &d->a;
    uint64_t gamma;
    if (attr_u64(a, FS_DIRGAMMA, sc, &gamma, err) != 0)
        return -1;
    f->dirgamma = (double)gamma / 1000.0;
    if (f->entries + f->leafdirs > 0 && !f->dirwidth.is_dist && f->dirwidth.u == 0)
        return diag_set(err, &d->loc, "fileset '%s' needs dirwidth= (mean entries per directory)", d->name);
    if (f->entries > (UINT64_C(1) << 40) || f->leafdirs > (UINT64_C(1) << 40))
        return diag_set(err, &d->loc, "fileset '%s' is too large (at most 2^40 entries)", d->name);
    return 0;
}

int plan_build_fileset(struct builder *b, const struct fileset_def *d, const struct scope *sc, struct plan_fileset *f)
{
    const struct attrvals *a = &d->a;
    struct diag *err = b->err;
    *f = (struct plan_fileset){ .name = plan_dupstr(d->name), .is_file = d->is_file, .loc = d->loc };
    if (check_fileset_name(d->name, a->val[FS_NAME] ? &a->loc[FS_NAME] : &d->loc, err) != 0
        || plan_attr_store(plan_fileset_stores, FS_NATTRS, a, sc, f, err) != 0 || check_path(d, f, err) != 0)
        return -1;
    f->verify_id = vb_fileset_id(d->name);
    if (check_journal(a, f, err) != 0 || build_filenames(a, sc, f, err) != 0)
        return -1;
    if (f->trusttree)
        f->reuse = true;
    if (file_size_gamma(a, sc, &f->size, err) != 0 || plan_attr_data(a, FS_PATTERN, sc, &plan_random_data, &f->data, err) != 0)
        return -1;
    if (!d->is_file)
        return build_tree(d, sc, f, err);
    f->entries = 1;
    f->dirwidth.u = 10;
    return 0;
}
