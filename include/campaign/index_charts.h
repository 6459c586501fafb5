/* index_charts.h: the charts of a results tree's index.html, static SVG drawn
 * from its summary (src/campaign/index_charts.c). */
#ifndef FB_INDEX_CHARTS_H
#define FB_INDEX_CHARTS_H

#include <stdio.h>

#include "campaign/summary.h"

/* Under "Against VAR" for each swept variable: ops/s, MB/s and p99 of the
 * points and the read MB/s, write MB/s and utilisation of their file system's
 * device, a line per CONFIG and values of the other swept variables; then a
 * heat map of ops/s and MB/s per CONFIG that sweeps two variables. Writes
 * <p class="note" id="fb-status" data-drawn="N"> saying how many it drew. */
void index_charts(FILE *f, const struct summary *s);

#endif
