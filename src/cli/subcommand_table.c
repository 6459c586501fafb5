/* subcommand_table.c: the commands named by flowbench's first argument, a row
 * each; main.c dispatches through this table before the classic options. */
#include <stdbool.h>
#include <string.h>

#include "cli/subcommand.h"

static const struct subcommand subcommands[] = {
    { "profile", subcommand_profile, "profile NAME|FILE.prof [--stats DIR] [--resume[=TREE]] [--dry-run]",
      "run a campaign: every point of a profile's sweeps into a results tree (docs/profiles.md)", NULL },
    { "compare", cmd_compare_main, "compare OLD NEW [--threshold PCT] [--json]",
      "compare two results.json, summary.json or results trees; exit 1 on a regression", NULL },
    { "index", cmd_index_main, "index TREE", "write TREE/index.html from TREE/summary.json", NULL },
    { "verify-tree", cmd_verify_tree_main, "verify-tree -f W.f [-D NAME=VALUE] [--journal DIR] [--json FILE]",
      "after a crash: check a tree against its durability journal; exit 1 on a lost or torn write", NULL },
    { "replay", cmd_replay_main,
      "replay TRACE -D dir=DIR [--mode afap|think|timed] [--speed X] [--rt] [--root DIR] [--over] [--lay-max SIZE] "
      "[--clients N] [--runtime T] [--strict] [--check] [--interval S] [--quiet] [--json F] [--csv F] [--report DIR] [-C EXPR]",
      "replay a trace (flowbench's, strace, dbench loadfile, fio iolog) beneath DIR, "
      "or under mpirun on every rank (docs/replay.md)",
      "  -D dir=DIR      the directory every call happens beneath (made if missing; locked while the replay runs)\n"
      "  --mode M        afap: each call as soon as its order allows (default); think: the traced gaps kept;\n"
      "                  timed: each call at its traced time from the start\n"
      "  --speed X       think and timed: the traced times divided by X (0.000001 to 1000000; default 1)\n"
      "  --rt            think and timed: replay at real-time priority (root or CAP_SYS_NICE)\n"
      "  --root DIR      an strace log's root (default: its first working directory)\n"
      "  --over          replay in a DIR that holds files flowbench did not lay down (those the trace only reads "
      "are kept)\n"
      "  --lay-max SIZE  the most bytes laying the tree down may write (k, m, g, t: KiB...; default 16g; never "
      "over 90% of the free space)\n"
      "  --clients N     N copies at once, copy K beneath DIR/client-K (as dbench's clients; 1 to 1024)\n"
      "  --runtime T     start the trace again until T (seconds; or with s, m, h) has passed\n"
      "  --strict        any mismatch (a call whose outcome was not the traced one) fails the replay: exit 1\n"
      "  --check         read the trace and look at DIR; lay down and run nothing\n"
      "  --interval S    a line every S seconds: ops/s, MiB/s, latency, and the position in the trace\n"
      "                  (on a terminal a status line is redrawn each second instead; off one, a line every\n"
      "                  10 s when no --interval is given; --quiet turns both off)\n"
      "  TRACE's %r      under mpirun, the rank's number: a trace per rank (app.%r.trace)\n" },
    { "record", cmd_record_main, "record -o APP.trace [--root DIR] [--all] -- CMD [ARGS...]",
      "run CMD under strace and write its file-level calls as a flowbench trace (docs/replay.md)",
      "  -o APP.trace    the trace to write (a new file, renamed into place once whole)\n"
      "  --root DIR      names beneath DIR are kept, relative to it (default: the working directory)\n"
      "  --all           keep names outside --root too, beneath _abs/\n"
      "  CMD's exit status is passed on (1 when it failed)\n" },
    { "model", cmd_model_main, "model TRACE [-o APP.f] [--root DIR] [--own F] [--check [-D DIR] [--runtime S] [--keep]]",
      "fit an editable workload (.f) to a trace: filesets, op mix, sizes, pace; --check runs it and compares "
      "(docs/replay.md)",
      "  -o APP.f        the workload to write (standard output if none; a new file, renamed into place)\n"
      "  --root DIR      strace logs: names beneath DIR are kept, relative to it\n"
      "  --own F         also write the trace as read, in flowbench's own format\n"
      "  --check         run the model (2 s, then at least 5 s at its pace) and compare it with the trace\n"
      "  -D DIR          with --check: where the model runs (default: a new directory under /tmp)\n"
      "  --runtime S     with --check: the unpaced run's seconds (1 to 3600; default 2)\n"
      "  --keep          with --check: keep the run's directory\n" },
    { "latlog2csv", cmd_latlog2csv_main, "latlog2csv FILE",
      "print a binary latency log (--latency-log-format bin) as its CSV form", NULL },
};

const struct subcommand *subcommand_find(const char *name)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        if (strcmp(subcommands[i].name, name) == 0)
            return &subcommands[i];
    return NULL;
}

bool subcommand_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return true;
    return false;
}

void subcommand_help(FILE *out, const char *name)
{
    const struct subcommand *s = subcommand_find(name);
    if (s == NULL)
        return;
    fprintf(out, "usage: flowbench %s\n%s\n%s", s->usage, s->help, s->options != NULL ? s->options : "");
}

void subcommand_usage(FILE *out)
{
    for (size_t i = 0; i < sizeof subcommands / sizeof subcommands[0]; i++)
        fprintf(out, "       flowbench %s\n%*s%s\n", subcommands[i].usage, 26, "", subcommands[i].help);
}
