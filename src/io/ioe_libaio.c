/* ioe_libaio.c: Linux native asynchronous I/O through libaio (io_submit,
 * io_getevents); the only file that includes <libaio.h>. Requests queue in
 * iocbs and a commit sends them all in one io_submit. */
#include <errno.h>
#include <libaio.h>
#include <linux/fs.h>
#include <stdlib.h>

#include "io/ioengine.h"

/* Completions io_getevents fills per call (on the stack). */
#define REAP_BATCH 128

struct libaio {
    struct ioengine base;
    io_context_t ctx;
    struct iocb *cbs;     /* depth of them: the requests queued since the last commit */
    struct iocb **pend;   /* pend[i] = &cbs[i], the array io_submit takes */
    unsigned npend;
    int err;              /* why io_submit last refused what is still in pend */
};

/* Sends what is queued, as few io_submit calls as the kernel allows (one,
 * unless it takes part). What it refuses stays queued with the reason in
 * err: reap tries once more, then hands those back failed. */
static void libaio_commit(struct ioengine *e)
{
    struct libaio *a = (struct libaio *)e;
    unsigned sent = 0;
    while (sent < a->npend) {
        int n = io_submit(a->ctx, (long)(a->npend - sent), a->pend + sent);
        if (n <= 0) {
            a->err = n < 0 ? n : -EAGAIN;
            break;
        }
        sent += (unsigned)n;
    }
    /* the kernel copied the iocbs it took: the ones left move to the front */
    for (unsigned i = sent; i < a->npend; i++)
        a->cbs[i - sent] = a->cbs[i];
    a->npend -= sent;
}

/* An iocb made r's read or write (its data field carries the request). */
static void libaio_prep(struct iocb *cb, struct io_req *r)
{
    if (r->dir == IO_READ)
        io_prep_pread(cb, r->fd, r->buf, r->len, (long long)r->off);
    else
        io_prep_pwrite(cb, r->fd, r->buf, r->len, (long long)r->off);
    if (r->dir == IO_APPEND)
        cb->aio_rw_flags = RWF_APPEND;
    cb->data = r;
}

/* Queues r in the next free iocb; a full queue is committed first. */
static int libaio_submit(struct ioengine *e, struct io_req *r)
{
    struct libaio *a = (struct libaio *)e;
    if (a->npend == e->depth)
        libaio_commit(e);
    if (a->npend == e->depth)
        return a->err;
    libaio_prep(&a->cbs[a->npend++], r);
    return IOE_QUEUED;
}

/* io_submit and io_getevents made here on x86-64 Linux, not through
 * libaio's wrappers, which go through libc's syscall() and errno: the same
 * two system calls, the kernel's -errno returned as it is (ioengine.h's
 * io_prw does the same for pread and pwrite). */
#ifdef FB_SYS_DIRECT
static inline long aio_call(long nr, long a, long b, long c, long d)
{
    return sys_call5(nr, a, b, c, d, 0); /* io_getevents' timeout: none */
}

static int aio_submit1(io_context_t ctx, struct iocb **cbs)
{
    return (int)aio_call(SYS_io_submit, (long)ctx, 1, (long)cbs, 0);
}

static int aio_wait1(io_context_t ctx, struct io_event *ev)
{
    return (int)aio_call(SYS_io_getevents, (long)ctx, 1, 1, (long)ev);
}
#else
static int aio_submit1(io_context_t ctx, struct iocb **cbs)
{
    return io_submit(ctx, 1, cbs);
}

static int aio_wait1(io_context_t ctx, struct io_event *ev)
{
    return io_getevents(ctx, 1, 1, ev, NULL);
}
#endif

/* r alone (nothing else in flight, nothing queued): one io_submit of its
 * iocb, one io_getevents of its completion, no queue kept between. An
 * interrupted wait waits on: the kernel has the request. */
