/* clock.h: the clocks: a monotonic nanosecond clock (vDSO, no syscall) for the
 * engine, the real-time clock, and the cheaper tick clock read around each
 * measured system call. */
#ifndef FB_CLOCK_H
#define FB_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct diag;

static inline uint64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Nanoseconds of the real-time clock: one time line across processes and
 * hosts (the journal's generations, the ranks' common start), not for intervals. */
static inline uint64_t clock_realtime_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The calling thread's CPU time: a system call, not the vDSO (read sparingly). */
static inline uint64_t thread_cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

enum clock_source { CLOCK_AUTO = 0, CLOCK_TSC, CLOCK_VDSO };

/* The clock around measured calls. With the TSC, a reading is the time stamp
 * counter itself, the counter the kernel's own clock reads, without the
 * vDSO's sequence lock and fence (about 9 ns instead of 21 here); latencies
 * are converted to nanoseconds when recorded. */
struct tick_clock {
    bool tsc;                 /* false: ticks are CLOCK_MONOTONIC nanoseconds */
    double ns_per_tick;
    uint64_t ns_per_tick_fx;  /* the same in fixed point, TICK_FX_BITS fraction bits, rounded up (tick_clock_rate) */
    const char *name;         /* "tsc" or "vdso", for the reports */
};

/* tick_to_ns's fraction bits: a rate of at most 10 ns a tick (calibrate's
 * bound) stays under 2^48, and its rounding adds under 1 ns below 2^44 ticks
 * (29 minutes at 10 GHz). */
#define TICK_FX_BITS 44

/* Sets the clock's rate both ways. Rounded up, so a whole number of ns (the
 * vDSO's 1.0, 2500 ticks of 0.4 ns) converts to itself, not one below. */
static inline void tick_clock_rate(struct tick_clock *c, double ns_per_tick)
{
    double fx = ns_per_tick * (double)(1ull << TICK_FX_BITS);
    c->ns_per_tick = ns_per_tick;
    c->ns_per_tick_fx = (uint64_t)fx + ((double)(uint64_t)fx < fx);
}

/* A first (ns, tsc) reading, taken when flowbench starts: the calibration
 * measures the TSC's rate from there, so the start-up's own work is the
 * calibration interval and the first run seldom waits for it. */
struct tick_mark {
    uint64_t ns, tsc;
};
void tick_clock_mark(struct tick_mark *m);

/* Chooses and calibrates the clock: the TSC only when asked or (auto) when
 * the kernel's clocksource is the TSC, which it uses only when the counter
 * is invariant and in step on every CPU. The calibration spans at least 2 ms
 * from the mark (it waits out what is left). Returns 0, or -1 with err
 * saying why when the TSC was asked for and cannot be used. */
int tick_clock_init(struct tick_clock *c, enum clock_source want, const struct tick_mark *m, struct diag *err);

static inline uint64_t tick_now(const struct tick_clock *c)
{
#if defined(__x86_64__)
    if (c->tsc)
        return __builtin_ia32_rdtsc(); /* not <x86intrin.h>: its 50,000 lines tripled every build */
#endif
    (void)c;
    return clock_ns();
}

/* tick_now for a caller that knows the clock's kind (a body chosen once for
 * it, tsc being c->tsc): no test of it per reading. */
static inline uint64_t tick_now_as(bool tsc)
{
#if defined(__x86_64__)
    if (tsc)
        return __builtin_ia32_rdtsc();
#endif
    (void)tsc;
    return clock_ns();
}

/* A difference of two tick_now() readings in nanoseconds. A negative one (two
 * CPUs' counters a few cycles apart, a thread moved between them) counts as 0.
 * Taken as a signed integer: no interval comes near 2^63 ticks. One formula
 * for both clocks, without a test of which: the vDSO clock's ticks are
 * nanoseconds (ns_per_tick_fx exactly 2^TICK_FX_BITS). An integer multiply
 * into 128 bits and a shift, where the double took a test, two conversions
 * and a multiply; within 1 ns of the double's below 2^44 ticks, and the
 * product never overflows (the ns wraps only past 2^64 ns, 584 years). */
static inline uint64_t tick_to_ns(const struct tick_clock *c, uint64_t ticks)
{
    __extension__ typedef unsigned __int128 u128;
    uint64_t ns = (uint64_t)(((u128)ticks * c->ns_per_tick_fx) >> TICK_FX_BITS);
    return (int64_t)ticks > 0 ? ns : 0;
}

#endif
