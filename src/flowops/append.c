/* append.c: flowops that grow a file at its end: appendfile and appendfilerand. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/op_file.h"
#include "engine/op_io.h"
#include "engine/op_verify.h"
#include "engine/worker.h"

/* Writes len bytes at the end of the file. With psync the seek to the end
 * and the write are both timed, as the end is only known at the seek; an
 * asynchronous engine appends with RWF_APPEND. With verify the headers carry
 * the offset, so it is found first: the op's earlier appends land, the end
 * is looked up, and the append is a write there (one writer per file, as
 * verify asks). A short write is an error. */
static int append(struct worker *w, struct op_inst *op, struct slot *s, size_t len)
{
    enum io_dir dir = IO_APPEND;
    struct io_op io = { .s = s, .len = len, .off = 0 };
    int rc = FO_OK;
    if (op->op->verify || slot_verified(w, s)) {
        off_t end;
        if ((rc = op_io_quiesce_own(w, op)) != FO_OK)
            return rc;
        if ((end = lseek(s->fd, 0, SEEK_END)) < 0) {
            char path[PATH_MAX];
            return op_error(w, op, "seek to the end of", slot_path(w, s, path, sizeof path), errno);
        }
        io.off = (uint64_t)end;
        dir = IO_WRITE;
    }
    if ((rc = op_io_prepare(w, op, &io, true)) != FO_OK)
        return rc;
    return op_io_issue(w, op, &io, dir);
}

static int appendfile_body(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    int rc = op_ensure_open(w, op, s);
    if (rc != FO_OK)
        return rc;
    uint64_t iosize = op_iosize(w, op);
    if (iosize == 0) {
        /* only a distribution can draw 0: an append of nothing, recorded without a call */
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    return append(w, op, s, iosize);
}

/* Appends a uniform [0, iosize) number of bytes; a 0 draw is a 0-byte op
 * without a write, so the mean append is about iosize/2. */
static int appendfilerand_body(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    int rc = op_ensure_open(w, op, s);
    if (rc != FO_OK)
        return rc;
    uint64_t iosize = op_iosize(w, op);
    if (iosize == 0)
        return op_fail(w, op, "appendfilerand needs iosize greater than 0 (the draw was 0)");
    uint64_t len = rng_below(&w->rng, iosize);
    if (len == 0) {
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    return append(w, op, s, len);
}

static int appendfile_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, appendfile_body);
}

static int appendfilerand_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, appendfilerand_body);
}

/* The short path of an append on its own slot through an engine that makes
 * the calls itself (psync, op->fast_rw: a fixed iosize, no verify= on the op,
 * no openclose): the size (appendfilerand: its uniform draw), the op's
 * buffer stamped, the seek and the write between two clock readings, the
 * record, without a request, the engine's call or op_io_complete. A file of
 * a verified fileset, known once the slot is open, takes body, the general
 * path. */
static inline __attribute__((always_inline)) int append_prw(struct worker *w, struct op_inst *op, bool rand,
                                                             op_body body)
{
    struct slot *s = op->slot;
    if (__builtin_expect(s->fd < 0, 0)) {
        int rc = op_open_uncounted(w, op, s);
        if (rc != FO_OK)
            return rc;
    }
    if (__builtin_expect(slot_verified(w, s), 0))
        return body(w, op);
    uint64_t len = op->op->iosize.u;
    if (rand && (len = rng_below(&w->rng, len)) == 0) {
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    char *buf = op_write_buffer(w, op, len);
    if (__builtin_expect(buf == NULL, 0))
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)len);
    uint64_t end = 0;
    uint64_t t0 = op_now(w);
    long n = io_append(s->fd, buf, len, &end);
    uint64_t t1 = op_now(w);
    if (__builtin_expect((uint64_t)n != len, 0)) {
        struct io_req e = { .buf = buf, .len = len, .off = end, .fd = s->fd, .dir = IO_APPEND, .res = n };
        return op_io_sync_failed(w, op, &e, s);
    }
    op_done_at(w, op, t0, t1, len, end);
    s->offset = end + len;
    return op_verify_written(w, op, s, FO_OK);
}

static int appendfile_prw(struct worker *w, struct op_inst *op)
{
    return append_prw(w, op, false, appendfile_body);
}

static int appendfilerand_prw(struct worker *w, struct op_inst *op)
{
    return append_prw(w, op, true, appendfilerand_body);
}

static int appendfile_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->fast_rw == OP_FAST_PRW)
        op->run = appendfile_prw;
    return FO_OK;
}

static int appendfilerand_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->fast_rw == OP_FAST_PRW)
        op->run = appendfilerand_prw;
    return FO_OK;
}

const struct flowop_hooks flowop_appendfile_hooks = { .run = appendfile_run, .init = appendfile_init };

const struct flowop_hooks flowop_appendfilerand_hooks = { .run = appendfilerand_run, .init = appendfilerand_init };
