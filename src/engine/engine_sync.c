/* engine_sync.c: waiting and waking across processes: stopping the run and
 * noticing it (worker_stopping), the event generator behind the limit flowops,
 * and the semaphores of block/wakeup and semblock/sempost (engine/sync.h). */
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/sync.h"
#include "engine/worker.h"

void engine_stop(struct engine *e, enum stop_reason why)
{
    struct run_shared *sh = e->sh;
    uint32_t none = STOP_NONE;
    if (atomic_compare_exchange_strong(&sh->stop_reason, &none, (uint32_t)why))
        atomic_store(&sh->stop_ns, clock_ns());
    atomic_store(&sh->phase, PHASE_STOP);
    fb_futex_wake(&sh->phase);
    atomic_fetch_add(&sh->events_seq, 1);
    fb_futex_wake(&sh->events_seq);
    for (size_t i = 0; i < e->nfs; i++)
        fileset_stop_waits(&e->fs[i], &e->shm);
    for (size_t i = 0; i < e->nsems; i++) {
        struct fb_sem *s = engine_sem(e, (int)i);
        atomic_fetch_add(&s->seq, 1);
        fb_futex_wake(&s->seq);
    }
    atomic_fetch_add(&sh->steps_seq, 1);
    fb_futex_wake(&sh->steps_seq);
    atomic_fetch_add(&sh->master_wake, 1);
    fb_futex_wake(&sh->master_wake);
}

bool worker_stopping(const struct worker *w)
{
    return atomic_load_explicit(&w->sh->phase, memory_order_relaxed) == PHASE_STOP;
}

/* ---- event generator ---- */

bool events_enabled(const struct worker *w)
{
    return w->eng->plan->eventrate > 0;
}

/* True once the run's time is up, though the master may not have stopped it
 * yet (a paused VM resumes every thread at once). */
static bool past_end(const struct worker *w)
{
    uint64_t length = w->eng->run->length_ns;
    return length != 0 && clock_ns() >= atomic_load(&w->sh->go_ns) + length;
}

bool events_take(struct worker *w, uint64_t n)
{
    struct run_shared *sh = w->sh;
    if (!events_enabled(w))
        return false;
    for (;;) {
        /* No event after the stop nor after the run's end: events the
         * generator pays out late (for a pause, or its last tick) would make
         * ops, and waits, that end after the run; the wait ends at the stop. */
        if (worker_stopping(w))
            return false;
        uint64_t have = atomic_load(&sh->events);
        while (have >= n && !past_end(w)) {
            if (atomic_compare_exchange_weak(&sh->events, &have, have - n))
                return true;
        }
        uint32_t seq = atomic_load(&sh->events_seq);
        if (atomic_load(&sh->events) >= n)
            continue;
        fb_futex_wait(&sh->events_seq, seq, 100000000);
    }
}

struct gen_arg {
    struct engine *e;
};

/* Adds rate x elapsed events every tick (at most 5 x rate banked) and wakes
 * every waiter; it sleeps between ticks, so a rate never costs a spinning core. */
static void *generator(void *p)
{
    struct engine *e = p;
    struct run_shared *sh = e->sh;
    uint64_t rate = e->plan->eventrate;
    uint64_t tick = 1000000000u / rate * 10;
    if (tick > 10000000u)
        tick = 10000000u; /* 10 ms: smooth enough for low rates */
    if (tick < 100000u)
        tick = 100000u;
    while (atomic_load(&sh->phase) == PHASE_SETUP)
        fb_futex_wait(&sh->phase, PHASE_SETUP, 100000000);
    /* Events accrue from the run's start, not from when this thread got the
     * CPU after it: on a busy machine that can be a good part of a second,
     * which the first tick then pays out (the carry below). */
    uint64_t last = atomic_load(&sh->go_ns);
    if (last == 0)
        last = clock_ns();
    double carry = 0;
    while (atomic_load(&sh->phase) != PHASE_STOP) {
        fb_futex_wait(&sh->phase, PHASE_GO, tick);
        uint64_t now = clock_ns();
        carry += (double)rate * (double)(now - last) / 1e9;
        last = now;
        uint64_t add = (uint64_t)carry;
        carry -= (double)add;
        if (add == 0)
            continue;
        uint64_t have = atomic_load(&sh->events);
        if (have < 5 * rate)
            atomic_fetch_add(&sh->events, add);
        atomic_fetch_add(&sh->events_seq, 1);
        fb_futex_wake(&sh->events_seq);
    }
    return NULL;
}

