/* subcommand.h: the subcommands (`flowbench profile ...`, `flowbench compare
 * ...`) dispatched from main by their first argument, one row each in
 * src/cli/subcommand_table.c; anything else is the classic command line. Each
 * names its option table: its synopsis, --help, man page lines and completion
 * are printed from it here, so none is written by hand. */
#ifndef FB_SUBCOMMAND_H
#define FB_SUBCOMMAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/options.h"

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);  /* argv[0] is the subcommand's name; returns the exit status */
    const char *operands;               /* "OLD NEW": before the options; "-- CMD ...": after them */
    const char *help;                   /* one line */
    const struct cli_option *options;   /* its table (its file's), or NULL */
    const size_t *noptions;
    bool classic;                       /* hands the classic options on (replay): those apply too */
    const char *notes;                  /* lines after the options in --help, or NULL */
};

/* The row named NAME, or NULL: then the command line is the classic one. */
const struct subcommand *subcommand_find(const char *name);
/* Whether ARGV (a subcommand's, before any "--") asks for --help or -h. */
bool subcommand_wants_help(int argc, char **argv);
/* NAME's synopsis, its line of help, its options and notes, as its --help prints them. */
void subcommand_help(FILE *out, const char *name);
/* "flowbench NAME: error: MSG" and NAME's --help on stderr; returns EXIT_USAGE. */
int subcommand_refuse(const char *name, const char *msg);
/* The synopses of every subcommand, for --help. */
void subcommand_usage(FILE *out);
/* For completion (flowbench --complete[=NAME]): without NAME the subcommands' names, a
 * line each; with it NAME's options (cli_options_complete). -1: no such subcommand. */
int subcommand_complete(FILE *out, const char *name);

/* The option tables, each in its command's file. */
extern const struct cli_option classic_options[], profile_options[], verify_tree_options[], compare_options[],
    model_options[], record_options[], replay_options[];
extern const size_t classic_noptions, profile_noptions, verify_tree_noptions, compare_noptions, model_noptions,
    record_noptions, replay_noptions;

/* The handlers: src/cli/cmd_profile.c, src/cli/cmd_compare.c. */
int subcommand_profile(int argc, char **argv);
int cmd_compare_main(int argc, char **argv);
int cmd_index_main(int argc, char **argv);
int cmd_latlog2csv_main(int argc, char **argv);
int cmd_verify_tree_main(int argc, char **argv);
int cmd_replay_main(int argc, char **argv);
int cmd_record_main(int argc, char **argv);
int cmd_model_main(int argc, char **argv);

#endif
