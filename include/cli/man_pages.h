/* man_pages.h: the man pages flowbench(1) and flowbench-workloads(5), written in
 * roff from the tables that drive the parser and `help` (flowbench --man 1|5). */
#ifndef FB_MAN_PAGES_H
#define FB_MAN_PAGES_H

#include <stdio.h>

/* section 1 (the program; usage writes the option text) or 5 (the language);
 * -1 for another section. */
int man_page_print(FILE *out, int section, void (*usage)(FILE *out));

#endif
