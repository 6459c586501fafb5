/* pace.h: the fixed schedule of an open-loop thread (rate=N): pass k is due at
 * go + k/N seconds whatever became of the passes before it, so a slow op makes
 * the passes after it late (and measured late) instead of moving the schedule. */
#ifndef FB_PACE_H
#define FB_PACE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* How one open-loop thread instance keeps its schedule: written by the thread
 * at the start of each pass, read by the master at the end. One cache line each,
 * in the shared region. */
struct thread_sched {
    _Atomic uint64_t passes;       /* passes begun */
    _Atomic uint64_t last_lag_ns;  /* how late the last one began */
    _Atomic uint64_t max_lag_ns;   /* ... the latest any began */
    _Atomic uint64_t next_due_ns;  /* when the next one is due (CLOCK_MONOTONIC) */
    char pad[32];
};

/* When pass k of a schedule of rate passes per second begun at go is due (ns). */
static inline uint64_t pace_due(uint64_t go, uint64_t rate, uint64_t k)
{
    return go + (uint64_t)((unsigned __int128)k * 1000000000u / rate);
}

/* The passes due in [go, stop): those the schedule asked for by the stop. */
uint64_t pace_intended(uint64_t go, uint64_t rate, uint64_t stop);

struct worker;
/* The open-loop thread's preparation: a fine timer slack, so that its sleeps end
 * near their deadline (a 10,000/s schedule has 100 us between passes). */
void pace_start(void);
/* Before pass k: sleeps (no spin) until it is due, unless it is already, and
 * publishes its lag; false when the run stops first (the sleep ends at once). */
bool pace_pass(struct worker *w, uint64_t go, uint64_t k);

#endif
