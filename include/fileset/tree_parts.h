/* tree_parts.h: the pieces verify-tree's files share (tree_verify.h is the
 * whole): what the journal expects of each stretch of a file (tree_expect.c),
 * the tree's walk for files nobody made (tree_walk.c), the judgement of a
 * file's blocks and presence (tree_judge.c) and the line naming each error
 * (tree_findings.c). */
#ifndef FB_TREE_PARTS_H
#define FB_TREE_PARTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/verify_block.h"
#include "fileset/tree_verify.h"

/* A stretch [start, end) of a file's latest incarnation (its writes after its
 * last journaled delete) over which the journal says one thing: the newest
 * generation made durable (0: none), the newest written (durable or not), and
 * whether the file held it when the run began (durable since: the manifest). */
struct tv_segment {
    uint64_t start, end;
    uint64_t durable, newest;
    bool base;
};

/* The entry's ranges swept into segments, sorted and disjoint, in
 * O(r log r) for r ranges whatever their lengths; [0, base_end) is base.
 * *out malloc'ed (NULL and 0 segments possible); -1 when out of memory. */
int tv_segments(const struct tv_entry *e, uint64_t base_end, struct tv_segment **out, size_t *count);

/* The first block offset whose header the file's size does not hold. */
static inline uint64_t tv_blocks_end(uint64_t size)
{
    return size >= VB_HDR ? ((size - VB_HDR) / VB_BLOCK + 1) * VB_BLOCK : 0;
}

/* Files of the tree the manifest does not know: -1 (the first, named). */
int tv_walk(const struct tv_journal *j, int rootfd, const char *root, struct diag *err);

/* One file's check: its path, size, what the journal expects, what it tallies. */
struct file_check {
    const char *root;
    const struct tv_entry *e;
    const struct tv_segment *seg;  /* what the journal expects, by offset */
    size_t nseg;
    struct vb_file vf;
    uint64_t size;
    bool old_incarnation;          /* it holds what was there before its last delete */
    FILE *out;
    struct tv_result *r;
};

/* Every block of the open file fd, and the expected blocks past its end. */
int tv_check_blocks(int fd, struct file_check *c, struct diag *err);
/* A file the tree does not hold. */
void tv_judge_missing(const struct file_check *c);
/* A file the tree holds though its delete was made durable: true (counted, said). */
bool tv_judge_present(const struct file_check *c);

/* The error lines, one each, on c->out. found: what the block holds, in words. */
void tv_say_torn(const struct file_check *c, uint64_t off, const char *why, uint64_t durable);
void tv_say_lost(const struct file_check *c, uint64_t off, uint64_t gen, const char *found);
void tv_say_lost_base(const struct file_check *c, uint64_t off, const char *found);
void tv_say_lost_past_end(const struct file_check *c, const struct tv_segment *s);
void tv_say_create_missing_at_start(const struct file_check *c);
void tv_say_create_missing_dirsync(const struct file_check *c);
void tv_say_delete_present(const struct file_check *c);

#endif
