/* ioe_libaio.c: Linux native asynchronous I/O through libaio (io_submit,
 * io_getevents); the only file that includes <libaio.h>. */
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
};

/* The kernel copies the iocb at io_submit and never reads it again, so it
 * lives on the stack; its data field carries the request. */
static int libaio_submit(struct ioengine *e, struct io_req *r)
{
    struct libaio *a = (struct libaio *)e;
    struct iocb cb;
    struct iocb *cbs[1] = { &cb };
    if (r->dir == IO_READ)
        io_prep_pread(&cb, r->fd, r->buf, r->len, (long long)r->off);
    else
        io_prep_pwrite(&cb, r->fd, r->buf, r->len, (long long)r->off);
    if (r->dir == IO_APPEND)
        cb.aio_rw_flags = RWF_APPEND;
    cb.data = r;
    int n = io_submit(a->ctx, 1, cbs);
    if (n == 1)
        return IOE_QUEUED;
    return n < 0 ? n : -EAGAIN;
}

static int libaio_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                       const struct timespec *timeout)
{
    struct libaio *a = (struct libaio *)e;
    struct io_event ev[REAP_BATCH];
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
    return &a->base;
}

static void libaio_cleanup(struct ioengine *e)
{
    struct libaio *a = (struct libaio *)e;
    io_destroy(a->ctx);
    free(a);
}

static const char *libaio_hint(int err)
{
    return err == EAGAIN ? " (the system-wide limit fs.aio-max-nr is reached: raise it, or lower iodepth)" : NULL;
}

const struct ioengine_ops ioengine_libaio = {
    .name = "libaio", .flags = IOE_ASYNC,
    .summary = "Linux native asynchronous I/O (io_submit, io_getevents); iodepth requests in flight",
    .prepare = libaio_prepare, .submit = libaio_submit, .reap = libaio_reap, .cleanup = libaio_cleanup,
    .hint = libaio_hint,
};
