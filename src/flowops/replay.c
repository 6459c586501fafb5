/* replay.c: replay: one traced thread's calls, one per pass, from the run's
 * replay image (flowbench replay, docs/replay.md). Each call first waits for
 * the calls of other threads it was ordered after (on the same path or
 * descriptor), then for its time (mode think or timed), and is counted in the
 * row of its kind; an outcome other than the traced one counts in `mismatch`. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/clock.h"
#include "base/futex.h"
#include "engine/replay_rt.h"
#include "engine/sync.h"
#include "engine/worker.h"
#include "flowops/flowop.h"
#include "flowops/replay_exec.h"
#include "results/stats.h"

#define RP_MISMATCH RC_NCALLS   /* the child row counting different outcomes */
#define RP_WAIT_NS 20000000u    /* a wait looks at the run's stop this often */
/* The last stretch before a call is due is spun on the clock, not slept: a
 * woken thread may be late by tens of microseconds (a VM's timers). Short: on
 * 2 cores, threads spinning for their own calls hold the cores a call due on a
 * third thread needs (200 us gave make -j2's replay a p99 of 1.3 ms). None at
 * --rt: a real-time thread's wake-up preempts at once, and one spinning on a
 * dense trace (dbench: a call each 70 us) would run all the time, so the
 * kernel's real-time throttling (95% of each second) stalled it 30 ms a second. */
#define RP_SPIN_NS 50000u
#define RP_RT_PRIORITY 10     /* --rt: SCHED_FIFO, low among real-time tasks */

struct rp_state {
    struct rp_image *im;
    const struct rp_thread *th;
    uint32_t index;          /* of this thread in the image */
    uint64_t next;           /* its next call, within this pass */
    uint64_t pass;           /* passes begun before this one (--runtime loops the trace) */
    uint64_t prev_end_ns;    /* think mode: when its last call ended (CLOCK_MONOTONIC) */
    struct op_stats *late;   /* timed mode: its calls' start errors (shared memory), else NULL */
    int flat[RC_NCALLS + 1]; /* each call's row (a child of the op), -1: none */
    struct rp_ctx ctx;
};

static void replay_fini(struct worker *w, struct op_inst *op)
{
    struct rp_state *s = op->priv;
    if (s == NULL)
        return;
    /* descriptors the trace left open belong to the process: its exit closes them */
    if (s->ctx.root >= 0)
        close(s->ctx.root);
    free(s->ctx.buf);
    free(s);
    op->priv = NULL;
}

/* Each replaying thread's buffer: the trace's largest read or write, but all threads together at most
 * RP_BUF_TOTAL (each at least RP_BUF_MIN): a longer call is made in pieces of it (replay_exec.c's move),
 * so 32 threads each reading 64 MiB hold 256 MiB, not 2 GiB. */
#define RP_BUF_TOTAL (256u << 20)
#define RP_BUF_MIN (256u << 10)

static size_t replay_buffer_size(const struct rp_image *im)
{
    uint64_t share = RP_BUF_TOTAL / (im->nthreads ? im->nthreads : 1);
    uint64_t size = im->max_len > 0 ? im->max_len : 4096;
    if (share < RP_BUF_MIN)
        share = RP_BUF_MIN;
    return (size_t)(size < share ? size : share);
}

/* A thread's root: its client's directory (DIR, DIR/client-K) beneath the descriptor DIR was opened at
 * once, when it has one; else by its real path, a link at its last name refused. */
