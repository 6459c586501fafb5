/* summary_write.c: summary.json and summary.csv at the top of a results tree: one entry
 * per point, each figure with its mean, stddev and 95% CI over the repeats. */
#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outfile.h"
#include "campaign/campaign_run.h"
#include "campaign/summary.h"
#include "report/json_writer.h"
#include "report/report.h"
#include "report/report_figures.h"

/* A figure a table of summary.json gives (sum_figs, summary_load.c, says
 * where results.json holds it), and whether summary.csv has its column. */
struct fig_def {
    const struct sum_fig_desc *fig;
    bool csv;
};

static const struct fig_def total_figs[] = {
    { &sum_figs[SUM_OPS], true }, { &sum_figs[SUM_MB], true }, { &sum_figs[SUM_P50], true },
    { &sum_figs[SUM_P99], true }, { &sum_figs[SUM_CPU], true },
    { &sum_figs[SUM_P50_INTENDED], true }, { &sum_figs[SUM_P99_INTENDED], true },
};
static const struct fig_def flowop_figs[] = {
    { &sum_figs[SUM_OPS], true }, { &sum_figs[SUM_MB], false }, { &sum_figs[SUM_P50], false },
    { &sum_figs[SUM_P99], true }, { &sum_figs[SUM_P99_INTENDED], true },
};
static const struct fig_def device_figs[] = {
    { &sum_dev_figs[DEV_READ_MB], true }, { &sum_dev_figs[DEV_WRITE_MB], true },
    { &sum_dev_figs[DEV_AWAIT], true }, { &sum_dev_figs[DEV_UTIL], true },
};
#define NFIGS(t) (sizeof t / sizeof t[0])

/* The completed runs of one point: the last run object of each results.json. */
struct point_runs {
    json_object *docs[64];
    json_object *runs[64];
    json_object *totals[64];     /* each run's "summary" */
    size_t n;
    const char *status;
};

static bool get_number(json_object *o, const char *const path[2], double *out)
{
    for (size_t i = 0; i < 2 && path[i] != NULL; i++)
        if (o == NULL || !json_object_object_get_ex(o, path[i], &o))
            return false;
    if (!json_object_is_type(o, json_type_double) && !json_object_is_type(o, json_type_int))
        return false;
    *out = json_object_get_double(o);
    return true;
}

/* The element of the array at key of run whose "name" is name. */
static json_object *named(json_object *run, const char *key1, const char *key2, const char *name)
{
    json_object *a = NULL;
    if (run == NULL || !json_object_object_get_ex(run, key1, &a))
        return NULL;
    if (key2 != NULL && !json_object_object_get_ex(a, key2, &a))
        return NULL;
    if (!json_object_is_type(a, json_type_array))
        return NULL;
    for (size_t i = 0; i < json_object_array_length(a); i++) {
        json_object *e = json_object_array_get_idx(a, i), *n;
        if (json_object_object_get_ex(e, "name", &n) && strcmp(json_object_get_string(n), name) == 0)
            return e;
    }
    return NULL;
}

/* The values of one figure over the point's runs; objs[i] is run i's object holding it. */
static size_t collect(json_object *const *objs, size_t n, const struct fig_def *f, double *v)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (get_number(objs[i], f->fig->row, &v[k]))
            v[k++] *= f->fig->scale;
    return k;
}

static void write_fig(struct jw *w, const char *key, const double *v, size_t n)
{
    struct fig_stats s = fig_stats_of(v, n);
    jw_open(w, key, '{', true);
    jw_num(w, "mean", s.mean, 6);
    jw_num(w, "stddev", s.stddev, 6);
    jw_num(w, "ci95", s.ci95, 6);
    jw_u64(w, "n", n);
    jw_open(w, "values", '[', true);
    for (size_t i = 0; i < n; i++)
        jw_num(w, NULL, v[i], 6);
    jw_close(w, ']');
    jw_close(w, '}');
}

static void write_figs(struct jw *w, json_object *const *objs, size_t n, const struct fig_def *defs, size_t ndefs)
{
    double v[64];
    for (size_t f = 0; f < ndefs; f++) {
        size_t k = collect(objs, n, &defs[f], v);
        if (k > 0)
            write_fig(w, defs[f].fig->key, v, k);
    }
}

