/* report_html_charts.c: the inline SVG charts of the HTML report: throughput
 * and each device's MiB/s and utilisation over time, latency percentiles per
 * flowop, the op mix and, over many ranks, ops/s per rank. No script, no
 * external resource: plain shapes and text drawn from the results. */
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_figures.h"
#include "report/html_text.h"
#include "report/report_html_charts.h"
#include "report/report_ranks.h"
#include "report/svg_chart.h"

/* ---- throughput over time ---------------------------------------------- */

#define TP_W 960
#define TP_H 300
#define TP_L 70
#define TP_R 70
#define TP_T 34
#define TP_B 46

/* One line of a time chart: sample i covers [t[i] - secs[i], t[i]] at v[i]. */
struct step_series {
    const double *t, *secs, *v;
    size_t colour;               /* svg_colour's index */
    const char *stroke;          /* the path's other stroke attributes */
    const char *legend;
    bool right;                  /* drawn against the right axis */
};

struct step_chart {
    const char *label;           /* the svg's aria-label */
    const char *left_unit, *right_unit;
    size_t n;                    /* samples in every series */
    double xmax;                 /* seconds the x axis spans at least */
    double right_top;            /* the right axis's top, or 0: from the data */
};

static void step_path(FILE *f, const struct step_chart *c, const struct step_series *s, double xs, double ys)
{
    fprintf(f, "<path fill=\"none\" stroke=\"%s\" %s d=\"", svg_colour(s->colour), s->stroke);
    for (size_t i = 0; i < c->n; i++) {
        double x0 = TP_L + (s->t[i] - s->secs[i]) * xs, x1 = TP_L + s->t[i] * xs, y = TP_H - TP_B - s->v[i] * ys;
        fprintf(f, "%s%.1f,%.1f H%.1f ", i == 0 ? "M" : "L", x0, y, x1);
    }
    fputs("\"/>\n", f);
}

/* A time chart of step lines against a left and a right axis, legend top left. */
static void step_chart(FILE *f, const struct step_chart *c, const struct step_series *s, size_t ns)
{
    double maxl = 0, maxr = 0, xmax = c->xmax;
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < c->n; i++) {
            double *m = s[k].right ? &maxr : &maxl;
            *m = s[k].v[i] > *m ? s[k].v[i] : *m;
            xmax = s[k].t[i] > xmax ? s[k].t[i] : xmax;
        }
    struct svg_axis left = svg_axis_for(maxl, 5);
    struct svg_axis right = { .n = left.n };
    right.step = c->right_top > 0 ? c->right_top / left.n : svg_nice_ceil(maxr / left.n);
    right.top = right.step * right.n;
    struct svg_axis xa = svg_axis_for(xmax > 0 ? xmax : 1, 6);
    double pw = TP_W - TP_L - TP_R, ph = TP_H - TP_T - TP_B;
    double xs = pw / xa.top, ysl = ph / left.top, ysr = ph / right.top;
    char a[32];

    svg_open(f, TP_W, TP_H, c->label, NULL);
    for (int i = 0; i <= left.n; i++) {
        double y = TP_H - TP_B - i * left.step * ysl;
        fprintf(f, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n", TP_L, TP_W - TP_R, y, y);
        svg_fmt_si(a, sizeof a, i * left.step);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", TP_L - 6, y + 4, a);
        svg_fmt_si(a, sizeof a, i * right.step);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\">%s</text>\n", TP_W - TP_R + 6, y + 4, a);
    }
    for (int i = 0; i <= xa.n; i++) {
        double x = TP_L + i * xa.step * xs;
        fprintf(f, "<line class=\"tick\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>\n", x, x, TP_H - TP_B,
                TP_H - TP_B + 5);
        svg_fmt_si(a, sizeof a, i * xa.step);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, TP_H - TP_B + 18, a);
    }
    fprintf(f, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", TP_L, TP_W - TP_R, TP_H - TP_B,
            TP_H - TP_B);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds since the run started</text>\n",
            TP_L + (int)pw / 2, TP_H - 8);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">%s</text>\n", 16,
            TP_T + (int)ph / 2, 16, TP_T + (int)ph / 2, c->left_unit);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(90 %d %d)\">%s</text>\n",
            TP_W - 14, TP_T + (int)ph / 2, TP_W - 14, TP_T + (int)ph / 2, c->right_unit);
    for (size_t k = ns; k-- > 0;)
        step_path(f, c, &s[k], xs, s[k].right ? ysr : ysl);
    for (size_t k = 0; k < ns; k++) {
        int x = TP_L + (int)k * 200;
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"14\" y2=\"14\" stroke=\"%s\" %s/>", x, x + 28, svg_colour(s[k].colour),
                s[k].stroke);
        fprintf(f, "<text x=\"%d\" y=\"18\">%s</text>\n", x + 34, s[k].legend);
    }
    fputs("</svg>\n", f);
}

