/* subcommand_table.c: the subcommands main dispatches on argv[1] (subcommand.h). */
#include "cli/subcommand.h"

#include <string.h>

static const struct subcommand subcommands[] = {
    { "profile", subcommand_profile, "profile NAME|FILE.prof [--stats DIR] [--resume[=TREE]] [--dry-run]",
      "run a campaign: every point of a profile's sweeps into a results tree (docs/profiles.md)" },
};

const struct subcommand *subcommand_find(const char *name)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(subcommands[i].name, name) == 0)
            return &subcommands[i];
    return NULL;
}

void subcommand_usage(FILE *out)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "       flowbench %s\n             %s\n", subcommands[i].synopsis, subcommands[i].help);
}
