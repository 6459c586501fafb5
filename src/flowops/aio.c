/* aio.c: asynchronous writes on libaio: aiowrite submits, aiowait reaps. */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <time.h>

#include "flowops/flowop.h"
#include "engine/worker.h"

/* Requests a thread's context holds (io_setup); fewer when fs.aio-max-nr is short. */
#define AIO_DEPTH 4096
#define AIO_MIN_DEPTH 64
/* Completions reaped per io_getevents call (the io_event array is on the stack). */
#define AIO_BATCH 128
/* How long one wait lasts before the run's stop flag is looked at again. */
#define AIO_SLICE_NS 100000000L

/* A request's tag, returned in its completion: the slot in the low 8 bits,
 * the requested length above (64-bit pointers). The kernel copies the iocb at
 * io_submit and never reads it again, so the iocb can live on the stack and
 * no per-thread pool is needed: the tag carries what the reaper must know. */
static void *aio_tag(int slot, uint64_t len)
{
    return (void *)(uintptr_t)(((uintptr_t)len << 8) | (uintptr_t)slot);
}

/* Sets the thread's context up on first use, shrinking the depth while the
 * system-wide limit (fs.aio-max-nr) refuses it. */
static int aio_start(struct worker *w, struct op_inst *op)
{
    if (w->aio_ready)
        return FO_OK;
    int rc = -EAGAIN;
    unsigned depth = AIO_DEPTH;
    for (; depth >= AIO_MIN_DEPTH && rc == -EAGAIN; depth /= 4) {
        w->aio = NULL; /* io_setup wants a zeroed context */
        rc = io_setup((int)depth, &w->aio);
    }
    if (rc < 0)
        return op_fail(w, op, "cannot set up asynchronous I/O (io_setup): %s%s", strerror(-rc),
                       rc == -EAGAIN ? " (raise the fs.aio-max-nr sysctl)" : "");
    w->aio_ready = true;
    w->aio_pending = 0;
    return FO_OK;
}

/* Checks completions: a failed or short write ends the run. */
static int aio_check(struct worker *w, struct op_inst *op, const struct io_event *ev, long n)
{
    for (long i = 0; i < n; i++) {
        uintptr_t tag = (uintptr_t)ev[i].data;
        const struct slot *s = &w->fds[tag & 0xff];
        long res = (long)ev[i].res;
        char path[PATH_MAX];
        if (res < 0)
            return op_error(w, op, "asynchronous write to", slot_path(w, s, path, sizeof path), (int)-res);
        if ((uint64_t)res != (uint64_t)(tag >> 8))
            return op_fail(w, op, "short asynchronous write to %s: %ld of %llu bytes",
                           slot_path(w, s, path, sizeof path), res, (unsigned long long)(tag >> 8));
    }
    return FO_OK;
}

/* Reaps up to max completions, waiting at most *slice (NULL: not at all)
 * and for at least min of them; returns the count or -errno. */
static long aio_batch(struct worker *w, struct op_inst *op, long min, const struct timespec *slice, int *rc)
{
    struct io_event ev[AIO_BATCH];
    long max = w->aio_pending < AIO_BATCH ? (long)w->aio_pending : AIO_BATCH;
    struct timespec t = slice ? *slice : (struct timespec){ 0, 0 };
    long n = io_getevents(w->aio, min, max, ev, &t);
    if (n > 0) {
        w->aio_pending -= (size_t)n;
        *rc = aio_check(w, op, ev, n);
    }
    return n;
}

/* [better] waits for at least one completion (classic never blocked, so
 * requests piled up), then, like classic, reaps what else is ready up to half
 * of what was pending. Waits in slices so a stopping run is noticed: FO_DONE then. */
static int aio_reap(struct worker *w, struct op_inst *op)
{
    static const struct timespec slice = { 0, AIO_SLICE_NS };
    size_t goal = w->aio_pending / 2;
    int rc = FO_OK;
    long n;
    while ((n = aio_batch(w, op, 1, &slice, &rc)) <= 0) {
        if (n < 0 && n != -EINTR)
            return op_fail(w, op, "waiting for asynchronous writes (io_getevents): %s", strerror((int)-n));
        if (worker_stopping(w))
            return FO_DONE;
    }
    for (size_t got = (size_t)n; rc == FO_OK && got < goal && w->aio_pending > 0; got += (size_t)n)
        if ((n = aio_batch(w, op, 0, NULL, &rc)) <= 0)
            break; /* nothing more ready now (or EINTR): that is enough for this pass */
    return rc;
}

/* Submits one write of iosize at a random offset; the op and its bytes count
 * at submission. A full context (EAGAIN) first reaps a completion. */
static int aiowrite_run(struct worker *w, struct op_inst *op)
{
    struct io_op io;
    int rc = aio_start(w, op);
    if (rc != FO_OK || (rc = op_io_begin(w, op, true, &io)) != FO_OK || io.len == 0)
        return rc;
    struct iocb cb;
    struct iocb *cbs[1] = { &cb };
    io_prep_pwrite(&cb, io.s->fd, io.buf, io.len, (long long)io.off);
    cb.data = aio_tag((int)(io.s - w->fds), io.len);

    uint64_t t0 = op_now(w);
    int n = io_submit(w->aio, 1, cbs);
    uint64_t t1 = op_now(w);
    while (n == -EAGAIN && w->aio_pending > 0) {
        if ((rc = aio_reap(w, op)) != FO_OK)
            return rc;
        t0 = op_now(w);
        n = io_submit(w->aio, 1, cbs);
        t1 = op_now(w);
    }
    if (n != 1) {
        char path[PATH_MAX];
        return op_error(w, op, "io_submit (asynchronous write) to", slot_path(w, io.s, path, sizeof path),
                        n < 0 ? -n : EAGAIN);
    }
    op_done(w, op, t0, t1, io.len);
    w->aio_pending++;
    return FO_OK;
}

/* One reaping pass, one op; with nothing pending there is nothing to wait for. */
static int aiowait_run(struct worker *w, struct op_inst *op)
{
    if (!w->aio_ready || w->aio_pending == 0) {
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
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET),
    .summary = "submit an asynchronous write of iosize bytes at a random offset",
    .run = aiowrite_run,
};

const struct flowop_type flowop_aiowait = {
    .name = "aiowait", .flags = FF_IO | FF_ASYNC, .needs = 0,
    .attrs = FA_COMMON,
    .summary = "wait for at least one submitted write and reap the completed ones",
    .run = aiowait_run,
};
