/* svg_heatmap.h: a heat map of one figure over two variables' values (iozone's
 * file size x record size): a cell per pair, darker for more. */
#ifndef FB_SVG_HEATMAP_H
#define FB_SVG_HEATMAP_H

#include <stddef.h>
#include <stdio.h>

struct svg_heat_cell {
    size_t row, col;
    double v, err;                /* err: the half-width of its interval when n > 1 */
    unsigned n;
};

struct svg_heatmap {
    const char *title;            /* on top, and the aria-label */
    const char *rowname, *colname, *vlabel;
    const char *const *data;      /* data-* attributes of the svg (svg_open) */
    const char *const *rows;      /* the row variable's values, top to bottom */
    size_t nrows;
    const char *const *cols;      /* the column variable's, left to right */
    size_t ncols;
    const struct svg_heat_cell *cells;
    size_t ncells;
};

void svg_heatmap(FILE *f, const struct svg_heatmap *h);

#endif
