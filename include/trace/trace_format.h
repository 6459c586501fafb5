/* trace_format.h: a trace format is a row: its name, how its first line is
 * known, and its reader (src/trace/trace_formats.c lists them). */
#ifndef FB_TRACE_FORMAT_H
#define FB_TRACE_FORMAT_H

#include <stdbool.h>
#include <stdio.h>

#include "trace/trace.h"

struct trace_format {
    const char *name;
    bool (*detect)(const char *first_line);
    /* tid: the thread of a strace -ff file (0: from each line) */
    int (*parse)(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                 struct diag *err);
};

extern const struct trace_format *const trace_formats[];
extern const size_t trace_nformats;

/* A trace's lines, read whole (any length up to TRACE_LINE_MAX) and counted, so that no line's tail is ever
 * read as a line of its own and each message names the right line. */
#define TRACE_LINE_MAX (1u << 20)
struct trace_lines {
    FILE *f;
    const char *path;
    char *line;              /* the line, without its newline, NUL-terminated */
    size_t len, cap;
    unsigned ln;             /* its number */
    bool newline;            /* it ended in one (the file's last line may not) */
};
/* 1: the next line is in l->line; 0: the end; -1: a line past TRACE_LINE_MAX or holding a NUL byte
 * (err: file:line: message), or out of memory. */
int trace_next_line(struct trace_lines *l, struct diag *err);
void trace_lines_free(struct trace_lines *l);

/* Numbers in range, as the fileset side checks its own: 0 and *end past the number, or -1. Seconds:
 * finite, 0 to 1e10 (as nanoseconds; epoch times fit); an id (pid, tid, descriptor): decimal, 0 to INT32_MAX; a size,
 * offset or length: decimal (or 0x), 0 to INT64_MAX (off_t's). */
int trace_secs(const char *s, char **end, uint64_t *ns);
int trace_id(const char *s, char **end, int32_t *v);
int trace_size(const char *s, char **end, uint64_t *v);

/* Symbolic flag and errno words: their values, and back. */
int trace_flags_parse(const char *text, uint32_t *out);
int trace_errno_parse(const char *name);
const char *trace_open_flags(uint32_t flags, char *buf, size_t len);

#endif
