/* op_io.h: the helpers an I/O flowop calls on every op: auto-open, a random
 * offset, the buffer, and op_io_begin() that does all three. Inline, each a
 * few loads on the fast path; their rare paths are out of line in
 * src/engine/engine_worker.c, which does not include this header. */
#ifndef FB_OP_IO_H
#define FB_OP_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/data.h"
#include "engine/worker.h"

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
static inline int op_random_offset(struct worker *w, struct op_inst *op, const struct slot *s, uint64_t iosize,
                                   uint64_t *off)
{
    uint64_t wss = op_wss(w, op, s);
    if (iosize > wss)
        return op_fail_wss(w, op, s, iosize, wss);
    *off = align_down(rng_below(&w->rng, wss - iosize + 1), iosize);
    return FO_OK;
}

/* I/O buffer of len bytes: a slice of thread memory, or the op's own buffer
 * (grown only when a random iosize exceeds what init allocated). */
static inline char *op_buffer(struct worker *w, struct op_inst *op, size_t len)
{
    size_t need = op_buffer_need(op, len);
    if (w->mem != NULL && w->memsize >= need) {
        /* A random slice, aligned down to the I/O size like classic. */
        size_t room = w->memsize - need;
        size_t off = room ? (size_t)rng_below(&w->rng, room + 1) : 0;
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

/* One read or write of len bytes at off, through the slot's descriptor. */
struct io_op {
    struct slot *s;
    uint64_t len, off;
    char *buf;
};

/* The start of a read or write: the slot (opened if empty), the size, the
 * slot's offset or (random) a drawn one, and the buffer. A size of 0, which
 * only a distribution draws, is recorded here as an op of nothing, without
 * a call: io->len is 0 and the op is done. */
static inline int op_io_begin(struct worker *w, struct op_inst *op, bool random, struct io_op *io)
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
    if (random && (rc = op_random_offset(w, op, io->s, io->len, &io->off)) != FO_OK)
        return rc;
    io->buf = flowop_is(op->op->type, FF_WRITE) ? op_write_buffer(w, op, io->len) : op_buffer(w, op, io->len);
    if (io->buf == NULL)
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)io->len);
    return FO_OK;
}

#endif
