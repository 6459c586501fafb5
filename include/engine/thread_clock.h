/* thread_clock.h: each worker thread's one wall-clock account: the time since
 * the run began, cut at every change of activity into the buckets of
 * results/time_account.h. Kept by the thread alone, without a lock or an
 * allocation; the master reads the buckets as they were at the last change. */
#ifndef FB_THREAD_CLOCK_H
#define FB_THREAD_CLOCK_H

#include <stdatomic.h>
#include <stdint.h>

#include "base/clock.h"
#include "model/flowop_type.h"
#include "results/time_account.h"

/* A thread instance's buckets in the shared region: written by the thread
 * (relaxed stores, one writer), read by the master. */
struct thread_time {
    _Atomic uint64_t ns[TB_N];
};

/* The thread's side: the bucket it is in, since when, and where it publishes. */
struct thread_clock {
    unsigned now;              /* enum time_bucket */
    uint64_t since;            /* clock_ns() when it entered it */
    struct thread_time *pub;   /* NULL: not counting (before the run, or no region) */
    _Atomic uint64_t *stop;    /* the run's stop (run_shared.stop_ns): 0 until it stops */
};

/* The bucket of a flowop type's time (out of line: read once per instance). */
enum time_bucket time_bucket_of(const struct flowop_type *t);

/* Starts the account at the run's start, in TB_OTHER; stop: the run's stop time. */
void thread_clock_start(struct thread_clock *c, struct thread_time *pub, _Atomic uint64_t *stop);

/* Moves to bucket b: the time since the last move, up to the run's stop,
 * goes to the bucket left. What a thread does after the stop (the op it was
 * in, the requests it drains) is in no bucket: every time figure ends where
 * the run's seconds do (docs/latency.md). No clock reading while the bucket
 * stays the same; a change costs the clock and one load of the stop time,
 * which shares its cache line with the phase the loop reads anyway. */
static inline void thread_clock_enter(struct thread_clock *c, unsigned b)
{
    if (b == c->now || c->pub == NULL)
        return;
    uint64_t t = clock_ns(), stop = atomic_load_explicit(c->stop, memory_order_relaxed);
    uint64_t end = stop != 0 && stop < t ? stop : t;
    if (end > c->since) {
        _Atomic uint64_t *slot = &c->pub->ns[c->now];
        atomic_store_explicit(slot, atomic_load_explicit(slot, memory_order_relaxed) + (end - c->since),
                              memory_order_relaxed);
    }
    c->now = b;
    c->since = t;
}

/* Closes the account at the thread's end: its last stretch counted. */
void thread_clock_stop(struct thread_clock *c);

#endif
