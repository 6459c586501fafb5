/* ioe_psync.c: the default engine: pread and pwrite, each request done
 * before submit returns. Appends seek to the end and write, as classic did. */
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

#include "io/ioengine.h"

static int psync_submit(struct ioengine *e, struct io_req *r)
{
    (void)e;
    r->res = r->dir == IO_APPEND ? io_append(r->fd, r->buf, r->len, &r->off)
                                 : io_prw(r->dir, r->fd, r->buf, r->len, r->off);
    return IOE_COMPLETED;
}

static int psync_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                      const struct timespec *timeout)
{
    (void)e, (void)min, (void)max, (void)done, (void)timeout;
    return 0;   /* nothing is ever in flight */
}

static struct ioengine *psync_prepare(unsigned depth, unsigned nkeys, int *err)
{
    (void)depth, (void)nkeys;
    struct ioengine *e = calloc(1, sizeof *e);
    if (e == NULL) {
        *err = ENOMEM;
        return NULL;
    }
    e->depth = 1;
    return e;
}

static void psync_cleanup(struct ioengine *e)
{
    free(e);
}

const struct ioengine_ops ioengine_psync = {
    .name = "psync", .flags = IOE_PRW,
    .summary = "pread and pwrite, one at a time (the default)",
    .prepare = psync_prepare, .submit = psync_submit, .reap = psync_reap, .cleanup = psync_cleanup,
};
