/* diag.c: building and printing located error messages. */
#include "diag.h"

#include <string.h>

int diag_vset(struct diag *d, const struct srcloc *loc, const char *fmt, va_list ap)
{
    d->has_loc = loc != NULL && loc->file != NULL;
    if (d->has_loc)
        d->loc = *loc;
    vsnprintf(d->msg, sizeof d->msg, fmt, ap);
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

void diag_print(const struct diag *d, FILE *out)
{
    if (d->has_loc)
        fprintf(out, "%s:%d:%d: error: %s\n", d->loc.file, d->loc.line, d->loc.col, d->msg);
    else
        fprintf(out, "flowbench: error: %s\n", d->msg);
    fflush(out);
}

void warn_at(FILE *out, const struct srcloc *loc, const char *fmt, ...)
{
    va_list ap;
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
