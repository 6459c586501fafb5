/* aio.c: asynchronous writes: aiowrite submits, aiowait reaps, through the
 * thread's asynchronous engine (libaio, or io_uring when it says so). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/sync.h"
#include "engine/worker.h"
#include "io/ioengine.h"

/* Completions reaped per call (the array is on the stack). */
#define AIO_BATCH 128
/* How long one wait lasts before the run's stop flag is looked at again. */
#define AIO_SLICE_NS 100000000L

/* The thread's asynchronous engine instance, shared by its aio flowops
 * (aiowait reaps what aiowrite submitted), with a request per write in
 * flight: each instance's private state points to it, and the last
 * instance to finish frees it. */
struct aio_thread {
    const struct ioengine_ops *ops;
    unsigned depth;
    struct ioengine *e;        /* set up on first use, so a thread that never writes takes none */
    struct io_req *reqs;
    struct io_req **free;
    unsigned nfree, users;
};

static struct aio_thread *aio_of(const struct op_inst *op)
{
    return op->priv;
}

/* The engine and depth of the thread's first aiowrite (aiowait reaps from it), else the op's own. */
static const struct plan_io *aio_io(const struct worker *w, const struct op_inst *op)
{
    for (size_t i = 0; i < w->nops; i++) {
        const struct plan_op *p = w->thread->flat[i];
        if (p->type != NULL && flowop_is(p->type, FF_ASYNC) && flowop_is(p->type, FF_WRITE))
            return &p->io;
    }
    return &op->op->io;
}

/* Shares the context of an aio flowop of the thread set up before, else makes it. */
static int aio_init(struct worker *w, struct op_inst *op)
{
    for (size_t i = 0; i < w->nops; i++) {
        const struct op_inst *o = &w->ops[i];
        if (o != op && o->priv != NULL && o->hooks->init == aio_init) {
            op->priv = o->priv;
            aio_of(op)->users++;
            break;
        }
    }
    if (op->priv == NULL && (op->priv = calloc(1, sizeof(struct aio_thread))) != NULL) {
        aio_of(op)->users = 1;
        aio_of(op)->ops = aio_io(w, op)->engine;
        aio_of(op)->depth = aio_io(w, op)->depth;
    }
    if (op->priv == NULL)
        return op_fail(w, op, "out of memory for an asynchronous I/O context");
    const struct ioengine_ops *mine = op->op->io.engine;
    if (flowop_is(op->op->type, FF_WRITE) && mine != aio_of(op)->ops)
        return op_fail(w, op, "the aiowrite flowops of thread %s use %s and %s: one thread's share one ioengine",
                       w->thread->name, aio_of(op)->ops->name, mine->name);
    return FO_OK;
}

static void aio_fini(struct worker *w, struct op_inst *op)
{
    (void)w;
    struct aio_thread *t = aio_of(op);
    op->priv = NULL;
    if (t == NULL || --t->users > 0)
        return;
    if (t->e != NULL)
        t->e->ops->cleanup(t->e);
    free(t->reqs);
    free(t->free);
    free(t);
}

/* Sets the engine up on first use, for the iodepth of the op that made the
 * context (libaio shrinks it while fs.aio-max-nr refuses). */
static int aio_start(struct worker *w, struct op_inst *op, struct aio_thread *t)
{
    if (t->e != NULL)
        return FO_OK;
    int err = 0;
    if ((t->e = ioengine_prepare(t->ops, t->depth, FB_NFDS, &err)) == NULL)
        return op_fail(w, op, "ioengine %s: cannot set up asynchronous I/O: %s%s", t->ops->name, strerror(err),
                       ioengine_hint(t->ops, err));
    t->reqs = calloc(t->e->depth, sizeof *t->reqs);
    t->free = calloc(t->e->depth, sizeof *t->free);
    if (t->reqs == NULL || t->free == NULL)
        return op_fail(w, op, "out of memory for %u asynchronous requests", t->e->depth);
    for (unsigned i = 0; i < t->e->depth; i++)
        t->free[t->nfree++] = &t->reqs[i];
    return FO_OK;
}

