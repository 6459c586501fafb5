/* write.c: flowops that write in place: write (sequential or random) and writewholefile. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/op_verify.h"
#include "engine/worker.h"

__attribute__((noinline, cold)) static int write_fail(struct worker *w, struct op_inst *op, const struct slot *s, int err)
{
    char path[PATH_MAX];
    return op_error(w, op, "write", slot_path(w, s, path, sizeof path), err);
}

/* Sequential writes never wrap (the file grows, as in classic FileBench);
 * the bytes counted are the requested iosize even when the write is short. */
static int write_run(struct worker *w, struct op_inst *op)
{
    struct io_op io;
    int rc = op_io_begin(w, op, op->op->random, &io);
    if (rc != FO_OK || io.len == 0)
        return rc;
    if ((rc = op_verify_stamp(w, op, io.s, io.buf, io.off, io.len)) != FO_OK)
        return rc;

    uint64_t t0 = op_now(w);
    ssize_t n = pwrite(io.s->fd, io.buf, io.len, (off_t)io.off);
    uint64_t t1 = op_now(w);
    if (n < 0)
        return write_fail(w, op, io.s, errno);
    op_done(w, op, t0, t1, io.len);
    if (!op->op->random)
        io.s->offset = io.off + (uint64_t)n;
    return FO_OK;
}

/* Bytes writewholefile writes: the nominal size of the file last bound to slot
 * srcfd (slot 0 when srcfd is not given), else the working set of its own slot. */
static uint64_t whole_size(struct worker *w, struct op_inst *op, const struct slot *s)
{
    const struct slot *src = &w->fds[op->op->srcfd];
    if (src->fileset >= 0 && src->entry >= 0) {
        const struct fileset_rt *fs = worker_fileset(w, src->fileset);
        if (fs != NULL && (size_t)src->entry < fs->nfiles)
            return fs->files[src->entry].size;
    }
    return op_wss(w, op, s);
}

/* A short chunk ends the run. Writing its rest once more (untimed, the run
 * is over anyway) usually yields the reason, e.g. ENOSPC or EFBIG. */
static int short_chunk(struct worker *w, struct op_inst *op, const struct slot *s, const char *rest, size_t left,
                       uint64_t at, size_t done)
{
    char path[PATH_MAX];
    slot_path(w, s, path, sizeof path);
    if (pwrite(s->fd, rest, left, (off_t)at) < 0)
        return write_fail(w, op, s, errno);
    return op_fail(w, op, "short write to %s: %zu of %zu bytes", path, done, done + left);
}

/* Writes the whole size from the slot's current offset in chunks of iosize
 * (0: one chunk); a short chunk is an error. One op with the total. */
static int writewhole_run(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    int rc = op_ensure_open(w, op, s);
    if (rc != FO_OK)
        return rc;
    uint64_t size = whole_size(w, op, s);
    uint64_t chunk = op_iosize(w, op);
    if (chunk == 0 || chunk > size)
        chunk = size;
    char *buf = op_write_buffer(w, op, chunk ? chunk : 1);
    if (buf == NULL)
        return op_fail(w, op, "out of memory for a %llu-byte buffer", (unsigned long long)chunk);

    uint64_t done = 0;
    ssize_t n = 0;
    size_t len = 0;
    uint64_t t0 = op_now(w);
    while (done < size) {
        len = (size_t)(size - done < chunk ? size - done : chunk);
        if (done > 0)   /* each chunk its own blocks, not a copy of the first */
            op_stamp(w, op, buf, len);
        if (op_verify_stamp(w, op, s, buf, s->offset + done, len) != FO_OK)
            return FO_ERROR;
        n = pwrite(s->fd, buf, len, (off_t)(s->offset + done));
        if (n < 0 || (size_t)n != len)
            break;
        done += len;
    }
    uint64_t t1 = op_now(w);
    if (n < 0)
        return write_fail(w, op, s, errno);
    if (done < size)
        return short_chunk(w, op, s, buf + n, len - (size_t)n, s->offset + done + (uint64_t)n, (size_t)n);
    op_done(w, op, t0, t1, done);
    s->offset += done;
    return FO_OK;
}

const struct flowop_type flowop_write = {
    .name = "write", .flags = FF_IO | FF_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA_DATA | FA(FO_VERIFY),
    .summary = "write iosize bytes at the current or a random offset (auto-opens the file)",
    .run = write_run,
};

const struct flowop_type flowop_writewholefile = {
    .name = "writewholefile", .flags = FF_IO | FF_WRITE, .needs = NEED_FILESET_OR_FD,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_WORKINGSET) | FA(FO_SRCFD) | FA_DATA | FA(FO_VERIFY),
    .summary = "write the file's nominal size (or that of the srcfd file) in iosize chunks",
    .run = writewhole_run,
};
