/* plan_place.c: a thread's placement attributes read from the script, over its
 * process's; the words of bind=, policy= and membind= and --bind's argument. */
#include "model/plan_place.h"
#include "base/diag.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct word {
    const char *name;
    int value;
};

static const struct word kinds[] = {
    { "none", PLACE_NONE }, { "pu", PLACE_PU }, { "core", PLACE_CORE }, { "package", PLACE_PACKAGE }, { "numa", PLACE_NUMA },
};
static const struct word policies[] = { { "spread", PLACE_SPREAD }, { "compact", PLACE_COMPACT } };
static const struct word mems[] = { { "local", MEM_LOCAL }, { "interleave", MEM_INTERLEAVE } };

#define NWORDS(a) (sizeof(a) / sizeof((a)[0]))

static const struct word *word_find(const struct word *w, size_t n, const char *s, size_t len)
{
    for (size_t i = 0; i < n; i++)
        if (strlen(w[i].name) == len && strncmp(w[i].name, s, len) == 0)
            return &w[i];
    return NULL;
}

static void word_names(const struct word *w, size_t n, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(buf + used, size - used, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", w[i].name);
}

const char *place_kind_name(enum place_kind k)
{
    for (size_t i = 0; i < NWORDS(kinds); i++)
        if (kinds[i].value == (int)k)
            return kinds[i].name;
    return "unset";
}

/* The attribute as text: a list may be a bare number (cpus=1) or a string (cpus="0-3,8"). */
static int attr_text(const struct attrvals *a, int idx, const struct scope *sc, char **out, struct diag *err)
{
    struct rvalue r;
    const char *name = a->table->specs[idx].name;
    *out = NULL;
    if (a->val[idx] == NULL)
        return 0;
    if (eval_value(a->val[idx], sc, &r, err) != 0)
        return -1;
    char num[32];
    if (r.kind == R_INT)
        snprintf(num, sizeof num, "%" PRIu64, r.i);
    else if (r.kind != R_STR || r.s[0] == '\0')
        return diag_set(err, &a->loc[idx], "%s wants a word or a list such as 1 or \"0-3,8\"", name);
    *out = strdup(r.kind == R_INT ? num : r.s);
    return *out != NULL ? 0 : diag_set(err, &a->loc[idx], "out of memory");
}

static int attr_word(const struct attrvals *a, int idx, const struct scope *sc, const struct word *w, size_t n,
                     const struct word **out, struct diag *err)
{
    char *text, names[128];
    if (attr_text(a, idx, sc, &text, err) != 0 || text == NULL)
        return text == NULL && a->val[idx] == NULL ? 0 : -1;
    *out = word_find(w, n, text, strlen(text));
    word_names(w, n, names, sizeof names);
    if (*out == NULL)
        diag_set(err, &a->loc[idx], "%s=%s: not one of %s", a->table->specs[idx].name, text, names);
    free(text);
    return *out != NULL ? 0 : -1;
}

static int list_copy(struct place_list *out, const struct place_list *in)
{
    *out = (struct place_list){ in->text != NULL ? strdup(in->text) : NULL, in->loc };
    return in->text != NULL && out->text == NULL ? -1 : 0;
}

static int attr_list(const struct attrvals *a, int idx, const struct scope *sc, struct place_list *out, struct diag *err)
{
    if (a->val[idx] == NULL)
        return 0;
    free(out->text);
    out->loc = a->loc[idx];
    return attr_text(a, idx, sc, &out->text, err);
}

static int attr_membind(const struct attrvals *a, int idx, const struct scope *sc, struct plan_place *p, struct diag *err)
{
    char *text;
    if (attr_text(a, idx, sc, &text, err) != 0 || text == NULL)
        return a->val[idx] == NULL ? 0 : -1;
    const struct word *w = word_find(mems, NWORDS(mems), text, strlen(text));
    free(p->memnodes.text);
    p->memnodes = (struct place_list){ NULL, a->loc[idx] };
    p->mem = w != NULL ? (enum place_mem)w->value : MEM_NODES;
    if (w == NULL)
        p->memnodes.text = text;
    else
        free(text);
    return 0;
}

int plan_place_attrs(const struct attrvals *a, int first, const struct scope *sc, const struct plan_place *inherit,
                     struct plan_place *out, struct diag *err)
{
    *out = (struct plan_place){ .bind = PLACE_UNSET };
    if (inherit != NULL) {
        *out = *inherit;
        out->cpus.text = out->numa.text = out->memnodes.text = NULL;
        if (list_copy(&out->cpus, &inherit->cpus) != 0 || list_copy(&out->numa, &inherit->numa) != 0
            || list_copy(&out->memnodes, &inherit->memnodes) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    const struct word *kind = NULL, *policy = NULL;
    if (attr_list(a, first, sc, &out->cpus, err) != 0 || attr_word(a, first + 1, sc, kinds, NWORDS(kinds), &kind, err) != 0
        || attr_word(a, first + 2, sc, policies, NWORDS(policies), &policy, err) != 0
        || attr_list(a, first + 3, sc, &out->numa, err) != 0 || attr_membind(a, first + 4, sc, out, err) != 0)
        return -1;
    if (kind != NULL) {
        out->bind = (enum place_kind)kind->value;
        out->bind_loc = a->loc[first + 1];
    }
    if (policy != NULL) {
        out->has_policy = true;
        out->policy = (enum place_policy)policy->value;
        out->policy_loc = a->loc[first + 2];
    }
    return 0;
}

void plan_place_free(struct plan_place *p)
{
    free(p->cpus.text);
    free(p->numa.text);
    free(p->memnodes.text);
    p->cpus.text = p->numa.text = p->memnodes.text = NULL;
}

int place_default_parse(const char *text, struct place_default *out, struct diag *err)
{
    char kn[128], pn[64];
    const char *colon = strchr(text, ':');
    size_t klen = colon != NULL ? (size_t)(colon - text) : strlen(text);
    const struct word *k = word_find(kinds, NWORDS(kinds), text, klen);
    const struct word *p = colon != NULL ? word_find(policies, NWORDS(policies), colon + 1, strlen(colon + 1)) : &policies[0];
    word_names(kinds, NWORDS(kinds), kn, sizeof kn);
    word_names(policies, NWORDS(policies), pn, sizeof pn);
    if (k == NULL || p == NULL)
        return diag_set(err, NULL, "--bind wants KIND[:POLICY], KIND %s, POLICY %s; got '%s'", kn, pn, text);
    *out = (struct place_default){ (enum place_kind)k->value, (enum place_policy)p->value };
    return 0;
}
