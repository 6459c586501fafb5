/* finish.c: finish conditions: finishoncount and finishonbytes end the run normally. */
#include "flowops/flowop.h"
#include "engine/worker.h"

/* [better] a met condition is a normal end of the run (FO_DONE), and without
 * a target only I/O ops count, across the whole run (classic counted every
 * flowop of its own process, this one included). Each unmet check is one op
 * with no latency: nothing is waited for. Over many ranks it is each rank's
 * own, and the run ends once every rank met its own (engine_dist.c). */
static int finish_run(struct worker *w, struct op_inst *op)
{
    const struct finish_rule *f = op->op->type->finish;
    int target = op->op->target_op;
    uint64_t n = f->count == FINISH_BYTES ? worker_count_bytes(w, target) : worker_count_ops(w, target);
    if (finish_met(f, n, op->op->value.u))
        return FO_DONE;
    op_done(w, op, 0, 0, 0);
    return FO_OK;
}

static const struct finish_rule on_count = { FINISH_OPS, false };
/* A strict "more than" with bytes. */
static const struct finish_rule on_bytes = { FINISH_BYTES, true };

const struct flowop_type flowop_finishoncount = {
    .name = "finishoncount", .flags = FF_FINISH, .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE,
    .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
    .summary = "end the run when the target (or all I/O) reached value ops",
    .finish = &on_count,
    .run = finish_run,
};

const struct flowop_type flowop_finishonbytes = {
    .name = "finishonbytes", .flags = FF_FINISH, .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE | NEED_RW_TARGET,
    .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
    .summary = "end the run when the target (or all I/O) moved more than value bytes",
    .finish = &on_bytes,
    .run = finish_run,
};