/* n rows of columns doubles, freed with free(); NULL when out of memory. */
static double *columns(size_t n, size_t cols)
{
    return calloc((n ? n : 1) * cols, sizeof(double));
}

void html_chart_throughput(FILE *f, const struct run_result *r)
{
    size_t n = r->nintervals;
    if (n == 0) {
        fputs("<p class=\"note\">No time series for this run: run with --interval S for a time series "
              "(a sample every S seconds).</p>\n", f);
        return;
    }
    double *col = columns(n, 4);
    if (col == NULL)
        return;
    for (size_t i = 0; i < n; i++) {
        const struct interval_sample *s = &r->intervals[i];
        col[i] = s->t;
        col[n + i] = s->seconds;
        col[2 * n + i] = report_rate((double)s->ops, s->seconds);
        col[3 * n + i] = report_rate((double)s->bytes / 1048576.0, s->seconds);
    }
    const struct step_series s[] = {
        { col, col + n, col + 2 * n, 0, "stroke-width=\"2.5\"", "ops/s (left axis)", false },
        { col, col + n, col + 3 * n, 3, "stroke-width=\"2\" stroke-dasharray=\"6 4\"",
          "MiB/s (right axis)", true },
    };
    const struct step_chart c = { "IO operations per second and MiB per second over the run", "ops/s", "MiB/s", n,
                                  r->seconds, 0 };
    step_chart(f, &c, s, 2);
    free(col);
}

void html_chart_devices(FILE *f, const struct run_result *r)
{
    const struct run_system *sys = &r->system;
    size_t n = sys->nsamples;
    if (!sys->measured || sys->ndev == 0 || n == 0) {
        fputs("<p class=\"note\">No block device under the run's directories (or the run never started).</p>\n", f);
        return;
    }
    double *col = columns(n, 5);
    if (col == NULL)
        return;
    for (size_t k = 0; k < sys->ndev; k++) {
        for (size_t i = 0; i < n; i++) {
            const struct sys_sample *x = &sys->samples[i];
            col[i] = x->t;
            col[n + i] = x->seconds;
            col[2 * n + i] = x->dev[k].read_mb_per_s;
            col[3 * n + i] = x->dev[k].write_mb_per_s;
            col[4 * n + i] = x->dev[k].util_pct;
        }
        const struct step_series s[] = {
            { col, col + n, col + 2 * n, 0, "stroke-width=\"2.5\"", "read MiB/s (left)", false },
            { col, col + n, col + 3 * n, 1, "stroke-width=\"2.5\"", "write MiB/s (left)", false },
            { col, col + n, col + 4 * n, 7, "stroke-width=\"2\" stroke-dasharray=\"6 4\"",
              "utilisation % (right)", true },
        };
        const struct step_chart c = { "device MiB per second and utilisation over the run", "MiB/s", "util %", n,
                                      r->seconds, 100 };
        fputs("<p class=\"meta\"><b>", f);
        html_text(f, sys->devices[k].name);
        fputs("</b> under ", f);
        html_text(f, sys->devices[k].path);
        fputs("</p>\n", f);
        step_chart(f, &c, s, 3);
    }
    free(col);
}

/* ---- latency percentiles ------------------------------------------------ */

#define PC_W 960
#define PC_H 360
#define PC_L 80
#define PC_R 30
#define PC_T 20
#define PC_B 46

/* Percentiles sit at log10(1/(1-q)): p90 at 1, p99 at 2, p99.9 at 3... */
static double pct_x(double q)
{
    double u = log10(1.0 / (1.0 - q)), lo = 0.15, hi = 4.15;
    return PC_L + (u - lo) / (hi - lo) * (PC_W - PC_L - PC_R);
}

/* A latency's height on the logarithmic axis spanning decades d0 to d1. */
static double pct_y(double ns, int d0, int d1)
{
    double ph = PC_H - PC_T - PC_B;
    return PC_H - PC_B - (log10(ns > 1 ? ns : 1) - d0) / (d1 - d0) * ph;
}

