/* summary_load.c: summary.json (a results tree's) and a run's results.json read
 * with json-c into one shape, so compare and the index need not know which. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "base/diag.h"
#include "base/infile.h"
#include "campaign/summary.h"

/* The one mapping from results.json to the summary's figures: summary_write.c
 * makes summary.json with it, results_row_read reads a results.json with it. */
const struct sum_fig_desc sum_figs[SUM_NFIG] = {
    [SUM_OPS] = { "ops_per_s", "ops/s", false, { "ops_per_s" }, 1 },
    [SUM_MB] = { "mb_per_s", "MiB/s", false, { "mb_per_s" }, 1 },
    [SUM_P50] = { "p50_ms", "p50 ms", true, { "latency_ns", "p50" }, 1e-6 },
    [SUM_P99] = { "p99_ms", "p99 ms", true, { "latency_ns", "p99" }, 1e-6 },
    [SUM_CPU] = { "cpu_us_per_op", "CPU us/op", true, { "cpu_ns_per_op" }, 1e-3 },
    /* open loop (rate=): the same ops from their intended start; absent in a closed loop */
    [SUM_P50_INTENDED] = { "p50_intended_ms", "p50 intended ms", true, { "latency_from_intended_ns", "p50" }, 1e-6 },
    [SUM_P99_INTENDED] = { "p99_intended_ms", "p99 intended ms", true, { "latency_from_intended_ns", "p99" }, 1e-6 },
};

const struct sum_fig_desc sum_dev_figs[DEV_NFIG] = {
    [DEV_READ_MB] = { "read_mb_per_s", "read MiB/s", false, { "read_mb_per_s" }, 1 },
    [DEV_WRITE_MB] = { "write_mb_per_s", "write MiB/s", false, { "write_mb_per_s" }, 1 },
    [DEV_AWAIT] = { "await_ms", "await ms", true, { "await_ms" }, 1 },
    [DEV_UTIL] = { "util_pct", "util %", true, { "util_pct" }, 1 },
};

int sum_fig_decimals(double v, enum sum_fig fig)
{
    if (!sum_figs[fig].lower_is_better)
        return 1;
    int d = v > 0 && isfinite(v) ? 2 - (int)floor(log10(v)) : 3;
    return d < 3 ? 3 : d > 9 ? 9 : d;
}

static json_object *member(json_object *o, const char *key, json_type type)
{
    json_object *v;
    if (o == NULL || !json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, type))
        return NULL;
    return v;
}

static bool is_number(json_object *v)
{
    return json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int);
}

static double number(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) && is_number(v) ? json_object_get_double(v) : 0;
}

static char *text_dup(json_object *o, const char *key)
{
    json_object *v = member(o, key, json_type_string);
    return strdup(v != NULL ? json_object_get_string(v) : "");
}

