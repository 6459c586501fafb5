/* ast.h: the parsed form of a script: commands with their attribute lists,
 * exactly as written (variables unresolved), each piece with its location. */
#ifndef FB_AST_H
#define FB_AST_H

#include <stdbool.h>
#include <stdint.h>
#include "base/diag.h"

enum ast_vkind {
    AV_INT,    /* 16k, 1000 */
    AV_BOOL,   /* true, false, or a bare attribute */
    AV_WORD,   /* an unquoted identifier or path */
    AV_STRING, /* a quoted string, escapes not yet processed */
    AV_VAR,    /* $name or ${name}; s holds the name without '$' and braces */
    AV_TABLE,  /* randtable = {{p, lo, hi}, ...} */
    AV_EXPR,   /* arithmetic, only on the right of set */
    AV_DIST,   /* buckets(4k:30, ...): a distribution made when parsed */
};

struct ast_table;
struct ast_expr;
struct dist;

struct ast_value {
    enum ast_vkind kind;
    struct srcloc loc;
    uint64_t i;
    bool b;
    char *s;
    struct ast_table *table;
    struct ast_expr *expr;
    struct dist *dist;  /* AV_DIST, owned */
    bool raw_vars;      /* AV_STRING with an unescaped $variable: s kept as written, escapes
                         * and all, for the command that expands it (AT_TEXT) */
};

struct ast_table {
    size_t nrows;
    struct ast_value (*rows)[3];
};

/* Arithmetic on the right of `set $v = ...`: op is one of + - * / or 0 for a leaf. */
struct ast_expr {
    char op;
    int depth;          /* operators on the longest path; bounded so evaluation cannot overflow the stack */
    struct ast_value leaf;
    struct ast_expr *lhs, *rhs;
    struct srcloc loc;
};

/* One item of an attribute list: `name`, `name=value`, `$local` or `$local=value`. */
struct ast_attr {
    char *name;
    bool is_local; /* a $variable item (composite flowop local) */
    bool has_value;
    struct ast_value val;
    struct srcloc loc;
    struct ast_attr *next;
};

struct ast_flowop {
    char *type;
    struct srcloc type_loc;
    struct ast_attr *attrs;
    struct srcloc loc;
    struct ast_flowop *next;
};

struct ast_thread {
    struct ast_attr *attrs;
    struct ast_flowop *flowops;
    struct srcloc loc;
    struct ast_thread *next;
};

enum ast_cmd_kind {
    CMD_SET_VAR, CMD_SET_RANDVAR, CMD_SET_CVAR, CMD_SET_MODE, CMD_SET_STEADY,
    CMD_DEFINE_FILESET, CMD_DEFINE_FILE, CMD_DEFINE_PROCESS, CMD_DEFINE_FLOWOP,
    CMD_DEFINE_RANDVAR,
    CMD_RUN, CMD_PSRUN, CMD_CREATE_FILES, CMD_EVENTGEN,
    CMD_ECHO, CMD_USAGE, CMD_SYSTEM, CMD_SLEEP, CMD_LIST, CMD_LOAD, CMD_DEBUG,
    CMD_VERSION, CMD_HELP, CMD_QUIT, CMD_ENABLE, CMD_DOMULTISYNC, CMD_FLUSH,
    CMD_STATS, CMD_VARS, CMD_SHUTDOWN, CMD_WARMUP, CMD_FOREACH, CMD_CREATE_PROCESSES,
    CMD_CRITERIA, CMD_NKINDS
};

struct ast_cmd {
    enum ast_cmd_kind kind;
    struct srcloc loc;
    char *var;                  /* set: target variable name */
    struct ast_value value;     /* set value; run/psrun/sleep/debug argument */
    struct ast_value value2;    /* psrun runtime */
    bool has_value, has_value2;
    char *word;                 /* list/help/load/enable argument; set mode word */
    char *word2;                /* set mode quit <word> */
    struct srcloc word_loc;     /* where word2 (or else word) stands */
    struct ast_attr *attrs;     /* define, randvar(), cvar(), eventgen, enable ... */
    struct ast_attr *attrs2;    /* define flowop: attributes after the closing brace */
    struct ast_thread *threads; /* define process */
    struct ast_flowop *flowops; /* define flowop */
    char **strings;             /* echo/usage/system: raw quoted strings */
    size_t nstrings;
    struct ast_value *items;    /* foreach: the values $var takes, in order */
    size_t nitems;
    struct ast_cmd *body;       /* foreach: the commands run for each value */
    struct ast_cmd *next;
};

void ast_value_free(struct ast_value *v);
void ast_attrs_free(struct ast_attr *a);
void ast_flowops_free(struct ast_flowop *f);
void ast_threads_free(struct ast_thread *t);
void ast_cmd_free(struct ast_cmd *c);  /* frees the whole list starting at c */
/* Deep copy, for values that outlive the parse. */
struct ast_value ast_value_copy(const struct ast_value *v);
/* A `set` command alone (its value and attributes, not what follows it). */
struct ast_cmd *ast_set_copy(const struct ast_cmd *c);
/* Whether a `set` reads $name: in its value, its arithmetic, its attributes,
 * a randtable or a quoted string that names it. */
bool ast_set_reads(const struct ast_cmd *c, const char *name);

/* Result of parsing a buffer: a command list or an error. */
struct parse_result {
    struct ast_cmd *cmds;
    struct diag err;
    bool failed;
    bool incomplete; /* input ended inside a construct (the shell asks for more lines) */
};

/* Parses len bytes of text named file (lines counted from first_line).
 * The caller owns file's storage. */
void parse_buffer(const char *text, size_t len, const char *file, int first_line,
                  struct parse_result *out);

/* Text helpers for quoted strings. */
char *ast_string_literal(const char *raw); /* escapes processed, '$' kept literally */

#endif
