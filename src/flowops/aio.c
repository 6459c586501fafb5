/* aio.c: asynchronous writes: aiowrite submits, aiowait reaps, through the
 * thread's I/O context (io/aio_ctx.h). */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/sync.h"
#include "engine/worker.h"
#include "io/aio_ctx.h"

/* Requests a thread's context holds (io_setup); fewer when fs.aio-max-nr is short. */
#define AIO_DEPTH 4096
#define AIO_MIN_DEPTH 64
/* Completions reaped per call (the array is on the stack). */
#define AIO_BATCH 128
/* How long one wait lasts before the run's stop flag is looked at again. */
#define AIO_SLICE_NS 100000000L

/* The thread's context, shared by its aio flowops (aiowait reaps what
 * aiowrite submitted): each instance's private state points to it, and the
 * last instance to finish frees it. */
struct aio_thread {
    struct aio_ctx *ctx;
    unsigned users;
};

static struct aio_thread *aio_of(const struct op_inst *op)
{
    return op->priv;
}

/* A request's tag, returned in its completion: the slot in the low 8 bits,
 * the requested length above. */
static uint64_t aio_tag(int slot, uint64_t len)
{
    return len << 8 | (uint64_t)slot;
}

/* Shares the context of an aio flowop of the thread set up before, else
 * makes it (set up on first use, so a thread that never writes takes none). */
static int aio_init(struct worker *w, struct op_inst *op)
{
    for (size_t i = 0; i < w->nops; i++) {
        const struct op_inst *o = &w->ops[i];
        if (o != op && o->priv != NULL && o->op->type->init == aio_init) {
            op->priv = o->priv;
            aio_of(op)->users++;
            return FO_OK;
        }
    }
    struct aio_thread *t = calloc(1, sizeof *t);
    if (t == NULL || (t->ctx = aio_ctx_new()) == NULL) {
        free(t);
        return op_fail(w, op, "out of memory for an asynchronous I/O context");
    }
    t->users = 1;
    op->priv = t;
    return FO_OK;
}

static void aio_fini(struct worker *w, struct op_inst *op)
{
    (void)w;
    struct aio_thread *t = aio_of(op);
    op->priv = NULL;
    if (t == NULL || --t->users > 0)
        return;
    aio_ctx_free(t->ctx);
    free(t);
}

/* Sets the kernel context up on first use, shrinking the depth while the
 * system-wide limit (fs.aio-max-nr) refuses it. */
static int aio_start(struct worker *w, struct op_inst *op, struct aio_ctx *ctx)
{
    if (aio_ctx_is_setup(ctx))
        return FO_OK;
    int rc = aio_ctx_setup(ctx, AIO_DEPTH, AIO_MIN_DEPTH);
    if (rc < 0)
        return op_fail(w, op, "cannot set up asynchronous I/O (io_setup): %s%s", strerror(-rc),
                       rc == -EAGAIN ? " (raise the fs.aio-max-nr sysctl)" : "");
    return FO_OK;
}

/* Checks completions: a failed or short write ends the run. */
static int aio_check(struct worker *w, struct op_inst *op, const struct aio_done *done, long n)
{
    for (long i = 0; i < n; i++) {
        uint64_t tag = done[i].tag;
        const struct slot *s = &w->fds[tag & 0xff];
        long res = done[i].res;
        char path[PATH_MAX];
        if (res < 0)
            return op_error(w, op, "asynchronous write to", slot_path(w, s, path, sizeof path), (int)-res);
        if ((uint64_t)res != tag >> 8)
            return op_fail(w, op, "short asynchronous write to %s: %ld of %llu bytes",
                           slot_path(w, s, path, sizeof path), res, (unsigned long long)(tag >> 8));
    }
    return FO_OK;
}

/* Reaps completions, waiting at most *slice for at least min of them;
 * returns the count or -errno. */
static long aio_batch(struct worker *w, struct op_inst *op, long min, const struct timespec *slice, int *rc)
{
    struct aio_done done[AIO_BATCH];
    long n = aio_ctx_reap(aio_of(op)->ctx, min, AIO_BATCH, done, slice);
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
    struct aio_ctx *ctx = aio_of(op)->ctx;
    size_t goal = aio_ctx_pending(ctx) / 2;
    int rc = FO_OK;
    long n;
    while ((n = aio_batch(w, op, 1, &slice, &rc)) <= 0) {
        if (n < 0 && n != -EINTR)
            return op_fail(w, op, "waiting for asynchronous writes (io_getevents): %s", strerror((int)-n));
        if (worker_stopping(w))
            return FO_DONE;
    }
    for (size_t got = (size_t)n; rc == FO_OK && got < goal && aio_ctx_pending(ctx) > 0; got += (size_t)n)
        if ((n = aio_batch(w, op, 0, &now, &rc)) <= 0)
            break; /* nothing more ready now (or EINTR): that is enough for this pass */
    return rc;
}

/* Submits one write of iosize at a random offset; the op and its bytes count
 * at submission. A full context (EAGAIN) first reaps a completion. */
static int aiowrite_run(struct worker *w, struct op_inst *op)
{
    struct io_op io;
    struct aio_ctx *ctx = aio_of(op)->ctx;
    int rc = aio_start(w, op, ctx);
    if (rc != FO_OK || (rc = op_io_begin(w, op, op->op->random, &io)) != FO_OK || io.len == 0)
        return rc;
    uint64_t tag = aio_tag((int)(io.s - w->fds), io.len);

    uint64_t t0 = op_now(w);
    int n = aio_ctx_pwrite(ctx, io.s->fd, io.buf, io.len, io.off, tag);
    uint64_t t1 = op_now(w);
    while (n == -EAGAIN && aio_ctx_pending(ctx) > 0) {
        if ((rc = aio_reap(w, op)) != FO_OK)
            return rc;
        t0 = op_now(w);
        n = aio_ctx_pwrite(ctx, io.s->fd, io.buf, io.len, io.off, tag);
        t1 = op_now(w);
    }
    if (n != 1) {
        char path[PATH_MAX];
        return op_error(w, op, "io_submit (asynchronous write) to", slot_path(w, io.s, path, sizeof path),
                        n < 0 ? -n : EAGAIN);
    }
    op_done(w, op, t0, t1, io.len);
    return FO_OK;
}

/* One reaping pass, one op; with nothing pending there is nothing to wait for. */
static int aiowait_run(struct worker *w, struct op_inst *op)
{
    const struct aio_ctx *ctx = aio_of(op)->ctx;
    if (!aio_ctx_is_setup(ctx) || aio_ctx_pending(ctx) == 0) {
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

const struct flowop_type flowop_aiowrite = {
    .name = "aiowrite", .flags = FF_IO | FF_ASYNC | FF_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE | NEED_RANDOM,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA_DATA,
    .summary = "submit an asynchronous write of iosize bytes at a random offset",
    .run = aiowrite_run, .init = aio_init, .fini = aio_fini,
};

const struct flowop_type flowop_aiowait = {
    .name = "aiowait", .flags = FF_IO | FF_ASYNC, .needs = 0,
    .attrs = FA_COMMON,
    .summary = "wait for at least one submitted write and reap the completed ones",
    .run = aiowait_run, .init = aio_init, .fini = aio_fini,
};
