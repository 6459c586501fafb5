/* diag.h: source locations and located error messages ("file:line:col: error: ...").
 * A function that can fail fills a caller-owned struct diag and returns -1; it never prints. */
#ifndef FB_DIAG_H
#define FB_DIAG_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

struct srcloc {
    const char *file; /* owned by the interpreter's source list; lives as long as it */
    int line;
    int col;
};

struct diag {
    struct srcloc loc;
    int has_loc;
    int echoed;    /* another process prints it (MPI rank 0 prints every rank's): diag_print is silent */
    int bad_input; /* the input is at fault (a tree flowbench refuses to use): exit 2, not 1 */
    char msg[1024];
};

__attribute__((format(printf, 3, 4)))
int diag_set(struct diag *d, const struct srcloc *loc, const char *fmt, ...);
__attribute__((format(printf, 3, 0)))
int diag_vset(struct diag *d, const struct srcloc *loc, const char *fmt, va_list ap);
void diag_clear(struct diag *d);
/* Places d, set without a location by a layer that has none (a value's
 * parser), at loc, the place its caller knows; the text stays. Returns -1. */
int diag_locate(struct diag *d, const struct srcloc *loc);
/* Writes one diagnostic to out (stderr) after flushing stdout, so both keep their order
 * in one file; every error, warning and note that is not part of the report goes through it. */
__attribute__((format(printf, 2, 3)))
void diag_printf(FILE *out, const char *fmt, ...);
/* Prints "file:line:col: error: msg" (or "flowbench: error: msg" without a location). */
void diag_print(const struct diag *d, FILE *out);
/* p, or, when an allocation gave NULL where no caller could carry on without
 * it (a parse tree, a plan, a result's names), the one way out: "flowbench:
 * error: out of memory" on out, exit 2. */
void *diag_must_alloc(void *p, FILE *out);
__attribute__((format(printf, 3, 4)))
void warn_at(FILE *out, const struct srcloc *loc, const char *fmt, ...);

#endif
