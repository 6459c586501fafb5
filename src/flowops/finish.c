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


const struct flowop_hooks flowop_finishoncount_hooks = { .run = finish_run };

const struct flowop_hooks flowop_finishonbytes_hooks = { .run = finish_run };
