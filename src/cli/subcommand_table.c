/* subcommand_table.c: the commands named by flowbench's first argument, a row
 * each; main.c dispatches through this table before the classic options. */
#include <string.h>

#include "cli/subcommand.h"

static const struct subcommand subcommands[] = {
    { "profile", subcommand_profile, "profile NAME|FILE.prof [--stats DIR] [--resume[=TREE]] [--dry-run]",
      "run a campaign: every point of a profile's sweeps into a results tree (docs/profiles.md)" },
    { "compare", cmd_compare_main, "compare OLD NEW [--threshold PCT] [--json]",
      "compare two results.json, summary.json or results trees; exit 1 on a regression" },
    { "index", cmd_index_main, "index TREE", "write TREE/index.html from TREE/summary.json" },
    { "verify-tree", cmd_verify_tree_main, "verify-tree -f W.f [-D NAME=VALUE] [--journal DIR] [--json FILE]",
      "after a crash: check a tree against its durability journal; exit 1 on a lost or torn write" },
    { "replay", cmd_replay_main,
      "replay TRACE -D dir=DIR [--mode afap|think|timed] [--speed X] [--rt] [--root DIR] [--over] [--lay-max SIZE] [--clients N] [--runtime T] "
      "[--json F]",
      "replay a trace (flowbench's, strace, dbench loadfile, fio iolog) beneath DIR, "
      "or under mpirun on every rank (docs/replay.md)" },
    { "record", cmd_record_main, "record -o APP.trace [--root DIR] [--all] -- CMD [ARGS...]",
      "run CMD under strace and write its file-level calls as a flowbench trace (docs/replay.md)" },
    { "model", cmd_model_main, "model TRACE [-o APP.f] [--root DIR] [--own F]",
      "fit an editable workload (.f) to a trace: filesets, op mix, sizes, rate (docs/replay.md)" },
    { "latlog2csv", cmd_latlog2csv_main, "latlog2csv FILE",
      "print a binary latency log (--latency-log-format bin) as its CSV form" },
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
        fprintf(out, "       flowbench %s\n%*s%s\n", subcommands[i].usage, 26, "", subcommands[i].help);
}
