/* ioe_uring.c: io_uring through liburing; the only file that includes
 * <liburing.h>. Requests queue in the submission ring and a commit sends them
 * all in one io_uring_enter (which also completes the reads the page cache
 * holds). */
#include <errno.h>
#include <linux/fs.h>
#include <liburing.h>
#include <stdlib.h>

#include "io/ioengine.h"

struct uring {
    struct ioengine base;
    struct io_uring ring;
};

/* Sends the queued entries. One the kernel did not take (a signal, a full
 * completion ring) stays in the submission ring, and the next wait sends it. */
static void uring_commit(struct ioengine *e)
{
    struct uring *u = (struct uring *)e;
    (void)io_uring_submit(&u->ring);
}

/* An entry of the submission ring made r's read or write. */
static void uring_prep(struct io_uring_sqe *sqe, struct io_req *r)
{
    if (r->dir == IO_READ)
        io_uring_prep_read(sqe, r->fd, r->buf, (unsigned)r->len, r->off);
    else
        io_uring_prep_write(sqe, r->fd, r->buf, (unsigned)r->len, r->dir == IO_APPEND ? 0 : r->off);
    if (r->dir == IO_APPEND)
        sqe->rw_flags = RWF_APPEND;
    io_uring_sqe_set_data(sqe, r);
}

/* Queues r in the submission ring; a full ring is committed first. */
static int uring_submit(struct ioengine *e, struct io_req *r)
{
    struct uring *u = (struct uring *)e;
    struct io_uring_sqe *sqe = io_uring_get_sqe(&u->ring);
    if (sqe == NULL) {
        uring_commit(e);
        sqe = io_uring_get_sqe(&u->ring);
    }
    if (sqe == NULL)
        return -EAGAIN;
    uring_prep(sqe, r);
    return IOE_QUEUED;
}

/* Sends what get_sqe queued and waits for one completion: one
 * io_uring_enter. On x86-64 Linux the call is made here, as
 * io_uring_submit_and_wait makes it (the submission ring's tail published,
 * the entries since the kernel's head sent) without its calls through
 * liburing and its tests for cases this ring never has (SQPOLL, a
 * registered ring fd); elsewhere, and in the sanitizer builds, liburing's. */
#ifdef FB_SYS_DIRECT
static int uring_enter1(struct io_uring *ring)
{
    struct io_uring_sq *sq = &ring->sq;
    sq->sqe_head = sq->sqe_tail;
    io_uring_smp_store_release(sq->ktail, sq->sqe_tail); /* the entry is written before the kernel sees it */
    return (int)sys_call6(SYS_io_uring_enter, ring->ring_fd, (long)(sq->sqe_tail - *sq->khead), 1,
                          IORING_ENTER_GETEVENTS, 0, 0); /* no signal mask */
}
#else
static int uring_enter1(struct io_uring *ring)
{
    return io_uring_submit_and_wait(ring, 1);
}
#endif

/* r alone (nothing else in flight): sent and waited for in one
 * io_uring_enter, its completion taken from the ring, no request ring or
 * reap between. An interrupted send is made again (the entry stays in the
 * submission ring); an interrupted wait waits on. */
static int uring_submit_wait(struct ioengine *e, struct io_req *r)
{
    struct uring *u = (struct uring *)e;
    struct io_uring_sqe *sqe = io_uring_get_sqe(&u->ring);
    if (sqe == NULL)
        return -EAGAIN;
    uring_prep(sqe, r);
    int rc;
    while ((rc = uring_enter1(&u->ring)) == -EINTR)
        ;
    if (rc <= 0)
        return rc < 0 ? rc : -EAGAIN; /* not taken: nothing to wait for */
    struct io_uring_cqe *cqe;
    while ((rc = io_uring_wait_cqe(&u->ring, &cqe)) == -EINTR)
        ;
    if (rc < 0)
        return rc;
    r->res = cqe->res;
    io_uring_cqe_seen(&u->ring, cqe);
    return IOE_COMPLETED;
}

/* Takes what is in the completion queue, up to max, without a system call. */
static unsigned uring_take(struct uring *u, unsigned max, struct io_req **done)
{
    struct io_uring_cqe *cqe;
    unsigned head, n = 0;
    io_uring_for_each_cqe(&u->ring, head, cqe) {
        if (n == max)
            break;
        struct io_req *r = io_uring_cqe_get_data(cqe);
        r->res = cqe->res;
        r->off = r->dir == IO_APPEND ? UINT64_MAX : r->off;
        done[n++] = r;
    }
    io_uring_cq_advance(&u->ring, n);
    return n;
}

static int uring_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                      const struct timespec *timeout)
{
    struct uring *u = (struct uring *)e;
    unsigned n = io_uring_cq_ready(&u->ring) > 0 ? uring_take(u, max, done) : 0;
    while (n < min && n < max) {
        struct io_uring_cqe *cqe;
        struct __kernel_timespec t, *tp = NULL;
        if (timeout != NULL) {
            t = (struct __kernel_timespec){ timeout->tv_sec, timeout->tv_nsec };
            tp = &t;
        }
        /* without a time limit, the plain call: one io_uring_enter, without
         * liburing's search of the completion queue before and after it */
        int rc = tp == NULL ? io_uring_submit_and_wait(&u->ring, min - n)
                            : io_uring_submit_and_wait_timeout(&u->ring, &cqe, min - n, tp, NULL);
        if (rc == -ETIME || (rc < 0 && n > 0))
            break;
        if (rc < 0)
            return rc;
        n += uring_take(u, max - n, done + n);
    }
    if (io_uring_sq_ready(&u->ring) > 0) /* no wait sent them (IOE_REAP_SENDS) */
        uring_commit(e);
    return (int)n;
}

static struct ioengine *uring_prepare(unsigned depth, unsigned nkeys, int *err)
{
    (void)nkeys;
    struct uring *u = calloc(1, sizeof *u);
    if (u == NULL) {
        *err = ENOMEM;
        return NULL;
    }
    /* One thread submits and reaps: the kernel then runs completion work
     * when the thread asks for completions, not by interrupting it (6.1+). */
    int rc = io_uring_queue_init(depth, &u->ring, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN);
    if (rc == -EINVAL)
        rc = io_uring_queue_init(depth, &u->ring, 0);
    if (rc < 0) {
        free(u);
        *err = -rc;
        return NULL;
    }
    u->base.depth = depth;
    return &u->base;
}

static void uring_cleanup(struct ioengine *e)
{
    struct uring *u = (struct uring *)e;
    io_uring_queue_exit(&u->ring);
    free(u);
}

static const char *uring_hint(int err)
{
    if (err == EPERM || err == ENOSYS || err == EACCES)
        return " (io_uring is disabled or missing: see the kernel.io_uring_disabled sysctl, or a seccomp policy)";
    return err == ENOMEM ? " (locked memory for the rings: raise RLIMIT_MEMLOCK, or lower iodepth)" : NULL;
}

const struct ioengine_ops ioengine_io_uring = {
    .name = "io_uring", .flags = IOE_ASYNC | IOE_REAP_SENDS,
    .summary = "io_uring (liburing); iodepth requests in flight",
    .prepare = uring_prepare, .submit = uring_submit, .commit = uring_commit, .reap = uring_reap,
    .submit_wait = uring_submit_wait, .cleanup = uring_cleanup,
    .hint = uring_hint,
};
