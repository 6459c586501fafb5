/* report_html_charts.h: the inline SVG charts of the HTML report
 * (report_html_charts.c), drawn into the page that report_html.c writes. */
#ifndef FB_REPORT_HTML_CHARTS_H
#define FB_REPORT_HTML_CHARTS_H

#include <stdio.h>

#include "results/results.h"

/* The charts of one run, each an <svg> (or a note saying why there is none). */
void html_chart_throughput(FILE *f, const struct run_result *r);
/* Per device under the run's directories: read and write MiB/s and utilisation over time. */
void html_chart_devices(FILE *f, const struct run_result *r);
void html_chart_percentiles(FILE *f, const struct run_result *r);
void html_chart_opmix(FILE *f, const struct run_result *r);
/* Over many ranks (MPI): each rank's ops/s, a bar per rank coloured by host. */
void html_chart_ranks(FILE *f, const struct run_result *r);

#endif
