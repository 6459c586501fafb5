/* engine_worker.c: a worker process and its threads: set-up (with the flowops'
 * init/fini hooks), the start barrier, the flowop loop with its CPU samples,
 * and the out-of-line helpers handlers use (the counters of finish and limit
 * flowops). Opening files is in op_open.c, errors in op_error.c, buffers in
 * op_buffer.c. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/engine_rt.h"
#include "engine/io_inflight.h"
#include "engine/journal.h"
#include "engine/latlog.h"
#include "engine/pace.h"
#include "engine/sync.h"
#include "base/data.h"
#include "engine/worker.h"
#include "model/plan_choose.h"
#include "sysstat/mountinfo.h"

/* ---- long ops ---- */

void op_long_begin(struct worker *w, const struct op_inst *op)
{
    atomic_store_explicit(&w->cpu_pub->long_op, (uint32_t)op->op->flat + 1, memory_order_relaxed);
}

void op_long_end(struct worker *w, const struct op_inst *op)
{
    atomic_store_explicit(&w->cpu_pub->long_op, 0, memory_order_relaxed);
    if (!worker_stopping(w))
        return;
    atomic_store_explicit(&w->cpu_pub->late_op, (uint32_t)op->op->flat + 1, memory_order_relaxed);
    atomic_store_explicit(&w->cpu_pub->late_ns, clock_ns(), memory_order_relaxed);
}

/* ---- counters for finish and limit flowops ---- */

uint64_t worker_count_ops(struct worker *w, int target_flat)
{
    return target_flat >= 0 ? w->ops[target_flat].st->ops : engine_run_count(w->eng, RUN_IO_OPS);
}

uint64_t worker_count_bytes(struct worker *w, int target_flat)
{
    return target_flat >= 0 ? w->ops[target_flat].st->bytes : engine_run_count(w->eng, RUN_RW_BYTES);
}

/* ---- the thread ---- */


struct thread_arg {
    struct engine *e;
    size_t slot;
    struct latlog_thread *latlog;
    struct worker w;
    pthread_t thr;
    int rc;
};

/* Every instance of the thread, in script order; a type's init hook runs
 * once the instance is filled in. -1 when a hook failed (it said why). */
static int init_ops(struct worker *w, const struct plan_op *ops, size_t n, struct op_stats *stats,
                    struct op_stats *intended)
{
    for (size_t i = 0; i < n; i++) {
        struct op_inst *inst = &w->ops[ops[i].flat];
        inst->op = &ops[i];
        inst->st = &stats[ops[i].flat];
        inst->ist = intended != NULL ? &intended[ops[i].flat] : NULL;
        inst->slot = ops[i].openclose ? &w->fds[FB_SLOT_OPENCLOSE] : ops[i].fd > 0 ? &w->fds[ops[i].fd]
                   : ops[i].opennext                                  ? NULL
                                                                      : &w->fds[0];
        inst->sem = -1;
        inst->tb = (unsigned char)time_bucket_of(ops[i].type);
        uint32_t off;
        if (ops[i].directio)
            engine_dio_align(w->eng, &ops[i], &inst->dio_align, &off);
        stats_init(inst->st);
        if (inst->ist != NULL)
            stats_init(inst->ist);
        /* Buffers for fixed I/O sizes are made now, so the loop allocates nothing. */
        bool fixed = ops[i].type != NULL && !ops[i].iosize.is_dist && ops[i].iosize.u > 0;
        if (fixed && flowop_is(ops[i].type, FF_WRITE))
            op_write_buffer_grow(w, inst, op_buffer_need(inst, ops[i].iosize.u));
        else if (fixed && w->mem == NULL)
            op_buffer_grow(inst, op_buffer_need(inst, ops[i].iosize.u));
        if (op_io_init(w, inst) != FO_OK)
            return -1;
        if (ops[i].type != NULL && ops[i].type->init != NULL && ops[i].type->init(w, inst) != FO_OK)
            return -1;
        if (init_ops(w, ops[i].children, ops[i].nchildren, stats, intended) != 0)
            return -1;
    }
    return 0;
}

