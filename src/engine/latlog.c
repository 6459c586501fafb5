/* latlog.c: the latency log in a worker process: each thread's double buffer
 * (filled on the hot path without a lock or an allocation) and the process's
 * flusher thread, which appends full buffers to the threads' part files. */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine_rt.h"
#include "engine/latlog.h"

/* Records per half buffer (2.5 MiB): a thread hands one over every 65536
 * logged ops, tens of milliseconds at the least, which a flusher sharing a
 * busy CPU with the workers still keeps up with. malloc maps a block this
 * large lazily: a thread's log takes only the pages its records fill. */
#define LATLOG_HALF 65536

struct latlog_proc {
    _Atomic uint32_t seq;     /* futex word: bumped on every buffer handed over */
    _Atomic uint32_t stop;    /* the threads are done: write the rest and leave */
    pthread_t thr;
    struct latlog_thread *threads;
    uint64_t *lost;           /* per thread: records a failed write lost (flusher only) */
    size_t n;
};

void latlog_note(struct latlog_thread *t, const struct tick_clock *c, uint32_t flat, uint64_t t1, uint64_t ns,
                 uint64_t bytes, uint64_t off)
{
    if (--t->countdown != 0)
        return;
    t->countdown = t->every;
    struct latlog_half *h = &t->half[t->cur];
    if (h->n == t->cap) {
        struct latlog_half *o = &t->half[t->cur ^ 1];
        if (atomic_load_explicit(&o->full, memory_order_acquire) != 0) {
            t->dropped++; /* the flusher is behind: never wait for it */
            return;
        }
        atomic_store_explicit(&h->full, 1, memory_order_release);
        atomic_fetch_add_explicit(&t->proc->seq, 1, memory_order_release);
        fb_futex_wake(&t->proc->seq);
        t->cur ^= 1;
        h = o;
    }
    if (t1 == 0)
        t1 = tick_now(c); /* an op timed in nanoseconds (cpu) or of nothing */
    uint64_t d = t1 >= t->base_tick ? tick_to_ns(c, t1 - t->base_tick) : 0;
    h->rec[h->n++] = (struct latlog_rec){ .time_ns = t->base_ns + d, .lat_ns = ns, .bytes = bytes,
                                          .offset = off == LATLOG_NO_OFFSET ? -1 : (int64_t)off,
                                          .flowop = t->opbase + flat, .thread = t->slot };
}

/* Appends the half's records to the part file; a failed write loses them (counted). */
static void write_half(struct latlog_proc *p, size_t k, struct latlog_half *h)
{
    const char *b = (const char *)h->rec;
    size_t left = h->n * sizeof *h->rec;
    while (left > 0) {
        ssize_t w = write(p->threads[k].fd, b, left);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            p->lost[k] += left / sizeof *h->rec;
            break;
        }
        b += w;
        left -= (size_t)w;
    }
    h->n = 0;
}

/* One pass over the threads: every full half written and given back. A
 * thread hands a half over only while its other one is not full, so at most
 * one of the two is full at a time and the order of its records is kept. */
static void flush_full(struct latlog_proc *p)
{
    for (size_t k = 0; k < p->n; k++)
        for (int i = 0; i < 2; i++) {
            struct latlog_half *h = &p->threads[k].half[i];
            if (atomic_load_explicit(&h->full, memory_order_acquire) == 0)
                continue;
            write_half(p, k, h);
            atomic_store_explicit(&h->full, 0, memory_order_release);
        }
}

static void *flusher_main(void *arg)
{
    struct latlog_proc *p = arg;
    for (;;) {
        uint32_t seq = atomic_load_explicit(&p->seq, memory_order_acquire);
        flush_full(p);
        if (atomic_load_explicit(&p->stop, memory_order_acquire) != 0)
            break;
        fb_futex_wait(&p->seq, seq, 100000000);
    }
    flush_full(p);
    /* The threads are joined: what their current halves hold comes last. */
    for (size_t k = 0; k < p->n; k++)
        write_half(p, k, &p->threads[k].half[p->threads[k].cur]);
    return NULL;
}

static void proc_free(struct latlog_proc *p)
{
    for (size_t k = 0; k < p->n; k++) {
        free(p->threads[k].half[0].rec);
        free(p->threads[k].half[1].rec);
    }
    free(p->threads);
    free(p->lost);
    free(p);
}

static bool thread_init(struct latlog_thread *t, const struct latlog_run *run, size_t slot)
{
    for (int i = 0; i < 2; i++)
        if ((t->half[i].rec = malloc(LATLOG_HALF * sizeof *t->half[i].rec)) == NULL)
            return false;
    t->cap = LATLOG_HALF;
    t->every = t->countdown = run->opts.sample;
    t->slot = (uint32_t)slot;
    t->opbase = run->opbase[slot];
    t->fd = run->parts[slot];
    return true;
}

struct latlog_proc *latlog_proc_start(struct engine *e, const size_t *slots, size_t n, bool *failed)
{
    *failed = false;
    if (e->latlog == NULL)
        return NULL;
    struct latlog_proc *p = calloc(1, sizeof *p);
    if (p == NULL || (p->threads = calloc(n ? n : 1, sizeof *p->threads)) == NULL
        || (p->lost = calloc(n ? n : 1, sizeof *p->lost)) == NULL) {
        free(p != NULL ? p->threads : NULL);
        free(p);
        *failed = true;
        return NULL;
    }
    p->n = n;
    for (size_t k = 0; k < n; k++) {
        p->threads[k].proc = p;
        if (!thread_init(&p->threads[k], e->latlog, slots[k])) {
            proc_free(p);
            *failed = true;
            return NULL;
        }
    }
    if (pthread_create(&p->thr, NULL, flusher_main, p) != 0) {
        proc_free(p);
        *failed = true;
        return NULL;
    }
    return p;
}

struct latlog_thread *latlog_proc_thread(struct latlog_proc *p, size_t k)
{
    return p != NULL ? &p->threads[k] : NULL;
}

void latlog_thread_go(struct latlog_thread *t, const struct tick_clock *c, uint64_t go_ns)
{
    t->base_tick = tick_now(c);
    uint64_t now = clock_ns();
    t->base_ns = now > go_ns ? now - go_ns : 0;
}

void latlog_proc_end(struct latlog_proc *p, struct engine *e)
{
    if (p == NULL)
        return;
    atomic_store_explicit(&p->stop, 1, memory_order_release);
    atomic_fetch_add_explicit(&p->seq, 1, memory_order_release);
    fb_futex_wake(&p->seq);
    pthread_join(p->thr, NULL);
    _Atomic uint64_t *dropped = shm_at(&e->shm, e->latlog_drop_off);
    for (size_t k = 0; k < p->n; k++)
        atomic_store(&dropped[p->threads[k].slot], p->threads[k].dropped + p->lost[k]);
    proc_free(p);
}