static int root_open(const struct rp_image *im, const struct rp_thread *th)
{
    const char *top = rp_str(im, im->root), *mine = rp_str(im, th->root);
    if (im->root_fd1 == 0)
        return open(mine, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    size_t n = strlen(top);
    int fd = (int)im->root_fd1 - 1;
    if (strncmp(top, mine, n) != 0 || (mine[n] != '\0' && mine[n] != '/')) {
        errno = EXDEV; /* not beneath DIR: never so, as replay_clients.c names them */
        return -1;
    }
    return mine[n] == '\0' ? openat(fd, ".", O_PATH | O_DIRECTORY | O_CLOEXEC)
                           : beneath_open(fd, mine + n + 1, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
}

static int replay_init(struct worker *w, struct op_inst *op)
{
    if (op->op->nchildren == 0)
        return FO_OK; /* a row of the report (mismatch), counted by its parent */
    struct rp_image *im = worker_replay_image(w);
    if (im == NULL || !op->op->has_value || op->op->value.u >= im->nthreads)
        return op_fail(w, op, "replay runs only under flowbench replay (no trace in this run)");
    struct rp_state *s = calloc(1, sizeof *s);
    if (s == NULL)
        return op_fail(w, op, "out of memory");
    op->priv = s;
    s->im = im;
    s->index = (uint32_t)op->op->value.u;
    s->th = &rp_threads(im)[s->index];
    for (size_t i = 0; i <= RC_NCALLS; i++)
        s->flat[i] = -1;
    for (size_t i = 0; i < op->op->nchildren; i++)
        if (op->op->children[i].value.u <= RC_NCALLS)
            s->flat[op->op->children[i].value.u] = (int)op->op->children[i].flat;
    const struct rp_proc *p = &rp_procs(im)[s->th->proc];
    s->ctx = (struct rp_ctx){ .root = -1, .slots = rp_slots(im, p), .nslots = p->nslots, .im = im };
    s->ctx.bufsize = replay_buffer_size(im);
    s->ctx.buf = calloc(1, s->ctx.bufsize);
    /* DIR as it was judged: a link put in its place since is not followed out of it */
    s->ctx.root = root_open(im, s->th);
    s->late = worker_replay_start(w, s->index);
    /* the kernel's default slack (50 us) would delay every timed wake-up by as much */
    if (im->mode != RP_AFAP && prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL) != 0)
        return op_error(w, op, "set the timer slack of", "a replaying thread", errno);
    /* --rt: on a busy machine, other tasks' time slices (milliseconds) would delay its calls */
    struct sched_param prio = { .sched_priority = RP_RT_PRIORITY };
    int rc = im->realtime ? pthread_setschedparam(pthread_self(), SCHED_FIFO, &prio) : 0;
    if (rc != 0)
        return op_error(w, op, "take real-time priority (replay --rt, needs CAP_SYS_NICE) for", "a replaying thread", rc);
    if (s->ctx.buf == NULL)
        return op_fail(w, op, "out of memory for a %zu-byte buffer", s->ctx.bufsize);
    if (s->ctx.root < 0)
        return op_error(w, op, "open the replay's directory", rp_str(im, s->th->root), errno);
    return FO_OK;
}

/* --runtime: whether it has passed (never, without one). */
static bool past_runtime(const struct rp_image *im)
{
    uint64_t start = atomic_load_explicit(&im->loop_start_ns, memory_order_relaxed);
    return im->runtime_ns != 0 && start != 0 && clock_ns() - start >= im->runtime_ns;
}

/* Until thread t has done more than seq calls; false when the run stops (or its runtime ends) first. */
static bool wait_for(struct worker *w, struct rp_image *im, uint32_t t, uint32_t seq)
{
    _Atomic uint32_t *done = &rp_progress(im)[t];
    _Atomic uint32_t *waiters = &rp_waiters(im)[t];
    _Atomic uint32_t *wanted = &rp_wanted(im)[t];
    _Atomic uint32_t *wakes = &rp_wakes(im)[t];
    if (atomic_load_explicit(done, memory_order_acquire) > seq)
        return true;
    /* counted, and the count waited for set, before the look that decides to sleep (seq_cst all): the thread
     * that moves on either sees them (and wakes) or moved before that look; a wake-up taken between the
     * look at wakes and the sleep makes the sleep return at once */
    atomic_fetch_add(waiters, 1);
    bool ok;
    for (;;) {
        uint32_t woken = atomic_load(wakes);
        uint32_t cur = atomic_load(wanted);
        while ((cur == 0 || seq + 1 < cur) && !atomic_compare_exchange_weak(wanted, &cur, seq + 1))
            ;
        if ((ok = atomic_load(done) > seq) || worker_stopping(w) || past_runtime(im))
            break;
        fb_futex_wait(wakes, woken, RP_WAIT_NS);
    }
    atomic_fetch_sub(waiters, 1);
    return ok;
}

/* Thread t's count is now n: its sleepers are woken when it passed the nearest count one waits for (each
 * sets it again as it sleeps again). */
static void wake_waiters(struct rp_image *im, uint32_t t, uint32_t n)
{
    if (atomic_load(&rp_waiters(im)[t]) == 0)
        return;
    uint32_t want = atomic_load(&rp_wanted(im)[t]);
    if (want == 0 || n < want)
        return;
    atomic_store(&rp_wanted(im)[t], 0);
    atomic_fetch_add(&rp_wakes(im)[t], 1);
    fb_futex_wake(&rp_wakes(im)[t]); /* a system call: only when a sleeper's count is reached */
}

/* Until due: slept to spin before it (in slices, to see the run's stop), then
 * spun. False when the run stops first. */
static bool wait_until(struct worker *w, const struct rp_image *im, uint64_t due, uint64_t spin)
{
    for (uint64_t now = clock_ns(); now + spin < due; now = clock_ns()) {
        if (worker_stopping(w) || past_runtime(im))
            return false;
        uint64_t wake = due - spin < now + RP_WAIT_NS ? due - spin : now + RP_WAIT_NS;
        struct timespec ts = { .tv_sec = (time_t)(wake / 1000000000u), .tv_nsec = (long)(wake % 1000000000u) };
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL); /* EINTR: the loop looks again */
    }
    while (clock_ns() < due)
        ;
    return true;
}

