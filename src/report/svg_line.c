/* svg_line.c: the line chart of figures over one variable's values (svg_line.h),
 * the results tree's charts of a sweep. */
#include "report/svg_line.h"

#include <math.h>
#include <stdbool.h>

#include "report/html_text.h"
#include "report/svg_chart.h"

#define LN_W 560
#define LN_H 320
#define LN_L 70
#define LN_R 20
#define LN_T 34
#define LN_B 56
#define LN_DATA 16 /* data-* pairs a chart may carry, its own included */

enum svg_xscale { SVG_X_EVEN, SVG_X_LINEAR, SVG_X_LOG2 };
static const char *const scale_names[] = { [SVG_X_EVEN] = "even", [SVG_X_LINEAR] = "linear", [SVG_X_LOG2] = "log2" };

/* EVEN unless every value is a number; then LOG2 when all are positive and the
 * largest is 8 or more times the smallest, else LINEAR. */
static enum svg_xscale svg_line_xscale(const struct svg_line_x *xs, size_t n)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(xs[i].value))
            return SVG_X_EVEN;
        lo = xs[i].value < lo ? xs[i].value : lo;
        hi = xs[i].value > hi ? xs[i].value : hi;
    }
    if (n < 2 || !(hi > lo))
        return SVG_X_EVEN;
    return lo > 0 && hi >= 8 * lo ? SVG_X_LOG2 : SVG_X_LINEAR;
}

/* Where the x axis puts its values, from 0 (left) to 1 (right). */
struct xmap {
    enum svg_xscale scale;
    double lo, hi;
    size_t n;
};

static double xmap_at(const struct xmap *m, const struct svg_line_x *x, size_t i)
{
    double u = m->n == 1 ? 0.5 : (double)i / (double)(m->n - 1);
    if (m->scale == SVG_X_LINEAR)
        u = (x->value - m->lo) / (m->hi - m->lo);
    else if (m->scale == SVG_X_LOG2)
        u = (log2(x->value) - log2(m->lo)) / (log2(m->hi) - log2(m->lo));
    return LN_L + u * (LN_W - LN_L - LN_R);
}

static struct xmap xmap_for(const struct svg_line_chart *c)
{
    struct xmap m = { svg_line_xscale(c->xs, c->nx), INFINITY, -INFINITY, c->nx };
    for (size_t i = 0; i < c->nx; i++) {
        m.lo = c->xs[i].value < m.lo ? c->xs[i].value : m.lo;
        m.hi = c->xs[i].value > m.hi ? c->xs[i].value : m.hi;
    }
    return m;
}

static double y_at(const struct svg_axis *a, double y)
{
    return LN_H - LN_B - y / a->top * (LN_H - LN_T - LN_B);
}

static bool has_bar(const struct svg_line_pt *p)
{
    return p->n > 1 && p->err > 0 && isfinite(p->err);
}

static void open_chart(FILE *f, const struct svg_line_chart *c, enum svg_xscale scale)
{
    const char *data[2 * LN_DATA + 1];
    size_t k = 0;
    for (size_t i = 0; c->data != NULL && c->data[i] != NULL && k + 4 < 2 * LN_DATA; i++)
        data[k++] = c->data[i];
    data[k++] = "xscale";
    data[k++] = scale_names[scale];
    data[k] = NULL;
    svg_open(f, LN_W, LN_H, c->title, data);
    fprintf(f, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\">", LN_W / 2);
    html_text(f, c->title);
    fputs("</text>\n", f);
}

static void axes(FILE *f, const struct svg_line_chart *c, const struct xmap *m, const struct svg_axis *ya)
{
    char a[32];
    for (int i = 0; i <= ya->n; i++) {
        double y = y_at(ya, i * ya->step);
        fprintf(f, "<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/>\n", LN_L, LN_W - LN_R, y, y);
        svg_fmt_si(a, sizeof a, i * ya->step);
        fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", LN_L - 6, y + 4, a);
    }
    fprintf(f, "<line class=\"axis\" x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\"/>\n", LN_L, LN_W - LN_R, LN_H - LN_B,
            LN_H - LN_B);
    for (size_t i = 0; i < c->nx; i++) {
        double x = xmap_at(m, &c->xs[i], i);
        fprintf(f, "<line class=\"tick\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/>\n", x, x, LN_H - LN_B,
                LN_H - LN_B + 4);
        fprintf(f, "<text class=\"xlabel\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", x, LN_H - LN_B + 16);
        html_text(f, c->xs[i].label);
        fputs("</text>\n", f);
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (LN_L + LN_W - LN_R) / 2, LN_H - 14);
    html_text(f, c->xname);
    fputs(m->scale == SVG_X_LOG2 ? " (log2 scale)</text>\n" : "</text>\n", f);
}

