/* sync.c: synchronisation flowops: block/wakeup, the semblock/sempost semaphores
 * and the barrier every thread of every rank meets at. */
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "flowops/flowop.h"
#include "engine/sync.h"
#include "engine/worker.h"

/* sempost blocking: tries that only yield before the poller starts sleeping,
 * and the longest sleep between tries. */
#define CREDIT_SPINS 16
#define CREDIT_MAX_NAP_NS 1000000L

/* This instance's own semaphore (block, semblock), looked up on first use. */
static int own_sem(struct worker *w, struct op_inst *op)
{
    if (!op->primed) {
        op->sem = sync_sem_index(w, op->op);
        op->primed = true;
    }
    if (op->sem < 0)
        return op_fail(w, op, "has no semaphore of its own");
    return FO_OK;
}

/* The semaphores of every instance of the target (of the type this flowop
 * wakes), looked up once. wakeup and sempost do no I/O, so their buffer is free to hold the
 * list: it is grown here once (realloc, like op_buffer's private buffer)
 * and stays for the run; op->last holds the count, op->sem the first. */
static int target_sems(struct worker *w, struct op_inst *op)
{
    if (op->primed)
        return FO_OK;
    const struct flowop_type *type = op->op->type->wakes;
    size_t cap = op->bufsize / sizeof(int);
    if (cap < 16)
        cap = 16;
    for (;;) {
        if (op->bufsize < cap * sizeof(int)) {
            char *b = realloc(op->buf, cap * sizeof(int));
            if (b == NULL)
                return op_fail(w, op, "out of memory for the semaphores of target '%s'", op->op->target);
            op->buf = b;
            op->bufsize = cap * sizeof(int);
        }
        size_t n = sync_targets(w, op->op->target, type, (int *)(void *)op->buf, cap);
        if (n < cap) {
            op->last = n;
            break;
        }
        cap = n > cap ? n + 1 : cap * 2; /* the list may have been cut at cap: look again with room */
    }
    if (op->last == 0)
        return op_fail(w, op, "no %s flowop named '%s' is running", type->name, op->op->target);
    op->sem = ((const int *)(const void *)op->buf)[0];
    op->primed = true;
    return FO_OK;
}

/* value= for the semaphore flowops: 1 when not given. */
static uint64_t sem_value(struct worker *w, const struct op_inst *op)
{
    return op->op->has_value ? param_u64(&op->op->value, &w->rng) : 1;
}

/* Waits for one wakeup; wakeups are counted, so one that came first is not lost. */
static int block_run(struct worker *w, struct op_inst *op)
{
    int rc = own_sem(w, op);
    if (rc != FO_OK)
        return rc;
    uint64_t t0 = op_now(w);
    bool woken = sync_sem_wait(w, op->sem, 1);
    uint64_t t1 = op_now(w);
    if (!woken)
        return FO_DONE;
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

static int wakeup_run(struct worker *w, struct op_inst *op)
{
    int rc = target_sems(w, op);
    if (rc != FO_OK)
        return rc;
    const int *sems = (const int *)(const void *)op->buf;
    for (uint64_t i = 0; i < op->last; i++) {
        uint64_t t0 = op_now(w);
        sync_sem_post(w, sems[i], 1);
        uint64_t t1 = op_now(w);
        op_done(w, op, t0, t1, 0);
    }
    return FO_OK;
}

/* Grants value credit (what lets blocking posters run ahead), then waits for
 * value posts. */
static int semblock_run(struct worker *w, struct op_inst *op)
{
    int rc = own_sem(w, op);
    if (rc != FO_OK)
        return rc;
    uint64_t v = sem_value(w, op);
    uint64_t t0 = op_now(w);
    sync_sem_credit(w, op->sem, v);
    bool got = sync_sem_wait(w, op->sem, v);
    uint64_t t1 = op_now(w);
    if (!got)
        return FO_DONE;
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* Takes n credit, polling with a growing nap; false when the run stops. */
static bool take_credit(struct worker *w, int sem, uint64_t n)
{
    long nap = 10000;
    for (unsigned tries = 0; !sync_sem_try_credit(w, sem, n); tries++) {
        if (worker_stopping(w))
            return false;
        if (tries < CREDIT_SPINS) {
            sched_yield();
            continue;
        }
        struct timespec ts = { 0, nap };
        nanosleep(&ts, NULL); /* an early wake-up (EINTR) only means an earlier try */
        if (nap < CREDIT_MAX_NAP_NS)
            nap *= 2;
    }
    return true;
}

/* Posts value to every instance of the target. With blocking the credit is
 * taken before the post, as classic's single semop did both atomically: a
 * poster then runs at most highwater posts ahead of the blocker. */
static int sempost_run(struct worker *w, struct op_inst *op)
{
    int rc = target_sems(w, op);
    if (rc != FO_OK)
        return rc;
    uint64_t v = sem_value(w, op);
    const int *sems = (const int *)(const void *)op->buf;
    uint64_t t0 = op_now(w);
    for (uint64_t i = 0; i < op->last; i++) {
        if (op->op->blocking && !take_credit(w, sems[i], v))
            return FO_DONE;
        sync_sem_post(w, sems[i], v);
    }
    uint64_t t1 = op_now(w);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_block_hooks = { .run = block_run };

const struct flowop_hooks flowop_wakeup_hooks = { .run = wakeup_run };

const struct flowop_hooks flowop_semblock_hooks = { .run = semblock_run };

const struct flowop_hooks flowop_sempost_hooks = { .run = sempost_run };

/* A training step's end: no thread (no rank) starts the next batch before all
 * have finished this one. The wait is this flowop's latency. */
static int barrier_run(struct worker *w, struct op_inst *op)
{
    uint64_t t0 = op_now(w);
    if (!sync_step(w))
        return FO_DONE;
    op_done(w, op, t0, op_now(w), 0);
    return FO_OK;
}

const struct flowop_hooks flowop_barrier_hooks = { .run = barrier_run };
