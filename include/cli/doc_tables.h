/* doc_tables.h: the language reference tables (commands, attributes, flowops,
 * cvar types) printed as Markdown from the tables the code uses. */
#ifndef FB_DOC_TABLES_H
#define FB_DOC_TABLES_H

#include <stdio.h>

void doc_tables_print(FILE *out);

#endif