/* The bar from y - err to y + err, cut at the x axis (a figure below 0 means
 * nothing here): there it has no cap, so the cut shows. */
static void error_bar(FILE *f, double x, const struct svg_line_pt *p, const struct svg_axis *ya, const char *colour)
{
    double lo = p->y - p->err, top = y_at(ya, p->y + p->err);
    bool cut = lo < 0;
    double bottom = y_at(ya, cut ? 0 : lo);
    fprintf(f, "<line class=\"err\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x, x, bottom,
            top, colour);
    fprintf(f, "<line class=\"err\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x - 4, x + 4,
            top, top, colour);
    if (!cut)
        fprintf(f, "<line class=\"err\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", x - 4,
                x + 4, bottom, bottom, colour);
}

static void point(FILE *f, const struct svg_line_chart *c, const struct svg_line_series *s, double x,
                  const struct svg_line_pt *p, const struct svg_axis *ya, const char *colour)
{
    char v[32], e[32];
    if (has_bar(p))
        error_bar(f, x, p, ya, colour);
    fprintf(f, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"><title>", x, y_at(ya, p->y), colour);
    html_text(f, s->label);
    fputs(": ", f);
    html_text(f, c->xname);
    fputc('=', f);
    html_text(f, c->xs[p->x].label);
    fputs(": ", f);
    html_text(f, c->ylabel);
    svg_fmt_si(v, sizeof v, p->y);
    fprintf(f, " %s", v);
    if (p->n > 1) {
        svg_fmt_si(e, sizeof e, p->err);
        fprintf(f, " \u00b1 %s (n=%u)", e, p->n);
    }
    fputs("</title></circle>\n", f);
}

static void series(FILE *f, const struct svg_line_chart *c, size_t k, const struct xmap *m, const struct svg_axis *ya)
{
    const struct svg_line_series *s = &c->series[k];
    const char *colour = svg_colour(k);
    fprintf(f, "<path class=\"line\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s d=\"", colour, svg_dash(k));
    for (size_t i = 0; i < s->n; i++)
        fprintf(f, "%s%.1f,%.1f ", i ? "L" : "M", xmap_at(m, &c->xs[s->pts[i].x], s->pts[i].x), y_at(ya, s->pts[i].y));
    fputs("\"/>\n", f);
    for (size_t i = 0; i < s->n; i++)
        point(f, c, s, xmap_at(m, &c->xs[s->pts[i].x], s->pts[i].x), &s->pts[i], ya, colour);
}

void svg_line_chart(FILE *f, const struct svg_line_chart *c)
{
    double ymax = 0;
    for (size_t k = 0; k < c->nseries; k++)
        for (size_t i = 0; i < c->series[k].n; i++) {
            const struct svg_line_pt *p = &c->series[k].pts[i];
            double top = p->y + (has_bar(p) ? p->err : 0);
            ymax = top > ymax ? top : ymax;
        }
    struct svg_axis ya = svg_axis_for(ymax, 5);
    struct xmap m = xmap_for(c);
    fputs("<div class=\"chartbox\">\n", f);
    open_chart(f, c, m.scale);
    axes(f, c, &m, &ya);
    for (size_t k = 0; k < c->nseries; k++)
        series(f, c, k, &m, &ya);
    fputs("</svg>\n<ul class=\"legend\">\n", f);
    for (size_t k = 0; k < c->nseries; k++)
        svg_legend_line(f, svg_colour(k), svg_dash(k), c->series[k].label);
    fputs("</ul>\n</div>\n", f);
}
