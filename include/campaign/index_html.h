/* index_html.h: a results tree's index.html: every point in a table linking to
 * its run report, and charts of each swept variable (src/campaign/index_html.c). */
#ifndef FB_INDEX_HTML_H
#define FB_INDEX_HTML_H

#include "campaign/summary.h"

/* Writes index.html (through index.html.tmp, renamed) for the results tree
 * (or summary.json) at path: loads its summary, writes, frees. The tree's folder in dir (may be NULL). 0, or -1 with a message in d. */
int index_html_write_tree(const char *path, char *dir, size_t dirlen, struct diag *d);

#endif