static int worker_init(struct worker *w, struct engine *e, size_t slot)
{
    const struct thread_slot *ts = &e->slots[slot];
    memset(w, 0, sizeof *w);
    w->eng = e;
    w->eng_fs = e->fs;
    w->shm = &e->shm;
    w->sh = e->sh;
    w->proc = &e->plan->procs[ts->proc];
    w->thread = &w->proc->threads[ts->thread];
    w->proc_inst = (unsigned)ts->proc_inst;
    w->thread_inst = (unsigned)ts->thread_inst;
    w->slot_index = slot;
    w->fd_rotor = FB_ROTOR_TOP;
    w->cpu_countdown = 1;
    w->cpu_window = 1;
    w->cpu_pub = slot_cpu(e, slot);
    w->clk = e->clock;
    w->cpu_overhead = UINT64_MAX;
    for (int i = 0; i < 16; i++) {
        uint64_t c0 = thread_cpu_ns(), c1 = thread_cpu_ns();
        if (c1 - c0 < w->cpu_overhead)
            w->cpu_overhead = c1 - c0;
    }
    rng_seed(&w->rng, e->seed ^ (RNG_GOLDEN * (slot + 1)));
    rng_seed(&w->data_rng, e->seed ^ (0xd6e8feb86659fd93ull * (slot + 1)));
    rng_seed(&w->cpu_rng, ~e->seed ^ (0xc2b2ae3d27d4eb4full * (slot + 1)));
    for (size_t i = 0; i < FB_NFDS; i++)
        w->fds[i] = (struct slot){ .fd = -1, .fileset = -1, .entry = -1 };
    w->nops = w->thread->nflat;
    w->ops = calloc(w->nops ? w->nops : 1, sizeof *w->ops);
    w->rotors = calloc(e->nfs ? e->nfs : 1, sizeof *w->rotors);
    if (w->ops == NULL || w->rotors == NULL)
        return -1;
    if (w->thread->memsize > 0) {
        w->memsize = w->thread->memsize;
        if (posix_memalign((void **)&w->mem, 4096, w->memsize) != 0)
            return -1;
        memset(w->mem, 0, w->memsize);
    }
    w->sched = slot_sched(e, slot);
    return init_ops(w, w->thread->ops, w->thread->nops, slot_stats(e, slot), slot_intended(e, slot));
}

static void worker_free(struct worker *w)
{
    journal_thread_close(w);
    op_io_close_engines(w);   /* before the descriptors: mmap's mappings go with it */
    for (size_t i = 0; i < FB_NFDS; i++)
        if (w->fds[i].fd >= 0)
            close(w->fds[i].fd);
    for (size_t i = 0; w->ops != NULL && i < w->nops; i++) {
        const struct plan_op *op = w->ops[i].op;
        if (op != NULL && op->type != NULL && op->type->fini != NULL)
            op->type->fini(w, &w->ops[i]);
        op_io_fini(&w->ops[i]);
        free(w->ops[i].buf);
    }
    free(w->ops);
    free(w->rotors);
    free(w->mem);
}

/* The thread's CPU time for the reports: what it used since the run began,
 * less what its samples' clock readings cost (two system calls each). */
static void publish_cpu(struct worker *w, uint64_t now)
{
    uint64_t used = now - w->cpu_start;
    uint64_t off = w->cpu_sampling + w->cpu_idle;
    used = used > off ? used - off : 0;
    atomic_store_explicit(&w->cpu_pub->ns, used, memory_order_relaxed);
}

/* CPU per op is sampled: the thread's CPU clock is a system call, too dear to
 * read around every op. Ops are sampled at random gaps (no beating with the
 * loop) whose mean keeps the samples' cost under 1/512 of the thread's CPU,
 * with one sample at least every 50 ms of wall time; the reports share the
 * thread's whole CPU time out over its flowops in proportion to the samples
 * (cpu_share.c). Out of line, so that the loop's common path stays small. */
