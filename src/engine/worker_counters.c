/* worker_counters.c: the counts the finish and limit flowops compare with their
 * value: one flowop's ops or bytes, or the whole run's. */
#include "engine/engine_rt.h"
#include "engine/worker.h"

uint64_t worker_count_ops(struct worker *w, int target_flat)
{
    return target_flat >= 0 ? w->ops[target_flat].st->ops : engine_run_count(w->eng, RUN_IO_OPS);
}

uint64_t worker_count_bytes(struct worker *w, int target_flat)
{
    return target_flat >= 0 ? w->ops[target_flat].st->bytes : engine_run_count(w->eng, RUN_RW_BYTES);
}
