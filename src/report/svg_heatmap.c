/* svg_heatmap.c: the heat map of one figure over two variables (svg_heatmap.h):
 * a cell's lightness says where its figure lies between the smallest and the
 * largest, and the figure is written in it. */
#include "report/svg_heatmap.h"

#include <math.h>

#include "report/html_text.h"
#include "report/svg_chart.h"

#define HM_ROW 34
#define HM_LEFT 90
#define HM_TOP 60

static void labels(FILE *f, const struct svg_heatmap *h, double cw)
{
    fprintf(f, "<text x=\"8\" y=\"%d\">", HM_TOP - 8);
    html_text(f, h->rowname);
    fputs(" \\ ", f);
    html_text(f, h->colname);
    fputs("</text>\n", f);
    for (size_t j = 0; j < h->ncols; j++) {
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">", HM_LEFT + (double)j * cw + cw / 2, HM_TOP - 8);
        html_text(f, h->cols[j]);
        fputs("</text>\n", f);
    }
    for (size_t i = 0; i < h->nrows; i++) {
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", HM_LEFT - 8, HM_TOP + (int)i * HM_ROW + HM_ROW / 2 + 4);
        html_text(f, h->rows[i]);
        fputs("</text>\n", f);
    }
}

static void cell(FILE *f, const struct svg_heatmap *h, const struct svg_heat_cell *c, double cw, double lo, double hi)
{
    double k = hi > lo ? (c->v - lo) / (hi - lo) : 1;
    int light = (int)lround(92 - k * 55);
    double x = HM_LEFT + (double)c->col * cw, y = HM_TOP + (double)c->row * HM_ROW;
    char v[32], e[32];
    svg_fmt_si(v, sizeof v, c->v);
    fprintf(f, "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"hsl(210,70%%,%d%%)\"><title>",
            x, y, cw - 2, HM_ROW - 2, light);
    html_text(f, h->rowname);
    fputc('=', f);
    html_text(f, h->rows[c->row]);
    fputs(", ", f);
    html_text(f, h->colname);
    fputc('=', f);
    html_text(f, h->cols[c->col]);
    fputs(": ", f);
    html_text(f, h->vlabel);
    fprintf(f, " %s", v);
    if (c->n > 1) {
        svg_fmt_si(e, sizeof e, c->err);
        fprintf(f, " \u00b1 %s", e);
    }
    fprintf(f, "</title></rect>\n<text%s x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
            light < 60 ? " class=\"on-dark\"" : "", x + cw / 2 - 1, y + HM_ROW / 2 + 4, v);
}

void svg_heatmap(FILE *f, const struct svg_heatmap *h)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < h->ncells; i++) {
        lo = h->cells[i].v < lo ? h->cells[i].v : lo;
        hi = h->cells[i].v > hi ? h->cells[i].v : hi;
    }
    double cw = h->ncols ? 520.0 / (double)h->ncols : 110;
    cw = cw < 60 ? 60 : cw > 110 ? 110 : cw;
    int w = HM_LEFT + (int)ceil((double)h->ncols * cw) + 20, ht = HM_TOP + (int)h->nrows * HM_ROW + 20;
    svg_open(f, w, ht, h->title, h->data);
    fprintf(f, "<text x=\"%d\" y=\"20\" text-anchor=\"middle\">", w / 2);
    html_text(f, h->title);
    fputs("</text>\n", f);
    labels(f, h, cw);
    for (size_t i = 0; i < h->ncells; i++)
        cell(f, h, &h->cells[i], cw, lo, hi);
    fputs("</svg>\n", f);
}