__attribute__((noinline)) static int run_sampled(struct worker *w, const struct plan_op *op)
{
    struct op_inst *inst = &w->ops[op->flat];
    uint64_t ops = inst->st->ops;
    uint64_t c0 = thread_cpu_ns();
    int rc = op->type->run(w, inst);
    uint64_t c1 = thread_cpu_ns();
    if (inst->st->ops > ops) {
        inst->st->cpu_ns += c1 - c0 > w->cpu_overhead ? c1 - c0 - w->cpu_overhead : 0;
        inst->st->cpu_samples++;
    }
    uint64_t wall = clock_ns();
    unsigned period = cpu_sample_period(w->cpu_overhead, c1 - w->cpu_last, wall - w->wall_last, w->cpu_window);
    w->cpu_window = period / 2 + (unsigned)rng_below(&w->cpu_rng, period) + 1;
    w->cpu_countdown = w->cpu_window;
    w->cpu_last = c1;
    w->wall_last = wall;
    w->cpu_sampling += 2 * w->cpu_overhead;
    publish_cpu(w, c1);
    return rc;
}

/* One op of a flowop that is not a composite, its time in its bucket. */
static inline int run_one_now(struct worker *w, const struct plan_op *op)
{
    thread_clock_enter(&w->tclock, w->ops[op->flat].tb);
    if (__builtin_expect(--w->cpu_countdown == 0, 0))
        return run_sampled(w, op);
    return op->type->run(w, &w->ops[op->flat]);
}

/* Completes the requests in flight before a flowop that does not go
 * through the engines: a closefile, fsync or delete must follow the I/O
 * before it, as it does with a synchronous engine. */
__attribute__((noinline)) static int drain_before(struct worker *w, const struct plan_op *op)
{
    int rc = op_io_drain(w);
    return rc != FO_OK ? rc : run_one_now(w, op);
}

/* The same, first completing what is in flight when op is not engine I/O. */
static inline int run_one(struct worker *w, const struct plan_op *op)
{
    if (__builtin_expect(w->io_inflight > 0, 0) && !flowop_is(op->type, FF_ENGINE))
        return drain_before(w, op);
    return run_one_now(w, op);
}


/* A fixed iters=1: the flowop runs once each time it is reached. */
static inline bool once(const struct plan_op *op)
{
    return !op->iters.is_dist && op->iters.u == 1;
}

/* True for a flowop run once per pass (no composite, a fixed iters=1): the
 * loop calls it directly, without run_op's loop. */
static inline bool runs_once(const struct plan_op *op)
{
    return op->type != NULL && once(op);
}

static int run_op(struct worker *w, const struct plan_op *op);

/* The child of a choose composite this pass runs: one draw, a short search. */
static inline const struct plan_op *pick(struct worker *w, const struct plan_op *op)
{
    return plan_choose_pick(op, rng_below(&w->rng, op->choose_total));
}

/* The child a choose composite picked: a plain flowop run once goes
 * straight to run_one, as the thread's loop does with one. */
static inline int run_choice(struct worker *w, const struct plan_op *op)
{
    return runs_once(op) ? run_one(w, op) : run_op(w, op);
}

/* One of the thread's own flowops, each pass: a plain flowop or a choose
 * composite run once skip run_op's loop (and its call), so a mix costs the
 * pick and little else. */
static inline int run_top(struct worker *w, const struct plan_op *op)
{
    if (runs_once(op))
        return run_one(w, op);
    if (op->choose && once(op))
        return run_choice(w, pick(w, op));
    return run_op(w, op);
}

/* Runs one flowop (iters times), composites recursively: every child in
 * turn, or for a choose composite the one child its weights pick. */
