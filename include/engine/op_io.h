/* op_io.h: the helpers an I/O flowop calls on every op: auto-open, a random
 * offset, the buffer, and op_io_begin() that does all three. Inline, each a
 * few loads on the fast path; their rare paths are out of line in
 * src/engine/ (op_open.c, op_buffer.c, op_error.c, io_complete.c), and
 * nothing those reach includes this header back (ctest header_cycles). */
#ifndef FB_OP_IO_H
#define FB_OP_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/data.h"
#include "engine/io_inflight.h"
#include "engine/op_verify.h"
#include "engine/worker.h"
#include "io/ioengine.h"

/* Auto-open for I/O flowops: opens a file into an empty slot first. Unlike
 * classic FileBench, the implicit open is not counted as an op of the read or
 * write: its count and latency would be mistaken for I/O. */
static inline int op_ensure_open(struct worker *w, struct op_inst *op, struct slot *s)
{
    return s->fd >= 0 ? FO_OK : op_open_uncounted(w, op, s);
}

/* Picks a random, iosize-aligned offset in [0, wss - iosize]; fails when the
 * I/O does not fit the working set (a random read past it would only hit
 * EOF). workingset= bounds the region random I/O touches. */
static inline int op_random_offset_in(struct worker *w, struct op_inst *op, const struct slot *s, uint64_t iosize,
                                      uint64_t wss, uint64_t *off)
{
    if (iosize > wss)
        return op_fail_wss(w, op, s, iosize, wss);
    *off = align_down(rng_below_nz(&w->rng, wss - iosize + 1), iosize); /* iosize <= wss: n >= 1 */
    return FO_OK;
}

static inline int op_random_offset(struct worker *w, struct op_inst *op, const struct slot *s, uint64_t iosize,
                                   uint64_t *off)
{
    return op_random_offset_in(w, op, s, iosize, op_wss(w, op, s), off);
}

/* I/O buffer of len bytes: a slice of thread memory, or the op's own buffer
 * (grown only when a random iosize exceeds what init allocated). */
static inline char *op_buffer(struct worker *w, struct op_inst *op, size_t len)
{
    size_t need = op_buffer_need(op, len);
    if (w->mem != NULL && w->memsize >= need) {
        /* A random slice, aligned down to the I/O size like classic. */
        size_t room = w->memsize - need;
        size_t off = room ? (size_t)rng_below_nz(&w->rng, room + 1) : 0;
        if (len > 0)
            off = (size_t)align_down(off, len);
        char *p = w->mem + off;
        return op->dio_align ? p + (op->dio_align - (uintptr_t)p % op->dio_align) % op->dio_align : p;
    }
    return op->bufsize >= need ? op->buf : op_buffer_grow(op, need);
}

/* Readies the next len bytes of a write's buffer: new stamps in its blocks. */
static inline void op_stamp(struct worker *w, struct op_inst *op, char *buf, size_t len)
{
    data_stamp(&op->op->data, &w->data_rng, buf, len);
}

/* The buffer a write sends: the op's own, laid with its data pattern when
 * made (memsize slices are shared with reads, whose data would replace the
 * pattern), and stamped for this write. */
static inline char *op_write_buffer(struct worker *w, struct op_inst *op, size_t len)
{
    size_t need = op_buffer_need(op, len);
    char *p = op->bufsize >= need ? op->buf : op_write_buffer_grow(w, op, need);
    if (p != NULL)
        op_stamp(w, op, p, len);
    return p;
}

/* One read or write of len bytes at off, through the slot's descriptor and
 * the op's I/O engine, with the request that carries it. */
struct io_op {
    struct slot *s;
    uint64_t len, off;
    char *buf;
    struct io_req *req;
};

/* The op's next request: its one request on a synchronous engine, else a
 * free one of its ring. */
static inline struct io_req *op_io_req(struct worker *w, struct op_inst *op, int *rc)
{
    struct op_ring *g = &op->ring;
    if (__builtin_expect(g->nfree > 0, 1))
        return g->free[--g->nfree];
    return op_io_wait_free(w, op, rc);
}

/* An asynchronous request's own buffer for len bytes: the one it has when
 * it is big enough (stamped anew for a write), else grown out of line. */
static inline char *op_io_own_buffer(struct worker *w, struct op_inst *op, struct io_req *r, size_t len, bool writes)
{
    if (__builtin_expect(op->ring.cap[r - op->ring.reqs] < len, 0))
        return op_io_req_buffer(w, op, r, len);
    if (writes)
        op_stamp(w, op, r->buf, len);
    return r->buf;
}

/* A request and a buffer for io->len bytes: the request's own buffer on an
 * asynchronous engine (each in flight needs one), else op_buffer's, or for
 * a write op_write_buffer's. */