/* Flowops (key1 "flowops") or devices ("system"/"devices") by name, as the first run lists them. */
static void write_named(struct jw *w, const struct point_runs *pr, const char *key, const char *key1, const char *key2,
                        const struct fig_def *defs, size_t ndefs)
{
    jw_open(w, key, '[', false);
    json_object *list = NULL;
    if (pr->n > 0 && json_object_object_get_ex(pr->runs[0], key1, &list) && key2 != NULL)
        json_object_object_get_ex(list, key2, &list);
    for (size_t i = 0; list != NULL && json_object_is_type(list, json_type_array) && i < json_object_array_length(list);
         i++) {
        json_object *name;
        if (!json_object_object_get_ex(json_object_array_get_idx(list, i), "name", &name))
            continue;
        const char *nm = json_object_get_string(name);
        json_object *objs[64];
        for (size_t r = 0; r < pr->n; r++)
            objs[r] = named(pr->runs[r], key1, key2, nm);
        jw_open(w, NULL, '{', false);
        jw_str(w, "name", nm);
        write_figs(w, objs, pr->n, defs, ndefs);
        jw_close(w, '}');
    }
    jw_close(w, ']');
}

static void load_runs(const struct summary_input *in, size_t i, struct point_runs *pr)
{
    const struct point *p = &in->c->points[i];
    unsigned nrep = in->c->set.repeats;
    bool failed = false, missing = false;
    *pr = (struct point_runs){ 0 };
    for (unsigned r = 1; r <= nrep; r++) {
        enum run_state st = in->state != NULL ? in->state[i * nrep + r - 1] : RUN_OK;
        failed |= st == RUN_FAILED;
        char path[PATH_MAX];
        if (nrep > 1)
            snprintf(path, sizeof path, "%s/%s/repeat-%u/results.json", in->tree, p->path, r);
        else
            snprintf(path, sizeof path, "%s/%s/results.json", in->tree, p->path);
        json_object *doc = st == RUN_OK && pr->n < 64 ? json_object_from_file(path) : NULL;
        json_object *runs;
        size_t len;
        if (doc == NULL || !json_object_object_get_ex(doc, "runs", &runs) ||
            (len = json_object_array_length(runs)) == 0) {
            json_object_put(doc);
            missing = true;
            continue;
        }
        pr->docs[pr->n] = doc;
        pr->runs[pr->n] = json_object_array_get_idx(runs, len - 1);
        json_object_object_get_ex(pr->runs[pr->n], "summary", &pr->totals[pr->n]);
        pr->n++;
    }
    pr->status = failed ? "failed" : missing ? "skipped" : "ok";
}

static void free_runs(struct point_runs *pr)
{
    for (size_t i = 0; i < pr->n; i++)
        json_object_put(pr->docs[i]);
    pr->n = 0;
}

/* Whether a run judged criteria, and whether its criterion i failed (its expression then). */
static const char *failed_criterion(json_object *run, size_t i, bool *any)
{
    json_object *list, *c, *res, *expr;
    if (!json_object_object_get_ex(run, "criteria", &list) || !json_object_is_type(list, json_type_array))
        return NULL;
    *any = true;
    if (i >= json_object_array_length(list))
        return NULL;
    c = json_object_array_get_idx(list, i);
    if (!json_object_object_get_ex(c, "result", &res) || strcmp(json_object_get_string(res), "FAIL") != 0 ||
        !json_object_object_get_ex(c, "expression", &expr))
        return NULL;
    return json_object_get_string(expr);
}

/* "pass", "fail", or NULL when no run of the point judged criteria. */
static const char *criteria_state(const struct point_runs *pr)
{
    bool any = false, failed = false;
    for (size_t r = 0; r < pr->n; r++)
        for (size_t i = 0; i < 64; i++)
            failed |= failed_criterion(pr->runs[r], i, &any) != NULL;
    return !any ? NULL : failed ? "fail" : "pass";
}

/* The point's criteria: pass or fail over its repeats, and each that failed in any. */
static void write_criteria(struct jw *w, const struct point_runs *pr)
{
    const char *state = criteria_state(pr);
    if (state == NULL)
        return;
    jw_str(w, "criteria", state);
    jw_open(w, "criteria_failed", '[', true);
    bool any = false;
    for (size_t i = 0; i < 64; i++) {
        const char *expr = NULL;
        for (size_t r = 0; r < pr->n && expr == NULL; r++)
            expr = failed_criterion(pr->runs[r], i, &any);
        if (expr != NULL)
            jw_str(w, NULL, expr);
    }
    jw_close(w, ']');
}

