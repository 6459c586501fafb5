/* tree_judge.c: verify-tree's judgement of one file: each block it holds
 * against what the journal expects there, the stretches expected past its
 * end, and its presence or absence against its creates and deletes. */
#include "fileset/tree_parts.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "base/journal_format.h"

/* What a block holds: its generation, none (zeros: never written), or torn. */
enum found { FOUND_GEN, FOUND_SHORT, FOUND_NONE, FOUND_TORN };

struct block {
    enum found kind;
    uint64_t gen;
    char why[160];
};

static void read_block(const char *blk, uint64_t at, uint64_t avail, const struct vb_file *f, struct block *b)
{
    static const char zeros[VB_HDR];
    *b = (struct block){ .kind = FOUND_NONE };
    if (memcmp(blk, zeros, VB_HDR) == 0)
        return;
    int whole;
    struct vb_fault flt = vb_check_block(blk, at, avail, f, &whole);
    if (flt.kind != VB_GOOD) {
        b->kind = FOUND_TORN;
        vb_fault_describe(&flt, b->why, sizeof b->why);
        return;
    }
    b->gen = vb_generation(blk);
    b->kind = whole ? FOUND_GEN : FOUND_SHORT;
}

static void found_text(const struct block *b, char *buf, size_t len)
{
    if (b->kind == FOUND_NONE)
        snprintf(buf, len, "none (zeros)");
    else
        snprintf(buf, len, "%" PRIu64 "%s", b->gen, b->kind == FOUND_SHORT ? " (cut short)" : "");
}

/* A block the journal promised and the file does not hold (an older incarnation's is allowed). */
static void lost(const struct file_check *c, uint64_t off, uint64_t gen, const char *found)
{
    if (c->old_incarnation) {
        c->r->blocks.older_allowed++;
        return;
    }
    c->r->blocks.lost++;
    if (gen != 0)
        tv_say_lost(c, off, gen, found);
    else
        tv_say_lost_base(c, off, found);
}

/* A block against what the journal expects of it (x: nothing there when none). */
static void judge(const struct file_check *c, uint64_t off, const struct block *b, const struct tv_segment *x)
{
    char found[64];
    if (b->kind == FOUND_TORN) {
        c->r->blocks.torn++;
        tv_say_torn(c, off, b->why, x->durable);
        return;
    }
    found_text(b, found, sizeof found);
    bool whole = b->kind == FOUND_GEN;
    if (x->durable != 0 && (b->kind == FOUND_NONE || b->gen < x->durable || (b->gen == x->durable && !whole)))
        lost(c, off, x->durable, found);
    else if (x->base && x->durable == 0 && (b->kind == FOUND_NONE || (!whole && x->newest == 0)))
        lost(c, off, 0, found);  /* the manifest's blocks are durable whole at any generation, not as zeros */
    else if (b->kind != FOUND_NONE && whole && b->gen >= x->newest)
        c->r->blocks.good++;
    else
        c->r->blocks.older_allowed++;  /* a later write was not durable and did not land, or not whole */
}

/* Whether the file may hold the incarnation older than its last delete:
 * no block written after the delete, and no directory sync made a re-create
 * durable (the delete and the re-create may both have been rolled back, the
 * name left on the old file, even an empty one). Its lost blocks are then allowed. */
static bool older_incarnation(int fd, const struct file_check *c, char *buf)
{
    if (c->e->deleted == 0 || c->e->durable_create > c->e->deleted)
        return false;
    for (uint64_t off = 0; off + VB_HDR <= c->size; off += VB_BLOCK) {
        struct block b;
        ssize_t n = pread(fd, buf, VB_BLOCK, (off_t)off);
        if (n < (ssize_t)VB_HDR)
            break;
        read_block(buf, off, (uint64_t)n, &c->vf, &b);
        if ((b.kind == FOUND_GEN || b.kind == FOUND_SHORT) && b.gen > c->e->deleted)
            return false;
    }
    return true;
}

/* The stretches expected past the end of the file: one line per stretch
 * promised (lost, unless the file is an older incarnation), the rest allowed. */
static void past_end(const struct file_check *c)
{
    uint64_t end = tv_blocks_end(c->size);
    for (size_t k = 0; k < c->nseg; k++) {
        if (c->seg[k].end <= end)
            continue;
        struct tv_segment s = c->seg[k];
        s.start = s.start > end ? s.start : end;
        uint64_t n = (s.end - s.start) / VB_BLOCK;
        if ((s.durable == 0 && !s.base) || c->old_incarnation) {
            c->r->blocks.older_allowed += n;
            continue;
        }
        c->r->blocks.lost += n;
        tv_say_lost_past_end(c, &s);
    }
}

int tv_check_blocks(int fd, struct file_check *c, struct diag *err)
{
    char buf[VB_BLOCK];
    size_t k = 0;
    const struct tv_segment none = { 0 };
    c->old_incarnation = older_incarnation(fd, c, buf);
    for (uint64_t off = 0; off + VB_HDR <= c->size; off += VB_BLOCK) {
        ssize_t n = pread(fd, buf, VB_BLOCK, (off_t)off);
        if (n < 0)
            return diag_set(err, NULL, "%s/%s: cannot read the block at offset %" PRIu64 ": %s", c->root, c->e->rel,
                            off, strerror(errno));
        struct block b;
        read_block(buf, off, (uint64_t)n, &c->vf, &b);
        while (k < c->nseg && c->seg[k].end <= off)
            k++;
        judge(c, off, &b, k < c->nseg && c->seg[k].start <= off ? &c->seg[k] : &none);
    }
    past_end(c);
    return 0;
}

void tv_judge_missing(const struct file_check *c)
{
    const struct tv_entry *e = c->e;
    if (e->base != JF_ABSENT && e->deleted == 0) {
        c->r->creates.lost++;
        tv_say_create_missing_at_start(c);
    } else if (e->durable_create > e->deleted) {
        c->r->creates.lost++;
        tv_say_create_missing_dirsync(c);
    } else if (e->deleted != 0)
        c->r->deletes.good++;
    else if (c->nseg > 0 || e->created != 0)
        c->r->creates.older_allowed++;
}

bool tv_judge_present(const struct file_check *c)
{
    const struct tv_entry *e = c->e;
    if (e->durable_delete == 0 || e->created > e->durable_delete)
        return false;
    c->r->deletes.lost++;
    tv_say_delete_present(c);
    return true;
}
