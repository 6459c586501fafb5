/* ioengine.h: I/O engines, how a thread's reads and writes reach the kernel.
 * An engine is one row (src/io/ioe_*.c) behind one small interface: prepare
 * a thread's instance, queue requests, commit them, reap their completions,
 * clean up. */
#ifndef FB_IO_IOENGINE_H
#define FB_IO_IOENGINE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "base/rawcall.h"

enum ioe_flag {
    IOE_ASYNC = 1 << 0,   /* submit queues; the request completes later, through reap */
    IOE_NO_CALLS = 1 << 1, /* moves data without read or write system calls (memory copies) */
    IOE_PRW = 1 << 2,     /* submit of a read or write is io_prw(): a caller may make that call itself */
    IOE_REAP_SENDS = 1 << 3, /* reap sends what was queued in the call that waits: no commit before it */
};

enum io_dir {
    IO_READ,
    IO_WRITE,
    IO_APPEND, /* a write at the file's end, wherever that is when it lands */
};

/* One read or write. The caller fills the first group and owns the request
 * (and its buffer) until it completes; the engine sets res, and off for an
 * append when it knows where the bytes went. */
struct io_req {
    void *buf;
    size_t len;
    uint64_t off;
    int fd;
    unsigned key;         /* the caller's name for the open file, < nkeys (mmap keeps its mapping by it) */
    enum io_dir dir;
    long res;             /* at completion: bytes moved, or -errno */
    uint64_t t0;          /* the caller's: when it was submitted */
    uint64_t lag_ns;      /* the caller's: how late its pass began (open loop, else 0) */
    uint64_t pass_t0;     /* the caller's: when its pass began (open loop) */
    void *owner;          /* the caller's */
};

enum ioe_submitted {
    IOE_COMPLETED = 0,    /* res is set: the request is done */
    IOE_QUEUED = 1,       /* in flight, or queued until the next commit: reap returns it */
};

/* A read or write of len bytes at off, done when it returns: the bytes
 * moved or -errno. Inline, so that a synchronous caller's op costs the
 * system call and nothing between it and the engine (IOE_PRW). On x86-64
 * Linux the call is made here, not through libc's pread and pwrite: their
 * wrappers spend 40 instructions a call making it a thread cancellation
 * point (flowbench cancels no thread) and going through errno (the kernel
 * returns -errno already). The sanitizer builds keep libc's, whose
 * interceptors check the buffer (base/rawcall.h: FB_RAW_THROUGH_LIBC). */
#ifdef FB_RAW_THROUGH_LIBC
#define FB_IO_THROUGH_LIBC 1
#endif
#ifdef FB_RAW_SYSCALLS
static inline long io_prw(enum io_dir dir, int fd, void *buf, size_t len, uint64_t off)
{
    return raw_syscall4(dir == IO_READ ? SYS_pread64 : SYS_pwrite64, fd, (long)buf, (long)len, (long)off);
}
#else
static inline long io_prw(enum io_dir dir, int fd, void *buf, size_t len, uint64_t off)
{
    ssize_t n = dir == IO_READ ? pread(fd, buf, len, (off_t)off) : pwrite(fd, buf, len, (off_t)off);
    return n < 0 ? -errno : n;
}
#endif

struct ioengine;

