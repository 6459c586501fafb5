/* op_verify.c: the out-of-line part of verify's hooks (op_verify.h): stamping
 * a write's blocks, merging the blocks it covers only in part with what the
 * file holds, and checking a read's blocks. */
#include "engine/op_verify.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "base/verify_block.h"
#include "engine/journal.h"

static struct vb_file slot_file(struct worker *w, const struct slot *s)
{
    const struct fileset_rt *fs = worker_fileset(w, s->fileset);
    return (struct vb_file){ fs != NULL ? fs->plan->verify_id : 0, s->entry >= 0 ? (uint64_t)s->entry : 0 };
}

/* Writes bytes [from, to) of the header hdr (of the block at file offset blk)
 * where the write does not carry them: the block's older bytes, kept. */
static int put_header_part(struct worker *w, struct op_inst *op, struct slot *s, const char *hdr, uint64_t blk,
                           uint64_t from, uint64_t to)
{
    if (from >= to)
        return FO_OK;
    ssize_t n = pwrite(s->fd, hdr + (from - blk), (size_t)(to - from), (off_t)from);
    if (n == (ssize_t)(to - from))
        return FO_OK;
    char path[PATH_MAX];
    slot_path(w, s, path, sizeof path);
    if (n < 0)
        return op_fail(w, op, "verify: cannot rewrite the header of the block at offset %" PRIu64 " of %s: %s", blk,
                       path, strerror(errno));
    return op_fail(w, op, "verify: short rewrite of the header of the block at offset %" PRIu64 " of %s", blk, path);
}

/* The block at file offset blk, which the write [off, end) covers only in
 * part: its bytes as the file holds them with the write's laid over, sealed
 * whole; the header lands in the write's buffer where the write covers it,
 * and is written in place where it does not. A block left with fewer than
 * VB_HDR bytes keeps none (the file ends before a header would). */
static int merge_block(struct worker *w, struct op_inst *op, struct slot *s, char *buf, uint64_t off, uint64_t end,
                       uint64_t blk, uint64_t gen, bool *sealed)
{
    char path[PATH_MAX];
    int fl = fcntl(s->fd, F_GETFL);
    if (fl >= 0 && (fl & O_DIRECT))
        return op_fail(w, op, "verify: the write of %" PRIu64 " bytes at offset %" PRIu64 " of %s covers part of a "
                       "%u-byte block; with directio, verify needs writes on whole blocks", end - off, off,
                       slot_path(w, s, path, sizeof path), VB_BLOCK);
    char old[VB_BLOCK];
    ssize_t got = pread(s->fd, old, VB_BLOCK, (off_t)blk);
    if (got < 0)
        return op_fail(w, op, "verify: cannot read back the block at offset %" PRIu64 " of %s that a write covers in "
                       "part: %s", blk, slot_path(w, s, path, sizeof path), strerror(errno));
    memset(old + got, 0, VB_BLOCK - (size_t)got);
    uint64_t lo = off > blk ? off : blk, hi = end < blk + VB_BLOCK ? end : blk + VB_BLOCK;
    memcpy(old + (lo - blk), buf + (lo - off), (size_t)(hi - lo));
    uint64_t valid = hi - blk > (uint64_t)got ? hi - blk : (uint64_t)got;
    if (valid < VB_HDR)
        return FO_OK;
    struct vb_file f = slot_file(w, s);
    vb_seal(old, (uint32_t)valid, &f, blk, gen);
    *sealed = true;
    uint64_t hend = blk + VB_HDR;
    if (lo < hend && hi > lo)
        memcpy(buf + (lo - off), old + (lo - blk), (size_t)((hi < hend ? hi : hend) - lo));
    int rc = put_header_part(w, op, s, old, blk, blk, lo < hend ? lo : hend);
    return rc != FO_OK ? rc : put_header_part(w, op, s, old, blk, hi > blk ? hi : blk, hend);
}

int op_verify_stamp_blocks(struct worker *w, struct op_inst *op, struct slot *s, char *buf, uint64_t off, size_t len)
{
    if (len == 0)
        return FO_OK;
    uint64_t gen = journal_generation(w);
    struct vb_file f = slot_file(w, s);
    vb_stamp(buf, off, len, &f, gen);
    uint64_t end = off + len;
    uint64_t head = off / VB_BLOCK * VB_BLOCK, tail = (end - 1) / VB_BLOCK * VB_BLOCK;
    /* the blocks sealed: [lo, hi), what vb_stamp sealed and the merged ends that got a header */
    uint64_t first = head < off ? head + VB_BLOCK : head;
    uint64_t lo = first, hi = first + VB_HDR <= end ? (end - VB_HDR) / VB_BLOCK * VB_BLOCK + VB_BLOCK : first;
    bool sealed = false;
    int rc = FO_OK;
    if (head < off) {
        rc = merge_block(w, op, s, buf, off, end, head, gen, &sealed);
        lo = sealed ? head : lo;
        hi = sealed && hi < head + VB_BLOCK ? head + VB_BLOCK : hi;
    }
    /* A write ending inside a block may end inside older data that the block's header must cover too. */
    if (rc == FO_OK && !(head < off && tail == head) && end % VB_BLOCK != 0) {
        sealed = false;
        rc = merge_block(w, op, s, buf, off, end, tail, gen, &sealed);
        hi = sealed ? tail + VB_BLOCK : hi;
    }
    if (rc == FO_OK && hi > lo)
        op->st->journal_dropped += journal_note_blocks(w, s, lo, (uint32_t)((hi - lo) / VB_BLOCK), gen);
    return rc;
}

int op_verify_check_blocks(struct worker *w, struct op_inst *op, struct slot *s, const char *buf, uint64_t off,
                           size_t n)
{
    char path[PATH_MAX];
    if (!slot_verified(w, s))
        return op_fail(w, op, "verify: %s belongs to no fileset with verify: its blocks carry no headers to check",
                       slot_path(w, s, path, sizeof path));
    struct vb_file f = slot_file(w, s);
    struct vb_tally t = { 0 };
    vb_check(buf, off, n, &f, &t);
    op->st->verify_blocks += t.verified;
    if (t.failed == 0)
        return FO_OK;
    op->st->verify_failed += t.failed;
    char what[160];
    vb_fault_describe(&t.first, what, sizeof what);
    return op_fail(w, op, "verify: %s: block at offset %" PRIu64 ": %s (%" PRIu64 " bad of %" PRIu64
                   " blocks in this read)", slot_path(w, s, path, sizeof path), t.first.at, what, t.failed,
                   t.failed + t.verified);
}
