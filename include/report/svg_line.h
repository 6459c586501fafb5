/* svg_line.h: a line chart of figures over the values of one variable (a
 * campaign's sweep): a line per series, a dot per point, its error bar, and an
 * x axis that is even for words, linear for numbers, log2 for numbers that
 * span a factor of 8 or more. */
#ifndef FB_SVG_LINE_H
#define FB_SVG_LINE_H

#include <stddef.h>
#include <stdio.h>

/* An x value: its label, and its number (NAN when it is not one). */
struct svg_line_x {
    const char *label;
    double value;
};

/* A point: its x (an index into the chart's xs), its figure and, when n > 1,
 * the half-width of its error bar. */
struct svg_line_pt {
    size_t x;
    double y, err;
    unsigned n;
};

struct svg_line_series {
    const char *label;
    const struct svg_line_pt *pts; /* in x order */
    size_t n;
};

struct svg_line_chart {
    const char *title;             /* on top, and the aria-label */
    const char *xname;             /* the variable, under the x axis */
    const char *ylabel;            /* the figure, in tooltips */
    const char *const *data;       /* data-* attributes of the svg (svg_open) */
    const struct svg_line_x *xs;   /* in order, left to right */
    size_t nx;
    const struct svg_line_series *series;
    size_t nseries;
};

/* The chart and its legend in a <div class="chartbox">; the svg carries
 * data-xscale ("even", "linear", "log2"). Error bars stop at the x axis. */
void svg_line_chart(FILE *f, const struct svg_line_chart *c);

#endif
