/* svg_chart.h: the one way flowbench draws charts: inline SVG written in C, for
 * the run report and the results tree's index.html alike: one palette, one
 * stylesheet (html_style.h), the axes' steps and labels and the legends. */
#ifndef FB_SVG_CHART_H
#define FB_SVG_CHART_H

#include <stddef.h>
#include <stdio.h>

/* The colour of the i-th series (flowop, line, host) of a chart and its legend. */
const char *svg_colour(size_t i);
/* The stroke-dasharray attribute (with a leading space, or "") that sets apart
 * the series past the palette's length. */
const char *svg_dash(size_t i);

/* <svg class="chart" ...>: width w, height h, aria-label label, and the data-*
 * attributes data (name, value pairs, NULL-terminated; NULL for none). */
void svg_open(FILE *f, int w, int h, const char *label, const char *const *data);

/* The smallest of 1, 2, 2.5, 5 times a power of ten that is >= x. */
double svg_nice_ceil(double x);

/* A value axis from 0: n steps of step up to top >= the data's max. */
struct svg_axis {
    double top, step;
    int n;
};
struct svg_axis svg_axis_for(double max, int want);

/* An axis figure: "0", "750", "20k", "1.5M". */
void svg_fmt_si(char *buf, size_t len, double v);

/* A legend item (<li>) inside <ul class="legend">: a line of the series' colour
 * and dash, or a filled square. */
void svg_legend_line(FILE *f, const char *colour, const char *dash, const char *label);
void svg_legend_box(FILE *f, const char *colour, const char *label);

#endif