static void write_point(struct jw *w, const struct summary_input *in, size_t i, struct point_runs *pr)
{
    const struct point *p = &in->c->points[i];
    jw_open(w, NULL, '{', false);
    jw_str(w, "config", p->config->name);
    jw_str(w, "path", p->path);
    jw_str(w, "personality", p->personality);
    jw_open(w, "vars", '{', true);
    for (size_t v = 0; v < p->nvars; v++)
        jw_str(w, p->vars[v].name, p->vars[v].value->text);
    jw_close(w, '}');
    jw_open(w, "swept", '{', true);
    for (size_t v = 0; v < p->nvars; v++)
        if (p->vars[v].swept)
            jw_str(w, p->vars[v].name, p->vars[v].value->text);
    jw_close(w, '}');
    jw_u64(w, "repeats", in->c->set.repeats);
    jw_str(w, "status", pr->status);
    write_criteria(w, pr);
    if (pr->n > 0) {
        jw_open(w, "total", '{', false);
        write_figs(w, pr->totals, pr->n, total_figs, NFIGS(total_figs));
        jw_close(w, '}');
    }
    write_named(w, pr, "flowops", "flowops", NULL, flowop_figs, NFIGS(flowop_figs));
    write_named(w, pr, "devices", "system", "devices", device_figs, NFIGS(device_figs));
    jw_close(w, '}');
}

static void iso_time(char *buf, size_t len, time_t t)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int write_json(const struct summary_input *in, FILE *f, struct point_runs *prs)
{
    const struct campaign *c = in->c;
    struct jw w = { .f = f };
    char t0[32], t1[32];
    iso_time(t0, sizeof t0, in->started);
    iso_time(t1, sizeof t1, in->finished);
    jw_open(&w, NULL, '{', false);
    jw_str(&w, "flowbench", FLOWBENCH_VERSION);
    jw_str(&w, "profile", c->prof.name);
    jw_str(&w, "description", c->set.description);
    jw_str(&w, "host", in->host);
    jw_str(&w, "filesystem", in->filesystem);
    jw_str(&w, "started", t0);
    jw_str(&w, "finished", t1);
    jw_u64(&w, "runtime_s", c->set.runtime);
    jw_open(&w, "swept", '[', true);
    for (size_t i = 0; i < c->nswept; i++)
        jw_str(&w, NULL, c->swept[i]);
    jw_close(&w, ']');
    jw_open(&w, "points", '[', false);
    for (size_t i = 0; i < c->npoints; i++)
        write_point(&w, in, i, &prs[i]);
    jw_close(&w, ']');
    jw_close(&w, '}');
    return jw_end(&w);
}

/* A CSV cell after the first of its row. */
static void csv_cell(FILE *f, const char *s)
{
    fputc(',', f);
    report_csv_field(f, s);
}

/* Columns of names (flowops or devices) over every point, in order of first appearance. */
struct names {
    const char *v[256];
    size_t n;
};

static void add_names(struct names *nm, const struct point_runs *pr, const char *key1, const char *key2)
{
    json_object *list = NULL;
    if (pr->n == 0 || !json_object_object_get_ex(pr->runs[0], key1, &list))
        return;
    if (key2 != NULL && !json_object_object_get_ex(list, key2, &list))
        return;
    for (size_t i = 0; json_object_is_type(list, json_type_array) && i < json_object_array_length(list); i++) {
        json_object *name;
        if (!json_object_object_get_ex(json_object_array_get_idx(list, i), "name", &name))
            continue;
        const char *s = json_object_get_string(name);
        bool seen = false;
        for (size_t k = 0; k < nm->n && !seen; k++)
            seen = strcmp(nm->v[k], s) == 0;
        if (!seen && nm->n < 256)
            nm->v[nm->n++] = s;
    }
}

static void csv_mean(FILE *f, json_object *const *objs, size_t n, const struct fig_def *d)
{
    double v[64];
    size_t k = collect(objs, n, d, v);
    char buf[64] = "";
    if (k > 0)
        report_number(buf, sizeof buf, fig_stats_of(v, k).mean, 6);
    csv_cell(f, buf);
}