int events_start(struct engine *e, pthread_t *thr)
{
    if (e->plan->eventrate == 0)
        return 0;
    return pthread_create(thr, NULL, generator, e);
}

void events_stop(struct engine *e, pthread_t thr)
{
    if (e->plan->eventrate != 0)
        pthread_join(thr, NULL);
}

/* ---- semaphores ---- */

int sync_sem_index(struct worker *w, const struct plan_op *op)
{
    struct engine *e = w->eng;
    for (size_t i = 0; i < e->nsems; i++)
        if (e->sems[i].slot == w->slot_index && e->sems[i].op == op)
            return (int)i;
    return -1;
}

size_t sync_targets(struct worker *w, const char *name, const struct flowop_type *type, int *out, size_t max)
{
    struct engine *e = w->eng;
    size_t n = 0;
    for (size_t i = 0; i < e->nsems && n < max; i++) {
        const struct plan_op *op = e->sems[i].op;
        const char *dot = strrchr(op->name, '.');
        bool match = strcmp(op->name, name) == 0 || (dot != NULL && strcmp(dot + 1, name) == 0);
        if (match && op->type == type)
            out[n++] = (int)i;
    }
    return n;
}

static void sem_changed(struct fb_sem *s)
{
    atomic_fetch_add(&s->seq, 1);
    fb_futex_wake(&s->seq);
}

void sync_sem_post(struct worker *w, int sem, uint64_t n)
{
    struct fb_sem *s = engine_sem(w->eng, sem);
    atomic_fetch_add(&s->posts, n);
    sem_changed(s);
}

void sync_sem_credit(struct worker *w, int sem, uint64_t n)
{
    struct fb_sem *s = engine_sem(w->eng, sem);
    atomic_fetch_add(&s->credit, n);
    sem_changed(s);
}

static bool sem_take(_Atomic uint64_t *c, uint64_t n)
{
    uint64_t have = atomic_load(c);
    while (have >= n)
        if (atomic_compare_exchange_weak(c, &have, have - n))
            return true;
    return false;
}

static bool wait_take(struct worker *w, struct fb_sem *s, _Atomic uint64_t *c, uint64_t n)
{
    for (;;) {
        uint32_t seq = atomic_load(&s->seq);
        if (sem_take(c, n)) {
            sem_changed(s);
            return true;
        }
        if (worker_stopping(w))
            return false;
        fb_futex_wait(&s->seq, seq, 100000000);
    }
}

bool sync_sem_wait(struct worker *w, int sem, uint64_t n)
{
    struct fb_sem *s = engine_sem(w->eng, sem);
    return wait_take(w, s, &s->posts, n);
}

bool sync_sem_try_credit(struct worker *w, int sem, uint64_t n)
{
    struct fb_sem *s = engine_sem(w->eng, sem);
    return wait_take(w, s, &s->credit, n);
}

/* ---- barrier steps (released by the master, engine_step.c) ---- */

bool sync_step(struct worker *w)
{
    struct run_shared *sh = w->sh;
    uint64_t step = atomic_load_explicit(&w->cpu_pub->steps, memory_order_relaxed) + 1;
    atomic_store_explicit(&w->cpu_pub->steps, step, memory_order_release);
    atomic_fetch_add(&sh->master_wake, 1);
    fb_futex_wake(&sh->master_wake);
    for (;;) {
        uint32_t seq = atomic_load(&sh->steps_seq);
        if (atomic_load(&sh->steps_released) >= step)
            return true;
        if (worker_stopping(w))
            return false;
        fb_futex_wait(&sh->steps_seq, seq, 100000000);
    }
}