/* One line of the chart: a flowop's service times, or (open loop) the same
 * ops from their intended start. */
struct pct_series {
    const struct result_row *row;
    const struct op_stats *st;
    const char *what;            /* "" or " from intended start" */
    struct row_figures x;
};

/* Every row with ops, each followed by its latencies from the intended start when it has them. */
static size_t pct_series(const struct run_result *r, struct pct_series *out)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        const struct result_row *row = &r->rows[i];
        const struct op_stats *sts[2] = { &row->st, row->intended };
        for (int k = 0; k < 2; k++) {
            if (sts[k] == NULL || sts[k]->ops == 0)
                continue;
            out[n] = (struct pct_series){ .row = row, .st = sts[k], .what = k == 0 ? "" : " from intended start" };
            report_figures(sts[k], r->seconds, &out[n++].x);
        }
    }
    return n;
}

static void pct_label(FILE *f, const struct pct_series *s)
{
    html_text(f, s->row->name);
    html_text(f, s->what);
}

static void pct_axes(FILE *f, int d0, int d1)
{
    char a[32];
    for (int d = d0; d <= d1; d++) {
        for (int m = 1; m < 10 && (d < d1 || m == 1); m++) {
            if (m != 1 && m != 2 && m != 5)
                continue;
            double v = pow(10, d) * m, y = pct_y(v, d0, d1);
            fprintf(f, "<line class=\"%s\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n", m == 1 ? "grid" : "minor",
                    PC_L, PC_W - PC_R, y, y);
            report_fmt_ns(a, sizeof a, v);
            if (m == 1 || d1 - d0 <= 3) /* labels at 2 and 5 only while there is room */
                fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\"%s>%s</text>\n", PC_L - 6, y + 4,
                        m == 1 ? "" : " class=\"small\"", a);
        }
    }
    for (int k = 0; k < REPORT_NPCT; k++) {
        double x = pct_x(report_pcts[k].q);
        fprintf(f, "<line class=\"minor\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>\n", x, x, PC_T, PC_H - PC_B);
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x, PC_H - PC_B + 18,
                report_pcts[k].json);
    }
    fprintf(f, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", PC_L, PC_W - PC_R, PC_H - PC_B,
            PC_H - PC_B);
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">percentile (the share of ops at or below a latency)</text>\n",
            PC_L + (PC_W - PC_L - PC_R) / 2, PC_H - 8);
}

static void pct_line(FILE *f, const struct pct_series *s, size_t n, int d0, int d1)
{
    char a[32];
    fprintf(f, "<g class=\"pct-series\" stroke=\"%s\" fill=\"%s\"><title>", svg_colour(n), svg_colour(n));
    pct_label(f, s);
    fputs("</title>\n<polyline fill=\"none\" stroke-width=\"2\"", f);
    fputs(svg_dash(n), f);
    fputs(" points=\"", f);
    for (int k = 0; k < REPORT_NPCT; k++)
        fprintf(f, "%.1f,%.1f ", pct_x(report_pcts[k].q), pct_y((double)s->x.pct[k], d0, d1));
    fputs("\"/>\n", f);
    for (int k = 0; k < REPORT_NPCT; k++) {
        report_fmt_ns(a, sizeof a, (double)s->x.pct[k]);
        fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\"><title>", pct_x(report_pcts[k].q),
                pct_y((double)s->x.pct[k], d0, d1));
        pct_label(f, s);
        fprintf(f, " %s: %s</title></circle>\n", report_pcts[k].json, a);
    }
    fputs("</g>\n", f);
}

