/* tree_verify.h: verify-tree, after a crash: a fileset's tree read back
 * against its durability journal (docs/durability.md). journal_read.c reads
 * the journal into what each file must hold; tree_verify.c reads the tree
 * (O_RDONLY, never written) and has every block, create and delete judged
 * (tree_walk.c, tree_expect.c, tree_judge.c, tree_findings.c). */
#ifndef FB_TREE_VERIFY_H
#define FB_TREE_VERIFY_H

#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "model/plan.h"

/* Blocks written with one generation: [off, off + 4096 * blocks), as the
 * journal claims them (a range, never expanded block by block: a claim's
 * size costs no memory). */
struct tv_range {
    uint64_t off, gen;
    uint32_t blocks;
};

struct tv_ranges {
    struct tv_range *v;
    size_t n, cap;
};

/* One file of the manifest and what the journal says of it. */
struct tv_entry {
    char *rel;                 /* path under the fileset's root (checked: relative, no "..") */
    uint64_t base;             /* size when the run began (made durable then), or JF_ABSENT */
    uint64_t deleted;          /* stamp of its last journaled delete, 0: none */
    uint64_t created;          /* stamp of its last journaled create, 0: none */
    uint64_t durable_create;   /* stamp of the last create a directory sync made durable, 0: none */
    uint64_t durable_delete;   /* the same for deletes */
    struct tv_ranges durable;  /* every range a durable point promised */
    struct tv_ranges written;  /* every range the writes rings noted, durable or not */
};

/* What the journal of one fileset says. */
struct tv_journal {
    uint64_t tree_id;
    struct tv_entry *entries;  /* by entry index */
    size_t n;
    char **by_path;            /* the entries' rel paths, sorted: the tree's walk looks files up */
    uint64_t records, torn;    /* records read; thread files whose tail was cut (not read past) */
    uint64_t max_files;        /* the fileset's entries: a manifest listing more is not this fileset's */
};

/* good: the durable generation or a later one; older_allowed: older, where
 * no durability was promised; torn: a header or CRC mismatch; lost: a
 * durable write (or create, or delete) the tree does not show. */
struct tv_counts {
    uint64_t good, older_allowed, torn, lost;
};

struct tv_result {
    struct tv_counts blocks, creates, deletes;
    uint64_t files;             /* files of the manifest */
    uint64_t records, torn_records;
};

/* Reads the manifest and the thread files of the journal in dir, as
 * untrusted input: -1 with a located message (the journal file, the byte of
 * the record) when it is missing, not a regular file, from another tree
 * (tree_id, the id the tree holds) or another fileset, lists more than
 * max_files files or a path not beneath the tree, claims a range no write
 * makes, or is otherwise malformed. Memory: the ranges read, never their blocks. */
int tv_journal_read(struct tv_journal *j, const char *dir, uint64_t tree_id, uint32_t fileset_id, uint64_t max_files,
                    struct diag *err);
void tv_journal_free(struct tv_journal *j);

/* Checks the tree of fileset p against its journal (p->journal): one line
 * per error on out, the counts in r; 0 when checked (errors or not), -1 with
 * err set for bad input (no journal, another tree's, files the manifest does
 * not know, a path the tree cannot hold). */
int tree_verify(const struct plan_fileset *p, FILE *out, struct tv_result *r, struct diag *err);

#endif
