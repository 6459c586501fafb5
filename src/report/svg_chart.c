/* svg_chart.c: what every chart shares (svg_chart.h): the palette, the <svg>
 * element, value axes with steps people read, SI figures and legend items. */
#include "report/svg_chart.h"

#include <math.h>

#include "report/html_text.h"

static const char *const palette[] = { "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                                       "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf" };
#define NPALETTE (sizeof palette / sizeof palette[0])

const char *svg_colour(size_t i)
{
    return palette[i % NPALETTE];
}

const char *svg_dash(size_t i)
{
    static const char *const dash[] = { "", " stroke-dasharray=\"6 3\"", " stroke-dasharray=\"2 3\"",
                                        " stroke-dasharray=\"8 3 2 3\"" };
    return dash[(i / NPALETTE) % 4];
}

void svg_open(FILE *f, int w, int h, const char *label, const char *const *data)
{
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" "
               "height=\"%d\" role=\"img\" aria-label=\"", w, h, w, h);
    html_text(f, label);
    fputc('"', f);
    for (size_t i = 0; data != NULL && data[i] != NULL && data[i + 1] != NULL; i += 2) {
        fprintf(f, " data-%s=\"", data[i]);
        html_text(f, data[i + 1]);
        fputc('"', f);
    }
    fputs(">\n", f);
}

double svg_nice_ceil(double x)
{
    if (!(x > 0) || !isfinite(x))
        return 1;
    double p = pow(10, floor(log10(x)));
    static const double steps[] = { 1, 2, 2.5, 5, 10 };
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
        if (steps[i] * p >= x * (1 - 1e-3)) /* 5.0001 s still gets steps of 1 */
            return steps[i] * p;
    return 10 * p;
}

struct svg_axis svg_axis_for(double max, int want)
{
    struct svg_axis a;
    a.step = svg_nice_ceil(max / want);
    a.n = (int)ceil(max / a.step - 1e-3);
    if (a.n < 1)
        a.n = 1;
    a.top = a.step * a.n;
    return a;
}

void svg_fmt_si(char *buf, size_t len, double v)
{
    static const char *const unit[] = { "", "k", "M", "G", "T" };
    int u = 0;
    while (fabs(v) >= 1000 && u < 4) {
        v /= 1000;
        u++;
    }
    snprintf(buf, len, "%.3g%s", v, unit[u]);
}

void svg_legend_line(FILE *f, const char *colour, const char *dash, const char *label)
{
    fprintf(f, "<li><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"28\" height=\"10\" aria-hidden=\"true\">"
               "<line x1=\"1\" x2=\"27\" y1=\"5\" y2=\"5\" stroke=\"%s\" stroke-width=\"3\"%s/></svg> ",
            colour, dash);
    html_text(f, label);
    fputs("</li>\n", f);
}

void svg_legend_box(FILE *f, const char *colour, const char *label)
{
    fprintf(f, "<li><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"14\" height=\"14\" aria-hidden=\"true\">"
               "<rect width=\"14\" height=\"14\" fill=\"%s\"/></svg> ", colour);
    html_text(f, label);
    fputs("</li>\n", f);
}
