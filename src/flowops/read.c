/* read.c: flowops that read: read (sequential or random) and readwholefile. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/op_verify.h"
#include "engine/worker.h"

__attribute__((noinline, cold)) static int read_fail(struct worker *w, struct op_inst *op, const struct slot *s, int err)
{
    char path[PATH_MAX];
    return op_error(w, op, "read", slot_path(w, s, path, sizeof path), err);
}

static int read_run(struct worker *w, struct op_inst *op)
{
    struct io_op io;
    int rc = op_io_begin(w, op, op->op->random, &io);
    if (rc != FO_OK || io.len == 0)
        return rc;

    uint64_t t0 = op_now(w);
    ssize_t n = pread(io.s->fd, io.buf, io.len, (off_t)io.off);
    uint64_t t1 = op_now(w);
    if (n < 0)
        return read_fail(w, op, io.s, errno);
    op_done(w, op, t0, t1, (uint64_t)n);
    if ((rc = op_verify_check(w, op, io.s, io.buf, io.off, (size_t)n)) != FO_OK)
        return rc;
    if (!op->op->random)
        io.s->offset = n == 0 ? 0 : io.off + (uint64_t)n; /* at EOF start over: reads loop over the file */
    return FO_OK;
}

/* Reads from offset 0 until EOF in chunks of iosize (0: one chunk of the
 * working set); one op with the total. Leaves the slot offset at EOF, as the
 * classic seek-then-read did. */
static int readwhole_run(struct worker *w, struct op_inst *op)
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
    char *buf = op_buffer(w, op, chunk);
    if (buf == NULL)
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)chunk);

    uint64_t total = 0;
    ssize_t n;
    uint64_t t0 = op_now(w);
    while ((n = pread(s->fd, buf, chunk, (off_t)total)) > 0) {
        if (op_verify_check(w, op, s, buf, total, (size_t)n) != FO_OK)
            return FO_ERROR;
        total += (uint64_t)n;
    }
    uint64_t t1 = op_now(w);
    if (n < 0)
        return read_fail(w, op, s, errno);
    op_done(w, op, t0, t1, total);
    s->offset = total;
    return FO_OK;
}

const struct flowop_type flowop_read = {
    .name = "read", .flags = FF_IO | FF_READ, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA(FO_VERIFY),
    .summary = "read iosize bytes at the current or a random offset (auto-opens the file)",
    .run = read_run,
};

const struct flowop_type flowop_readwholefile = {
    .name = "readwholefile", .flags = FF_IO | FF_READ, .needs = NEED_FILESET_OR_FD,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_WORKINGSET) | FA(FO_VERIFY),
    .summary = "read the whole file from offset 0 in iosize chunks",
    .run = readwhole_run,
};
