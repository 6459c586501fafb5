/* cmd_criteria.h: the criteria a run is judged by, from -C and `criteria` lines
 * (cmd_criteria.c). */
#ifndef FB_CLI_CMD_CRITERIA_H
#define FB_CLI_CMD_CRITERIA_H

#include "base/diag.h"

struct interp;

/* Parses a criterion (loc: where its text starts) and keeps it for every later run. */
int interp_add_criterion(struct interp *in, const char *text, const struct srcloc *loc, struct diag *err);
/* The invocation's exit status from its worst command's and its criteria. */
int interp_exit_status(const struct interp *in, int status);

#endif
