/* options.h: a command line's options as one table, a row each (name, argument,
 * field, help), that drives getopt_long and the usage text: the man page and bash
 * completion read that text, so an option is one row. */
#ifndef FB_CLI_OPTIONS_H
#define FB_CLI_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

#include "base/diag.h"

struct interp_options;

/* How a row stores what it was given, into its field of the parser's arguments. */
enum cli_store {
    CLI_FLAG,  /* the field is a bool, set true */
    CLI_TEXT,  /* the field is a const char *, the argument */
    CLI_CALL,  /* call(field, argument, err) parses and stores it: 0, or -1 with err set */
};

struct cli_option {
    const char *name;    /* the long name without "--"; NULL: only the letter */
    char letter;         /* the short option, 0 for none */
    const char *arg;     /* the argument's name in usage; NULL: takes none; "[=X]": optional */
    enum cli_store store;
    size_t field;        /* offsetof the field in the parser's arguments */
    int (*call)(void *field, const char *arg, struct diag *err);
    const char *help;    /* NULL: hidden; a '\n' goes on under the text's column */
};

/* Parses argv by the n rows of t into args (getopt_long, from optind = 1); 0, or -1
 * with err set when an option is unknown or a row's call refused its argument. */
int cli_options_parse(const struct cli_option *t, size_t n, int argc, char **argv, void *args, struct diag *err);

/* The rows' usage lines, "  -f, --file FILE  help", the help in one column. */
void cli_options_usage(FILE *out, const struct cli_option *t, size_t n);

/* The rows every command that reads a script shares; FIELD is its struct interp_options. */
int cli_option_define(void *opt, const char *text, struct diag *err);
int cli_option_workloads(void *opt, const char *dir, struct diag *err);
#define CLI_OPTION_DEFINE(type, field)                                                                  \
    { NULL, 'D', "NAME=VALUE", CLI_CALL, offsetof(type, field), cli_option_define,                    \
      "set $NAME, overriding the script's own 'set $NAME=...' (repeatable)" }
#define CLI_OPTION_WORKLOADS(type, field, help)                                                         \
    { "workloads", 0, "DIR", CLI_CALL, offsetof(type, field), cli_option_workloads, help }

#endif
