/* trace_tree.h: the tree a trace expects before its first call (trace_tree.c):
 * planned from the trace, measured against what is beneath the replay's
 * directory before a byte is written, then laid down there, never outside it. */
#ifndef FB_TRACE_TREE_H
#define FB_TRACE_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

struct trace;
struct trace_tree;

/* The directories and files the trace uses before it makes them (files at the
 * largest size it saw them at), and every name it uses. -1 only out of memory. */
int trace_tree_plan(const struct trace *t, struct trace_tree **out, struct diag *err);

/* What laying the tree down beneath dir would write, given what is there now
 * (dir absent: everything is new): files written and their bytes, and the one
 * of them with the most bytes, with the trace line that gave it its size. */
struct trace_lay_size {
    uint64_t bytes, files;
    const char *largest;     /* NULL: nothing to write */
    uint64_t largest_bytes;
    uint32_t largest_line;
    const char *source;      /* the trace's file */
};
int trace_tree_measure(const struct trace_tree *tr, const char *dir, struct trace_lay_size *sz);

/* Lays the tree down beneath the directory open at root (only ever by its descriptor: a
 * name could be swapped for a link meanwhile; dir names it in messages, root stays the
 * caller's): directories made, links made with the text read, files written with zeros,
 * opened without following a link or blocking on a FIFO. A file the trace only reads is
 * never rewritten: one at its size or more is kept, a shorter one grown at its end; a file
 * the trace writes is laid down afresh. A stop signal ends it. files and bytes: what was
 * written. */
int trace_tree_lay_at(const struct trace_tree *tr, int root, const char *dir, uint64_t *files, uint64_t *bytes,
                      struct diag *err);

/* Every name the trace uses (the strings live in the trace): a malloc'ed array
 * in *out (NULL out of memory) and its length. */
size_t trace_tree_names(const struct trace_tree *tr, const char ***out);
/* Of those, the names flowbench lays down or the trace makes, changes or removes: not one only looked at
 * (a stat that found nothing). The same array as trace_tree_names. */
size_t trace_tree_claimed(const struct trace_tree *tr, const char ***out);
void trace_tree_free(struct trace_tree *tr);

#endif
