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

/* Symbolic flag and errno words: their values, and back. */
int trace_flags_parse(const char *text, uint32_t *out);
int trace_errno_parse(const char *name);
const char *trace_open_flags(uint32_t flags, char *buf, size_t len);

#endif