/* A value of a "vars"/"swept" object as text: numbers as JSON writes them. */
static char *value_text(json_object *v)
{
    return strdup(json_object_is_type(v, json_type_string) ? json_object_get_string(v)
                                                           : json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
}

/* summary.json's FIG: {mean, stddev, ci95, n}; a bare number is one measure. */
static void fig_read(json_object *o, const char *key, double scale, struct fig *f)
{
    json_object *v;
    memset(f, 0, sizeof *f);
    if (o == NULL || !json_object_object_get_ex(o, key, &v))
        return;
    if (is_number(v)) {
        f->mean = json_object_get_double(v) * scale;
        f->n = 1;
        return;
    }
    json_object *mean;
    if (!json_object_object_get_ex(v, "mean", &mean) || !is_number(mean))
        return;
    f->mean = json_object_get_double(mean) * scale;
    f->stddev = number(v, "stddev") * scale;
    f->ci95 = number(v, "ci95") * scale;
    double n = number(v, "n");
    f->n = n >= 1 && n < 1e9 ? (unsigned)n : 1;
}

static void row_read(json_object *o, struct sum_row *r)
{
    for (int i = 0; i < SUM_NFIG; i++)
        fig_read(o, sum_figs[i].key, 1, &r->fig[i]);
}

static int devices_read(json_object *arr, struct sum_point *p)
{
    size_t n = arr != NULL ? json_object_array_length(arr) : 0;
    if (n == 0)
        return 0;
    if ((p->devices = calloc(n, sizeof *p->devices)) == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        json_object *d = json_object_array_get_idx(arr, i);
        struct sum_device *dev = &p->devices[p->ndevices++];
        if ((dev->name = text_dup(d, "name")) == NULL)
            return -1;
        for (int k = 0; k < DEV_NFIG; k++)
            fig_read(d, sum_dev_figs[k].key, 1, &dev->fig[k]);
    }
    return 0;
}

static int swept_read(json_object *obj, struct sum_point *p)
{
    size_t n = obj != NULL ? (size_t)json_object_object_length(obj) : 0;
    if (n == 0)
        return 0;
    if ((p->swept = calloc(n, sizeof *p->swept)) == NULL)
        return -1;
    json_object_object_foreach(obj, key, val) {
        struct sum_var *v = &p->swept[p->nswept++];
        if ((v->name = strdup(key)) == NULL || (v->value = value_text(val)) == NULL)
            return -1;
    }
    return 0;
}

/* The total (from TOTAL) and the flowops (the array FLOWOPS), each row read by READ. */
static int rows_read(json_object *total, json_object *flowops, struct sum_point *p,
                     void (*read)(json_object *, struct sum_row *))
{
    if ((p->total.name = strdup("total")) == NULL)
        return -1;
    read(total, &p->total);
    size_t n = flowops != NULL ? json_object_array_length(flowops) : 0;
    if (n > 0 && (p->flowops = calloc(n, sizeof *p->flowops)) == NULL)
        return -1;
    for (size_t i = 0; i < n; i++) {
        json_object *f = json_object_array_get_idx(flowops, i);
        struct sum_row *r = &p->flowops[p->nflowops++];
        if ((r->name = text_dup(f, "name")) == NULL)
            return -1;
        read(f, r);
    }
    return 0;
}

static int summary_point_read(json_object *o, struct sum_point *p)
{
    p->config = text_dup(o, "config");
    p->path = text_dup(o, "path");
    json_object *st = member(o, "status", json_type_string);
    p->status = strdup(st != NULL ? json_object_get_string(st) : "ok");
    json_object *crit = member(o, "criteria", json_type_string);
    p->criteria = crit != NULL ? strdup(json_object_get_string(crit)) : NULL;
    double rep = number(o, "repeats");
    p->repeats = rep >= 1 && rep < 1e9 ? (unsigned)rep : 1;
    if (p->config == NULL || p->path == NULL || p->status == NULL ||
        rows_read(member(o, "total", json_type_object), member(o, "flowops", json_type_array), p, row_read) != 0)
        return -1;
    if (swept_read(member(o, "swept", json_type_object), p) != 0)
        return -1;
    return devices_read(member(o, "devices", json_type_array), p);
}

static int summary_read(json_object *root, json_object *points, struct summary *s, struct diag *d)
{
    json_object *sw = member(root, "swept", json_type_array);
    s->profile = text_dup(root, "profile");
    s->description = text_dup(root, "description");
    s->host = text_dup(root, "host");
    s->filesystem = text_dup(root, "filesystem");
    s->started = text_dup(root, "started");
    size_t nsw = sw != NULL ? json_object_array_length(sw) : 0;
    if (nsw > 0 && (s->swept = calloc(nsw, sizeof *s->swept)) == NULL)
        return diag_set(d, NULL, "%s: out of memory", s->file);
    for (size_t i = 0; i < nsw; i++)
        if ((s->swept[s->nswept++] = value_text(json_object_array_get_idx(sw, i))) == NULL)
            return diag_set(d, NULL, "%s: out of memory", s->file);
    size_t n = json_object_array_length(points);
    if (n > 0 && (s->points = calloc(n, sizeof *s->points)) == NULL)
        return diag_set(d, NULL, "%s: out of memory", s->file);
    for (size_t i = 0; i < n; i++) {
        json_object *o = json_object_array_get_idx(points, i);
        if (!json_object_is_type(o, json_type_object) || member(o, "config", json_type_string) == NULL)
            return diag_set(d, NULL, "%s: points[%zu] is not a point (an object with a \"config\")", s->file, i);
        if (summary_point_read(o, &s->points[s->npoints++]) != 0)
            return diag_set(d, NULL, "%s: out of memory", s->file);
    }
    return 0;
}

/* A results.json row (runs[].summary or runs[].flowops[]): latencies in ns, CPU in ns. */
static void results_row_read(json_object *o, struct sum_row *r)
{
    for (int i = 0; i < SUM_NFIG; i++) {
        const struct sum_fig_desc *d = &sum_figs[i];
        json_object *in = d->row[1] != NULL ? member(o, d->row[0], json_type_object) : o;
        fig_read(in, d->row[1] != NULL ? d->row[1] : d->row[0], d->scale, &r->fig[i]);
    }
}

static int results_run_read(json_object *run, size_t i, struct sum_point *p)
{
    char name[32];
    json_object *end = member(run, "end", json_type_string);
    snprintf(name, sizeof name, "run %zu", i + 1);
    p->config = strdup(name);
    p->path = strdup("");
    p->status = strdup(end == NULL || strcmp(json_object_get_string(end), "error") != 0 ? "ok" : "failed");
    json_object *pass = member(run, "criteria_pass", json_type_boolean);
    p->criteria = pass != NULL ? strdup(json_object_get_boolean(pass) ? "pass" : "fail") : NULL;
    p->repeats = 1;
    if (p->config == NULL || p->path == NULL || p->status == NULL ||
        rows_read(member(run, "summary", json_type_object), member(run, "flowops", json_type_array), p,
                  results_row_read) != 0)
        return -1;
    return devices_read(member(member(run, "system", json_type_object), "devices", json_type_array), p);
}

static int results_read(json_object *root, json_object *runs, struct summary *s, struct diag *d)
{
    json_object *host = member(root, "host", json_type_object);
    s->profile = text_dup(root, "workload");
    s->description = strdup("");
    s->host = text_dup(host, "hostname");
    s->filesystem = strdup("");
    s->started = strdup("");
    size_t n = json_object_array_length(runs);
    if (n > 0 && (s->points = calloc(n, sizeof *s->points)) == NULL)
        return diag_set(d, NULL, "%s: out of memory", s->file);
    for (size_t i = 0; i < n; i++) {
        json_object *run = json_object_array_get_idx(runs, i);
        if (!json_object_is_type(run, json_type_object))
            return diag_set(d, NULL, "%s: runs[%zu] is not a run (an object)", s->file, i);
        if (results_run_read(run, i, &s->points[s->npoints++]) != 0)
            return diag_set(d, NULL, "%s: out of memory", s->file);
    }
    return 0;
}

/* FILE, or DIR/summary.json for a results tree. */
static int resolve(const char *path, struct summary *s, struct diag *d)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return diag_set(d, NULL, "cannot read %s: %s", path, strerror(errno));
    bool dir = S_ISDIR(st.st_mode);
    size_t n = strlen(path);
    if ((s->file = malloc(n + sizeof "/summary.json")) == NULL)
        return diag_set(d, NULL, "%s: out of memory", path);
    snprintf(s->file, n + sizeof "/summary.json", dir ? "%s/summary.json" : "%s", path);
    if (dir && stat(s->file, &st) != 0)
        return diag_set(d, NULL, "%s: not a results tree: cannot read %s: %s", path, s->file, strerror(errno));
    if (dir) {
        s->dir = strdup(path);
    } else {
        const char *slash = strrchr(path, '/');
        s->dir = slash == NULL ? strdup(".") : strndup(path, slash == path ? 1 : (size_t)(slash - path));
    }
    return s->dir != NULL ? 0 : diag_set(d, NULL, "%s: out of memory", path);
}

