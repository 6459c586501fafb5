/* campaign.c: from a parsed profile to the campaign's settings and its points,
 * every point checked before anything runs (campaign.h). */
#include "campaign/campaign.h"
#include "base/infile.h"
#include "base/number.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Reads one DEFAULTS setting into c; -1 with err set. */
typedef int (*setting_fn)(struct campaign *c, const struct prof_key *k, struct diag *err);

static int whole(const struct prof_key *k, uint64_t min, uint64_t max, uint64_t *out, struct diag *err)
{
    const char *t = k->v[0].text;
    if (k->v[0].quoted || !number_parse(t, min, max, out))
        return diag_set(err, &k->v[0].loc, "%s wants a whole number from %llu to %llu, got '%s'", k->name,
                        (unsigned long long)min, (unsigned long long)max, t);
    return 0;
}

static int set_runtime(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    return whole(k, 1, 366ull * 24 * 3600, &c->set.runtime, err);
}

static int set_repeats(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    uint64_t n = 1;
    if (whole(k, 1, 64, &n, err) != 0)
        return -1;
    c->set.repeats = (unsigned)n;
    return 0;
}

static int set_warmup(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    return whole(k, 0, 24 * 3600, &c->set.warmup, err);
}

static int set_cooldown(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    return whole(k, 0, 24 * 3600, &c->set.cooldown, err);
}

static int set_stats(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    (void)err;
    c->set.stats = k->v[0].text;
    return 0;
}

static int set_filesystem(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    for (const char *s = k->v[0].text; *s; s++)
        if (*s == '/' || *s == ' ')
            return diag_set(err, &k->v[0].loc, "filesystem names a file system type (ext4, xfs...), got '%s'",
                            k->v[0].text);
    c->set.filesystem = k->v[0].text;
    return 0;
}

static int set_description(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    (void)err;
    c->set.description = k->v[0].text;
    return 0;
}

static int set_flush(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    const struct prof_value *v = &k->v[0];
    if (v->quoted) {
        c->set.flush = FLUSH_CMD;
        c->set.flush_cmd = v->text;
        return v->text[0] != '\0' ? 0 : diag_set(err, &v->loc, "flush = \"\": the command is empty");
    }
    static const struct { const char *word; enum flush_kind kind; } words[] = {
        { "always", FLUSH_ALWAYS }, { "never", FLUSH_NEVER },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(v->text, words[i].word) == 0) {
            c->set.flush = words[i].kind;
            return 0;
        }
    return diag_set(err, &v->loc, "flush wants always, never or a quoted command, got '%s'", v->text);
}

static int set_launcher(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    const struct prof_value *v = &k->v[0];
    if (!v->quoted || v->text[strspn(v->text, " \t")] == '\0')
        return diag_set(err, &v->loc, "launcher wants a quoted command, as \"mpirun -np 4 --hostfile hosts\"");
    c->set.launcher = v->text;
    return 0;
}

static int quoted_criteria(const struct prof_key *k, struct diag *err)
{
    for (size_t i = 0; i < k->nv; i++)
        if (!k->v[i].quoted || k->v[i].text[strspn(k->v[i].text, " \t")] == '\0' || strchr(k->v[i].text, '\n'))
            return diag_set(err, &k->v[i].loc, "criteria wants quoted expressions, as \"p99 <= 5ms\"");
    return 0;
}

/* criteria = "EXPR", "EXPR"...: each point's flowbench judges every run by them
 * (checked with the point's script); a CONFIG's own are added to these. */
static int set_criteria(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    if (quoted_criteria(k, err) != 0)
        return -1;
    c->set.criteria = k->v;
    c->set.ncriteria = k->nv;
    return 0;
}

static int set_dir(struct campaign *c, const struct prof_key *k, struct diag *err)
{
    (void)err;
    c->dir = k->v[0].text;
    return 0;
}

