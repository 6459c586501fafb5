/* diag.c: building and printing located error messages; every diagnostic goes out
 * through diag_printf, after stdout, so a file holding both (>out 2>&1) reads in order. */
#include "base/diag.h"

#include <stdlib.h>
#include <string.h>

int diag_vset(struct diag *d, const struct srcloc *loc, const char *fmt, va_list ap)
{
    d->has_loc = loc != NULL && loc->file != NULL;
    d->echoed = 0;
    d->bad_input = 0;
    if (d->has_loc)
        d->loc = *loc;
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
    return -1;
}

int diag_locate(struct diag *d, const struct srcloc *loc)
{
    d->has_loc = loc != NULL && loc->file != NULL;
    if (d->has_loc)
        d->loc = *loc;
    return -1;
}

int diag_set(struct diag *d, const struct srcloc *loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vset(d, loc, fmt, ap);
    va_end(ap);
    return -1;
}

void diag_clear(struct diag *d)
{
    memset(d, 0, sizeof *d);
}

/* stdout is block-buffered in a pipe or file while stderr is not: what the report
 * printed before this message must reach the file first. */
static void flush_stdout_first(FILE *out)
{
    if (out != stdout)
        fflush(stdout);
}

void diag_printf(FILE *out, const char *fmt, ...)
{
    va_list ap;
    flush_stdout_first(out);
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fflush(out);
}

void diag_print(const struct diag *d, FILE *out)
{
    if (d->echoed)
        return;
    if (d->has_loc)
        diag_printf(out, "%s:%d:%d: error: %s\n", d->loc.file, d->loc.line, d->loc.col, d->msg);
    else
        diag_printf(out, "flowbench: error: %s\n", d->msg);
}

void warn_at(FILE *out, const struct srcloc *loc, const char *fmt, ...)
{
    va_list ap;
    flush_stdout_first(out);
    if (loc != NULL && loc->file != NULL)
        fprintf(out, "%s:%d:%d: warning: ", loc->file, loc->line, loc->col);
    else
        fprintf(out, "flowbench: warning: ");
    va_start(ap, fmt);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
    fflush(out);
}

void *diag_must_alloc(void *p, FILE *out)
{
    if (p != NULL)
        return p;
    diag_printf(out, "flowbench: error: out of memory\n");
    exit(2);
}
