/* subcommand.h: the subcommands (`flowbench profile ...`) dispatched from main by
 * their first argument; anything else is the classic command line. */
#ifndef FB_SUBCOMMAND_H
#define FB_SUBCOMMAND_H

#include <stdio.h>

struct subcommand {
    const char *name;
    /* argv[0] is the subcommand's name; returns the exit status. */
    int (*run)(int argc, char **argv);
    const char *synopsis;
    const char *help;
};

/* The row named name, or NULL. */
const struct subcommand *subcommand_find(const char *name);
/* One line per subcommand, for --help. */
void subcommand_usage(FILE *out);

int subcommand_profile(int argc, char **argv);

#endif
