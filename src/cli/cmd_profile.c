/* cmd_profile.c: `flowbench profile NAME|FILE.prof`: finds the profile along the
 * workload search path and gives the campaign layer what only the interpreter
 * knows (workloads, their variables, --check), then runs the campaign. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/signals.h"
#include "base/infile.h"
#include "campaign/campaign_run.h"
#include "dist/dist.h"
#include "cli/interp.h"
#include "cli/workload.h"
#include "cli/options.h"
#include "cli/subcommand.h"

static char *env_find(void *ctx, const char *name)
{
    struct interp *in = ctx;
    return workload_find(in, name);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = infile_fopen(path);
    if (f == NULL)
        return NULL;
    char *text = NULL;
    FILE *m = open_memstream(&text, len);
    char chunk[8192];
    for (size_t got; m != NULL && (got = fread(chunk, 1, sizeof chunk, f)) > 0;)
        fwrite(chunk, 1, got, m);
    fclose(f);
    if (m == NULL || fclose(m) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

/* As -D does: a name the workload neither sets nor uses is unknown; the hint is
 * the nearest name it has (mentions.h). */
static int env_var_known(void *ctx, const char *path, const char *name, char *hint, size_t hintlen)
{
    (void)ctx;
    size_t len = 0;
    char *text = slurp(path, &len);
    if (text == NULL)
        return -1;
    struct parse_result r;
    parse_buffer(text, len, path, 1, &r);
    struct mentions m = { 0 };
    int rc = -1;
    if (!r.failed && mentions_add(&m, r.cmds) == 0 && mentions_has(&m, name))
        rc = 0;
    const char *near = rc != 0 ? mentions_closest(&m, name) : NULL;
    snprintf(hint, hintlen, "%s", near ? near : "");
    mentions_free(&m);
    ast_cmd_free(r.cmds);
    free(text);
    return rc;
}

/* The point's script through the interpreter in --check mode, in-process. */
static int env_check(void *ctx, const char *text, const char *label)
{
    struct interp *base = ctx;
    struct interp_options opt = base->opt;
    opt.check_only = true;
    FILE *devnull = fopen("/dev/null", "w");
    struct interp in;
    if (devnull == NULL || interp_init(&in, &opt, devnull, stderr) != 0) {
        if (devnull)
            fclose(devnull);
        return -1;
    }
    int status = interp_exec_buffer(&in, text, strlen(text), label, 1);
    if (status == EXIT_OK)
        status = interp_finish_batch(&in);
    interp_free(&in);
    fclose(devnull);
    return status == EXIT_OK ? 0 : -1;
}

struct profile_args {
    const char *name, *stats;
    struct campaign_run_opts run;
    struct interp_options opt;
};

static int resume(void *field, const char *tree, struct diag *err)
{
    struct campaign_run_opts *run = field;
    run->resume = true;
    run->resume_tree = tree;
    return 0;
}

const struct cli_option profile_options[] = {
    { "stats", 0, "DIR", CLI_TEXT, offsetof(struct profile_args, stats), NULL,
      "where results trees go (over the profile's stats =)", false, NULL },
    { "resume", 0, "[=TREE]", CLI_CALL, offsetof(struct profile_args, run), resume,
      "continue the latest tree of this profile (or TREE): run only the points\n"
      "without a complete results.json", false, NULL },
    { "dry-run", 0, NULL, CLI_FLAG, offsetof(struct profile_args, run.dry_run), NULL,
      "list the points and the tree; run nothing", false, NULL },
    CLI_OPTION_WORKLOADS(struct profile_args, opt, "also look for profiles and workloads in DIR (repeatable)"),
    { "launcher", 0, "CMD", CLI_TEXT, offsetof(struct profile_args, run.launcher), NULL,
      "run every point's flowbench under CMD, as \"mpirun -np 8 --hostfile hosts\"\n"
      "(over the profile's launcher =); the profile itself runs without it", false, NULL },
};
const size_t profile_noptions = sizeof profile_options / sizeof profile_options[0];

static int parse(int argc, char **argv, struct profile_args *a)
{
    struct diag err;
    diag_clear(&err);
    if (cli_options_parse(profile_options, profile_noptions, argc, argv, a, &err) != 0) {
        subcommand_refuse("profile", err.msg);
        return -1;
    }
    if (optind < argc)
        a->name = argv[optind++];
    /* --resume TREE, the tree after the profile's name */
    if (a->run.resume && a->run.resume_tree == NULL && optind < argc)
        a->run.resume_tree = argv[optind++];
    if (a->name == NULL || optind < argc) {
        diag_printf(stderr, "flowbench: error: profile wants one profile name or file%s%s\n",
                    optind < argc ? ", got also " : "", optind < argc ? argv[optind] : "");
        subcommand_help(stderr, "profile");
        return -1;
    }
    return workload_dirs_default(&a->opt);
}

static int run(struct profile_args *a)
{
    char *path = profile_find(&a->opt, a->name);
    if (path == NULL) {
        diag_printf(stderr, "flowbench: error: no profile '%s' (a .prof file) along the workload search path\n", a->name);
        return EXIT_USAGE;
    }
    struct campaign c = { 0 };
    struct diag err;
    diag_clear(&err);
    int rc = profile_load(path, &c.prof, &err);
    free(path);
    if (rc != 0) {
        diag_print(&err, stderr);
        campaign_free(&c);
        return EXIT_USAGE;
    }
    struct interp in;
    if (interp_init(&in, &a->opt, stdout, stderr) != 0) {
        campaign_free(&c);
        return EXIT_USAGE;
    }
    struct campaign_env env = { &in, env_find, env_var_known, env_check };
    int status = EXIT_USAGE;
    if (campaign_prepare(&c, &env, a->stats) == 0) {
        /* Ctrl-C, SIGTERM and SIGHUP stop the current point and the campaign. */
        signals_install();
        status = campaign_run(&c, &a->run);
    }
    interp_free(&in);
    campaign_free(&c);
    return status;
}

/* The campaign starts every point itself, on every rank's host through its
 * launcher: run once per rank, it would run each point once per rank. */
static int refuse_launched(void)
{
    if (!dist_launched())
        return 0;
    diag_printf(stderr, "flowbench: error: profile runs its points itself: start it without mpirun or srun, and "
                        "give it the launcher: flowbench profile NAME --launcher \"mpirun -np 4 --hostfile hosts\"\n");
    return -1;
}

int subcommand_profile(int argc, char **argv)
{
    struct profile_args a = { 0 };
    /* Its own path, which the points run under a launcher find on every host. */
    char self[PATH_MAX];
    if (refuse_launched() != 0)
        return EXIT_USAGE;
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        diag_printf(stderr, "flowbench: error: cannot read /proc/self/exe: %s\n", strerror(errno));
        return EXIT_USAGE;
    }
    self[n] = '\0';
    a.run.self = self;
    signal(SIGPIPE, SIG_IGN);
    int status = parse(argc, argv, &a) == 0 ? run(&a) : EXIT_USAGE;
    workload_dirs_free(&a.opt);
    fflush(stdout);
    return status;
}