/* The keys of DEFAULTS that are the campaign's; every other key is a variable. */
static const struct setting {
    const char *name;
    setting_fn fn;
    bool variable;   /* also set in every point's script */
    bool list;       /* takes a list of values (not a sweep) */
    bool config;     /* a CONFIG may have its own (for its points only), not a variable */
} settings[] = {
    { "runtime", set_runtime, false, false, false },       { "dir", set_dir, true, false, false },
    { "stats", set_stats, false, false, false },           { "filesystem", set_filesystem, false, false, false },
    { "description", set_description, false, false, false }, { "repeats", set_repeats, false, false, false },
    { "flush", set_flush, false, false, false },           { "warmup", set_warmup, false, false, false },
    { "cooldown", set_cooldown, false, false, false },     { "launcher", set_launcher, false, false, false },
    { "criteria", set_criteria, false, true, true },
};

static const struct setting *setting_find(const char *name)
{
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
        if (strcmp(settings[i].name, name) == 0)
            return &settings[i];
    return NULL;
}

/* The keys of a CONFIG that are not variables. */
static bool config_key(const char *name)
{
    return strcmp(name, "personality") == 0 || strcmp(name, "function") == 0;
}

static int report(const struct diag *d, int *nerr)
{
    diag_print(d, stderr);
    (*nerr)++;
    return -1;
}

static void read_settings(struct campaign *c, int *nerr)
{
    c->set = (struct campaign_settings){ .runtime = 60, .repeats = 1, .flush = FLUSH_NEVER };
    const struct prof_block *d = &c->prof.defaults;
    for (size_t i = 0; i < d->nkeys; i++) {
        const struct prof_key *k = &d->keys[i];
        const struct setting *s = setting_find(k->name);
        struct diag err;
        diag_clear(&err);
        if (s != NULL && !s->list && k->nv > 1)
            diag_set(&err, &k->v[1].loc, "%s takes one value, not a list", k->name);
        else if (s == NULL && k->nv > 1)
            diag_set(&err, &k->v[1].loc, "a sweep belongs in a CONFIG, not in DEFAULTS");
        else if (s == NULL && config_key(k->name))
            diag_set(&err, &k->loc, "%s belongs in a CONFIG", k->name);
        else if (s != NULL)
            s->fn(c, k, &err);
        if (err.msg[0] != '\0')
            report(&err, nerr);
    }
}

/* A CONFIG's key that is one of its settings, not a variable. */
static bool config_setting(const char *name)
{
    const struct setting *s = setting_find(name);
    return config_key(name) || (s != NULL && s->config);
}

/* DEFAULTS' variables (those the CONFIG does not set), then the CONFIG's. */
static int collect_vars(const struct campaign *c, const struct prof_block *b, const struct prof_key ***out, size_t *n)
{
    const struct prof_block *d = &c->prof.defaults;
    const struct prof_key **v = calloc(d->nkeys + b->nkeys + 1, sizeof *v);
    if (v == NULL)
        return -1;
    *n = 0;
    for (size_t i = 0; i < d->nkeys; i++) {
        const struct setting *s = setting_find(d->keys[i].name);
        if ((s == NULL || s->variable) && !config_key(d->keys[i].name) && prof_block_key(b, d->keys[i].name) == NULL)
            v[(*n)++] = &d->keys[i];
    }
    for (size_t i = 0; i < b->nkeys; i++)
        if (!config_setting(b->keys[i].name))
            v[(*n)++] = &b->keys[i];
    *out = v;
    return 0;
}

