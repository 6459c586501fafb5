/* trace_made.h: the files a trace created, in classes written alike, so that a
 * model's creates end at the sizes the trace's files ended at (trace_made.c). */
#ifndef FB_TRACE_MADE_H
#define FB_TRACE_MADE_H

#include <stdint.h>
#include <stdio.h>

struct made_file;
struct made_class;
struct trace;

/* One write to a created file. */
struct made_write {
    uint32_t file, path;     /* its file (a number given at its create) and its name (a trace path) */
    uint64_t len, end;       /* its bytes, and the offset it ended at */
};

/* The writes to created files, then their classes. */
struct made {
    struct made_write *writes; /* in the trace's order */
    size_t nw, capw;
    uint64_t *len;           /* (by file, after made_fit) each write's bytes */
    uint64_t *within;        /* (by file, after made_fit) a rewrite's file extent then; 0: it grew the file */
    struct made_file *files;
    size_t nfiles;
    struct made_class *classes;
    size_t nclasses;
    const struct trace *t;   /* the files' names */
    uint64_t hold_above;     /* a class of one file written more often is held open over a pass (0: none) */
};

/* One write of len bytes, ending at offset end, to the file numbered file (at path), which the trace created. */
int made_add(struct made *m, uint32_t file, uint32_t path, uint64_t len, uint64_t end);
/* Groups the written files into classes (at most a few dozen), named from t for the comments. */
int made_fit(struct made *m, const struct trace *t);
/* The writes made to created files; the files written (after made_fit). */
size_t made_writes(const struct made *m);
size_t made_files(const struct made *m);
/* The classes as sets and composite flowops (createdN), every number commented; fate: the lines
 * each composite ends with, after its close (what becomes of the file). */
void made_define(const struct made *m, const char *fate, FILE *out);
struct sizes;
/* The sizes the model's creates end at, one a file (added to out). */
int made_sizes(const struct made *m, struct sizes *out);
/* The lines of the mix's choose: each class weighted by its files. */
void made_choose(const struct made *m, FILE *out);
#define HELD_SLOT 3 /* the first slot a held file (one written many times) takes */
/* The writes the composites of written files make over one pass of the trace's mix, and (in files) how
 * many such composites it picks; held_writes: the picks that write held files. */
double made_ops(const struct made *m, size_t *files, double *held_writes);
/* The held files (slots HELD_SLOT..): their creates, at a pass's start; their last writes, closes and
 * ends (flowop goneN, N the slot), at its end. */
size_t made_held(const struct made *m);
void made_held_open(const struct made *m, FILE *out);
void made_held_close(const struct made *m, FILE *out);
/* Each write's bytes; each written file's extent (after made_fit): added to out. */
int made_lens(const struct made *m, struct sizes *out);
int made_extents(const struct made *m, struct sizes *out);
void made_free(struct made *m);

#endif