/* The whole file parsed, or a message saying where it stops being JSON. */
static int parse_file(const char *path, json_object **root, struct diag *d)
{
    FILE *f = infile_fopen(path);
    if (f == NULL)
        return diag_set(d, NULL, "cannot read %s: %s", path, infile_strerror(errno));
    char *text = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&text, &size);
    char buf[65536];
    size_t n;
    while (mem != NULL && (n = fread(buf, 1, sizeof buf, f)) > 0)
        fwrite(buf, 1, n, mem);
    int rd = ferror(f) ? errno : 0;
    fclose(f);
    if (mem == NULL || fclose(mem) != 0 || rd != 0) {
        free(text);
        return diag_set(d, NULL, "cannot read %s: %s", path, strerror(rd ? rd : errno));
    }
    json_tokener *tok = json_tokener_new();
    if (tok == NULL) {
        free(text);
        return diag_set(d, NULL, "%s: out of memory", path);
    }
    /* The terminating NUL passed too: the text is all there is. */
    *root = json_tokener_parse_ex(tok, text, (int)size + 1);
    enum json_tokener_error jerr = json_tokener_get_error(tok);
    size_t at = json_tokener_get_parse_end(tok);
    json_tokener_free(tok);
    size_t rest = at < size ? strspn(text + at, " \t\r\n") : 0;
    bool trailing = at + rest < size;
    free(text);
    if (*root != NULL && !trailing)
        return 0;
    json_object_put(*root);
    if (size == 0)
        return diag_set(d, NULL, "%s: empty, not JSON", path);
    if (*root != NULL)
        return diag_set(d, NULL, "%s: not valid JSON: more after the end of the document, at byte %zu", path, at + rest);
    return diag_set(d, NULL, "%s: not valid JSON at byte %zu: %s", path, at, json_tokener_error_desc(jerr));
}

