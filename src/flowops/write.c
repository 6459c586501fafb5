/* write.c: flowops that write in place: write (sequential or random) and writewholefile. */
#include "flowops/flowop.h"
#include "engine/op_file.h"
#include "engine/op_io.h"
#include "engine/worker.h"

/* Sequential writes never wrap (the file grows, as in classic FileBench);
 * a short write is an error. */
static int write_body(struct worker *w, struct op_inst *op)
{
    struct io_op io;
    int rc = op_io_begin(w, op, op->op->random, &io);
    if (rc != FO_OK || io.len == 0)
        return rc;
    return op_io_issue(w, op, &io, IO_WRITE);
}

/* Bytes writewholefile writes: the nominal size of the file last bound to slot
 * srcfd (slot 0 when srcfd is not given; with openclose, the picked file's own),
 * else the working set of its own slot. */
static uint64_t whole_size(struct worker *w, struct op_inst *op, const struct slot *s)
{
    const struct slot *src = op->op->openclose && !op->op->has_srcfd ? s : &w->fds[op->op->srcfd];
    if (src->fileset >= 0 && src->entry >= 0) {
        const struct fileset_rt *fs = worker_fileset(w, src->fileset);
        if (fs != NULL && (size_t)src->entry < fs->nfiles)
            return fs->files[src->entry].size;
    }
    return op_wss(w, op, s);
}

/* Writes the whole size from the slot's current offset in chunks of iosize
 * (0: one chunk); a short chunk is an error. One op with the total. */
static int writewhole_body(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    int rc = op_ensure_open(w, op, s);
    if (rc != FO_OK)
        return rc;
    uint64_t size = whole_size(w, op, s);
    uint64_t chunk = op_iosize(w, op);
    if (chunk == 0 || chunk > size)
        chunk = size;
    uint64_t done = 0;
    uint64_t t0 = op_now(w);
    if (size > 0)
        rc = op_io_whole(w, op, s, IO_WRITE, size, chunk, &done);
    uint64_t t1 = op_now(w);
    if (rc != FO_OK)
        return rc;
    op_done(w, op, t0, t1, done);
    s->offset += done;
    return FO_OK;
}

static int write_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, write_body);
}

static int writewhole_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, writewhole_body);
}

/* The short paths (op_io_fast), random or sequential, on io_prw or on an
 * engine's submit_wait: each its own function, so that none tests another's
 * case on every op. */
static int write_fast_random(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_WRITE, true, OP_FAST_PRW, write_body);
}

static int write_fast_seq(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_WRITE, false, OP_FAST_PRW, write_body);
}

static int write_engine_random(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_WRITE, true, OP_FAST_ENGINE, write_body);
}

static int write_engine_seq(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_WRITE, false, OP_FAST_ENGINE, write_body);
}

/* By enum op_fast, then random. */
static const op_body write_fast[OP_FAST_N][2] = {
    [OP_FAST_PRW] = { write_fast_seq, write_fast_random },
    [OP_FAST_ENGINE] = { write_engine_seq, write_engine_random },
};

/* A write that can take a short path runs it each op, chosen once here. */
static int write_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->fast_rw != OP_FAST_NONE)
        op->run = write_fast[op->fast_rw][op->op->random];
    return FO_OK;
}

const struct flowop_hooks flowop_write_hooks = { .run = write_run, .init = write_init };

const struct flowop_hooks flowop_writewholefile_hooks = { .run = writewhole_run };
