/* attr.c: attribute tables of every entity, and checking attribute lists against them. */
#include "lang/attr.h"

#include <stdlib.h>
#include <string.h>

#include "base/hint.h"

#define ROWS(a) (a), sizeof(a) / sizeof((a)[0])

/* One row of a parser's table from an entry of a lang/<scope>_attr_list.def (the store column is for its reader). */
#define SPEC_ROW(nm, alias, kind, def, max, req, help) { #nm, alias, kind, def, max, req, help },

static const struct attr_spec fileset_specs[FS_NATTRS] = {
#define FS_ATTR(id, nm, alias, kind, def, max, req, store, help, file, file_help) \
    [FS_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/fileset_attr_list.def"
#undef FS_ATTR
};

/* A file is a fileset of one entry: the same row numbers, only the FILE_TOO rows named
 * (the others stay empty, which the parser does not accept), with the file's help. */
#define FILE_TOO(id, nm, alias, kind, def, max, req, help) [id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#define FILESET_ONLY(...)
static const struct attr_spec file_specs[FS_NATTRS] = {
#define FS_ATTR(id, nm, alias, kind, def, max, req, store, help, file, file_help) \
    file(FS_##id, nm, alias, kind, def, max, req, file_help)
#include "lang/fileset_attr_list.def"
#undef FS_ATTR
};
#undef FILE_TOO
#undef FILESET_ONLY

static const struct attr_spec process_specs[PR_NATTRS] = {
#define PR_ATTR(id, nm, alias, kind, def, max, req, store, help) [PR_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/process_attr_list.def"
#undef PR_ATTR
};

static const struct attr_spec thread_specs[TH_NATTRS] = {
#define TH_ATTR(id, nm, alias, kind, def, max, req, store, help) [TH_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/thread_attr_list.def"
#undef TH_ATTR
};

static const struct attr_spec flowop_specs[FO_NATTRS] = {
#define FO_ATTR(id, nm, alias, kind, def, max, req, store, help) [FO_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/flowop_attr_list.def"
#undef FO_ATTR
};

static const struct attr_spec composite_specs[CO_NATTRS] = {
#define CO_ATTR(id, nm, alias, kind, def, max, req, store, help) [CO_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/composite_attr_list.def"
#undef CO_ATTR
};

static const struct attr_spec randvar_specs[RV_NATTRS] = {
#define RV_ATTR(id, nm, alias, kind, def, max, req, store, help) [RV_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/randvar_attr_list.def"
#undef RV_ATTR
};

static const struct attr_spec cvar_specs[CV_NATTRS] = {
#define CV_ATTR(id, nm, alias, kind, def, max, req, store, help) [CV_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/cvar_attr_list.def"
#undef CV_ATTR
};

static const struct attr_spec eventgen_specs[EG_NATTRS] = {
#define EG_ATTR(id, nm, alias, kind, def, max, req, store, help) [EG_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/eventgen_attr_list.def"
#undef EG_ATTR
};

static const struct attr_spec multi_specs[MU_NATTRS] = {
#define MU_ATTR(id, nm, alias, kind, def, max, req, store, help) [MU_##id] = SPEC_ROW(nm, alias, kind, def, max, req, help)
#include "lang/multi_attr_list.def"
#undef MU_ATTR
};

const struct attr_table fileset_attrs = { "fileset", ROWS(fileset_specs), false };
const struct attr_table file_attrs = { "file", ROWS(file_specs), false };
const struct attr_table process_attrs = { "process", ROWS(process_specs), false };
const struct attr_table thread_attrs = { "thread", ROWS(thread_specs), false };
const struct attr_table flowop_attrs = { "flowop", ROWS(flowop_specs), true };
const struct attr_table composite_attrs = { "composite flowop", ROWS(composite_specs), true };
const struct attr_table randvar_attrs = { "randvar", ROWS(randvar_specs), false };
const struct attr_table cvar_attrs = { "cvar", ROWS(cvar_specs), false };
const struct attr_table eventgen_attrs = { "eventgen", ROWS(eventgen_specs), false };
const struct attr_table multi_attrs = { "enable multi", ROWS(multi_specs), false };

const struct attr_table *const attr_tables[] = {
    &fileset_attrs, &file_attrs, &process_attrs, &thread_attrs, &flowop_attrs,
    &composite_attrs, &randvar_attrs, &cvar_attrs, &eventgen_attrs, &multi_attrs, NULL,
};

static int spec_index(const struct attr_table *t, const char *name)
{
    for (size_t i = 0; i < t->n; i++) {
        const struct attr_spec *s = &t->specs[i];
        if (s->name == NULL)
            continue;
        if (strcmp(s->name, name) == 0 || (s->alias != NULL && strcmp(s->alias, name) == 0))
            return (int)i;
    }
    return -1;
}

static int unknown_attr(const struct attr_table *t, const struct ast_attr *a, struct diag *err)
{
    const char *hint = hint_closest_in(a->name, t->specs, t->n, sizeof t->specs[0]);
    if (hint != NULL)
        return diag_set(err, &a->loc, "unknown attribute '%s' for %s; did you mean '%s'?", a->name, t->entity, hint);
    return diag_set(err, &a->loc, "unknown attribute '%s' for %s (see 'help %s')", a->name, t->entity, t->entity);
}

static int add_local(struct locals *locals, const struct ast_attr *a, struct diag *err)
{
    for (size_t i = 0; i < locals->n; i++) {
        if (strcmp(locals->v[i].name, a->name) == 0) {
            ast_value_free(&locals->v[i].val);
            locals->v[i].has_value = a->has_value;
            locals->v[i].val = ast_value_copy(&a->val);
            return 0;
        }
    }
    struct local *v = realloc(locals->v, (locals->n + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(err, &a->loc, "out of memory");
    locals->v = v;
    v[locals->n] = (struct local){ strdup(a->name), a->has_value, ast_value_copy(&a->val), a->loc };
    if (v[locals->n].name == NULL)
        return diag_set(err, &a->loc, "out of memory");
    locals->n++;
    return 0;
}

/* A quoted value with a $variable: only text its command expands takes one
 * (spec NULL: a composite parameter's binding). */
static int check_quoted_dollar(const struct ast_attr *a, const struct attr_spec *spec, struct diag *err)
{
    if (!a->has_value || a->val.kind != AV_STRING || !a->val.raw_vars || (spec != NULL && spec->type == AT_TEXT))
        return 0;
    return diag_set(err, &a->val.loc, "a quoted attribute value cannot use $variables; "
                    "set a variable to the whole value and write attr=$var (or \\$ for a literal $)");
}

int attrvals_build(struct attrvals *out, const struct attr_table *t, const struct ast_attr *list,
                   struct locals *locals, struct diag *err)
{
    if (out->table == NULL)
        out->table = t;
    for (const struct ast_attr *a = list; a != NULL; a = a->next) {
        if (a->is_local) {
            if (check_quoted_dollar(a, NULL, err) != 0)
                return -1;
            if (!t->locals || locals == NULL)
                return diag_set(err, &a->loc, "a %s takes no $variables in its attribute list", t->entity);
            if (add_local(locals, a, err) != 0)
                return -1;
            continue;
        }
        int i = spec_index(t, a->name);
        if (i < 0)
            return unknown_attr(t, a, err);
        if (check_quoted_dollar(a, &t->specs[i], err) != 0)
            return -1;
        if (a->val.kind == AV_TABLE && t->specs[i].type != AT_TABLE)
            return diag_set(err, &a->val.loc, "attribute '%s' takes a single value, not a table", a->name);
        if (t->specs[i].type == AT_TABLE && a->val.kind != AV_TABLE)
            return diag_set(err, &a->loc, "attribute '%s' needs a table {{pct, lo, hi}, ...}", a->name);
        if (!a->has_value && t->specs[i].type != AT_BOOL && t->specs[i].type != AT_PCT)
            return diag_set(err, &a->loc, "attribute '%s' needs a value ('%s=...')", a->name, a->name);
        if (out->val[i] != NULL) {
            ast_value_free(out->val[i]);
            free(out->val[i]);
        }
        out->val[i] = malloc(sizeof *out->val[i]);
        if (out->val[i] == NULL)
            return diag_set(err, &a->loc, "out of memory");
        *out->val[i] = ast_value_copy(&a->val);
        out->loc[i] = a->loc;
    }
    return 0;
}

void attrvals_free(struct attrvals *a)
{
    for (size_t i = 0; i < ATTR_MAX; i++) {
        if (a->val[i] != NULL) {
            ast_value_free(a->val[i]);
            free(a->val[i]);
            a->val[i] = NULL;
        }
    }
}

void locals_free(struct locals *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].name);
        ast_value_free(&l->v[i].val);
    }
    free(l->v);
    l->v = NULL;
    l->n = 0;
}
