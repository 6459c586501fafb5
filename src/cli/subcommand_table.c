/* subcommand_table.c: the commands named by flowbench's first argument, a row
 * each; main.c dispatches through this table before the classic options. Each
 * row's synopsis, --help and completion are printed from its option table. */
#include <stdbool.h>
#include <string.h>

#include "cli/interp.h"
#include "cli/subcommand.h"

static const struct subcommand subcommands[] = {
    { "profile", subcommand_profile, "NAME|FILE.prof",
      "run a campaign: every point of a profile's sweeps into a results tree (docs/profiles.md)", profile_options,
      &profile_noptions, false,
      "Runs every point of the profile's CONFIGs (their sweeps' cross products) into\n"
      "STATS/HOST-FS-PROFILE-YYYYmmdd-HHMMSS/ with summary.json and summary.csv (docs/profiles.md).\n" },
    { "compare", cmd_compare_main, "OLD NEW",
      "compare two results.json, summary.json or results trees; exit 1 on a regression", compare_options,
      &compare_noptions, false,
      "OLD and NEW: a results.json (--json of a run), a summary.json or a results tree.\n"
      "Exit status: 0 no regression, 1 a figure regressed, 2 bad input.\n" },
    { "index", cmd_index_main, "TREE", "write TREE/index.html from TREE/summary.json", NULL, NULL, false, NULL },
    { "verify-tree", cmd_verify_tree_main, NULL,
      "after a crash: check a tree against its durability journal; exit 1 on a lost or torn write",
      verify_tree_options, &verify_tree_noptions, false,
      "Reads the tree of every fileset of W.f that has a journal (journal=, or --journal for every\n"
      "fileset with verify) against it, after a crash; never writes to the tree.\n"
      "Exit status: 0 nothing lost or torn, 1 a lost durable write, a torn block, a durable create\n"
      "missing or a durable delete present (one line each), 2 bad input.\n" },
    { "replay", cmd_replay_main, "TRACE",
      "replay a trace (flowbench's, strace, dbench loadfile, fio iolog) beneath DIR, "
      "or under mpirun on every rank (docs/replay.md)",
      replay_options, &replay_noptions, true,
      "  TRACE's %r             under mpirun, the rank's number: a trace per rank (app.%r.trace)\n"
      "  Any other option of a run (flowbench --help) applies to the replay too.\n" },
    { "record", cmd_record_main, "-- CMD [ARGS...]",
      "run CMD under strace and write its file-level calls as a flowbench trace (docs/replay.md)", record_options,
      &record_noptions, false, "  CMD's exit status is passed on (1 when it failed)\n" },
    { "model", cmd_model_main, "TRACE",
      "fit an editable workload (.f) to a trace: filesets, op mix, sizes, pace; --check runs it and compares "
      "(docs/replay.md)",
      model_options, &model_noptions, false, NULL },
    { "latlog2csv", cmd_latlog2csv_main, "FILE", "print a binary latency log (--latency-log-format bin) as its CSV form",
      NULL, NULL, false, NULL },
};
enum { NSUBCOMMANDS = sizeof subcommands / sizeof subcommands[0] };

/* Every subcommand takes --help, answered by main before the subcommand runs. */
static const struct cli_option help_row = { "help", 'h', NULL, CLI_FLAG, 0, NULL, "this text", false, NULL };

const struct subcommand *subcommand_find(const char *name)
{
    for (size_t i = 0; i < NSUBCOMMANDS; i++)
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

/* "flowbench replay TRACE -D dir=DIR [--mode afap|think|timed] ...", from column col. */
static void synopsis(FILE *out, const struct subcommand *s, int col)
{
    bool after = s->operands != NULL && strncmp(s->operands, "--", 2) == 0;
    int indent = col + (int)strlen("flowbench ") + (int)strlen(s->name); /* the options' space comes on */
    col += fprintf(out, "flowbench %s", s->name);
    if (s->operands != NULL && !after)
        col += fprintf(out, " %s", s->operands);
    if (s->options != NULL)
        col = cli_options_synopsis(out, s->options, *s->noptions, col, indent);
    if (after)
        fprintf(out, "%s%s", col + (int)strlen(s->operands) + 1 > 100 ? "\n" : " ", s->operands);
    fputc('\n', out);
}

void subcommand_help(FILE *out, const char *name)
{
    const struct subcommand *s = subcommand_find(name);
    if (s == NULL)
        return;
    fputs("usage: ", out);
    synopsis(out, s, (int)strlen("usage: "));
    fprintf(out, "%s\n", s->help);
    if (s->options != NULL)
        cli_options_usage(out, s->options, *s->noptions);
    cli_options_usage(out, &help_row, 1);
    fputs(s->notes != NULL ? s->notes : "", out);
}

int subcommand_refuse(const char *name, const char *msg)
{
    diag_printf(stderr, "flowbench %s: error: %s\n", name, msg);
    subcommand_help(stderr, name);
    return EXIT_USAGE;
}

void subcommand_usage(FILE *out)
{
    for (size_t i = 0; i < NSUBCOMMANDS; i++) {
        fputs("       ", out);
        synopsis(out, &subcommands[i], 7);
        fprintf(out, "%*s%s\n", 26, "", subcommands[i].help);
    }
}

int subcommand_complete(FILE *out, const char *name)
{
    if (name == NULL) {
        for (size_t i = 0; i < NSUBCOMMANDS; i++)
            fprintf(out, "%s\n", subcommands[i].name);
        return 0;
    }
    const struct subcommand *s = subcommand_find(name);
    if (s == NULL)
        return -1;
    if (s->options != NULL)
        cli_options_complete(out, s->options, *s->noptions);
    cli_options_complete(out, &help_row, 1);
    if (s->classic) /* after its own rows: the first spelling of an option is the one that counts */
        cli_options_complete(out, classic_options, classic_noptions);
    return 0;
}