static inline int op_io_prepare(struct worker *w, struct op_inst *op, struct io_op *io, bool writes)
{
    int rc = FO_OK;
    if ((io->req = op_io_req(w, op, &rc)) == NULL)
        return rc;
    if (ioengine_is(op->ioe->ops, IOE_ASYNC))
        io->buf = op_io_own_buffer(w, op, io->req, io->len, writes);
    else
        io->buf = writes ? op_write_buffer(w, op, io->len) : op_buffer(w, op, io->len);
    if (io->buf != NULL)
        return FO_OK;
    op_io_release(op, io->req);
    return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)io->len);
}

/* Where a read or write goes: the slot (opened if empty), the size, the
 * slot's offset, offset=, inplace's (where the slot's previous read or write
 * began) or (random) a drawn one. A size of 0, which only a
 * distribution draws, is recorded here as an op of nothing, without a call:
 * io->len is 0 and the op is done. */
static inline int op_io_where(struct worker *w, struct op_inst *op, bool random, struct io_op *io)
{
    io->s = op_slot(w, op);
    int rc = op_ensure_open(w, op, io->s);
    if (rc != FO_OK)
        return rc;
    io->len = op_iosize(w, op);
    if (io->len == 0) {
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    io->off = io->s->offset;
    if (__builtin_expect(op->op->at != PLAN_AT_SLOT, 0))
        io->off = op->op->at == PLAN_AT_OFFSET ? op->op->offset : io->s->last;
    if (random && (rc = op_random_offset(w, op, io->s, io->len, &io->off)) != FO_OK)
        return rc;
    return FO_OK;
}

/* The start of a read or write through the op's engine: where it goes, its
 * request and its buffer. io->len is 0 when the op was one of nothing. */
static inline int op_io_begin(struct worker *w, struct op_inst *op, bool random, struct io_op *io)
{
    int rc = op_io_where(w, op, random, io);
    if (rc != FO_OK || io->len == 0)
        return rc;
    return op_io_prepare(w, op, io, flowop_is(op->op->type, FF_WRITE));
}

/* Sends io through the op's engine. A synchronous engine completes it here;
 * an asynchronous one queues it, sent at once when the device queue has room
 * (ioengine_has_room), else with the rest of the refill when the op waits for
 * a free request: one system call for the batch. Sequential I/O moves the slot's
 * offset now, so the next request follows this one. */
static inline int op_io_issue(struct worker *w, struct op_inst *op, struct io_op *io, enum io_dir dir)
{
    struct io_req *r = io->req;
    if (dir == IO_WRITE && op_verify_stamp(w, op, io->s, io->buf, io->off, io->len) != FO_OK) {
        op_io_release(op, r);
        return FO_ERROR;
    }
    *r = (struct io_req){ .buf = io->buf, .len = io->len, .off = io->off, .fd = io->s->fd,
                          .key = (unsigned)(io->s - w->fds), .dir = dir, .owner = op, .lag_ns = w->pass_lag_ns,
                          .pass_t0 = w->pass_t0 };
    if (dir != IO_APPEND) {
        io->s->last = io->off;   /* an inplace op after it goes back here */
        if (!op->op->random)
            io->s->offset = io->off + io->len;
    }
    r->t0 = op_now(w);
    int q = ioengine_queue(op->ioe, r);
    if (q == IOE_COMPLETED) {
        int rc = op_io_complete(w, r, op_now(w));
        return dir == IO_READ ? rc : op_verify_written(w, op, io->s, rc);
    }
    if (q < 0)
        return op_io_submit_fail(w, op, r, -q);
    w->io_inflight++;
    if (op->ioe->queued > 0) {
        w->unsent[w->nunsent++] = r;
        if (ioengine_has_room(op->ioe))
            op_io_commit_all(w, NULL);
    }
    if (__builtin_expect(op->op->verify || slot_verified(w, io->s), 0)) {
        int rc = op_io_drain(w);   /* verified I/O lands before the next begins: no read sees a write half done */
        return dir == IO_READ ? rc : op_verify_written(w, op, io->s, rc);
    }
    return op->ring.nfree == 0 ? op_io_reap_own(w, op) : FO_OK;
}

/* A read (op->sync_read) on a file of no verified fileset: the request on
 * the stack, not the ring, and its completion recorded here, as
 * op_io_complete would: the same figures in fewer steps (the instruction
 * ledger, docs/performance.md). Any other read takes op_io_issue's path. */
static inline int op_io_read(struct worker *w, struct op_inst *op, bool random)
{
    struct io_op io;
    int rc = op_io_where(w, op, random, &io);
    if (rc != FO_OK || io.len == 0)
        return rc;
    if (__builtin_expect(!op->sync_read || slot_verified(w, io.s), 0)) {
        rc = op_io_prepare(w, op, &io, false);
        return rc != FO_OK ? rc : op_io_issue(w, op, &io, IO_READ);
    }
    struct io_req r; /* what a synchronous engine reads: no fields for the ring's bookkeeping */
    r.buf = op_buffer(w, op, io.len), r.len = io.len, r.off = io.off, r.fd = io.s->fd;
    r.key = (unsigned)(io.s - w->fds), r.dir = IO_READ, r.owner = op;
    if (r.buf == NULL)
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)io.len);
    io.s->last = io.off; /* an inplace op after it goes back here */
    if (!random)
        io.s->offset = io.off + io.len;
    uint64_t t0 = op_now(w);
    op->ioe->ops->submit(op->ioe, &r);
    uint64_t t1 = op_now(w);
    if (__builtin_expect(r.res < 0, 0))
        return op_io_sync_failed(w, op, &r, io.s);
    op_done_at(w, op, t0, t1, (uint64_t)r.res, r.off);
    if (!random && (size_t)r.res < r.len)
        io.s->offset = r.res == 0 ? 0 : r.off + (uint64_t)r.res; /* at EOF start over: reads loop over the file */
    return FO_OK;
}