static int check_config_keys(const struct prof_block *b, int *nerr)
{
    struct diag err;
    int rc = 0;
    for (size_t i = 0; i < b->nkeys; i++) {
        const struct prof_key *k = &b->keys[i];
        const struct setting *s = setting_find(k->name);
        if (s != NULL && s->config) {
            if (quoted_criteria(k, &err) != 0)
                rc = report(&err, nerr);
        } else if (s != NULL && !s->variable) {
            diag_set(&err, &k->loc, "%s is a setting of the whole campaign: put it in DEFAULTS", k->name);
            rc = report(&err, nerr);
        } else if (config_key(k->name) && k->nv > 1) {
            diag_set(&err, &k->v[1].loc, "%s takes one value, not a list", k->name);
            rc = report(&err, nerr);
        }
    }
    const struct prof_key *f = prof_block_key(b, "function");
    if (f != NULL && strcmp(f->v[0].text, "generic") != 0) {
        diag_set(&err, &f->v[0].loc, "function = %s: the only function is generic", f->v[0].text);
        rc = report(&err, nerr);
    }
    if (prof_block_key(b, "personality") == NULL) {
        diag_set(&err, &b->loc, "CONFIG %s has no personality (the workload it runs)", b->name);
        rc = report(&err, nerr);
    }
    return rc;
}

static int add_swept(struct campaign *c, const char *name)
{
    for (size_t i = 0; i < c->nswept; i++)
        if (strcmp(c->swept[i], name) == 0)
            return 0;
    const char **v = realloc(c->swept, (c->nswept + 1) * sizeof *v);
    if (v == NULL)
        return -1;
    c->swept = v;
    v[c->nswept++] = name;
    return 0;
}

/* The folder of a point: CONFIG, or CONFIG/var=value,var=value over its swept variables. */
static char *point_path(const struct point *p)
{
    size_t cap = strlen(p->config->name) + 2;
    for (size_t i = 0; i < p->nvars; i++)
        cap += p->vars[i].swept ? strlen(p->vars[i].name) + strlen(p->vars[i].value->text) + 2 : 0;
    char *s = malloc(cap);
    if (s == NULL)
        return NULL;
    size_t n = (size_t)snprintf(s, cap, "%s", p->config->name);
    char sep = '/';
    for (size_t i = 0; i < p->nvars; i++) {
        if (!p->vars[i].swept)
            continue;
        size_t start = n + 1;
        n += (size_t)snprintf(s + n, cap - n, "%c%s=%s", sep, p->vars[i].name, p->vars[i].value->text);
        for (size_t j = start; j < n; j++)
            s[j] = s[j] == '/' || s[j] == ',' ? '_' : s[j]; /* a value never adds a level or a separator */
        sep = ',';
    }
    return s;
}

static char *read_text(const char *path)
{
    FILE *f = infile_fopen(path);
    if (f == NULL)
        return NULL;
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    char chunk[8192];
    for (size_t got; m != NULL && (got = fread(chunk, 1, sizeof chunk, f)) > 0;)
        fwrite(chunk, 1, got, m);
    bool bad = ferror(f) != 0;
    fclose(f);
    if (m == NULL || fclose(m) != 0 || bad) {
        free(text);
        return NULL;
    }
    return text;
}

/* Every variable the CONFIG sets must be one its personality knows. */
static int check_vars(const struct campaign_env *env, const char *path, const struct prof_key **keys, size_t n,
                      const char *personality, int *nerr)
{
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        char hint[128] = "";
        if (env->var_known(env->ctx, path, keys[i]->name, hint, sizeof hint) == 0)
            continue;
        struct diag err;
        diag_set(&err, &keys[i]->loc, "the workload %s has no variable $%s%s%s%s", personality, keys[i]->name,
                 hint[0] ? "; did you mean " : "", hint, hint[0] ? "?" : "");
        rc = report(&err, nerr);
    }
    return rc;
}

static int add_point(struct campaign *c, const struct prof_block *b, const char *personality,
                     const struct prof_key **keys, size_t n, const size_t *at)
{
    struct point *v = realloc(c->points, (c->npoints + 1) * sizeof *v);
    if (v == NULL)
        return -1;
    c->points = v;
    struct point *p = &v[c->npoints];
    *p = (struct point){ .config = b, .personality = personality, .nvars = n,
                         .criteria = prof_block_key(b, "criteria") };
    p->vars = calloc(n + 1, sizeof *p->vars);
    if (p->vars == NULL)
        return -1;
    c->npoints++;
    for (size_t i = 0; i < n; i++)
        p->vars[i] = (struct point_var){ keys[i]->name, &keys[i]->v[at[i]], &keys[i]->loc, keys[i]->nv > 1 };
    p->path = point_path(p);
    return p->path != NULL ? 0 : -1;
}