static int run_op(struct worker *w, const struct plan_op *op)
{
    uint64_t iters = param_u64(&op->iters, &w->rng);
    for (uint64_t i = 0; i < iters; i++) {
        int rc = FO_OK;
        if (op->type != NULL)
            rc = run_one(w, op);
        else if (op->choose)
            rc = run_choice(w, pick(w, op));
        else
            for (size_t c = 0; c < op->nchildren && rc == FO_OK; c++)
                rc = run_op(w, &op->children[c]);
        if (rc != FO_OK)
            return rc;
    }
    return FO_OK;
}

static void note_stop(struct worker *w, const struct plan_op *op, int rc)
{
    struct run_shared *sh = w->sh;
    enum quit_mode mode = w->eng->plan->mode;
    if (rc == FO_NORESOURCE && mode == QUIT_TIMEOUT) {
        snprintf(sh->stop_note, sizeof sh->stop_note,
                 "run stopped early: flowop %s in thread %s could not obtain a file or directory "
                 "(increase the fileset's entries, shorten the run, or set mode quit firstdone)",
                 op->name, w->thread->name);
        engine_stop(w->eng, STOP_NOFILES);
        return;
    }
    if (mode == QUIT_ALLDONE && rc == FO_NORESOURCE)
        return; /* this thread is done; the master ends the run when all are */
    engine_stop(w->eng, STOP_FINISHED);
}

/* One pass over the thread's flowops; false when the thread stops. */
static inline bool run_pass(struct worker *w)
{
    const struct plan_thread *t = w->thread;
    _Atomic uint32_t *phase = &w->sh->phase;
    for (size_t i = 0; i < t->nops; i++) {
        if (atomic_load_explicit(phase, memory_order_relaxed) == PHASE_STOP)
            return false;
        const struct plan_op *op = &t->ops[i];
        int rc = run_top(w, op);
        if (rc == FO_ERROR || rc == FO_SPENT)
            return false; /* spent: the run ends when its last thread does, or on its own terms */
        if (rc != FO_OK) {
            if (!worker_stopping(w))
                note_stop(w, &t->ops[i], rc);
            return false;
        }
    }
    return true;
}

/* Closed loop: each pass begins when the one before it ends. */
static void thread_loop(struct worker *w)
{
    while (run_pass(w))
        ;
}

/* Open loop (rate=): each pass begins when it is due, or at once when the
 * thread is behind; its ops are also timed from when it was due. */
static void thread_loop_paced(struct worker *w)
{
    uint64_t go = atomic_load(&w->sh->go_ns);
    const struct plan_thread *th = w->thread;
    struct pace_clock *c = &w->sched->clock;
    uint64_t n = w->proc->instances * th->instances, j = w->proc_inst * th->instances + w->thread_inst;
    pace_clock_init(c, th->rate_process, go, th->rate, w->eng->seed ^ (0x8cb92ba72f3d8dd7ull * (w->slot_index + 1)), j, n);
    pace_start();
    while (pace_pass(w, c) && run_pass(w))
        ;
}

/* The script's thread name on the OS thread (15 characters at most), so that
 * top -H and /proc/PID/task/TID/comm tell the workload's threads apart. */
static void thread_name(const struct engine *e, size_t slot)
{
    char name[16];
    snprintf(name, sizeof name, "%s", e->plan->procs[e->slots[slot].proc].threads[e->slots[slot].thread].name);
    pthread_setname_np(pthread_self(), name); /* a name is a convenience: its failure changes nothing */
}

