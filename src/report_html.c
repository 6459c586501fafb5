/* report_html.c: placeholder until the html writer lands (being written now). */
#include <errno.h>
#include "results.h"
int results_write_html(const struct interp *in, const char *dir) { (void)in; (void)dir; errno = ENOSYS; return -1; }