void html_chart_percentiles(FILE *f, const struct run_result *r)
{
    struct pct_series *ser = calloc(2 * r->nrows + 1, sizeof *ser);
    if (ser == NULL)
        return;
    size_t nser = pct_series(r, ser), shown = 0;
    double lo = INFINITY, hi = 0;
    for (size_t i = 0; i < nser; i++)
        for (int k = 0; k < REPORT_NPCT; k++) {
            double v = ser[i].x.pct[k] > 1 ? (double)ser[i].x.pct[k] : 1;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    for (size_t i = 0; i < r->nrows; i++)
        shown += r->rows[i].st.ops > 0;
    if (shown == 0) {
        fputs("<p class=\"note\">No flowop completed an op: no latencies to plot.</p>\n", f);
        free(ser);
        return;
    }
    int d0 = (int)floor(log10(lo)), d1 = (int)ceil(log10(hi));
    if (d1 <= d0)
        d1 = d0 + 1;
    svg_open(f, PC_W, PC_H, "latency percentiles of each flowop (open loop: also from the intended start), "
             "logarithmic latency axis", NULL);
    pct_axes(f, d0, d1);
    for (size_t i = 0; i < nser; i++)
        pct_line(f, &ser[i], i, d0, d1);
    fputs("</svg>\n<ul class=\"legend\">\n", f);
    for (size_t i = 0; i < nser; i++) {
        char label[512];
        snprintf(label, sizeof label, "%s%s", ser[i].row->name, ser[i].what);
        svg_legend_line(f, svg_colour(i), svg_dash(i), label);
    }
    fputs("</ul>\n", f);
    free(ser);
    if (shown < r->nrows) {
        fputs("<p class=\"note\">Not plotted (no ops): ", f);
        for (size_t i = 0, n = 0; i < r->nrows; i++)
            if (r->rows[i].st.ops == 0) {
                fputs(n++ ? ", " : "", f);
                html_text(f, r->rows[i].name);
            }
        fputs(".</p>\n", f);
    }
}

/* ---- op mix ------------------------------------------------------------- */

enum kind { K_READ, K_WRITE, K_META, K_AIO, K_SYNC, K_OTHER, K_N };
static const struct {
    size_t colour;               /* svg_colour's index */
    const char *label;
} kinds[K_N] = {
    [K_READ] = { 0, "read I/O" },
    [K_WRITE] = { 1, "write I/O" },
    [K_META] = { 2, "other I/O (open, close, stat, create, delete, fsync, directories)" },
    [K_AIO] = { 4, "asynchronous I/O" },
    [K_SYNC] = { 5, "synchronisation (block, wakeup, semaphores)" },
    [K_OTHER] = { 7, "not I/O (delays, compute, limits, finish conditions, CPU)" },
};

static enum kind kind_of(const struct result_row *row)
{
    switch (row->cls) {
    case FC_IO: return row->rw == RW_READ ? K_READ : row->rw == RW_WRITE ? K_WRITE : K_META;
    case FC_AIO: return K_AIO;
    case FC_SYNC: return K_SYNC;
    case FC_COMPUTE: case FC_OTHER: break;
    }
    return K_OTHER;
}

#define MX_W 960
#define MX_ROW 24
#define MX_T 8
#define MX_B 8
#define MX_VALUE 190  /* room for "1,234,567 ops (12.3%)" */

/* One bar of a horizontal bar chart: its label before it (cut to fit), its
 * length against the longest, its figure after it and its tooltip. */
struct hbar {
    const char *label;
    double value;
    const char *colour;
    char text[64];
    char title[320];
};

static void hbar_label(FILE *f, const char *label, size_t fit)
{
    if (strlen(label) <= fit) {
        html_text(f, label);
        return;
    }
    char cut[64];
    snprintf(cut, sizeof cut, "%.*s", (int)(fit > 1 ? fit - 1 : 1), label);
    html_text(f, cut);
    fputs("\u2026", f);
}

static void hbar_chart(FILE *f, const struct hbar *bars, size_t n, const char *aria)
{
    double max = 0;
    size_t longest = 0;
    for (size_t i = 0; i < n; i++) {
        max = bars[i].value > max ? bars[i].value : max;
        longest = strlen(bars[i].label) > longest ? strlen(bars[i].label) : longest;
    }
    int label = (int)longest * 8 + 12;
    label = label < 90 ? 90 : label > 280 ? 280 : label;
    size_t fit = (size_t)(label - 12) / 8;
    int h = MX_T + (int)n * MX_ROW + MX_B;
    double bw = MX_W - label - MX_VALUE;
    svg_open(f, MX_W, h, aria, NULL);
    for (size_t i = 0; i < n; i++) {
        const struct hbar *b = &bars[i];
        double y = MX_T + (double)i * MX_ROW;
        double w = max > 0 ? b->value / max * bw : 0;
        fputs("<g><title>", f);
        html_text(f, b->title);
        fputs("</title>\n", f);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">", label - 8, y + 16);
        hbar_label(f, b->label, fit);
        fputs("</text>\n", f);
        fprintf(f, "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"18\" fill=\"%s\"/>\n", label, y + 3,
                w > 0 && w < 1 ? 1 : w, b->colour);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">", label + w + 6, y + 16);
        html_text(f, b->text);
        fputs("</text>\n</g>\n", f);
    }
    fprintf(f, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", label, label, MX_T,
            h - MX_B);
    fputs("</svg>\n", f);
}

