/* html_style.h: the one stylesheet of flowbench's HTML pages (the run report and
 * the results tree's index.html), charts included. */
#ifndef FB_HTML_STYLE_H
#define FB_HTML_STYLE_H

extern const char html_style[];

#endif
