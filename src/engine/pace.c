/* pace.c: an open-loop thread's schedule (rate=, rate_process=): when each
 * pass is due (a row per process), waiting for it, the lag with which it
 * began, and what the master reads of it. */
#include "engine/pace.h"

#include <math.h>
#include <sys/prctl.h>

#include "base/clock.h"
#include "base/futex.h"
#include "engine/engine_rt.h"
#include "engine/io_inflight.h"
#include "engine/worker.h"

uint64_t pace_intended(uint64_t go, uint64_t rate, uint64_t stop)
{
    if (stop <= go)
        return 0;
    /* pass k is due before the stop when k * 1e9 / rate < stop - go */
    unsigned __int128 span = (unsigned __int128)(stop - go) * rate;
    return (uint64_t)((span + 999999999u) / 1000000000u);
}

/* One row per rate_process: when the pass after c's is due. */
static uint64_t next_linear(struct pace_clock *c)
{
    return pace_next_linear(c);
}

/* An exponential gap of mean 1/rate: -ln(1 - U) / rate, U uniform in [0, 1). */
static uint64_t poisson_gap(struct pace_clock *c)
{
    return (uint64_t)llround(-log1p(-rng_unit(&c->rng)) * 1e9 / (double)c->rate);
}

static uint64_t next_poisson(struct pace_clock *c)
{
    return c->due + poisson_gap(c);
}

static const struct {
    uint64_t (*next)(struct pace_clock *c);
    bool staggered;              /* instances start apart over one period */
    bool first_gap;              /* the first pass is one gap after the start */
    bool steps;                  /* its common step is pace_clock_next's inline one */
} pace_rows[RP_N] = {
    [RP_LINEAR] = { next_linear, true, false, true },
    [RP_POISSON] = { next_poisson, false, true, false },
};

void pace_clock_init(struct pace_clock *c, enum rate_process p, uint64_t go, uint64_t rate, uint64_t seed, uint64_t j,
                     uint64_t n)
{
    uint64_t stagger = pace_rows[p].staggered && n > 1 ? (uint64_t)((unsigned __int128)j * 1000000000u / (rate * n)) : 0;
    *c = (struct pace_clock){ .origin = go + stagger, .rate = rate, .due = go + stagger, .process = (uint32_t)p,
                              .step_ns = 1000000000u / rate, .step_rem = 1000000000u % rate,
                              .carry_at = pace_rows[p].steps ? rate : 0 };
    rng_seed(&c->rng, seed);
    if (pace_rows[p].first_gap)
        c->due += poisson_gap(c);
}

uint64_t pace_next(struct pace_clock *c)
{
    return pace_rows[c->process].next(c);
}

uint64_t pace_clock_due_before(const struct pace_clock *c, uint64_t begun, uint64_t stop)
{
    struct pace_clock x = *c;
    uint64_t k = begun;
    for (; x.due < stop; k++)
        x.due = pace_next(&x);
    return k;
}

void pace_start(void)
{
    /* 1 ns of slack instead of the default 50 us; a refusal only costs precision. */
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
}

/* now, or 0 when the run stops. */
static uint64_t unless_stopped(_Atomic uint32_t *phase, uint64_t now)
{
    return atomic_load_explicit(phase, memory_order_relaxed) != PHASE_STOP ? now : 0;
}

uint64_t pace_sleep(struct worker *w, uint64_t due, uint64_t now, int bucket)
{
    _Atomic uint32_t *phase = &w->sh->phase;
    /* A request of an asynchronous engine is timed when it is reaped: one left
     * in flight over the sleep would count the sleep as its service time. */
    if (w->io_inflight > 0) {
        if (op_io_drain(w) != FO_OK)
            return 0;
        now = clock_ns();
    }
    if (now >= due)
        return unless_stopped(phase, now);
    /* The sleep is the thread's pacing, not its flowops': neither its wall
     * time nor the CPU its wake-ups cost go to them. */
    thread_clock_enter(&w->tclock, TB_PACE);
    uint64_t cpu0 = thread_cpu_ns();
    while (now < due && atomic_load_explicit(phase, memory_order_relaxed) != PHASE_STOP) {
        fb_futex_wait_until(phase, PHASE_GO, due);
        now = clock_ns();
    }
    w->cpu_idle += thread_cpu_ns() - cpu0 + w->cpu_overhead; /* and the readings' own cost */
    if (bucket >= 0)
        thread_clock_enter(&w->tclock, (unsigned)bucket);
    return unless_stopped(phase, now);
}
