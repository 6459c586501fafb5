/* pace.h: the schedule of an open-loop thread (rate=N, rate_process=): pass k
 * is due at a time fixed from the start whatever became of the passes before
 * it, so a slow op makes the passes after it late (and measured late) instead
 * of moving the schedule. linear: k/N seconds after the start, the instances
 * of a thread staggered over one period; poisson: exponential gaps of mean
 * 1/N, seeded per instance. */
#ifndef FB_PACE_H
#define FB_PACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/rng.h"
#include "model/plan.h"

/* Where one instance's schedule stands: the next pass and when it is due. */
struct pace_clock {
    uint64_t origin;               /* the run's go, plus the instance's stagger (linear) */
    uint64_t rate;                 /* passes per second */
    uint64_t due;                  /* when the next pass is due (CLOCK_MONOTONIC ns); the passes
                                    * begun so far are counted in thread_sched.passes */
    struct rng rng;                /* poisson: the gaps' draws */
    uint32_t process;              /* enum rate_process: its row in the pace table */
    uint32_t pad;
    /* linear: pace_due(origin, rate, k) kept by steps, not a 128-bit division a
     * pass: due - origin grows by step_ns, and by one more when rem, the
     * remainder of k * 1e9 / rate, passes rate (step_rem added each pass).
     * carry_at: rate for a linear schedule, 0 for any other, whose every
     * step is then a "carry" that goes to its row (pace_clock_next,
     * engine/pace_pass.h). */
    uint64_t step_ns, step_rem, rem, carry_at;
};

/* How one open-loop thread instance keeps its schedule: the atomics written by
 * the thread at the start of each pass, read by the master at any time; the
 * clock written by the thread alone, read by the master once the thread is
 * done (the passes due by the stop are counted from it). In the shared region. */
struct thread_sched {
    _Atomic uint64_t passes;       /* passes begun */
    _Atomic uint64_t last_lag_ns;  /* how late the last one began */
    _Atomic uint64_t max_lag_ns;   /* ... the latest any began */
    _Atomic uint64_t next_due_ns;  /* when the next one is due (CLOCK_MONOTONIC) */
    struct pace_clock clock;       /* rate 0: never started */
    char pad[24];
};

/* When pass k of a linear schedule of rate passes per second begun at go is due (ns). */
static inline uint64_t pace_due(uint64_t go, uint64_t rate, uint64_t k)
{
    return go + (uint64_t)((unsigned __int128)k * 1000000000u / rate);
}

/* When the pass after c's is due on a linear schedule: pace_due(origin,
 * rate, k + 1), to the nanosecond, by steps (an add and a carry). */
static inline uint64_t pace_next_linear(struct pace_clock *c)
{
    uint64_t due = c->due + c->step_ns, rem = c->rem + c->step_rem;
    if (rem >= c->rate) { /* never when the rate divides 1e9 (step_rem 0) */
        rem -= c->rate;
        due++;
    }
    c->rem = rem;
    return due;
}

/* The same on c's process, through its row (pace.c). */
uint64_t pace_next(struct pace_clock *c);


/* The passes due in [go, stop) of a linear schedule: those it asked for by the stop. */
uint64_t pace_intended(uint64_t go, uint64_t rate, uint64_t stop);

/* Instance j of the n of a thread, its schedule from go: linear ones start
 * j/n of a period apart; seed picks a poisson instance's gaps. */
void pace_clock_init(struct pace_clock *c, enum rate_process p, uint64_t go, uint64_t rate, uint64_t seed, uint64_t j,
                     uint64_t n);
/* The passes the schedule c asked for by stop: the begun passes (its
 * thread_sched.passes) and those due since. */
uint64_t pace_clock_due_before(const struct pace_clock *c, uint64_t begun, uint64_t stop);

struct worker;
/* The open-loop thread's preparation: a fine timer slack, so that its sleeps end
 * near their deadline (a 10,000/s schedule has 100 us between passes). */
void pace_start(void);
/* Sleeps (no spin) from now until due, first completing what is in flight,
 * or until the run stops (then 0: the sleep ends at once); returns when it
 * woke. Its time is the pacing's; bucket >= 0: the time bucket the thread
 * goes back to after it (its loop entered it once for the run), else the
 * next op enters its own. The slow side of pace_pass (engine/pace_pass.h). */
uint64_t pace_sleep(struct worker *w, uint64_t due, uint64_t now, int bucket);

#endif
