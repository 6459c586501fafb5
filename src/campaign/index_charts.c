/* index_charts.c: the charts of a results tree's index.html: the summary's
 * points turned into the series of the line charts (report/svg_line.h) and heat
 * maps (report/svg_heatmap.h) every HTML page of flowbench draws with. */
#include "campaign/index_charts.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "report/html_text.h"
#include "report/svg_heatmap.h"
#include "report/svg_line.h"

/* A charted figure: of the point's total, or of its file system's device (the first). */
struct charted {
    bool device;
    int index;                   /* into sum_figs or sum_dev_figs */
};
static const struct charted charted[] = {
    { false, SUM_OPS },      { false, SUM_MB },        { false, SUM_P99 },
    { true, DEV_READ_MB },   { true, DEV_WRITE_MB },   { true, DEV_UTIL },
};
#define NCHARTED (sizeof charted / sizeof charted[0])
#define NHEATED 2 /* heat maps of the first two: ops/s and MiB/s */

static const struct fig *fig_of(const struct sum_point *p, const struct charted *c)
{
    const struct fig *x = !c->device ? &p->total.fig[c->index] : p->ndevices ? &p->devices[0].fig[c->index] : NULL;
    return x != NULL && x->n > 0 && strcmp(p->status, "ok") == 0 ? x : NULL;
}

/* "ops_per_s", "dev_util_pct"; "ops/s", "device util %". */
static void charted_names(const struct charted *c, char *key, size_t klen, char *label, size_t llen)
{
    const struct sum_fig_desc *d = c->device ? &sum_dev_figs[c->index] : &sum_figs[c->index];
    snprintf(key, klen, "%s%s", c->device ? "dev_" : "", d->key);
    snprintf(label, llen, "%s%s", c->device ? "device " : "", d->label);
}

/* A swept value as a number, sizes as bytes ("4k" is 4096); NAN if it is none. */
static double swept_number(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    if (end == s || !isfinite(v))
        return NAN;
    static const char units[] = "kmgt";
    const char *u = *end ? strchr(units, *end | 0x20) : NULL;
    if (u != NULL) {
        v *= pow(1024, (double)(u - units + 1));
        end++;
    }
    if (*end == 'b' || *end == 'B')
        end++;
    while (*end == ' ')
        end++;
    return *end == '\0' ? v : NAN;
}

/* The distinct values a variable takes, first seen first; sorted as numbers
 * when every one is a number. */
struct values {
    struct svg_line_x *x;
    size_t n;
};

static size_t values_find(const struct values *v, const char *label)
{
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->x[i].label, label) == 0)
            return i;
    return v->n;
}

static void values_add(struct values *v, const char *label)
{
    if (label != NULL && values_find(v, label) == v->n)
        v->x[v->n++] = (struct svg_line_x){ label, swept_number(label) };
}

static int by_number(const void *a, const void *b)
{
    double x = ((const struct svg_line_x *)a)->value, y = ((const struct svg_line_x *)b)->value;
    return x < y ? -1 : x > y;
}

static void values_order(struct values *v)
{
    for (size_t i = 0; i < v->n; i++)
        if (isnan(v->x[i].value))
            return;
    qsort(v->x, v->n, sizeof *v->x, by_number); /* distinct labels; equal numbers ("1k", "1024") keep no order */
}

/* A line's name: the CONFIG and the values of the other swept variables. */
static void series_name(const struct sum_point *p, const char *var, char *buf, size_t len)
{
    size_t o = (size_t)snprintf(buf, len, "%s", p->config);
    const char *sep = " ";
    for (size_t k = 0; k < p->nswept && o < len; k++) {
        if (strcmp(p->swept[k].name, var) == 0)
            continue;
        o += (size_t)snprintf(buf + o, len - o, "%s%s=%s", sep, p->swept[k].name, p->swept[k].value);
        sep = ",";
    }
}

/* The line chart of one figure against var; 1 if drawn, 0 if no point has both. */
struct line_work {
    struct values xs;
    struct svg_line_series *series;
    struct svg_line_pt *pts;     /* npoints, grouped by series */
    char (*names)[512];
};

