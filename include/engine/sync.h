/* sync.h: waiting and waking across the run's processes, for flowops: the
 * run's stop, the event generator behind the limits, and the semaphores of
 * block/wakeup and semblock/sempost (src/engine/engine_sync.c). */
#ifndef FB_SYNC_H
#define FB_SYNC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct worker;
struct plan_op;
struct flowop_type;

/* True once the run is stopping: blocking flowops poll this while they wait. */
bool worker_stopping(const struct worker *w);

/* The event generator (eventgen rate): takes n events, waiting while there are
 * too few; returns false when the run stops first or no generator runs. */
bool events_take(struct worker *w, uint64_t n);
bool events_enabled(const struct worker *w);

/* Semaphores and block/wakeup, shared by every process (futex based, counting,
 * so a wakeup that arrives first is not lost). */
int sync_sem_index(struct worker *w, const struct plan_op *op);   /* this instance's semaphore */
void sync_sem_post(struct worker *w, int sem, uint64_t n);
bool sync_sem_wait(struct worker *w, int sem, uint64_t n);        /* false if the run stops */
bool sync_sem_try_credit(struct worker *w, int sem, uint64_t n);  /* blocking sempost credit */
void sync_sem_credit(struct worker *w, int sem, uint64_t n);
/* Every semaphore index of the flowops named name of type type (all instances). */
size_t sync_targets(struct worker *w, const char *name, const struct flowop_type *type, int *out, size_t max);

/* The barrier: this thread reached its next step; waits until every thread
 * with a barrier (on every rank) has. False when the run stops first. */
bool sync_step(struct worker *w);

#endif
