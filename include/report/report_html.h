/* report_html.h: what the HTML report's page (report_html.c) and its inline
 * SVG charts (report_html_charts.c) share: escaping and colours (numbers are
 * formatted by report_figures.h). */
#ifndef FB_REPORT_HTML_H
#define FB_REPORT_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "results/results.h"

/* Text escaped for HTML content and attribute values (also inside inline SVG). */
void html_text(FILE *f, const char *s);
/* The colour of the i-th flowop in the charts and their legends. */
const char *html_series_colour(size_t i);

/* The charts of one run, each an <svg> (or a note saying why there is none). */
void html_chart_throughput(FILE *f, const struct run_result *r);
void html_chart_percentiles(FILE *f, const struct run_result *r);
void html_chart_opmix(FILE *f, const struct run_result *r);

#endif
