/* index_html.h: a results tree's index.html: every point in a table linking to
 * its run report, and charts of each swept variable (src/campaign/index_html.c). */
#ifndef FB_INDEX_HTML_H
#define FB_INDEX_HTML_H

#include "campaign/summary.h"

/* Writes S->dir/index.html (through index.html.tmp, renamed). 0, or -1 with a
 * message in d. A campaign calls it with its summary.json loaded by summary_load. */
int index_html_write(const struct summary *s, struct diag *d);
/* The same for the results tree (or summary.json) at path: loads, writes,
 * frees. The tree's folder in dir (may be NULL). 0, or -1 with a message in d. */
int index_html_write_tree(const char *path, char *dir, size_t dirlen, struct diag *d);

#endif
