/* worker_long_ops.c: marks the body of a flowop that does not look at the run's end
 * (hog), so that the report can say when it kept the run going past its end. */
#include "engine/engine_rt.h"
#include "engine/sync.h"
#include "engine/worker.h"

void op_long_begin(struct worker *w, const struct op_inst *op)
{
    atomic_store_explicit(&w->cpu_pub->long_op, (uint32_t)op->op->flat + 1, memory_order_relaxed);
}

void op_long_end(struct worker *w, const struct op_inst *op)
{
    atomic_store_explicit(&w->cpu_pub->long_op, 0, memory_order_relaxed);
    if (!worker_stopping(w))
        return;
    atomic_store_explicit(&w->cpu_pub->late_op, (uint32_t)op->op->flat + 1, memory_order_relaxed);
    atomic_store_explicit(&w->cpu_pub->late_ns, clock_ns(), memory_order_relaxed);
}
