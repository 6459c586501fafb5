/* aio_ctx.h: an asynchronous I/O context (today libaio's): writes submitted,
 * their completions reaped with the tag each was submitted with. Opaque, so
 * that only src/io sees libaio; one thread uses a context at a time. */
#ifndef FB_IO_AIO_CTX_H
#define FB_IO_AIO_CTX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct aio_ctx;

/* A finished request: its tag and its result, the bytes written or -errno. */
struct aio_done {
    uint64_t tag;
    long res;
};

/* A context not set up yet (no system resources); NULL when out of memory. */
struct aio_ctx *aio_ctx_new(void);
/* Sets the kernel context up for up to depth requests, dividing depth by 4
 * down to min_depth while the system-wide limit (fs.aio-max-nr) refuses it.
 * 0, or -errno of the last refusal (-EAGAIN: the limit). */
int aio_ctx_setup(struct aio_ctx *c, unsigned depth, unsigned min_depth);
bool aio_ctx_is_setup(const struct aio_ctx *c);
/* Requests submitted and not reaped yet. */
size_t aio_ctx_pending(const struct aio_ctx *c);
/* Submits one write of len bytes from buf at off: 1 when queued, 0 when
 * the kernel took none, else -errno (-EAGAIN: the context is full; reap first). */
int aio_ctx_pwrite(struct aio_ctx *c, int fd, void *buf, size_t len, uint64_t off, uint64_t tag);
/* Reaps at least min and at most max completions into done, waiting at most
 * *timeout for the first min; the count, or -errno (-EINTR: a signal). */
long aio_ctx_reap(struct aio_ctx *c, long min, long max, struct aio_done *done, const struct timespec *timeout);
/* Tears the kernel context down (if set up) and frees c; c may be NULL. */
void aio_ctx_free(struct aio_ctx *c);

#endif
