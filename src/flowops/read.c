/* read.c: flowops that read: read (sequential or random) and readwholefile. */
#include "flowops/flowop.h"
#include "engine/op_file.h"
#include "engine/op_io.h"
#include "engine/worker.h"

/* Sequential reads loop over the file: at its end they start over. */
static int read_body(struct worker *w, struct op_inst *op)
{
    return op_io_read(w, op, op->op->random);
}

/* Reads from offset 0 until EOF in chunks of iosize (0: one chunk of the
 * working set); one op with the total. Leaves the slot offset at EOF, as the
 * classic seek-then-read did. */
static int readwhole_body(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    int rc = op_ensure_open(w, op, s);
    if (rc != FO_OK)
        return rc;
    uint64_t chunk = op_iosize(w, op);
    if (chunk == 0)
        chunk = op_wss(w, op, s);
    if (chunk == 0) {
        /* a zero-size file read whole in one chunk of nothing */
        op_done(w, op, 0, 0, 0);
        return FO_OK;
    }
    uint64_t total;
    uint64_t t0 = op_now(w);
    rc = op_io_whole(w, op, s, IO_READ, 0, chunk, &total);
    uint64_t t1 = op_now(w);
    if (rc != FO_OK)
        return rc;
    op_done(w, op, t0, t1, total);
    s->offset = total;
    return FO_OK;
}

static int read_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, read_body);
}

static int readwhole_run(struct worker *w, struct op_inst *op)
{
    return op_on_file(w, op, readwhole_body);
}

/* The short paths (op_io_fast), random or sequential, on io_prw or on an
 * engine's submit_wait: each its own function, so that none tests another's
 * case on every op. */
static int read_fast_random(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_READ, true, OP_FAST_PRW, read_body);
}

static int read_fast_seq(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_READ, false, OP_FAST_PRW, read_body);
}

static int read_engine_random(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_READ, true, OP_FAST_ENGINE, read_body);
}

static int read_engine_seq(struct worker *w, struct op_inst *op)
{
    return op_io_fast(w, op, IO_READ, false, OP_FAST_ENGINE, read_body);
}

/* By enum op_fast, then random. */
static const op_body read_fast[OP_FAST_N][2] = {
    [OP_FAST_PRW] = { read_fast_seq, read_fast_random },
    [OP_FAST_ENGINE] = { read_engine_seq, read_engine_random },
};

/* A read that can take a short path runs it each op, chosen once here. */
static int read_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->fast_rw != OP_FAST_NONE)
        op->run = read_fast[op->fast_rw][op->op->random];
    return FO_OK;
}

const struct flowop_hooks flowop_read_hooks = { .run = read_run, .init = read_init };

/* readwholefile's short path on its own slot through an engine that reads
 * with io_prw itself (psync, op->fast_rw: a fixed chunk, no verify= on the
 * op, no openclose): one buffer for the op, as classic's, and the chunks read
 * into it until one finds the end, between two clock readings; no request,
 * no engine call, no completion per chunk. On a synchronous engine a file's
 * verified fileset changes nothing for a read without verify= (it stamps
 * writes; only the op's verify checks), so no file sends it elsewhere. */
static int readwhole_prw(struct worker *w, struct op_inst *op)
{
    struct slot *s = op->slot;
    if (__builtin_expect(s->fd < 0, 0)) {
        int rc = op_open_uncounted(w, op, s);
        if (rc != FO_OK)
            return rc;
    }
    uint64_t chunk = op->op->iosize.u, total = 0;
    char *buf = op_buffer(w, op, chunk);
    if (__builtin_expect(buf == NULL, 0))
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)chunk);
    long n;
    uint64_t t0 = op_now(w);
    while ((n = io_prw(IO_READ, s->fd, buf, chunk, total)) > 0)
        total += (uint64_t)n;
    uint64_t t1 = op_now(w);
    if (__builtin_expect(n < 0, 0)) {
        struct io_req e = { .buf = buf, .len = chunk, .off = total, .fd = s->fd, .dir = IO_READ, .res = n };
        return op_io_sync_failed(w, op, &e, s);
    }
    op_done(w, op, t0, t1, total);
    s->offset = total;
    return FO_OK;
}

static int readwhole_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->fast_rw == OP_FAST_PRW)
        op->run = readwhole_prw;
    return FO_OK;
}

const struct flowop_hooks flowop_readwholefile_hooks = { .run = readwhole_run, .init = readwhole_init };
