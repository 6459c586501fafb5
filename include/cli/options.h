/* options.h: a command line's options as one table, a row each (name, argument,
 * field, help), that drives getopt_long, the usage text and synopsis, the man page
 * and bash completion (`flowbench --complete[=COMMAND]`): an option is one row. */
#ifndef FB_CLI_OPTIONS_H
#define FB_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "base/diag.h"

struct interp_options;

/* How a row stores what it was given, into its field of the parser's arguments. */
enum cli_store {
    CLI_FLAG,  /* the field is a bool, set true */
    CLI_TEXT,  /* the field is a const char *, the argument */
    CLI_CALL,  /* call(field, argument, err) parses and stores it: 0, or -1 with err set */
    CLI_PASS,  /* not this command's: handed on as given in cli_parse's rest (replay's rows of
                  the classic options it documents in its own words) */
};

struct cli_option {
    const char *name;    /* the long name without "--"; NULL: only the letter */
    char letter;         /* the short option, 0 for none */
    const char *arg;     /* the argument's name in usage; NULL: takes none; "[=X]": optional */
    enum cli_store store;
    size_t field;        /* offsetof the field in the parser's arguments */
    int (*call)(void *field, const char *arg, struct diag *err);
    const char *help;    /* NULL: hidden; a '\n' goes on under the text's column */
    bool required;       /* the synopsis shows it without [ ] (the command says when it is missing) */
    /* The argument's values as "a|b|c", written from their own table into buf (the usage,
     * the synopsis and completion show them in place of arg); NULL: arg says. */
    const char *(*words)(char *buf, size_t len);
};

/* Parses argv by the n rows of t into args (getopt_long, from optind = 1); 0, or -1
 * with err set when an option is unknown or a row's call refused its argument. */
int cli_options_parse(const struct cli_option *t, size_t n, int argc, char **argv, void *args, struct diag *err);

/* The general parse: a command's rows, and optionally another command's (pass) that
 * it hands on: those, and its own CLI_PASS rows, go into rest as given, then the
 * operands; a row of the command's own shadows a pass row of its name or letter. */
struct cli_parse {
    const struct cli_option *rows;
    size_t n;
    void *args;                    /* where the rows store */
    bool stop_at_operand;          /* getopt's "+": the options end at the first operand (record's CMD) */
    const struct cli_option *pass; /* NULL: none */
    size_t npass;
    char **rest;                   /* argc + 1 slots, or NULL (then the operands are argv[optind..]) */
    int nrest;                     /* set: rest[0] is argv[0] */
};
int cli_parse(struct cli_parse *p, int argc, char **argv, struct diag *err);

/* The rows' usage lines, "  -f, --file FILE  help", the help in one column. */
void cli_options_usage(FILE *out, const struct cli_option *t, size_t n);
/* The rows as a synopsis, " -f W.f [--json FILE] ...", from column col, lines wrapped
 * under column indent; returns the column it ended at. */
int cli_options_synopsis(FILE *out, const struct cli_option *t, size_t n, int col, int indent);
/* What completion reads: a line a spelling of each shown row, "--json FILE", "-D NAME=VALUE",
 * "--clock auto|tsc|vdso", "--quiet" (the argument only when it is required). */
void cli_options_complete(FILE *out, const struct cli_option *t, size_t n);
/* names joined by '|' into buf: a row's words from a table of names. */
const char *cli_words_join(char *buf, size_t len, const char *const *names, size_t n);

/* The rows every command that reads a script shares; FIELD is its struct interp_options. */
int cli_option_define(void *opt, const char *text, struct diag *err);
int cli_option_workloads(void *opt, const char *dir, struct diag *err);
#define CLI_OPTION_DEFINE(type, field)                                                                  \
    { NULL, 'D', "NAME=VALUE", CLI_CALL, offsetof(type, field), cli_option_define,                    \
      "set $NAME, overriding the script's own 'set $NAME=...' (repeatable)", false, NULL }
#define CLI_OPTION_WORKLOADS(type, field, help)                                                         \
    { "workloads", 0, "DIR", CLI_CALL, offsetof(type, field), cli_option_workloads, help, false, NULL }

#endif
