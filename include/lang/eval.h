/* eval.h: turning attribute values into numbers, booleans, strings or
 * distributions, with variables looked up in a scope (composite locals first). */
#ifndef FB_EVAL_H
#define FB_EVAL_H

#include "lang/ast.h"
#include "lang/attr.h"
#include "lang/vars.h"

/* A composite flowop parameter bound at one use: its value is read in `where`. */
struct binding {
    const char *name;
    const struct ast_value *val; /* NULL: declared without a value and not bound */
    const struct scope *where;
    struct srcloc loc;
};

struct scope {
    const struct vartab *vars;
    const struct binding *b;
    size_t nb;
    const struct scope *parent; /* the enclosing composite use: its parameters are visible too */
};

enum rv_kind { R_INT, R_BOOL, R_STR, R_DIST };

struct rvalue {
    enum rv_kind kind;
    uint64_t i;
    bool b;
    const char *s;          /* points into the AST or the variable table */
    const struct dist *dist;
    bool is_cvar;
    bool bound;             /* supplied by a composite use */
    struct srcloc loc;      /* where to report a bad value: the binding at the use, else the reference */
};

int eval_value(const struct ast_value *v, const struct scope *sc, struct rvalue *out, struct diag *err);
/* Coercions; `what` names the attribute in messages. */
int eval_u64(const struct ast_value *v, const struct scope *sc, const char *what, uint64_t *out, struct diag *err);
int eval_bool(const struct ast_value *v, const struct scope *sc, const char *what, bool *out, struct diag *err);
int eval_str(const struct ast_value *v, const struct scope *sc, const char *what, const char **out, struct diag *err);

/* Attribute accessors: the default from the table when the attribute is absent;
 * the range of the table is checked. */
int attr_u64(const struct attrvals *a, int idx, const struct scope *sc, uint64_t *out, struct diag *err);
int attr_bool(const struct attrvals *a, int idx, const struct scope *sc, bool *out, struct diag *err);
int attr_str(const struct attrvals *a, int idx, const struct scope *sc, const char **out, struct diag *err);

#endif
