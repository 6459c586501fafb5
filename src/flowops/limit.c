/* limit.c: rate limits against the event generator: eventlimit, iopslimit, opslimit, bwlimit. */
#include <stdbool.h>
#include <stddef.h>

#include "flowops/flowop.h"
#include "engine/sync.h"
#include "engine/worker.h"

/* bwlimit: one event pays for this many bytes (rate is in MiB/s). */
#define BW_UNIT (1024 * 1024)

/* What a limiter without target= charges: its own thread's I/O ops, its
 * reads and writes, or the bytes those read and wrote. */
enum thread_count { IO_OPS, RW_OPS, RW_BYTES };

/* Without target= a limiter charges what its own thread did (enum
 * thread_count) over every flowop of the thread. A limiter can only hold back its own thread, so charging it
 * with other threads' I/O as well (classic used the process's counters, a
 * run-wide sum would do the same across processes) would make N limited
 * threads share rate/N between them instead of rate. */
static uint64_t thread_count(const struct worker *w, enum thread_count what)
{
    unsigned want = what == IO_OPS ? FF_IO : FF_READ | FF_WRITE;
    uint64_t sum = 0;
    for (size_t i = 0; i < w->nops; i++) {
        const struct op_inst *o = &w->ops[i];
        const struct flowop_type *t = o->op != NULL ? o->op->type : NULL;
        if (!flowop_is(t, FF_IO) || !flowop_is(t, want))
            continue; /* composites have no counts of their own */
        sum += what == RW_BYTES ? o->st->bytes : o->st->ops;
    }
    return sum;
}

/* Takes one event per call; without a generator it is a no-op, uncounted. */
static int eventlimit_run(struct worker *w, struct op_inst *op)
{
    if (!events_enabled(w))
        return FO_OK;
    uint64_t t0 = op_now(w);
    bool got = events_take(w, 1);
    uint64_t t1 = op_now(w);
    if (!got)
        return FO_DONE;
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* The token bucket of section 4.6. The first call only remembers the counter;
 * each later call charges the counter's growth to the bucket and, when it is
 * in debt, waits for enough events to pay it off (unit counts per event). */
static int bucket_run(struct worker *w, struct op_inst *op, uint64_t now, uint64_t unit)
{
    if (!op->primed) {
        op->primed = true;
        op->last = now;
        return FO_OK;
    }
    if (now > op->last) /* a counter cleared at the start of measurement only restarts */
        op->bucket -= (int64_t)(now - op->last);
    op->last = now;
    uint64_t t0 = op_now(w);
    if (op->bucket < 0) {
        uint64_t need = (uint64_t)(-op->bucket) / unit + (unit > 1 ? 1 : 0);
        /* One event at a time: the generator banks at most 5 x rate events,
         * so a debt larger than that, taken at once, would wait forever. */
        for (uint64_t i = 0; i < need; i++)
            if (!events_take(w, 1))
                return FO_DONE;
        op->bucket += (int64_t)(need * unit);
    }
    uint64_t t1 = op_now(w);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* A limiter charges the growth of a count: its target's ops (bytes for bwlimit)
 * with target=, else what of its own thread; one event per op, or per MiB. */
static int charge_run(struct worker *w, struct op_inst *op, enum thread_count what)
{
    if (!events_enabled(w))
        return FO_OK;
    int t = op->op->target_op;
    uint64_t now = t < 0 ? thread_count(w, what) : what == RW_BYTES ? worker_count_bytes(w, t) : worker_count_ops(w, t);
    return bucket_run(w, op, now, what == RW_BYTES ? BW_UNIT : 1);
}

/* Read+write ops: the target's, or every read and write of this thread. */
static int iopslimit_run(struct worker *w, struct op_inst *op)
{
    return charge_run(w, op, RW_OPS);
}

/* Ops: the target's, or [better] every I/O op of this thread (classic counted
 * every flowop of the process, the limiter itself included). */
static int opslimit_run(struct worker *w, struct op_inst *op)
{
    return charge_run(w, op, IO_OPS);
}

/* Bytes: the target's, or every byte this thread read or wrote; one event per MiB. */
static int bwlimit_run(struct worker *w, struct op_inst *op)
{
    return charge_run(w, op, RW_BYTES);
}

const struct flowop_hooks flowop_eventlimit_hooks = { .run = eventlimit_run };

const struct flowop_hooks flowop_iopslimit_hooks = { .run = iopslimit_run };

const struct flowop_hooks flowop_opslimit_hooks = { .run = opslimit_run };

const struct flowop_hooks flowop_bwlimit_hooks = { .run = bwlimit_run };
