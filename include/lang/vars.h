/* vars.h: the variable table: plain values, random and custom variables.
 * Names are stored without '$' and braces, so $x and ${x} are one variable. */
#ifndef FB_VARS_H
#define FB_VARS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/diag.h"
#include "lang/distribution.h"
#include "base/nameidx.h"

struct ast_cmd;

enum var_kind { VAR_UNSET, VAR_INT, VAR_BOOL, VAR_STR, VAR_DIST };

struct var {
    char *name;
    enum var_kind kind;
    uint64_t i;
    bool b;
    char *s;
    struct dist dist;
    bool is_cvar;
    bool overridden; /* set by -D: the script's own `set` does not change it */
    struct srcloc loc;
    /* A variable derived from others (`set $a = $b * $c`, or a randvar or cvar
     * made from them, in a loaded workload) keeps the `set` it was made by, so a
     * later `set $b` outside that workload works it out again (cmd_set.c).
     * NULL for a plain value. */
    struct ast_cmd *from;
    int from_depth;    /* the load depth it was derived at */
    uint64_t from_seq; /* derivations are worked out again in the order they were made */
};

struct vartab {
    struct var **v;
    size_t n, cap;
    struct nameidx idx;
    uint64_t nderived; /* derivations made so far: the next one's from_seq */
};

struct var *vars_find(const struct vartab *t, const char *name);
/* Finds or creates (unset) a variable; NULL only when out of memory. */
struct var *vars_get(struct vartab *t, const char *name);
/* Clears the value and forgets what it was derived from. */
void vars_clear_value(struct var *v);
int vars_set_int(struct vartab *t, const char *name, uint64_t i);
int vars_set_bool(struct vartab *t, const char *name, bool b);
int vars_set_str(struct vartab *t, const char *name, const char *s);
void vars_free(struct vartab *t);
/* Appends the value as text ("16384", "true", "/tmp", "gamma random var"). */
void var_format(const struct var *v, char *buf, size_t len);

#endif