static void *thread_main(void *p)
{
    struct thread_arg *a = p;
    struct worker *w = &a->w;
    struct run_shared *sh = a->e->sh;
    engine_place_apply(a->e, a->slot); /* first: the thread's memory is allocated under its binding */
    thread_name(a->e, a->slot);
    int jerr = 0;
    if (worker_init(w, a->e, a->slot) != 0 || (journal_thread_open(w) != 0 && (jerr = errno ? errno : ENOMEM) != 0)) {
        char msg[160];
        snprintf(msg, sizeof msg, "cannot open the durability journal of a worker thread: %s", strerror(jerr));
        if (jerr != 0)
            worker_set_error(w, msg);
        else
            worker_set_error(w, "cannot set up a worker thread: out of memory"); /* unless a flowop's init said why first */
        worker_free(w);
        atomic_fetch_add(&sh->ready, 1);
        fb_futex_wake(&sh->master_wake);
        return NULL;
    }
    w->latlog = a->latlog;
    if (w->thread->ioprio < 8)
        syscall(SYS_ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, 0, (2 << 13) | (int)w->thread->ioprio);
    atomic_fetch_add(&sh->running, 1);
    atomic_fetch_add(&sh->ready, 1);
    fb_futex_wake(&sh->master_wake);
    while (atomic_load(&sh->phase) == PHASE_SETUP)
        fb_futex_wait(&sh->phase, PHASE_SETUP, 100000000);
    if (w->latlog != NULL)
        latlog_thread_go(w->latlog, &w->clk, atomic_load(&sh->go_ns));
    w->cpu_start = w->cpu_last = thread_cpu_ns();
    w->wall_last = clock_ns();
    thread_clock_start(&w->tclock, slot_time(a->e, a->slot));
    if (w->thread->rate != 0)
        thread_loop_paced(w);
    else
        thread_loop(w);
    op_io_drain(w);
    thread_clock_stop(&w->tclock);
    publish_cpu(w, thread_cpu_ns());
    worker_free(w);
    if (atomic_fetch_sub(&sh->running, 1) == 1)
        fb_futex_wake(&sh->master_wake);
    return NULL;
}

void engine_worker_process(struct engine *e, size_t proc, size_t inst)
{
    const struct plan_process *p = &e->plan->procs[proc];
    if (p->nice != 0 && setpriority(PRIO_PROCESS, 0, (int)p->nice) != 0)
        diag_printf(e->run->err, "flowbench: warning: process %s: cannot set nice %" PRIu64 ": %s\n", p->name, p->nice,
                strerror(errno));
    size_t n = 0;
    size_t *mine = calloc(e->nslots ? e->nslots : 1, sizeof *mine);
    if (mine == NULL)
        _exit(3);
    for (size_t s = 0; s < e->nslots; s++)
        if (e->slots[s].proc == proc && e->slots[s].proc_inst == inst)
            mine[n++] = s;
    struct diag terr;
    if (engine_trees_reopen(e, n, &terr) != 0) {
        struct worker tmp = { .eng = e, .sh = e->sh };
        char msg[sizeof terr.msg + 64];
        snprintf(msg, sizeof msg, "process %s: %s", p->name, terr.msg);
        worker_set_error(&tmp, msg);
        _exit(3);
    }
    struct thread_arg *args = calloc(n ? n : 1, sizeof *args);
    bool failed;
    struct latlog_proc *log = latlog_proc_start(e, mine, n, &failed);
    free(mine);
    if (args == NULL || failed)
        _exit(3);
    size_t k = 0, mine_k = 0;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    for (size_t s = 0; s < e->nslots; s++) {
        if (e->slots[s].proc != proc || e->slots[s].proc_inst != inst)
            continue;
        args[k] = (struct thread_arg){ .e = e, .slot = s, .latlog = latlog_proc_thread(log, mine_k++) };
        int rc = pthread_create(&args[k].thr, &attr, thread_main, &args[k]);
        if (rc != 0) {
            struct worker tmp = { .eng = e, .sh = e->sh, .thread = &p->threads[e->slots[s].thread] };
            char msg[256];
            snprintf(msg, sizeof msg, "process %s: cannot start thread %s: %s", p->name, tmp.thread->name, strerror(rc));
            worker_set_error(&tmp, msg);
            atomic_fetch_add(&e->sh->ready, 1);
            continue;
        }
        k++;
    }
    for (size_t i = 0; i < k; i++)
        pthread_join(args[i].thr, NULL);
    latlog_proc_end(log, e);
    _exit(0);
}
