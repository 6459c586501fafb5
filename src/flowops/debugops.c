/* debugops.c: flowops for script debugging: print and testrandvar. */
#include <stdio.h>
#include <unistd.h>

#include "flowop.h"
#include "worker.h"

/* One write(2) per message, so lines of concurrent threads do not interleave.
 * A numeric value= prints as drawn. Not counted. */
static int print_run(struct worker *w, struct op_inst *op)
{
    char value[32];
    const char *text = op->op->value_str;
    if (text == NULL) {
        snprintf(value, sizeof value, "%llu", (unsigned long long)param_u64(&op->op->value, &w->rng));
        text = value;
    }
    char line[4096];
    int n = snprintf(line, sizeof line, "Message from process (%s,%u), thread (%s,%u): %s\n", w->proc->name,
                     w->proc_inst, w->thread->name, w->thread_inst, text);
    if (n < 0)
        return FO_OK;
    if ((size_t)n >= sizeof line) { /* cut: still end the line */
        n = (int)sizeof line - 1;
        line[n - 1] = '\n';
    }
    if (write(STDERR_FILENO, line, (size_t)n) < 0)
        return FO_OK; /* stderr is gone: there is nowhere to say so */
    return FO_OK;
}

/* Draws value and accumulates its count, sum and sum of squares for the
 * report at the end of the run. Not counted. The draw stays a double (as
 * classic's was), so fractional and negative samples are reported as drawn. */
static int testrandvar_run(struct worker *w, struct op_inst *op)
{
    const struct param *p = &op->op->value;
    double v = p->is_dist ? dist_sample(&p->dist, &w->rng) : (double)p->u;
    op->rv_sum += v;
    op->rv_sumsq += v * v;
    op->rv_n++;
    return FO_OK;
}

const struct flowop_type flowop_print = {
    .name = "print", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "print value (a string) each time it runs",
    .run = print_run,
};

const struct flowop_type flowop_testrandvar = {
    .name = "testrandvar", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "draw value and report its mean and spread at the end of the run",
    .run = testrandvar_run,
};
