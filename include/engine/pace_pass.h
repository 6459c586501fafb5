/* pace_pass.h: the start of an open-loop pass, inline in the thread's loop
 * (worker_loop.c): one CLOCK_MONOTONIC reading, the lag, the pass's start on
 * the op clock, the next due time and the four figures the master reads, once
 * a pass; the sleep, when the pass is not due yet, out of line (pace.c). */
#ifndef FB_PACE_PASS_H
#define FB_PACE_PASS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/clock.h"
#include "base/memop.h"
#include "engine/engine_rt.h"
#include "engine/pace.h"
#include "engine/worker.h"

/* When the pass after c's is due, on any process, with no test of which on
 * a linear schedule's common step: the carry's test sends any other
 * process, whose carry_at is 0, to its row. */
static inline uint64_t pace_clock_next(struct pace_clock *c)
{
    uint64_t rem = c->rem + c->step_rem;
    if (__builtin_expect(rem < c->carry_at, 1)) {
        c->rem = rem;
        return c->due + c->step_ns;
    }
    return c->process == RP_LINEAR ? pace_next_linear(c) : pace_next(c);
}

/* A pass began lag ns after it was due; next is when the one after it is.
 * Plain relaxed stores (and the count's load): the thread is their one
 * writer. The count of passes begun is the schedule's own (pace_clock has
 * none): one add a pass. */
static inline void pace_publish(struct thread_sched *s, uint64_t lag, uint64_t next)
{
    atomic_store_explicit(&s->passes, atomic_load_explicit(&s->passes, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    atomic_store_explicit(&s->last_lag_ns, lag, memory_order_relaxed);
    atomic_store_explicit(&s->next_due_ns, next, memory_order_relaxed);
    if (lag > atomic_load_explicit(&s->max_lag_ns, memory_order_relaxed))
        atomic_store_explicit(&s->max_lag_ns, lag, memory_order_relaxed);
}

/* Before the next pass of c: sleeps (no spin) until it is due, unless it is
 * already, publishes its lag and moves c on to the pass after it; false when
 * the run stops first (the sleep ends at once; c stays at the pass not begun).
 * phase: the run's (&w->sh->phase, kept by the caller's loop); bucket: the
 * time bucket a sleep goes back to (pace_sleep), or -1. */
static inline __attribute__((always_inline)) bool pace_pass(struct worker *w, struct pace_clock *c,
                                                            _Atomic uint32_t *phase, int bucket)
{
    uint64_t due = c->due, now = clock_ns();
    if (__builtin_expect(now < due, 0)) {
        if ((now = pace_sleep(w, due, now, bucket)) == 0)
            return false;
    } else if (memop_equals(phase, PHASE_STOP)) {
        return false;
    }
    uint64_t lag = now - due;
    w->pass_lag_ns = lag;
    w->pass_t0 = __builtin_expect(w->clk.tsc, 1) ? op_now(w) : now; /* on the vDSO clock, the reading just taken */
    uint64_t next = pace_clock_next(c);
    c->due = next;
    pace_publish(w->sched, lag, next);
    return true;
}

#endif