void html_chart_opmix(FILE *f, const struct run_result *r)
{
    struct hbar *bars = r->nrows ? calloc(r->nrows, sizeof *bars) : NULL;
    if (bars == NULL) {
        fputs(r->nrows ? "<p class=\"note\">Out of memory: no op mix.</p>\n" : "<p class=\"note\">No flowops ran.</p>\n", f);
        return;
    }
    uint64_t total = 0;
    bool used[K_N] = { false };
    for (size_t i = 0; i < r->nrows; i++) {
        total += r->rows[i].st.ops;
        used[kind_of(&r->rows[i])] = true;
    }
    for (size_t i = 0; i < r->nrows; i++) {
        const struct result_row *row = &r->rows[i];
        char a[48];
        report_fmt_group(a, sizeof a, (double)row->st.ops, 0);
        bars[i] = (struct hbar){ .label = row->name, .value = (double)row->st.ops,
                                 .colour = svg_colour(kinds[kind_of(row)].colour) };
        snprintf(bars[i].title, sizeof bars[i].title, "%s (%s): %s ops", row->name, row->type, a);
        snprintf(bars[i].text, sizeof bars[i].text, "%s ops (%.1f%%)", a,
                 total ? 100.0 * (double)row->st.ops / (double)total : 0.0);
    }
    hbar_chart(f, bars, r->nrows, "ops per flowop, horizontal bars coloured by kind of op");
    free(bars);
    fputs("<ul class=\"legend\">\n", f);
    for (int k = 0; k < K_N; k++)
        if (used[k])
            svg_legend_box(f, svg_colour(kinds[k].colour), kinds[k].label);
    fputs("</ul>\n", f);
}

/* ---- per rank ----------------------------------------------------------- */

/* Each rank's host as an index among the run's hosts, in order of first
 * rank: one pass (a rank looks back for its host's first rank). */
static void host_indices(const struct run_result *r, size_t *idx)
{
    size_t hosts = 0;
    for (size_t i = 0; i < r->nranks; i++) {
        size_t k = 0;
        while (k < i && strcmp(r->ranks[k].host, r->ranks[i].host) != 0)
            k++;
        idx[i] = k < i ? idx[k] : hosts++;
    }
}

void html_chart_ranks(FILE *f, const struct run_result *r)
{
    struct hbar *bars = calloc(r->nranks, sizeof *bars);
    char (*labels)[96] = calloc(r->nranks, sizeof *labels);
    size_t *hix = calloc(r->nranks, sizeof *hix);
    if (bars == NULL || labels == NULL || hix == NULL) {
        free(hix);
        fputs("<p class=\"note\">Out of memory: no per-rank chart.</p>\n", f);
        free(bars);
        free(labels);
        return;
    }
    host_indices(r, hix);
    for (size_t i = 0; i < r->nranks; i++) {
        const struct rank_row *k = &r->ranks[i];
        char a[48];
        report_fmt_group(a, sizeof a, report_rank_ops_per_s(k), 1);
        snprintf(labels[i], sizeof labels[i], "rank %zu (%s)", i, k->host);
        bars[i] = (struct hbar){ .label = labels[i], .value = report_rank_ops_per_s(k), .colour = svg_colour(hix[i]) };
        snprintf(bars[i].text, sizeof bars[i].text, "%s ops/s", a);
        snprintf(bars[i].title, sizeof bars[i].title, "rank %zu on %s: %s ops/s, %.1f MiB/s, p99 %.3f ms", i, k->host, a,
                 report_rank_mb_per_s(k), report_ms((double)k->p99_ns));
    }
    hbar_chart(f, bars, r->nranks, "ops/s per rank, horizontal bars coloured by host");
    fputs("<ul class=\"legend\">\n", f);
    for (size_t i = 0; i < r->nranks; i++)
        if (report_rank_host_first(r, i))
            svg_legend_box(f, svg_colour(hix[i]), r->ranks[i].host);
    fputs("</ul>\n", f);
    free(hix);
    free(bars);
    free(labels);
}