static int libaio_submit_wait(struct ioengine *e, struct io_req *r)
{
    struct libaio *a = (struct libaio *)e;
    if (a->npend != 0)
        return -EAGAIN;
    libaio_prep(&a->cbs[0], r);
    int n = aio_submit1(a->ctx, a->pend);
    if (n != 1)
        return n < 0 ? n : -EAGAIN;
    struct io_event ev;
    while ((n = aio_wait1(a->ctx, &ev)) == -EINTR)
        ;
    if (n != 1)
        return n < 0 ? n : -EIO;
    r->res = (long)ev.res;
    return IOE_COMPLETED;
}

/* Requests io_submit refused twice, up to max, as completions with its error. */
static int libaio_refused(struct libaio *a, unsigned max, struct io_req **done)
{
    unsigned n = a->npend < max ? a->npend : max;
    for (unsigned i = 0; i < n; i++) {
        done[i] = a->cbs[a->npend - 1 - i].data;
        done[i]->res = a->err;
    }
    a->npend -= n;
    return (int)n;
}

static int libaio_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                       const struct timespec *timeout)
{
    struct libaio *a = (struct libaio *)e;
    struct io_event ev[REAP_BATCH];
    if (a->npend > 0)
        libaio_commit(e);
    if (a->npend > 0)
        return libaio_refused(a, max, done);
    if (max > REAP_BATCH)
        max = REAP_BATCH;
    if (max > e->inflight)
        max = e->inflight;
    if (max == 0)
        return 0;
    struct timespec t, *tp = NULL;
    if (timeout != NULL) {
        t = *timeout;
        tp = &t;
    }
    int n = io_getevents(a->ctx, min, max, ev, tp);
    for (int i = 0; i < n; i++) {
        struct io_req *r = ev[i].data;
        r->res = (long)ev[i].res;
        r->off = r->dir == IO_APPEND ? UINT64_MAX : r->off;
        done[i] = r;
    }
    return n;
}

static void libaio_cleanup(struct ioengine *e)
{
    struct libaio *a = (struct libaio *)e;
    io_destroy(a->ctx);
    free(a->cbs);
    free(a->pend);
    free(a);
}

/* Shrinks the depth by 4 while the system-wide limit (fs.aio-max-nr) refuses it, down to 1/64 of it. */
static struct ioengine *libaio_prepare(unsigned depth, unsigned nkeys, int *err)
{
    (void)nkeys;
    struct libaio *a = calloc(1, sizeof *a);
    if (a == NULL) {
        *err = ENOMEM;
        return NULL;
    }
    int rc = -EAGAIN;
    unsigned least = depth / 64 ? depth / 64 : 1;
    for (; depth >= least && rc == -EAGAIN; depth /= 4) {
        a->ctx = NULL; /* io_setup wants a zeroed context */
        rc = io_setup((int)depth, &a->ctx);
        a->base.depth = depth;
    }
    if (rc < 0) {
        free(a);
        *err = -rc;
        return NULL;
    }
    a->cbs = calloc(a->base.depth, sizeof *a->cbs);
    a->pend = calloc(a->base.depth, sizeof *a->pend);
    if (a->cbs == NULL || a->pend == NULL) {
        *err = ENOMEM;
        libaio_cleanup(&a->base);
        return NULL;
    }
    for (unsigned i = 0; i < a->base.depth; i++)
        a->pend[i] = &a->cbs[i];
    return &a->base;
}

static const char *libaio_hint(int err)
{
    return err == EAGAIN ? " (the system-wide limit fs.aio-max-nr is reached: raise it, or lower iodepth)" : NULL;
}

const struct ioengine_ops ioengine_libaio = {
    .name = "libaio", .flags = IOE_ASYNC,
    .summary = "Linux native asynchronous I/O (io_submit, io_getevents); iodepth requests in flight",
    .prepare = libaio_prepare, .submit = libaio_submit, .commit = libaio_commit, .reap = libaio_reap,
    .submit_wait = libaio_submit_wait, .cleanup = libaio_cleanup,
    .hint = libaio_hint,
};
