/* profile.h: a campaign profile (BenchPoint's .prof format) as parsed: a DEFAULTS
 * block and CONFIG blocks of `key = value[, value...];` lines, every part located. */
#ifndef FB_PROFILE_H
#define FB_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

struct prof_value {
    char *text;          /* escapes processed for quoted strings */
    bool quoted;
    struct srcloc loc;
};

struct prof_key {
    char *name;
    struct prof_value *v; /* more than one: a sweep */
    size_t nv;
    struct srcloc loc;
};

struct prof_block {
    char *name;           /* the CONFIG's name; NULL for DEFAULTS */
    struct prof_key *keys;
    size_t nkeys;
    struct srcloc loc;
};

struct profile {
    char *file;           /* every srcloc's file points here */
    char *name;           /* the file's base name without ".prof" */
    struct prof_block defaults;
    struct prof_block *configs;
    size_t nconfigs;
};

/* Parses text (the contents of file) into p. -1 with err located at the first error. */
int profile_parse(const char *text, const char *file, struct profile *p, struct diag *err);
/* Reads and parses a file; -1 with err set (unreadable, or the first parse error). */
int profile_load(const char *path, struct profile *p, struct diag *err);
void profile_free(struct profile *p);
/* The block's key called name, or NULL. */
const struct prof_key *prof_block_key(const struct prof_block *b, const char *name);

#endif
