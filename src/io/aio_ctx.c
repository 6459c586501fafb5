/* aio_ctx.c: the asynchronous I/O context on libaio; the only file that
 * includes <libaio.h>. */
#include <errno.h>
#include <libaio.h>
#include <stdlib.h>

#include "io/aio_ctx.h"

/* Completions io_getevents fills per call (on the stack); more are reaped by calling again. */
#define REAP_BATCH 128

struct aio_ctx {
    io_context_t ctx;
    bool ready;       /* io_setup succeeded */
    size_t pending;   /* submitted, not reaped */
};

struct aio_ctx *aio_ctx_new(void)
{
    return calloc(1, sizeof(struct aio_ctx));
}

int aio_ctx_setup(struct aio_ctx *c, unsigned depth, unsigned min_depth)
{
    int rc = -EAGAIN;
    for (; depth >= min_depth && rc == -EAGAIN; depth /= 4) {
        c->ctx = NULL; /* io_setup wants a zeroed context */
        rc = io_setup((int)depth, &c->ctx);
    }
    if (rc < 0)
        return rc;
    c->ready = true;
    c->pending = 0;
    return 0;
}

bool aio_ctx_is_setup(const struct aio_ctx *c)
{
    return c->ready;
}

size_t aio_ctx_pending(const struct aio_ctx *c)
{
    return c->pending;
}

/* The kernel copies the iocb at io_submit and never reads it again, so it
 * lives on the stack: the tag carries what the reaper must know. */
int aio_ctx_pwrite(struct aio_ctx *c, int fd, void *buf, size_t len, uint64_t off, uint64_t tag)
{
    struct iocb cb;
    struct iocb *cbs[1] = { &cb };
    io_prep_pwrite(&cb, fd, buf, len, (long long)off);
    cb.data = (void *)(uintptr_t)tag;
    int n = io_submit(c->ctx, 1, cbs);
    if (n == 1)
        c->pending++;
    return n;
}

long aio_ctx_reap(struct aio_ctx *c, long min, long max, struct aio_done *done, const struct timespec *timeout)
{
    struct io_event ev[REAP_BATCH];
    if (max > REAP_BATCH)
        max = REAP_BATCH;
    if (max > (long)c->pending)
        max = (long)c->pending;
    struct timespec t = *timeout;
    long n = io_getevents(c->ctx, min, max, ev, &t);
    for (long i = 0; i < n; i++)
        done[i] = (struct aio_done){ (uint64_t)(uintptr_t)ev[i].data, (long)ev[i].res };
    if (n > 0)
        c->pending -= (size_t)n;
    return n;
}

void aio_ctx_free(struct aio_ctx *c)
{
    if (c != NULL && c->ready)
        io_destroy(c->ctx);
    free(c);
}