static int by_x(const void *a, const void *b)
{
    size_t x = ((const struct svg_line_pt *)a)->x, y = ((const struct svg_line_pt *)b)->x;
    return x < y ? -1 : x > y;
}

static int line_chart(FILE *f, const struct summary *s, const char *var, const struct charted *c, struct line_work *w)
{
    size_t nseries = 0, npts = 0;
    w->xs.n = 0;
    for (size_t i = 0; i < s->npoints; i++)
        if (fig_of(&s->points[i], c) != NULL)
            values_add(&w->xs, sum_point_value(&s->points[i], var));
    if (w->xs.n == 0)
        return 0;
    values_order(&w->xs);
    /* Series in order of first point; each one's points gathered after the previous'. */
    for (size_t i = 0; i < s->npoints; i++) {
        const struct sum_point *p = &s->points[i];
        if (fig_of(p, c) == NULL || sum_point_value(p, var) == NULL)
            continue;
        char name[512];
        series_name(p, var, name, sizeof name);
        size_t k = 0;
        while (k < nseries && strcmp(w->names[k], name) != 0)
            k++;
        if (k == nseries)
            snprintf(w->names[nseries++], sizeof w->names[0], "%s", name);
    }
    for (size_t k = 0; k < nseries; k++) {
        size_t first = npts;
        for (size_t i = 0; i < s->npoints; i++) {
            const struct sum_point *p = &s->points[i];
            const struct fig *x = fig_of(p, c);
            char name[512];
            if (x == NULL || sum_point_value(p, var) == NULL)
                continue;
            series_name(p, var, name, sizeof name);
            if (strcmp(name, w->names[k]) == 0)
                w->pts[npts++] = (struct svg_line_pt){ values_find(&w->xs, sum_point_value(p, var)), x->mean,
                                                        x->ci95, x->n };
        }
        qsort(w->pts + first, npts - first, sizeof *w->pts, by_x);
        w->series[k] = (struct svg_line_series){ w->names[k], w->pts + first, npts - first };
    }
    char key[64], label[64], title[160];
    charted_names(c, key, sizeof key, label, sizeof label);
    snprintf(title, sizeof title, "%s against %s", label, var);
    const char *data[] = { "var", var, "figure", key, NULL };
    const struct svg_line_chart chart = { title, var, label, data, w->xs.x, w->xs.n, w->series, nseries };
    svg_line_chart(f, &chart);
    return 1;
}

/* The swept variables of one CONFIG's points, in order of first appearance: at most two kept. */
static size_t config_vars(const struct summary *s, const char *config, const char *vars[3])
{
    size_t n = 0;
    for (size_t i = 0; i < s->npoints; i++) {
        const struct sum_point *p = &s->points[i];
        if (strcmp(p->config, config) != 0)
            continue;
        for (size_t k = 0; k < p->nswept; k++) {
            size_t j = 0;
            while (j < n && strcmp(vars[j], p->swept[k].name) != 0)
                j++;
            if (j == n && n < 3)
                vars[n++] = p->swept[k].name;
        }
    }
    return n;
}

/* The figure of a CONFIG's point in the heat map of vars, or NULL when it has none. */
static const struct fig *heat_fig(const struct sum_point *p, const char *config, const char *const vars[2],
                                  const struct charted *c)
{
    if (strcmp(p->config, config) != 0 || !sum_point_value(p, vars[0]) || !sum_point_value(p, vars[1]))
        return NULL;
    return fig_of(p, c);
}

