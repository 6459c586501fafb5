/* op_verify.h: verify's two hooks in the I/O flowops: op_verify_stamp() right
 * before a write is issued, op_verify_check() right after a read returns. Each
 * is a test or two when verify is off; the work is out of line in
 * src/engine/op_verify.c (block format: include/base/verify_block.h). */
#ifndef FB_OP_VERIFY_H
#define FB_OP_VERIFY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/journal.h"
#include "engine/worker.h"

/* Whether the slot's file belongs to a fileset with verify: every write to it stamps. */
static inline bool slot_verified(struct worker *w, const struct slot *s)
{
    const struct fileset_rt *fs = worker_fileset(w, s->fileset);
    return fs != NULL && fs->plan->verify;
}

int op_verify_stamp_blocks(struct worker *w, struct op_inst *op, struct slot *s, char *buf, uint64_t off, size_t len);
int op_verify_check_blocks(struct worker *w, struct op_inst *op, struct slot *s, const char *buf, uint64_t off,
                           size_t n);

/* Before a write of len bytes of buf at file offset off of the slot's file:
 * the headers of the blocks it writes, when the op or the file's fileset has
 * verify. A block the write covers only in part is merged with what the file
 * holds (a read and a write of its header, out of line). FO_ERROR when that fails. */
static inline int op_verify_stamp(struct worker *w, struct op_inst *op, struct slot *s, char *buf, uint64_t off,
                                  size_t len)
{
    if (!op->op->verify && !slot_verified(w, s))
        return FO_OK;
    return op_verify_stamp_blocks(w, op, s, buf, off, len);
}

/* After a read returned n bytes into buf from file offset off: with verify,
 * checks every block whose header it holds, counts them in the op's row, and
 * ends the run (FO_ERROR) naming the file and the first bad block. */
static inline int op_verify_check(struct worker *w, struct op_inst *op, struct slot *s, const char *buf, uint64_t off,
                                  size_t n)
{
    if (!op->op->verify)
        return FO_OK;
    return op_verify_check_blocks(w, op, s, buf, off, n);
}

/* After a write through the slot completed with rc: durable at once on a
 * descriptor opened with O_DSYNC (or, for tests of the crash tests, with
 * --test-durable-on-write), which the journal records. */
static inline int op_verify_written(struct worker *w, struct op_inst *op, const struct slot *s, int rc)
{
    if (rc != FO_OK || (!s->dsync && !w->durable_on_write))
        return rc;
    return journal_durable(w, op, s, s->dsync ? JF_WHY_DSYNC : JF_WHY_TEST);
}

#endif