/* Checks completions and gives their requests back: a failed or short write ends the run. */
static int aio_check(struct worker *w, struct op_inst *op, struct io_req **done, int n)
{
    struct aio_thread *t = aio_of(op);
    int rc = FO_OK;
    for (int i = 0; i < n; i++) {
        struct io_req *r = done[i];
        t->free[t->nfree++] = r;
        char path[PATH_MAX];
        const char *p = slot_path(w, &w->fds[r->key], path, sizeof path);
        if (rc == FO_OK && r->res < 0)
            rc = op_error(w, op, "asynchronous write to", p, (int)-r->res);
        else if (rc == FO_OK && (size_t)r->res != r->len)
            rc = op_fail(w, op, "short asynchronous write to %s: %ld of %zu bytes", p, r->res, r->len);
    }
    return rc;
}

/* Reaps completions, waiting at most *slice for at least min of them;
 * returns the count or -errno. */
static int aio_batch(struct worker *w, struct op_inst *op, unsigned min, const struct timespec *slice, int *rc)
{
    struct io_req *done[AIO_BATCH];
    struct ioengine *e = aio_of(op)->e;
    int n = ioengine_reap(e, min, AIO_BATCH, done, slice);
    if (n > 0)
        *rc = aio_check(w, op, done, n);
    return n;
}

/* [better] waits for at least one completion (classic never blocked, so
 * requests piled up), then, like classic, reaps what else is ready up to half
 * of what was pending. Waits in slices so a stopping run is noticed: FO_DONE then. */
static int aio_reap(struct worker *w, struct op_inst *op)
{
    static const struct timespec slice = { 0, AIO_SLICE_NS }, now = { 0, 0 };
    struct ioengine *e = aio_of(op)->e;
    size_t goal = e->inflight / 2;
    int rc = FO_OK;
    int n;
    while ((n = aio_batch(w, op, 1, &slice, &rc)) <= 0) {
        if (n < 0 && n != -EINTR && n != -ETIME)
            return op_fail(w, op, "waiting for asynchronous writes (%s): %s", e->ops->name, strerror(-n));
        if (worker_stopping(w))
            return FO_DONE;
    }
    for (size_t got = (size_t)n; rc == FO_OK && got < goal && e->inflight > 0; got += (size_t)n)
        if ((n = aio_batch(w, op, 0, &now, &rc)) <= 0)
            break; /* nothing more ready now (or EINTR): that is enough for this pass */
    return rc;
}

/* Submits one write of iosize at a random offset; the op and its bytes count
 * at submission. A full context first reaps a completion. Every write in
 * flight sends the op's one buffer, as classic did. */
static int aiowrite_run(struct worker *w, struct op_inst *op)
{
    struct aio_thread *t = aio_of(op);
    struct io_op io;
    int rc = aio_start(w, op, t);
    if (rc != FO_OK || (rc = op_io_where(w, op, op->op->random, &io)) != FO_OK || io.len == 0)
        return rc;
    if ((io.buf = op_write_buffer(w, op, io.len)) == NULL)
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)io.len);
    while (t->nfree == 0)
        if ((rc = aio_reap(w, op)) != FO_OK)
            return rc;
    struct io_req *r = t->free[--t->nfree];
    *r = (struct io_req){ .buf = io.buf, .len = io.len, .off = io.off, .fd = io.s->fd,
                          .key = (unsigned)(io.s - w->fds), .dir = IO_WRITE, .owner = op };
    uint64_t t0 = op_now(w);
    int q = ioengine_submit(t->e, r);
    uint64_t t1 = op_now(w);
    if (q != IOE_QUEUED) {
        t->free[t->nfree++] = r;
        char path[PATH_MAX];
        return op_error(w, op, "submitting an asynchronous write to", slot_path(w, io.s, path, sizeof path),
                        q < 0 ? -q : EAGAIN);
    }
    op_done(w, op, t0, t1, io.len);
    return FO_OK;
}

/* One reaping pass, one op; with nothing pending there is nothing to wait for. */
static int aiowait_run(struct worker *w, struct op_inst *op)
{
    const struct ioengine *e = aio_of(op)->e;
    if (e == NULL || e->inflight == 0) {
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    uint64_t t0 = op_now(w);
    int rc = aio_reap(w, op);
    uint64_t t1 = op_now(w);
    if (rc != FO_OK)
        return rc;
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_aiowrite_hooks = { .run = aiowrite_run, .init = aio_init, .fini = aio_fini };

const struct flowop_hooks flowop_aiowait_hooks = { .run = aiowait_run, .init = aio_init, .fini = aio_fini };
