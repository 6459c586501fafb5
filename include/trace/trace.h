/* trace.h: a recorded run of a program, read from any of the formats flowbench
 * knows (detected by content) into one list of calls, and what is made of it:
 * flowbench's own format, the tree a replay lays down, the image and plan the
 * engine runs (docs/replay.md). */
#ifndef FB_TRACE_H
#define FB_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "model/plan.h"
#include "model/replay_image.h"

struct trace {
    struct rp_rec *recs;     /* in time order once loaded */
    size_t n, cap;
    char *strings;           /* NUL-terminated names; offset 0 is the empty name */
    size_t slen, scap;
    const char *format;      /* the format it was read from */
    const char *source;      /* its file, for messages */
    uint64_t dropped;        /* calls left out: outside the root, on descriptors it never opened */
    bool strict;             /* a call on a descriptor never opened is bad input (else left out: strace's stdin) */
    uint64_t left[5];        /* of dropped, calls on what is not a file beneath the root, by enum trace_left */
    struct trace_link *links; /* links there before the program ran that it went through (trace_links.c) */
    size_t nlinks, links_cap;
};

/* A name beneath the root that was a symbolic link holding text ("# link NAME TEXT" in the own format). */
struct trace_link {
    uint32_t name, text;
};

/* What a call left out of a strace log was on (record says how many of each). */
enum trace_left { TL_PIPE, TL_SOCKET, TL_DEVICE, TL_OUTSIDE, TL_OTHER };
extern const char *const trace_left_names[5];
/* Their keys in a trace's "# left-out" line and a replay's JSON ("pipes", "sockets", ...). */
extern const char *const trace_left_keys[5];
/* ": 31 on pipes, 783 outside the root" (the kinds left out, none: ""), into buf. */
const char *trace_left_say(const struct trace *t, char *buf, size_t len);

/* How a trace is read: the root paths are kept beneath (strace logs; NULL: the
 * traced program's working directory), and whether paths outside it are kept (under _abs/). */
struct trace_opts {
    const char *root;
    bool all;
};

/* Reads path (for strace -ff, the prefix of its PREFIX.PID files), detecting
 * its format. Bad input: -1 with err "file:line: message". */
int trace_load(struct trace *t, const char *path, const struct trace_opts *o, struct diag *err);
void trace_free(struct trace *t);

/* Building one (the parsers). */
uint32_t trace_str(struct trace *t, const char *s, size_t n);
int trace_add(struct trace *t, const struct rp_rec *r);
/* trace_add of a parsed call whose numbers are checked first (pids, descriptors, offsets and sizes within
 * off_t, modes, times): bad ones are "file:line: message" (r->line), -1. */
int trace_put(struct trace *t, const struct rp_rec *r, const char *file, struct diag *err);
static inline const char *trace_name(const struct trace *t, uint32_t off)
{
    return t->strings + off;
}

/* Writes t in flowbench's own format. */
int trace_write(const struct trace *t, FILE *out);

/* A line's error: "file:line: message", always -1. */
__attribute__((format(printf, 4, 5)))
int trace_fail(struct diag *err, const char *file, unsigned line, const char *fmt, ...);

/* Keeps rel (a path relative to the root after . and .. are folded) or says why
 * not: 0 kept, -1 it escapes the root. */
int trace_path_fold(char *rel);

/* Whether following text from the link at name stays beneath the root, whatever the links on its way hold:
 * relative, climbing by leading ".." only, no higher than name's directory, then going down only. */
bool trace_link_text_inside(const char *name, const char *text);
/* The name text reaches from the link at name (joined to its directory and folded), into out; -1 too long or
 * escaping. */
int trace_link_join(const char *name, const char *text, char *out, size_t len);
/* Notes name as a link holding text (t->links kept sorted by name; a name noted again keeps its first text). */
int trace_link_add(struct trace *t, const char *name, const char *text);
/* The name the kernel reached for name: each directory on its way that is a noted link replaced by what its text
 * leads to, and (whole) the name itself too, else its last component kept; at most 16 links (a loop, which the
 * kernel refuses with ELOOP, is left as it is). 0 unchanged, 1 with the name into out. */
int trace_link_reach(const struct trace *t, const char *name, bool whole, char *out, size_t len);
/* After the program ran: notes each name t uses beneath root (and each directory on its way) that is a link
 * now, not made by t itself, without following a link or leaving root; a text that would lead out of root is
 * not noted but counted in *refused. 0, or -1 with errno. */
int trace_links_note(struct trace *t, const char *root, size_t *refused);
/* On reading: each call's name that goes through a noted link to a directory (lnk/x) said by the name the
 * kernel reached (dir/x), which the replay, following no link, can use; the last component is kept as it is.
 * 0, or -1 out of memory. */
int trace_links_apply(struct trace *t);

/* The tree a replay lays down: trace/trace_tree.h. */

/* The image the engine copies into its shared region and the plan that runs
 * it: a process per traced process, a thread per traced thread, each a replay
 * flowop over its calls; cross-thread orderings on a path or descriptor as waits. */
/* A replay runs each traced process as an OS process of its own and each traced thread as a thread: a trace
 * of more is refused (docs/replay.md, "A trace's budget"). */
#define TRACE_MAX_PROCS 1024
#define TRACE_MAX_THREADS 1024

struct trace_compiled {
    struct rp_image *image;
    struct plan plan;
    uint64_t waits;          /* cross-thread orderings kept */
};
int trace_compile(struct trace *t, const char *dir, enum rp_mode mode, double speed,
                  struct trace_compiled *c, struct diag *err);
void trace_compiled_free(struct trace_compiled *c);
/* c made into n copies of itself (replay --clients), copy k replaying beneath dirs[k]: its threads and
 * processes n times, each copy's descriptors and orderings its own, its calls shared. -1 with err. */
int trace_compile_copies(struct trace_compiled *c, uint32_t n, const char *const *dirs, struct diag *err);

/* An editable .f fitted to the trace, every number commented with its source
 * (flowbench model); source names the trace in its first line, quoted. -1 with err
 * saying why: a call the fit cannot keep ("file:line: ..."), or out not written. */
int trace_model_write(const struct trace *t, const char *source, FILE *out, struct diag *err);

#endif
