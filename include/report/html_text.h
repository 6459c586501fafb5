/* html_text.h: text escaped for HTML, shared by every HTML page of flowbench
 * (the run report, the results tree's index.html) and their inline SVG charts. */
#ifndef FB_HTML_TEXT_H
#define FB_HTML_TEXT_H

#include <stdio.h>

/* Text escaped for HTML content and attribute values (also inside inline SVG). */
void html_text(FILE *f, const char *s);
/* A page's "label: value" line (<p class="meta">); nothing when value is NULL or empty. */
void html_meta(FILE *f, const char *label, const char *value);

#endif