/* The cross product of the CONFIG's lists, the first list outermost. */
static int expand_config(struct campaign *c, const struct prof_block *b, const char *personality,
                         const struct prof_key **keys, size_t n)
{
    size_t *at = calloc(n + 1, sizeof *at);
    if (at == NULL)
        return -1;
    int rc = 0;
    for (bool more = true; more && rc == 0;) {
        rc = add_point(c, b, personality, keys, n, at);
        more = false;
        for (size_t i = n; i-- > 0;) {
            if (++at[i] < keys[i]->nv) {
                more = true;
                break;
            }
            at[i] = 0;
        }
    }
    free(at);
    for (size_t i = 0; i < n && rc == 0; i++)
        if (keys[i]->nv > 1)
            rc = add_swept(c, keys[i]->name);
    return rc;
}

static int check_point(const struct campaign_env *env, const struct point *p, int *nerr)
{
    char label[512];
    snprintf(label, sizeof label, "%s/thisrun.f", p->path);
    if (env->check(env->ctx, p->script, label) == 0)
        return 0;
    struct diag err;
    diag_set(&err, &p->config->loc, "point %s (personality %s) fails --check (errors above)", p->path, p->personality);
    return report(&err, nerr);
}

/* Expands one CONFIG into its points, their scripts checked; -1 when out of memory. */
static int prepare_config(struct campaign *c, const struct campaign_env *env, const struct prof_block *b, int *nerr)
{
    if (check_config_keys(b, nerr) != 0)
        return 0;
    const struct prof_key *pk = prof_block_key(b, "personality");
    const char *personality = pk->v[0].text;
    char *path = env->find(env->ctx, personality);
    struct diag err;
    if (path == NULL) {
        diag_set(&err, &pk->v[0].loc, "no workload '%s' along the workload search path", personality);
        report(&err, nerr);
        return 0;
    }
    const struct prof_key **keys = NULL;
    size_t n = 0;
    char *text = read_text(path);
    int rc = text == NULL || collect_vars(c, b, &keys, &n) != 0 ? -1 : 0;
    if (rc == 0 && check_vars(env, path, keys, n, personality, nerr) == 0) {
        size_t first = c->npoints;
        rc = expand_config(c, b, personality, keys, n);
        for (size_t i = first; i < c->npoints && rc == 0; i++) {
            c->points[i].script = thisrun_text(text, &c->points[i], &c->set);
            rc = c->points[i].script == NULL ? -1 : 0;
            if (rc == 0 && check_point(env, &c->points[i], nerr) != 0)
                break; /* one failing point of a sweep says enough */
        }
    }
    if (text == NULL) {
        diag_set(&err, &pk->v[0].loc, "cannot read the workload %s: %s", path, strerror(errno));
        report(&err, nerr);
        rc = 0;
    }
    free(keys);
    free(text);
    free(path);
    return rc;
}

int campaign_prepare(struct campaign *c, const struct campaign_env *env, const char *stats_override)
{
    int nerr = 0;
    read_settings(c, &nerr);
    if (stats_override != NULL)
        c->set.stats = stats_override;
    if (c->set.stats == NULL)
        c->set.stats = "flowbench-stats";
    for (size_t i = 0; i < c->prof.nconfigs; i++)
        if (prepare_config(c, env, &c->prof.configs[i], &nerr) != 0) {
            diag_printf(stderr, "flowbench: error: out of memory\n");
            return -1;
        }
    return nerr == 0 ? 0 : -1;
}

void campaign_free(struct campaign *c)
{
    for (size_t i = 0; i < c->npoints; i++) {
        free(c->points[i].vars);
        free(c->points[i].path);
        free(c->points[i].script);
    }
    free(c->points);
    free(c->swept);
    profile_free(&c->prof);
    *c = (struct campaign){ 0 };
}
