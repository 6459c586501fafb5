/* report_json.c: placeholder until the json writer lands (being written now). */
#include <errno.h>
#include "results.h"
int results_write_json(const struct interp *in, FILE *out) { (void)in; (void)out; errno = ENOSYS; return -1; }