static void csv_named_header(FILE *f, const struct names *nm, const struct fig_def *defs, size_t ndefs)
{
    char col[512];
    for (size_t k = 0; k < nm->n; k++)
        for (size_t d = 0; d < ndefs; d++)
            if (defs[d].csv) {
                snprintf(col, sizeof col, "%s %s", nm->v[k], defs[d].fig->label);
                csv_cell(f, col);
            }
}

static void csv_named_row(FILE *f, const struct names *nm, const struct point_runs *pr, const char *key1,
                          const char *key2, const struct fig_def *defs, size_t ndefs)
{
    for (size_t k = 0; k < nm->n; k++) {
        json_object *objs[64];
        for (size_t r = 0; r < pr->n; r++)
            objs[r] = named(pr->runs[r], key1, key2, nm->v[k]);
        for (size_t d = 0; d < ndefs; d++)
            if (defs[d].csv)
                csv_mean(f, objs, pr->n, &defs[d]);
    }
}

static int write_csv(const struct summary_input *in, FILE *f, struct point_runs *prs)
{
    const struct campaign *c = in->c;
    struct names flowops = { 0 }, devices = { 0 };
    for (size_t i = 0; i < c->npoints; i++) {
        add_names(&flowops, &prs[i], "flowops", NULL);
        add_names(&devices, &prs[i], "system", "devices");
    }
    /* A criteria column only when a point judged criteria. */
    bool crit = false;
    for (size_t i = 0; i < c->npoints; i++)
        crit |= criteria_state(&prs[i]) != NULL;
    fputs("config", f);
    for (size_t s = 0; s < c->nswept; s++)
        csv_cell(f, c->swept[s]);
    if (crit)
        csv_cell(f, "criteria");
    for (size_t d = 0; d < NFIGS(total_figs); d++)
        csv_cell(f, total_figs[d].fig->label);
    csv_named_header(f, &flowops, flowop_figs, NFIGS(flowop_figs));
    csv_named_header(f, &devices, device_figs, NFIGS(device_figs));
    fputc('\n', f);
    for (size_t i = 0; i < c->npoints; i++) {
        const struct point *p = &c->points[i];
        fputs(p->config->name, f);
        for (size_t s = 0; s < c->nswept; s++) {
            const char *v = "";
            for (size_t k = 0; k < p->nvars; k++)
                if (strcmp(p->vars[k].name, c->swept[s]) == 0)
                    v = p->vars[k].value->text;
            csv_cell(f, v);
        }
        const char *state = criteria_state(&prs[i]);
        if (crit)
            csv_cell(f, state != NULL ? state : "");
        for (size_t d = 0; d < NFIGS(total_figs); d++)
            csv_mean(f, prs[i].totals, prs[i].n, &total_figs[d]);
        csv_named_row(f, &flowops, &prs[i], "flowops", NULL, flowop_figs, NFIGS(flowop_figs));
        csv_named_row(f, &devices, &prs[i], "system", "devices", device_figs, NFIGS(device_figs));
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

/* Written aside and renamed over the tree's name, beneath its root (base/outfile.h):
 * a reader never sees half a file, and no link planted there is written through. */
static int write_atomic(const struct summary_input *in, const char *name, struct point_runs *prs,
                        int (*fn)(const struct summary_input *, FILE *, struct point_runs *))
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", in->tree, name);
    struct outfile o;
    int rc = outfile_open_beneath(&o, in->treefd, name);
    if (rc == 0)
        rc = outfile_end(&o, fn(in, o.f, prs));
    if (rc != 0)
        diag_printf(stderr, "flowbench: error: cannot write %s: %s\n", path, outfile_strerror(errno));
    return rc;
}

int summary_write(const struct summary_input *in)
{
    struct point_runs *prs = calloc(in->c->npoints + 1, sizeof *prs);
    if (prs == NULL)
        return -1;
    for (size_t i = 0; i < in->c->npoints; i++)
        load_runs(in, i, &prs[i]);
    int rc = write_atomic(in, "summary.json", prs, write_json);
    rc |= write_atomic(in, "summary.csv", prs, write_csv);
    for (size_t i = 0; i < in->c->npoints; i++)
        free_runs(&prs[i]);
    free(prs);
    return rc;
}
