/* finish.c: finish conditions: finishoncount and finishonbytes end the run normally. */
#include "flowops/flowop.h"
#include "engine/worker.h"

/* [better] a met condition is a normal end of the run (FO_DONE), and without
 * a target only I/O ops count, across the whole run (classic counted every
 * flowop of its own process, this one included). Each unmet check is one op
 * with no latency: nothing is waited for. */
static int finishoncount_run(struct worker *w, struct op_inst *op)
{
    uint64_t n = worker_count_ops(w, op->op->target_op);
    if (n >= op->op->value.u)
        return FO_DONE;
    op_done(w, op, 0, 0, 0);
    return FO_OK;
}

/* Same with bytes read or written, and a strict "more than". */
static int finishonbytes_run(struct worker *w, struct op_inst *op)
{
    uint64_t n = worker_count_bytes(w, op->op->target_op);
    if (n > op->op->value.u)
        return FO_DONE;
    op_done(w, op, 0, 0, 0);
    return FO_OK;
}

const struct flowop_type flowop_finishoncount = {
    .name = "finishoncount", .flags = FF_FINISH, .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE,
    .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
    .summary = "end the run when the target (or all I/O) reached value ops",
    .run = finishoncount_run,
};

const struct flowop_type flowop_finishonbytes = {
    .name = "finishonbytes", .flags = FF_FINISH, .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE | NEED_RW_TARGET,
    .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
    .summary = "end the run when the target (or all I/O) moved more than value bytes",
    .run = finishonbytes_run,
};
