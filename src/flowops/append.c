/* append.c: flowops that grow a file at its end: appendfile and appendfilerand. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/op_verify.h"
#include "engine/worker.h"

/* A short append ends the run. Writing the rest once more (untimed, the run
 * is over anyway) usually yields the reason, e.g. ENOSPC or EFBIG. */
static int short_append(struct worker *w, struct op_inst *op, struct slot *s, const char *rest, size_t left,
                        size_t done)
{
    char path[PATH_MAX];
    slot_path(w, s, path, sizeof path);
    if (write(s->fd, rest, left) < 0)
        return op_error(w, op, "append to", path, errno);
    return op_fail(w, op, "short append to %s: %zu of %zu bytes", path, done, done + left);
}

/* Seeks to the end and writes len bytes: both calls are timed, as the file's
 * end is only known at the seek. A short write is an error, after its bytes
 * are counted. The slot offset follows the descriptor to the new end. */
static int append(struct worker *w, struct op_inst *op, struct slot *s, size_t len)
{
    char *buf = op_write_buffer(w, op, len);
    if (buf == NULL)
        return op_fail(w, op, "out of memory for a %zu-byte buffer", len);
    char path[PATH_MAX];

    uint64_t t0 = op_now(w);
    off_t end = lseek(s->fd, 0, SEEK_END);
    if (end < 0)
        return op_error(w, op, "seek to the end of", slot_path(w, s, path, sizeof path), errno);
    if (op_verify_stamp(w, op, s, buf, (uint64_t)end, len) != FO_OK)
        return FO_ERROR;
    ssize_t n = write(s->fd, buf, len);
    uint64_t t1 = op_now(w);
    if (n < 0)
        return op_error(w, op, "append to", slot_path(w, s, path, sizeof path), errno);
    op_done(w, op, t0, t1, (uint64_t)n);
    s->offset = (uint64_t)end + (uint64_t)n;
    if ((size_t)n != len)
        return short_append(w, op, s, buf + n, len - (size_t)n, (size_t)n);
    return FO_OK;
}

static int appendfile_run(struct worker *w, struct op_inst *op)
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
static int appendfilerand_run(struct worker *w, struct op_inst *op)
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

const struct flowop_type flowop_appendfile = {
    .name = "appendfile", .flags = FF_IO | FF_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA_DATA | FA(FO_VERIFY),
    .summary = "append iosize bytes at the end of the file",
    .run = appendfile_run,
};

const struct flowop_type flowop_appendfilerand = {
    .name = "appendfilerand", .flags = FF_IO | FF_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA_DATA | FA(FO_VERIFY),
    .summary = "append a random number of bytes in [0, iosize) at the end of the file",
    .run = appendfilerand_run,
};
