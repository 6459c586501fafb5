/* model_check.h: `flowbench model TRACE --check`, the model run briefly and compared with the trace
 * (src/cli/cmd_model_check.c). */
#ifndef FB_MODEL_CHECK_H
#define FB_MODEL_CHECK_H

#include <stdbool.h>
#include <stdio.h>

struct trace;

struct model_check_opts {
    const char *parent;   /* where the runs' directory is made (NULL: /tmp) */
    unsigned secs;        /* each run's length */
    bool keep;            /* the runs' directory is left for a look */
};

/* Runs model (the .f written for t) and prints the table to out: 0 every figure ok, 1 one or more off
 * (or the run failed, said on stderr). */
int model_check(const struct trace *t, const char *model, const struct model_check_opts *o, FILE *out);

#endif
