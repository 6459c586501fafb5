/* expand.h: $var references and escapes in quoted text (expand.c). */
#ifndef FB_CLI_EXPAND_H
#define FB_CLI_EXPAND_H

#include <stddef.h>

struct interp;

/* Expands $var references and escapes in a raw quoted string. Returns malloc'ed text. */
char *interp_expand(const struct interp *in, const char *raw);
/* Reads a $name or ${name} at p into name; returns its length in the text, 0 if none. */
size_t expand_var_ref(const char *p, char *name, size_t cap);

#endif