/* When the call is due: think, the traced gap after the thread's last call;
 * timed, its traced time from the replay's start (the first call any thread
 * reached), both over the speed. */
/* base + ns / speed, saturated: a traced time of 10^10 s at --speed 0.000001 is due never, not at once
 * (its nanoseconds past 2^64). */
static uint64_t after(uint64_t base, double ns, double speed)
{
    double d = ns / speed;
    return d >= (double)(UINT64_MAX - base) ? UINT64_MAX : base + (uint64_t)d;
}

static uint64_t due_of(struct rp_state *s, const struct rp_rec *r)
{
    struct rp_image *im = s->im;
    uint64_t epoch = atomic_load(&im->epoch_ns);
    if (epoch == 0) {
        /* the trace's time 0 is now, whichever thread comes first and whatever its first call's time */
        uint64_t now = clock_ns();
        atomic_compare_exchange_strong(&im->epoch_ns, &epoch, now);
        epoch = atomic_load(&im->epoch_ns);
    }
    if (im->mode == RP_TIMED) /* a pass after the first: its calls' times after the passes before */
        return after(epoch, (double)r->t_ns + (double)s->pass * (double)im->span_ns, im->speed);
    if (s->next == 0)
        return 0;
    const struct rp_rec *prev = r - 1;
    uint64_t gap = r->t_ns > prev->t_ns + prev->dur_ns ? r->t_ns - prev->t_ns - prev->dur_ns : 0;
    return after(s->prev_end_ns, (double)gap, im->speed);
}

/* A mismatch named: the first RP_NAMED claim a slot each (one atomic add, no lock), for the report. */
static void name_mismatch(struct rp_image *im, const struct rp_rec *r, int64_t got)
{
    uint64_t k = atomic_fetch_add_explicit(&im->nnamed, 1, memory_order_relaxed);
    if (k >= RP_NAMED)
        return;
    im->named[k].got = got;
    /* the record last, released: a reader that sees it sees got */
    atomic_store_explicit(&im->named[k].rec, (uint64_t)(r - rp_recs(im)) + 1, memory_order_release);
}

/* The outcome the trace saw: a success or the same error; a read that got fewer bytes than the trace's (up to
 * the thread's buffer) is not the same: its file was shorter than the program's. */
