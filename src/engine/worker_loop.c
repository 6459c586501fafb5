/* worker_loop.c: a thread's flowop loop, closed or paced (rate=), with the
 * dispatch of choose composites: kept in this file so it inlines into the loop. */
#include <stdio.h>

#include "base/memop.h"
#include "engine/engine_rt.h"
#include "engine/flowop_hooks.h"
#include "engine/io_inflight.h"
#include "engine/pace_pass.h"
#include "engine/sync.h"
#include "engine/worker.h"
#include "engine/worker_thread.h"
#include "model/plan_choose.h"

/* One op of a flowop that is not a composite, in the time bucket the thread is in. */
static inline int run_inst_counted(struct worker *w, struct op_inst *inst)
{
    if (__builtin_expect(memop_dec_hits_zero(&inst->cpu_countdown), 0)) /* each flowop samples its own ops */
        return worker_run_sampled(w, inst);
    return inst->run(w, inst);
}

/* The same, its time in its own bucket. */
static inline int run_inst_now(struct worker *w, struct op_inst *inst)
{
    thread_clock_enter(&w->tclock, inst->tb);
    return run_inst_counted(w, inst);
}

/* Completes the requests in flight before a flowop that does not go
 * through the engines: a closefile, fsync or delete must follow the I/O
 * before it, as it does with a synchronous engine. */
__attribute__((noinline)) static int drain_before(struct worker *w, struct op_inst *inst)
{
    int rc = op_io_drain(w);
    return rc != FO_OK ? rc : run_inst_now(w, inst);
}

/* The same, first completing what is in flight when inst is not engine I/O;
 * in_bucket: the thread is in inst's time bucket already; queues: one of
 * its ops may leave requests in flight (thread_queues), else none ever is. */
static inline int run_inst_queued(struct worker *w, struct op_inst *inst, bool in_bucket, bool queues)
{
    if (queues && __builtin_expect(w->io_inflight > 0, 0) && inst->drains)
        return drain_before(w, inst);
    return in_bucket ? run_inst_counted(w, inst) : run_inst_now(w, inst);
}

static inline int run_inst_in(struct worker *w, struct op_inst *inst, bool in_bucket)
{
    return run_inst_queued(w, inst, in_bucket, true);
}

/* True when an op of the thread queues on an asynchronous engine (its
 * requests have buffers of their own): only then can requests be in flight
 * when a flowop that must follow them runs. A synchronous engine's request
 * completes before its submit returns (IOE_ASYNC, io/ioengine.h). */
static bool thread_queues(const struct worker *w)
{
    for (size_t i = 0; i < w->nops; i++)
        if (w->ops[i].ring.own_buffers)
            return true;
    return false;
}

/* True when a step of the thread is a choose composite: only then does a
 * step need its child picked. */
static bool steps_mix(const struct worker *w)
{
    for (size_t i = 0; w->steps != NULL && i < w->thread->nops; i++)
        if (w->steps[i].inst == NULL)
            return true;
    return false;
}

static inline int run_inst(struct worker *w, struct op_inst *inst)
{
    return run_inst_in(w, inst, false);
}