static int heat_map(FILE *f, const struct summary *s, const char *config, const char *const vars[2],
                    const struct charted *c, struct line_work *w, struct values *cols, struct svg_heat_cell *cells)
{
    size_t n = 0;
    w->xs.n = cols->n = 0;
    for (size_t i = 0; i < s->npoints; i++) {
        const struct sum_point *p = &s->points[i];
        if (heat_fig(p, config, vars, c) == NULL)
            continue;
        values_add(&w->xs, sum_point_value(p, vars[0]));
        values_add(cols, sum_point_value(p, vars[1]));
    }
    if (w->xs.n == 0)
        return 0;
    values_order(&w->xs);
    values_order(cols);
    const char **rows = malloc(w->xs.n * sizeof *rows), **colv = malloc(cols->n * sizeof *colv);
    if (rows == NULL || colv == NULL) {
        free(rows);
        free(colv);
        return 0;
    }
    for (size_t i = 0; i < w->xs.n; i++)
        rows[i] = w->xs.x[i].label;
    for (size_t i = 0; i < cols->n; i++)
        colv[i] = cols->x[i].label;
    for (size_t i = 0; i < s->npoints; i++) {
        const struct sum_point *p = &s->points[i];
        const struct fig *x = heat_fig(p, config, vars, c);
        if (x == NULL)
            continue;
        cells[n++] = (struct svg_heat_cell){ values_find(&w->xs, sum_point_value(p, vars[0])),
                                             values_find(cols, sum_point_value(p, vars[1])), x->mean, x->ci95, x->n };
    }
    char key[64], label[64], title[600];
    charted_names(c, key, sizeof key, label, sizeof label);
    snprintf(title, sizeof title, "%s: %s, %s x %s", config, label, vars[0], vars[1]);
    const char *data[] = { "figure", key, NULL };
    const struct svg_heatmap h = { title, vars[0], vars[1], label, data, rows, w->xs.n, colv, cols->n, cells, n };
    svg_heatmap(f, &h);
    free(rows);
    free(colv);
    return 1;
}

static int heat_maps(FILE *f, const struct summary *s, struct line_work *w, struct values *cols,
                     struct svg_heat_cell *cells)
{
    int drawn = 0;
    for (size_t i = 0; i < s->npoints; i++) {
        const char *config = s->points[i].config, *vars[3];
        size_t j = 0;
        while (j < i && strcmp(s->points[j].config, config) != 0)
            j++;
        if (j < i || config_vars(s, config, vars) != 2)
            continue; /* a CONFIG seen before, or not two variables */
        fputs("<h3>", f);
        html_text(f, config);
        fputs(": ", f);
        html_text(f, vars[0]);
        fputs(" x ", f);
        html_text(f, vars[1]);
        fputs("</h3>\n<div class=\"charts\">\n", f);
        for (size_t k = 0; k < NHEATED; k++)
            drawn += heat_map(f, s, config, vars, &charted[k], w, cols, cells);
        fputs("</div>\n", f);
    }
    return drawn;
}

void index_charts(FILE *f, const struct summary *s)
{
    size_t n = s->npoints ? s->npoints : 1;
    struct line_work w = { { calloc(n, sizeof(struct svg_line_x)), 0 }, calloc(n, sizeof(struct svg_line_series)),
                           calloc(n, sizeof(struct svg_line_pt)), calloc(n, sizeof(char[512])) };
    struct values cols = { calloc(n, sizeof(struct svg_line_x)), 0 };
    struct svg_heat_cell *cells = calloc(n, sizeof *cells);
    int drawn = 0;
    if (w.xs.x == NULL || w.series == NULL || w.pts == NULL || w.names == NULL || cols.x == NULL || cells == NULL) {
        fputs("<p class=\"note\">Out of memory: no charts.</p>\n", f);
    } else {
        for (size_t v = 0; v < s->nswept; v++) {
            fputs("<h3>Against ", f);
            html_text(f, s->swept[v]);
            fputs("</h3>\n<div class=\"charts\">\n", f);
            for (size_t k = 0; k < NCHARTED; k++)
                drawn += line_chart(f, s, s->swept[v], &charted[k], &w);
            fputs("</div>\n", f);
        }
        drawn += heat_maps(f, s, &w, &cols, cells);
        if (s->nswept == 0)
            fputs("<p class=\"note\">Nothing was swept: no charts.</p>\n", f);
    }
    fprintf(f, "<p class=\"note\" id=\"fb-status\" data-drawn=\"%d\">%d charts.</p>\n", drawn, drawn);
    free(w.xs.x);
    free(w.series);
    free(w.pts);
    free(w.names);
    free(cols.x);
    free(cells);
}
