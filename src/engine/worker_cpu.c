/* worker_cpu.c: a thread's CPU time: what it publishes for the reports and the
 * sampled CPU cost of each of its flowops' ops. */
#include "engine/engine_rt.h"
#include "engine/flowop_hooks.h"
#include "engine/worker.h"
#include "engine/worker_thread.h"

/* The thread's CPU time for the reports: what it used since the run began,
 * less what its samples' clock readings cost (two system calls each) and an
 * open loop's pacing sleeps. */
void worker_publish_cpu(struct worker *w, uint64_t now)
{
    uint64_t used = now - w->cpu_start;
    uint64_t off = w->cpu_sampling + w->cpu_idle;
    used = used > off ? used - off : 0;
    atomic_store_explicit(&w->cpu_pub->ns, used, memory_order_relaxed);
}

/* CPU per op is measured around the ops themselves, on a sample: the thread's
 * CPU clock is a system call, too dear to read around every op. Each flowop
 * samples its own ops, at random gaps (no beating with the loop) whose mean
 * depends on what its ops cost (cpu_sample_period), so one flowop's sample
 * can hold no other flowop's time, and a flowop of few, long ops is sampled
 * at every op. The sampled CPU of an op that returned FO_OK counts: an
 * asynchronous flowop's op is its submission, whose completion it or
 * another op reaps. Out of line, so that the loop's common path stays small. */
__attribute__((noinline)) int worker_run_sampled(struct worker *w, struct op_inst *inst)
{
    struct op_stats *st = inst->st;
    uint64_t c0 = thread_cpu_ns();
    int rc = inst->run(w, inst);
    uint64_t c1 = thread_cpu_ns();
    if (rc == FO_OK) {
        st->cpu_ns += c1 - c0 > w->cpu_overhead ? c1 - c0 - w->cpu_overhead : 0;
        st->cpu_samples++;
    }
    uint64_t mean_cpu = st->cpu_samples ? st->cpu_ns / st->cpu_samples : 0;
    uint64_t mean_wall = st->ops ? st->lat_sum / st->ops : 0;
    unsigned period = cpu_sample_period(w->cpu_overhead, st->cpu_samples, mean_cpu, mean_wall);
    inst->cpu_countdown = period / 2 + (unsigned)rng_below(&w->cpu_rng, period) + 1;
    w->cpu_sampling += 2 * w->cpu_overhead;
    worker_publish_cpu(w, c1);
    return rc;
}
