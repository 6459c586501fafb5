/* html_text.h: text escaped for HTML, shared by the HTML report's page
 * (report_html.c) and its inline SVG charts (report_html_charts.c). */
#ifndef FB_HTML_TEXT_H
#define FB_HTML_TEXT_H

#include <stdio.h>

/* Text escaped for HTML content and attribute values (also inside inline SVG). */
void html_text(FILE *f, const char *s);

#endif