/* The short path of a read or write (op->fast_rw, op_io_init): a fixed
 * size, a power of two, the op's own slot, and either a synchronous engine
 * whose call is io_prw (OP_FAST_PRW) or an asynchronous one at depth 1 with
 * a submit_wait hook (OP_FAST_ENGINE: the request's own buffer, sent and
 * waited for in one hook, completed here). So the op is its offset, its
 * buffer, the call between two clock readings and its record, in one
 * function. A file of a verified fileset, known only once the slot is open,
 * and on an engine a request of another op still in flight, take body, the
 * op's general path. */
static inline __attribute__((always_inline)) int op_io_fast(struct worker *w, struct op_inst *op, enum io_dir dir,
                                                             bool random, enum op_fast call, op_body body)
{
    if (call == OP_FAST_ENGINE && __builtin_expect(w->io_inflight != 0, 0))
        return body(w, op); /* a completion in the ring may be another's */
    struct slot *s = op->slot;
    if (__builtin_expect(s->fd < 0, 0)) {
        int rc = op_open_uncounted(w, op, s);
        if (rc != FO_OK)
            return rc;
    }
    const struct fileset_rt *fs = worker_fileset(w, s->fileset); /* looked up once for both uses */
    if (__builtin_expect(fs != NULL && fs->plan->verify, 0))
        return body(w, op);
    uint64_t len = op->op->iosize.u, off = s->offset;
    if ((len & (len - 1)) != 0)
        __builtin_unreachable(); /* a power of two (op_io_init): align_down masks, without a test */
    int rc;
    if (random) {
        uint64_t wss = op->op->workingset != 0             ? op->op->workingset
                       : fs != NULL && s->entry >= 0 ? fs->files[s->entry].size
                                                     : op_wss(w, op, s);
        if ((rc = op_random_offset_in(w, op, s, len, wss, &off)) != FO_OK)
            return rc;
    }
    char *buf = call == OP_FAST_ENGINE ? op_io_own_buffer(w, op, &op->ring.reqs[0], len, dir != IO_READ)
                : dir == IO_READ       ? op_buffer(w, op, len)
                                       : op_write_buffer(w, op, len);
    if (__builtin_expect(buf == NULL, 0))
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)len);
    s->last = off; /* an inplace op after it goes back here */
    if (!random)
        s->offset = off + len;
    struct io_req r; /* on an engine, the fields its call reads, no more: the rest are the ring's */
    uint64_t t0, t1;
    long n;
    int sent = IOE_COMPLETED;
    if (call == OP_FAST_ENGINE) {
        r.buf = buf, r.len = len, r.off = off, r.fd = s->fd, r.dir = dir;
        t0 = op_now(w);
        sent = op->ioe->ops->submit_wait(op->ioe, &r);
        t1 = op_now(w);
        n = r.res;
    } else {
        t0 = op_now(w);
        n = io_prw(dir, s->fd, buf, len, off);
        t1 = op_now(w);
    }
    if (__builtin_expect(sent != IOE_COMPLETED || n < 0 || (dir != IO_READ && (uint64_t)n != len), 0)) {
        struct io_req e = { .buf = buf, .len = len, .off = off, .fd = s->fd, .dir = dir, .res = n };
        return sent != IOE_COMPLETED ? op_io_send_failed(w, op, &e, s, -sent) : op_io_sync_failed(w, op, &e, s);
    }
    op_done_at(w, op, t0, t1, (uint64_t)n, off);
    if (dir == IO_READ && !random && (uint64_t)n < len)
        s->offset = n == 0 ? 0 : off + (uint64_t)n; /* at EOF start over: reads loop over the file */
    return dir == IO_READ ? FO_OK : op_verify_written(w, op, s, FO_OK);
}

/* Whole-file I/O through the op's engine, as one op: reads from offset 0
 * until the end of the file, or writes size bytes from the slot's offset, in
 * chunks of chunk bytes, up to iodepth of them in flight. The bytes moved in
 * *total; an enum fo_rc. */
int op_io_whole(struct worker *w, struct op_inst *op, struct slot *s, enum io_dir dir, uint64_t size, uint64_t chunk,
                uint64_t *total);

#endif