static bool same_outcome(const struct rp_state *s, const struct rp_rec *r, int64_t got)
{
    /* a later pass (--runtime) finds a directory an earlier one made and left (dbench's Mkdir of \clients,
     * which its closing Deltree of \clients\client1 keeps): continuing the tree, as dbench does */
    if (s->pass > 0 && r->call == RC_MKDIR && r->ret == 0 && got == -EEXIST)
        return true;
    if (r->unchecked)
        return true; /* what a terminal or a file outside DIR gave, /dev/null cannot give */
    if (r->ret < 0 || got < 0)
        return got == r->ret;
    if (r->call != RC_READ)
        return true;
    uint64_t want = (uint64_t)r->ret < s->im->max_len ? (uint64_t)r->ret : s->im->max_len;
    return (uint64_t)got >= want;
}

/* Thread t's calls done by the end of pass p's call seq (counts run on over passes). */
static uint32_t seq_at(const struct rp_image *im, uint32_t t, uint64_t pass, uint32_t seq)
{
    return (uint32_t)(pass * rp_threads(im)[t].count + seq);
}

/* --runtime: the thread's calls start again once every thread of its client has ended the pass (a pass's
 * orders hold within it; this one keeps the next from starting on a tree the last is still changing). The
 * descriptors a pass left open stay in their slots until the next pass opens there (which closes them).
 * False when the run ends first, or the counts would pass 2^32. */
static bool next_pass(struct worker *w, struct rp_state *s)
{
    struct rp_image *im = s->im;
    if (im->runtime_ns == 0 || s->th->count == 0 || past_runtime(im) || (s->pass + 2) * s->th->count >= UINT32_MAX)
        return false;
    for (uint32_t k = s->th->base; k < s->th->base + im->client_threads; k++)
        if (rp_threads(im)[k].count != 0 && !wait_for(w, im, k, seq_at(im, k, s->pass + 1, 0) - 1))
            return false;
    s->pass++;
    s->next = 0;
    return true;
}

static int replay_run(struct worker *w, struct op_inst *op)
{
    struct rp_state *s = op->priv;
    if (s->next >= s->th->count && !next_pass(w, s))
        return FO_NORESOURCE; /* this thread has replayed all its calls */
    if (s->im->runtime_ns != 0 && past_runtime(s->im))
        return FO_NORESOURCE; /* --runtime has passed: the pass ends here, as dbench's loadfile does */
    if (s->pass == 0 && s->next == 0 && s->im->runtime_ns != 0) {
        uint64_t zero = 0; /* the runtime counts from the first call any thread reaches */
        atomic_compare_exchange_strong(&s->im->loop_start_ns, &zero, clock_ns());
    }
    const struct rp_rec *r = &rp_recs(s->im)[s->th->first + s->next];
    for (unsigned d = 0; d < r->ndeps; d++)
        if (!wait_for(w, s->im, s->th->base + r->dep_thread[d], seq_at(s->im, s->th->base + r->dep_thread[d], s->pass,
                                                                        r->dep_seq[d])))
            return FO_NORESOURCE;
    if (s->im->mode != RP_AFAP) {
        uint64_t due = due_of(s, r);
        if (!wait_until(w, s->im, due, s->im->realtime ? 0 : RP_SPIN_NS))
            return FO_NORESOURCE;
        uint64_t start = clock_ns();
        if (s->late != NULL)
            stats_add(s->late, start - due, 0);
    }
    uint64_t bytes;
    uint64_t t0 = op_now(w);
    int64_t got = rp_exec(&s->ctx, r, &bytes);
    uint64_t t1 = op_now(w);
    if (s->im->mode == RP_THINK)
        s->prev_end_ns = clock_ns();
    if (s->flat[r->call] >= 0)
        op_done(w, &w->ops[s->flat[r->call]], t0, t1, bytes);
    if (!same_outcome(s, r, got)) {
        if (s->flat[RP_MISMATCH] >= 0)
            op_done(w, &w->ops[s->flat[RP_MISMATCH]], t0, t0, 0);
        name_mismatch(s->im, r, got);
    }
    s->next++;
    uint32_t n = seq_at(s->im, s->index, s->pass, (uint32_t)s->next);
    atomic_store(&rp_progress(s->im)[s->index], n);
    wake_waiters(s->im, s->index, n);
    return FO_OK;
}

const struct flowop_hooks flowop_replay_hooks = { .run = replay_run, .init = replay_init, .fini = replay_fini };
