/* worker_cpu.c: a thread's CPU time: what it publishes for the reports and the
 * sampled CPU cost of its flowops' ops. */
#include "engine/engine_rt.h"
#include "flowops/flowop.h"
#include "engine/worker.h"
#include "engine/worker_thread.h"

/* The thread's CPU time for the reports: what it used since the run began,
 * less what its samples' clock readings cost (two system calls each). */
void worker_publish_cpu(struct worker *w, uint64_t now)
{
    uint64_t used = now - w->cpu_start;
    uint64_t off = w->cpu_sampling + w->cpu_idle;
    used = used > off ? used - off : 0;
    atomic_store_explicit(&w->cpu_pub->ns, used, memory_order_relaxed);
}

/* CPU per op is sampled: the thread's CPU clock is a system call, too dear to
 * read around every op. Ops are sampled at random gaps (no beating with the
 * loop) whose mean keeps the samples' cost under 1/512 of the thread's CPU,
 * with one sample at least every 50 ms of wall time; the reports share the
 * thread's whole CPU time out over its flowops in proportion to the samples
 * (cpu_share.c). Out of line, so that the loop's common path stays small. */
__attribute__((noinline)) int worker_run_sampled(struct worker *w, const struct plan_op *op)
{
    struct op_inst *inst = &w->ops[op->flat];
    uint64_t ops = inst->st->ops;
    uint64_t c0 = thread_cpu_ns();
    int rc = inst->hooks->run(w, inst);
    uint64_t c1 = thread_cpu_ns();
    if (inst->st->ops > ops) {
        inst->st->cpu_ns += c1 - c0 > w->cpu_overhead ? c1 - c0 - w->cpu_overhead : 0;
        inst->st->cpu_samples++;
    }
    uint64_t wall = clock_ns();
    unsigned period = cpu_sample_period(w->cpu_overhead, c1 - w->cpu_last, wall - w->wall_last, w->cpu_window);
    w->cpu_window = period / 2 + (unsigned)rng_below(&w->cpu_rng, period) + 1;
    w->cpu_countdown = w->cpu_window;
    w->cpu_last = c1;
    w->wall_last = wall;
    w->cpu_sampling += 2 * w->cpu_overhead;
    worker_publish_cpu(w, c1);
    return rc;
}