struct ioengine_ops {
    const char *name;
    unsigned flags;       /* enum ioe_flag */
    const char *summary;  /* one line for help and the docs */
    /* A thread's instance for up to depth requests in flight, on files named
     * by keys below nkeys; NULL with *err set to a positive errno when the
     * kernel refuses (EAGAIN: a system-wide limit) or memory runs out. */
    struct ioengine *(*prepare)(unsigned depth, unsigned nkeys, int *err);
    /* Starts r, or with a commit hook queues it for the next commit without a
     * system call: enum ioe_submitted, or -errno when it could not be taken. */
    int (*submit)(struct ioengine *e, struct io_req *r);
    /* Optional: starts what submit queued since the last commit, together (one
     * system call where the kernel takes them all). None is lost: one the
     * kernel refuses comes back from reap with res -errno. */
    void (*commit)(struct ioengine *e);
    /* Up to max completed requests into done, waiting at most *timeout (NULL:
     * no limit) until min are there; the count, or -errno (-EINTR: a signal). */
    int (*reap)(struct ioengine *e, unsigned min, unsigned max, struct io_req **done, const struct timespec *timeout);
    /* Optional: r alone, sent and waited for, with nothing else in flight on
     * e (a depth-1 caller's short path): as few system calls as the kernel
     * needs for one request (io_uring: one io_uring_enter), no ring of
     * requests kept. IOE_COMPLETED with res set, or -errno when it could not
     * be sent or waited for. A signal does not end the wait: the request is
     * the kernel's until it completes. */
    int (*submit_wait)(struct ioengine *e, struct io_req *r);
    /* Optional: the file named key is about to close. */
    void (*forget)(struct ioengine *e, unsigned key);
    void (*cleanup)(struct ioengine *e);
    /* Optional: a clause on why prepare may have failed with err, or NULL. */
    const char *(*hint)(int err);
};

/* What every instance starts with. */
struct ioengine {
    const struct ioengine_ops *ops;
    unsigned depth;       /* the depth granted, which may be below the one asked */
    unsigned inflight;    /* submitted (queued or started), not reaped */
    unsigned queued;      /* submitted since the last commit */
    unsigned last_reaped; /* how many the last reap returned */
};

/* The engines, the default first; ioengine_find returns NULL for an unknown name. */
extern const struct ioengine_ops *const ioengines[];
extern const size_t ioengine_count;
const struct ioengine_ops *ioengine_find(const char *name);
/* The names, comma-separated, into buf (for messages and help). */
const char *ioengine_names(char *buf, size_t len);
/* A clause on why the kernel may have refused engine ops with err, or "". */
const char *ioengine_hint(const struct ioengine_ops *ops, int err);

static inline bool ioengine_is(const struct ioengine_ops *ops, unsigned flags)
{
    return ops != NULL && (ops->flags & flags) != 0;
}

/* A thread's instance of engine ops (see ops->prepare). */
static inline struct ioengine *ioengine_prepare(const struct ioengine_ops *ops, unsigned depth, unsigned nkeys,
                                                int *err)
{
    struct ioengine *e = ops->prepare(depth, nkeys, err);
    if (e != NULL)
        e->ops = ops;
    return e;
}

/* The instance's own calls, keeping the in-flight and queued counts. A
 * queued request may not start before ioengine_commit: the caller commits
 * when it has queued what it has to send (a refill), and reap commits first,
 * so nothing waits on a request that was never started. */
static inline int ioengine_queue(struct ioengine *e, struct io_req *r)
{
    int rc = e->ops->submit(e, r);
    e->inflight += rc == IOE_QUEUED;
    e->queued += rc == IOE_QUEUED && e->ops->commit != NULL;
    return rc;
}

static inline void ioengine_commit(struct ioengine *e)
{
    if (e->queued == 0)
        return;
    e->queued = 0;
    e->ops->commit(e);
}

/* Queues r and starts it now. */
static inline int ioengine_submit(struct ioengine *e, struct io_req *r)
{
    int rc = ioengine_queue(e, r);
    ioengine_commit(e);
    return rc;
}

static inline int ioengine_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                                const struct timespec *timeout)
{
    if (ioengine_is(e->ops, IOE_REAP_SENDS))
        e->queued = 0; /* one system call sends and waits */
    else
        ioengine_commit(e);
    int n = e->ops->reap(e, min, max, done, timeout);
    if (n > 0)
        e->inflight -= (unsigned)n;
    e->last_reaped = n > 0 ? (unsigned)n : 0;
    return n;
}

/* Whether what was just queued should be sent now rather than with the rest
 * of a refill: the kernel holds under half the depth (the device queue has
 * room) and completions come back a few at a time, as from a device that
 * waits for work. Completions that come back in bulk (the page cache
 * answering inside the submit call) mean a batch costs the device nothing,
 * and it saves a system call per request. */
static inline bool ioengine_has_room(const struct ioengine *e)
{
    return e->queued > 0 && e->inflight - e->queued < e->depth / 2 && e->last_reaped < e->depth / 2;
}

#endif
