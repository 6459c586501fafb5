/* mentions.h: the variable names that the parsed sources of an invocation set or
 * use, so that a -D naming none of them can be told apart as a likely misspelling. */
#ifndef FB_MENTIONS_H
#define FB_MENTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include "lang/ast.h"
#include "base/nameidx.h"

struct mentions {
    char **names;
    size_t n;
    struct nameidx idx;
};

/* Records every variable the commands name: set targets, $references in values,
 * expressions, tables and quoted strings, and composite parameters. -1 when out of memory. */
int mentions_add(struct mentions *m, const struct ast_cmd *cmds);
/* Records one name that a command sets as data (replay's $dir), as if a source had set it. */
int mentions_add_name(struct mentions *m, const char *name);
bool mentions_has(const struct mentions *m, const char *name);
/* The recorded name closest to name (hint.h), or NULL. */
const char *mentions_closest(const struct mentions *m, const char *name);
void mentions_free(struct mentions *m);

#endif
