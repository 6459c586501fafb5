/* report_csv.c: placeholder until the csv writer lands (being written now). */
#include <errno.h>
#include "results.h"
int results_write_csv(const struct interp *in, FILE *out) { (void)in; (void)out; errno = ENOSYS; return -1; }
