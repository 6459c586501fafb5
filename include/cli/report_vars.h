/* report_vars.h: the variables as the reports show them (report/report.h:
 * struct report_vars), built from the interpreter's table. */
#ifndef FB_REPORT_VARS_H
#define FB_REPORT_VARS_H

#include "lang/vars.h"
#include "report/report.h"

/* out: every variable of t, in its order, with a copy of its name and value;
 * 0, or -1 when out of memory (out is then freed). */
int report_vars_build(const struct vartab *t, struct report_vars *out);
void report_vars_free(struct report_vars *r);

#endif
