/* fquote.c: text quoted for F scripts (fquote.h): the lexer keeps every byte of a
 * quoted string but four, which it reads as escapes, a line break or a variable. */
#include "base/fquote.h"

#include <stdlib.h>
#include <string.h>

/* What stands for c inside the quotes, where it is not c itself. */
static const char *escape_of(unsigned char c)
{
    static const char *const escapes[256] = {
        ['\\'] = "\\\\", ['"'] = "\\\"", ['$'] = "\\$", ['\n'] = "\\n",
    };
    return escapes[c];
}

char *fquote(const char *s)
{
    size_t len = 3; /* the quotes and the NUL */
    for (const char *p = s; *p != '\0'; p++)
        len += escape_of((unsigned char)*p) != NULL ? 2 : 1;
    char *out = malloc(len), *o = out;
    if (out == NULL)
        return NULL;
    *o++ = '"';
    for (const char *p = s; *p != '\0'; p++) {
        const char *e = escape_of((unsigned char)*p);
        if (e != NULL) {
            memcpy(o, e, 2);
            o += 2;
        } else
            *o++ = *p;
    }
    *o++ = '"';
    *o = '\0';
    return out;
}

int fquote_put(FILE *out, const char *s)
{
    /* byte by byte, nothing allocated: a failure is the stream's, kept in ferror(out) */
    int rc = putc('"', out);
    for (const char *p = s; *p != '\0' && rc != EOF; p++) {
        const char *e = escape_of((unsigned char)*p);
        rc = e != NULL ? fputs(e, out) : putc((unsigned char)*p, out);
    }
    return rc != EOF && putc('"', out) != EOF ? 0 : -1;
}
