/* subcommand.h: the subcommands (`flowbench profile ...`, `flowbench compare
 * ...`) dispatched from main by their first argument, one row each in
 * src/cli/subcommand_table.c; anything else is the classic command line. */
#ifndef FB_SUBCOMMAND_H
#define FB_SUBCOMMAND_H

#include <stdbool.h>
#include <stdio.h>

struct subcommand {
    const char *name;
    int (*run)(int argc, char **argv);  /* argv[0] is the subcommand's name; returns the exit status */
    const char *usage;                  /* "compare OLD NEW [--threshold PCT] [--json]" */
    const char *help;                   /* one line */
    const char *options;                /* what each option does, a line each (--help), or NULL */
};

/* The row named NAME, or NULL: then the command line is the classic one. */
const struct subcommand *subcommand_find(const char *name);
/* Whether ARGV (a subcommand's, before any "--") asks for --help or -h. */
bool subcommand_wants_help(int argc, char **argv);
/* NAME's usage, its line of help and its options, as its --help prints them. */
void subcommand_help(FILE *out, const char *name);
/* The usage lines of every subcommand, for --help. */
void subcommand_usage(FILE *out);

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