int summary_load(const char *path, struct summary *s, struct diag *d)
{
    memset(s, 0, sizeof *s);
    if (resolve(path, s, d) != 0)
        return -1;
    json_object *root;
    if (parse_file(s->file, &root, d) != 0)
        return -1;
    json_object *points = member(root, "points", json_type_array);
    json_object *runs = member(root, "runs", json_type_array);
    int rc;
    if (points != NULL)
        rc = summary_read(root, points, s, d);
    else if (runs != NULL)
        rc = results_read(root, runs, s, d);
    else
        rc = diag_set(d, NULL, "%s: neither a flowbench results.json (an object with \"runs\") nor a summary.json "
                  "(an object with \"points\")", s->file);
    json_object_put(root);
    return rc;
}

static void row_free(struct sum_row *r)
{
    free(r->name);
}

static void point_free(struct sum_point *p)
{
    free(p->config);
    free(p->path);
    free(p->status);
    free(p->criteria);
    for (size_t i = 0; i < p->nswept; i++) {
        free(p->swept[i].name);
        free(p->swept[i].value);
    }
    free(p->swept);
    row_free(&p->total);
    for (size_t i = 0; i < p->nflowops; i++)
        row_free(&p->flowops[i]);
    free(p->flowops);
    for (size_t i = 0; i < p->ndevices; i++)
        free(p->devices[i].name);
    free(p->devices);
}

void summary_free(struct summary *s)
{
    for (size_t i = 0; i < s->npoints; i++)
        point_free(&s->points[i]);
    free(s->points);
    for (size_t i = 0; i < s->nswept; i++)
        free(s->swept[i]);
    free(s->swept);
    free(s->file);
    free(s->dir);
    free(s->profile);
    free(s->description);
    free(s->host);
    free(s->filesystem);
    free(s->started);
    memset(s, 0, sizeof *s);
}

const char *sum_point_value(const struct sum_point *p, const char *var)
{
    for (size_t i = 0; i < p->nswept; i++)
        if (strcmp(p->swept[i].name, var) == 0)
            return p->swept[i].value;
    return NULL;
}

void sum_point_label(const struct sum_point *p, char *buf, size_t len)
{
    size_t o = (size_t)snprintf(buf, len, "%s", p->config);
    for (size_t i = 0; i < p->nswept && o < len; i++)
        o += (size_t)snprintf(buf + o, len - o, "%s%s=%s", i == 0 ? " " : ",", p->swept[i].name, p->swept[i].value);
}