static inline int run_one(struct worker *w, const struct plan_op *op)
{
    return run_inst(w, &w->ops[op->flat]);
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

/* The instance of the child a choose step picks: the same draw and search
 * as pick, the instance by the child's position (worker_setup.c). */
static inline struct op_inst *pick_step(struct worker *w, const struct worker_step *st)
{
    const struct plan_op *op = st->choose;
    return st->kids[weighted_find(op->choose_cum, op->nchildren, rng_below_nz(&w->rng, op->choose_total))];
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

/* A pass that ended early on rc from op: false, the thread stops; the run
 * too unless the thread's draws are spent or it is stopping already. */
static bool pass_ends(struct worker *w, const struct plan_op *op, int rc)
{
    if (rc != FO_ERROR && rc != FO_SPENT && !worker_stopping(w))
        note_stop(w, op, rc); /* spent: the run ends when its last thread does, or on its own terms */
    return false;
}

/* One pass over the thread's flowops; false when the thread stops. */
static inline bool run_pass(struct worker *w)
{
    const struct plan_thread *t = w->thread;
    _Atomic uint32_t *phase = &w->sh->phase;
    for (size_t i = 0; i < t->nops; i++) {
        if (atomic_load_explicit(phase, memory_order_relaxed) == PHASE_STOP)
            return false;
        int rc = run_top(w, &t->ops[i]);
        if (rc != FO_OK)
            return pass_ends(w, &t->ops[i], rc);
    }
    return true;
}

/* The time bucket every op the steps run is in, or -1: they differ (or no steps). */
static int steps_bucket(const struct worker *w)
{
    int b = -1;
    for (size_t i = 0; w->steps != NULL && i < w->thread->nops; i++) {
        const struct worker_step *st = &w->steps[i];
        size_t n = st->inst != NULL ? 1 : st->choose->nchildren;
        for (size_t c = 0; c < n; c++) {
            const struct op_inst *inst = st->inst != NULL ? st->inst : &w->ops[st->choose->children[c].flat];
            if (b >= 0 && b != inst->tb)
                return -1;
            b = inst->tb;
        }
    }
    return b;
}

/* The passes of a thread whose flowops worker_setup.c made steps of, each
 * one (worker.h), until it stops: per op, the stop, the drain, the time
 * bucket, the CPU sample's countdown and one call, none of the plan's tests.
 * c: the open loop's schedule, else NULL. When all its ops share one time
 * bucket (bucket >= 0) it is entered once, for the run: nothing else moves
 * the thread's clock but a pacing sleep, which enters it again (pace_sleep).
 * The stop is read before each op, the first of a pass's at its start (in
 * an open loop by pace_pass, which reads it anyway). queues: requests can
 * be in flight (thread_queues); mixes: a step can be a choose (steps_mix).
 * Inline with constant c, bucket, queues and mixes: each case its own loop.
 * A thread has a flowop at least (the parser's rule; make_steps checks it). */
static inline __attribute__((always_inline)) void run_steps(struct worker *w, struct pace_clock *c, int bucket,
                                                            bool queues, bool mixes)
{
    const struct worker_step *first = w->steps, *end = first + w->thread->nops;
    _Atomic uint32_t *phase = &w->sh->phase;
    if (bucket >= 0)
        thread_clock_enter(&w->tclock, (unsigned)bucket);
    while (c != NULL ? pace_pass(w, c, phase, bucket) : !memop_equals(phase, PHASE_STOP)) {
        for (const struct worker_step *st = first;;) {
            struct op_inst *inst = !mixes || st->inst != NULL ? st->inst : pick_step(w, st);
            int rc = run_inst_queued(w, inst, bucket >= 0, queues);
            if (__builtin_expect(rc != FO_OK, 0)) {
                pass_ends(w, &w->thread->ops[st - first], rc);
                return;
            }
            if (++st == end)
                break;
            if (memop_equals(phase, PHASE_STOP))
                return;
        }
    }
}

/* A thread's steps, closed (c NULL) or paced: the loop for what the thread
 * can have in flight (thread_queues) and pick (steps_mix), each case inlined
 * with it known. */
static inline __attribute__((always_inline)) void run_steps_for(struct worker *w, struct pace_clock *c, int bucket)
{
    if (thread_queues(w))
        run_steps(w, c, bucket, true, true);
    else if (steps_mix(w))
        run_steps(w, c, bucket, false, true);
    else
        run_steps(w, c, bucket, false, false);
}

/* Closed loop: each pass begins when the one before it ends. Inline in
 * worker_loop, as the open loop's is: its handlers are called from there
 * (bench/ledger tells the ops of the CPU samples from their clock readings
 * by their caller). */
static inline __attribute__((always_inline)) void thread_loop(struct worker *w)
{
    int bucket = steps_bucket(w);
    if (bucket >= 0)
        run_steps_for(w, NULL, bucket);
    else if (w->steps != NULL)
        run_steps_for(w, NULL, -1);
    else
        while (run_pass(w))
            ;
}

/* Open loop (rate=): each pass begins when it is due, or at once when the
 * thread is behind; its ops are also timed from when it was due. */
static inline __attribute__((always_inline)) void thread_loop_paced(struct worker *w)
{
    uint64_t go = atomic_load(&w->sh->go_ns);
    const struct plan_thread *th = w->thread;
    struct pace_clock *c = &w->sched->clock;
    uint64_t n = w->proc->instances * th->instances, j = w->proc_inst * th->instances + w->thread_inst;
    pace_clock_init(c, th->rate_process, go, th->rate, w->eng->seed ^ (0x8cb92ba72f3d8dd7ull * (w->slot_index + 1)), j, n);
    pace_start();
    int bucket = steps_bucket(w);
    if (bucket >= 0)
        run_steps_for(w, c, bucket);
    else if (w->steps != NULL)
        run_steps_for(w, c, -1);
    else
        while (pace_pass(w, c, &w->sh->phase, -1) && run_pass(w))
            ;
}

/* op_done's one test for what else records an op (worker.h), set once the
 * thread has its latency log, before its first op. */
static void mark_records(struct worker *w)
{
    for (size_t i = 0; i < w->nops; i++)
        w->ops[i].records = (unsigned char)((w->ops[i].ist != NULL ? OP_RECORDS_INTENDED : 0)
                                            | (w->latlog != NULL ? OP_RECORDS_LATLOG : 0));
}

void worker_loop(struct worker *w)
{
    mark_records(w);
    if (w->thread->rate != 0)
        thread_loop_paced(w);
    else
        thread_loop(w);
}
