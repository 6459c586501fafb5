/* main.c: the command line: batch (-f), check (--check), shell or piped commands,
 * and the JSON, CSV and HTML outputs written once the commands are done. */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/duration.h"
#include "base/number.h"
#include "cli/doc_tables.h"
#include "base/signals.h"
#include "cli/interp.h"
#include "cli/cmd_criteria.h"
#include "cli/workload.h"
#include "cli/man_pages.h"
#include "cli/options.h"
#include "base/outfile.h"
#include "cli/outpath.h"
#include "cli/replay.h"
#include "cli/shell.h"
#include "cli/subcommand.h"
#include "dist/dist.h"
#include "io/ioengine.h"
#include "place/place.h"
#include "cli/report_vars.h"
#include "report/report.h"

static void usage(FILE *out);

struct args {
    const char *file;
    const char *json, *csv, *report;
    bool latlog_tuned;        /* --latency-log-format or -sample given */
    struct interp_options opt;
    size_t dircap, ovcap;
};

/* -C EXPR: kept as given, parsed once the interpreter exists (parse_criteria). */
static int add_criterion(void *field, const char *text, struct diag *err)
{
    struct interp_options *o = field;
    char **v = realloc(o->criteria, (o->ncriteria + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(err, NULL, "-C %s: out of memory", text);
    o->criteria = v;
    v[o->ncriteria++] = (char *)text;
    return 0;
}

static int parse_criteria(struct interp *in, const struct interp_options *o)
{
    for (size_t i = 0; i < o->ncriteria; i++) {
        struct diag err;
        struct srcloc loc = { "-C", (int)i + 1, 1 };
        diag_clear(&err);
        if (interp_add_criterion(in, o->criteria[i], &loc, &err) != 0) {
            diag_print(&err, stderr);
            return -1;
        }
    }
    in->ncriteria_cli = in->ncriteria;
    return 0;
}

static int parse_interval(void *field, const char *text, struct diag *err)
{
    if (!number_parse(text, 1, 366ull * 24 * 3600, field))
        return diag_set(err, NULL, "--interval wants a number of seconds (1 or more), got '%s'", text);
    return 0;
}

/* As fio's runtime: seconds, or with a unit (500ms for a quick smoke run, 2h). */
static int parse_runtime(void *field, const char *text, struct diag *err)
{
    struct interp_options *o = field;
    o->have_runtime = true;
    if (duration_parse(text, 1000000ull, 366ull * 24 * 3600 * 1000000000ull, &o->runtime_ns))
        return 0;
    return diag_set(err, NULL, "--runtime wants seconds or a length with a unit (ms, s, m, h), 1ms to 366 days, got '%s'",
                    text);
}

static int parse_ioengine(void *field, const char *text, struct diag *err)
{
    const struct ioengine_ops **e = field;
    if ((*e = ioengine_find(text)) != NULL)
        return 0;
    char names[128];
    return diag_set(err, NULL, "--ioengine: '%s' is not one of %s", text, ioengine_names(names, sizeof names));
}

static int parse_iodepth(void *field, const char *text, struct diag *err)
{
    uint64_t v;
    if (number_parse(text, 1, 4096, &v)) {
        *(unsigned *)field = (unsigned)v;
        return 0;
    }
    return diag_set(err, NULL, "--iodepth: '%s' is not a whole number from 1 to 4096", text);
}

static int parse_latlog_format(void *field, const char *text, struct diag *err)
{
    struct args *a = field;
    static const char *const names[] = { [LATLOG_CSV] = "csv", [LATLOG_BIN] = "bin" };
    a->latlog_tuned = true;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(text, names[i]) == 0) {
            a->opt.run.latlog.format = (enum latlog_format)i;
            return 0;
        }
    return diag_set(err, NULL, "--latency-log-format: '%s' is not one of csv, bin", text);
}

static int parse_latlog_sample(void *field, const char *text, struct diag *err)
{
    struct args *a = field;
    a->latlog_tuned = true;
    if (number_parse(text, 1, UINT32_MAX, &a->opt.run.latlog.sample))
        return 0;
    return diag_set(err, NULL, "--latency-log-sample: '%s' is not a whole number from 1 to %u", text, UINT32_MAX);
}

/* --ioengine's values: the engines' table (io/ioengine.h). */
static const char *ioengine_words(char *buf, size_t len)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < ioengine_count && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "|" : "", ioengines[i]->name);
    return buf;
}

static const char *const clock_names[] = { [CLOCK_AUTO] = "auto", [CLOCK_TSC] = "tsc", [CLOCK_VDSO] = "vdso" };
enum { NCLOCKS = sizeof clock_names / sizeof clock_names[0] };

static const char *clock_words(char *buf, size_t len)
{
    return cli_words_join(buf, len, clock_names, NCLOCKS);
}

static int parse_clock(void *field, const char *text, struct diag *err)
{
    for (size_t i = 0; i < NCLOCKS; i++)
        if (strcmp(text, clock_names[i]) == 0) {
            *(enum clock_source *)field = (enum clock_source)i;
            return 0;
        }
    return diag_set(err, NULL, "--clock: '%s' is not one of auto, tsc, vdso", text);
}

static int parse_bind(void *field, const char *text, struct diag *err)
{
    return place_default_parse(text, field, err);
}

static int parse_steadystate(void *field, const char *text, struct diag *err)
{
    struct interp_options *o = field;
    struct diag why;
    if (steady_parse(text, &o->steady, &why) == 0) {
        o->have_steady = true;
        return 0;
    }
    return diag_set(err, NULL, "--steadystate: %s", why.msg);
}

static int set_file(void *field, const char *path, struct diag *err)
{
    struct args *a = field;
    a->file = path;
    a->opt.script = path;
    return 0;
}

/* The options that print and exit. */
static int print_topology(void *field, const char *arg, struct diag *err)
{
    if (place_topo_show(stdout, err) == 0)
        exit(0);
    diag_print(err, stderr);
    exit(1);
}

static int print_help(void *field, const char *arg, struct diag *err)
{
    usage(stdout);
    exit(0);
}

static int print_version(void *field, const char *arg, struct diag *err)
{
    printf("flowbench %s\n", FLOWBENCH_VERSION);
    exit(0);
}

static int print_doc_tables(void *field, const char *arg, struct diag *err)
{
    doc_tables_print(stdout); /* regenerates docs/language.md's tables */
    exit(0);
}

static int print_man(void *field, const char *section, struct diag *err)
{
    int n = strcmp(section, "1") == 0 ? 1 : strcmp(section, "5") == 0 ? 5 : 0;
    if (man_page_print(stdout, n, usage) != 0 || fflush(stdout) != 0)
        return diag_set(err, NULL, "--man %s: %s", section,
                        n == 0 ? "the man pages are sections 1 (the program) and 5 (the language)" : strerror(errno));
    exit(EXIT_OK); /* the build writes the man pages with it */
}

/* --complete[=COMMAND]: what the bash completion reads (subcommand.h). */
static int print_complete(void *field, const char *command, struct diag *err)
{
    if (subcommand_complete(stdout, command) != 0)
        return diag_set(err, NULL, "--complete=%s: no such command", command);
    if (command == NULL)
        cli_options_complete(stdout, classic_options, classic_noptions);
    exit(fflush(stdout) == 0 ? EXIT_OK : EXIT_RUNFAIL);
}

#define ARGS 0 /* a row whose call reads the whole struct args */
#define OPT(f) offsetof(struct args, opt.f)

/* Every option, in the order of --help (and so of the man page and completion). */
const struct cli_option classic_options[] = {
    { "file", 'f', "FILE", CLI_CALL, ARGS, set_file,
      "run the script in FILE, or the workload of that name (varmail); a\n"
      "script without 'run' runs once at its end", false, NULL },
    { "check", 0, NULL, CLI_FLAG, OPT(check_only), NULL,
      "parse and validate everything; touch nothing (exit 0 valid, 2 invalid)", false, NULL },
    CLI_OPTION_DEFINE(struct args, opt),
    { NULL, 'C', "EXPR", CLI_CALL, offsetof(struct args, opt), add_criterion,
      "check EXPR after each run, as a 'criteria EXPR' line: PASS or FAIL\n"
      "(any FAIL: exit 3), e.g. -C 'p99(r1) <= 5ms' (repeatable)", false, NULL },
    { "runtime", 0, "LENGTH", CLI_CALL, offsetof(struct args, opt), parse_runtime,
      "length of every run: seconds, or with a unit (500ms, 90s, 5m, 2h)\n"
      "(default: as the script says, else 60 s)", false, NULL },
    CLI_OPTION_WORKLOADS(struct args, opt, "also look for workloads in DIR (before the defaults; repeatable)"),
    { "steadystate", 0, "METRIC:LIMIT%:WINDOW[:warmup=S]", CLI_CALL, offsetof(struct args, opt), parse_steadystate,
      "end each run once the last WINDOW\n"
      "one-second figures of iops, bw or p99 stay within LIMIT% of their\n"
      "mean, e.g. iops:2%:30s:warmup=10s (over the script's set steadystate)", false, NULL },
    { "interval", 0, "S", CLI_CALL, OPT(run.interval), parse_interval,
      "print a progress line (ops/s, MiB/s, mean and p99 latency) every S seconds", false, NULL },
    { "json", 0, "FILE", CLI_TEXT, offsetof(struct args, json), NULL,
      "write every run's results as one JSON document (- for stdout; other\n"
      "output then goes to stderr)", false, NULL },
    { "csv", 0, "FILE", CLI_TEXT, offsetof(struct args, csv), NULL,
      "write the per-flowop table, one row per flowop and run", false, NULL },
    { "report", 0, "DIR", CLI_TEXT, offsetof(struct args, report), NULL,
      "write DIR/index.html: throughput over time, latency percentiles, op mix", false, NULL },
    { "clock", 0, "SOURCE", CLI_CALL, OPT(clock), parse_clock,
      "the clock timing each op: auto (default: tsc where the kernel keeps time\n"
      "with it, else vdso), tsc, or vdso (clock_gettime)", false, clock_words },
    { "quiet", 0, NULL, CLI_FLAG, OPT(run.quiet), NULL, "no live status line on a terminal and no population progress", false, NULL },
    { "mkdir-parents", 0, NULL, CLI_FLAG, OPT(run.mkdir_parents), NULL,
      "make missing parent directories of $dir too (by default only $dir\n"
      "itself is made, and a missing parent is an error)", false, NULL },
    { "ioengine", 0, "NAME", CLI_CALL, OPT(ioengine), parse_ioengine,
      "every read and write of the run through this engine\n"
      "(over the script's ioengine=)", false, ioengine_words },
    { "iodepth", 0, "N", CLI_CALL, OPT(iodepth), parse_iodepth,
      "requests each flowop keeps in flight on an asynchronous engine\n"
      "(over the script's iodepth=)", false, NULL },
    { "lathist", 0, NULL, CLI_FLAG, OPT(lathist), NULL,
      "after each report, print every flowop's latency histogram (and\n"
      "write it into --json as latency_ns.histogram); as 'enable lathist'", false, NULL },
    { "latency-log", 0, "FILE", CLI_TEXT, OPT(run.latlog.path), NULL,
      "one line per op: time since the run's start and latency in ns,\n"
      "flowop, bytes, offset, thread (later runs: FILE.run-N; over MPI\n"
      "ranks each writes its own, FILE.rank-NNNN)", false, NULL },
    { "latency-log-format", 0, "csv|bin", CLI_CALL, ARGS, parse_latlog_format,
      "CSV with a header (default) or the binary records\n"
      "(read back with 'flowbench latlog2csv')", false, NULL },
    { "latency-log-sample", 0, "N", CLI_CALL, ARGS, parse_latlog_sample,
      "log one op in N of each thread (every Nth; default 1)", false, NULL },
    { "flush", 0, NULL, CLI_FLAG, OPT(run.flush), NULL,
      "before every run, once its filesets are in place, sync and drop the\n"
      "page cache (as root: /proc/sys/vm/drop_caches; else posix_fadvise\n"
      "over every file of the filesets)", false, NULL },
    { "mpi-shared", 0, NULL, CLI_FLAG, OPT(mpi_shared), NULL,
      "over MPI ranks, every fileset and file is one tree that all ranks use\n"
      "(as the attribute shared): rank 0 makes it, each rank creates and\n"
      "deletes only its own share of the entries (default: rank-NNNN each)", false, NULL },
    { "man", 0, "1|5", CLI_CALL, ARGS, print_man,
      "print the man page flowbench(1) or flowbench-workloads(5) (roff)", false, NULL },
    { "bind", 0, "KIND[:POLICY]", CLI_CALL, OPT(run.bind), parse_bind,
      "bind every thread that has no bind= of its own: each instance to\n"
      "one pu, core, package or numa node, spread (default) or compact", false, NULL },
    { "topology", 0, NULL, CLI_CALL, ARGS, print_topology,
      "print the machine as hwloc sees it (packages, NUMA nodes, caches,\n"
      "cores, PUs) and exit", false, NULL },
    { "journal", 0, "DIR", CLI_TEXT, OPT(journal), NULL,
      "every fileset with verify records which write of each block was\n"
      "made durable in DIR (as journal=); flowbench verify-tree reads it\n"
      "back after a crash (docs/durability.md)", false, NULL },
    { "journal-force", 0, NULL, CLI_FLAG, OPT(run.journal_force), NULL,
      "allow a journal on the file system of the tree it judges", false, NULL },
    { "help", 'h', NULL, CLI_CALL, ARGS, print_help, "this text", false, NULL },
    { "version", 0, NULL, CLI_CALL, ARGS, print_version, "print the version", false, NULL },
    { "doc-tables", 0, NULL, CLI_CALL, ARGS, print_doc_tables, NULL, false, NULL },
    /* hidden, for the bash completion: the subcommands and these rows, or a subcommand's rows */
    { "complete", 0, "[=COMMAND]", CLI_CALL, ARGS, print_complete, NULL, false, NULL },
    /* hidden, for the crash tests: a workload that claims durability it never asked for */
    { "test-durable-on-write", 0, NULL, CLI_FLAG, OPT(run.durable_on_write), NULL, NULL, false, NULL },
};
const size_t classic_noptions = sizeof classic_options / sizeof classic_options[0];

static void usage(FILE *out)
{
    fprintf(out,
            "usage: flowbench [options]                 interactive shell (or commands from a pipe)\n"
            "       flowbench [options] -f SCRIPT.f     run a workload script\n");
    subcommand_usage(out);
    fprintf(out, "\noptions:\n");
    cli_options_usage(out, classic_options, classic_noptions);
    fprintf(out,
            "\n"
            "Workloads are searched in --workloads, $FLOWBENCH_WORKLOADS (colon-separated), then\n"
            "PREFIX/share/flowbench/workloads when installed as PREFIX/bin/flowbench, else (run from\n"
            "its build directory) the source tree's workloads/.\n"
            "Exit status: 0 ok, 1 a run failed, 2 usage, parse or validation error, 3 a criterion failed,\n"
            "128 + the signal "
            "when stopped by one (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP).\n");
}

static int parse_args(int argc, char **argv, struct args *a)
{
    struct diag err;
    diag_clear(&err);
    if (cli_options_parse(classic_options, classic_noptions, argc, argv, a, &err) != 0) {
        diag_print(&err, stderr);
        usage(stderr);
        return -1;
    }
    if (optind < argc) {
        diag_printf(stderr, "flowbench: error: unexpected argument '%s' (scripts are given with -f)\n", argv[optind]);
        return -1;
    }
    if (a->latlog_tuned && a->opt.run.latlog.path == NULL) {
        diag_printf(stderr, "flowbench: error: --latency-log-format and --latency-log-sample shape the log of "
                            "--latency-log FILE, which is not given\n");
        return -1;
    }
    return workload_dirs_default(&a->opt);
}

static void args_free(struct args *a)
{
    workload_dirs_free(&a->opt);
    for (size_t i = 0; i < a->opt.noverrides; i++) {
        free(a->opt.overrides[i].name);
        free(a->opt.overrides[i].value);
    }
    free(a->opt.overrides);
    free(a->opt.criteria);
}

static int write_file(const struct report_input *in, const char *path,
                      int (*fn)(const struct report_input *, FILE *), const char *what)
{
    struct outfile o;
    int rc = outfile_open(&o, path);
    if (rc == 0)
        rc = outfile_end(&o, fn(in, o.f));
    if (rc != 0)
        diag_printf(stderr, "flowbench: error: cannot write the %s to %s: %s\n", what, path, outfile_strerror(errno));
    return rc;
}

/* The machine-readable outputs, written once at the end of the invocation. */
static int write_outputs(const struct report_input *in, const struct args *a)
{
    int rc = 0;
    if (a->json != NULL)
        rc |= write_file(in, a->json, results_write_json, "JSON results");
    if (a->csv != NULL)
        rc |= write_file(in, a->csv, results_write_csv, "CSV results");
    if (a->report != NULL && results_write_html(in, a->report) != 0) {
        diag_printf(stderr, "flowbench: error: cannot write the report to %s/index.html: %s\n", a->report,
                    outfile_strerror(errno));
        rc = -1;
    }
    return rc;
}

/* The outputs over the invocation's results and its variables as it left them. */
static int write_reports(const struct interp *in, const struct args *a)
{
    struct report_vars vars;
    if (report_vars_build(&in->vars, &vars) != 0) {
        diag_printf(stderr, "flowbench: error: out of memory for the reports\n");
        return -1;
    }
    const struct report_input reported = { &in->results, in->opt.script != NULL ? in->opt.script : in->workload, &vars,
                                           in->lathist };
    int rc = write_outputs(&reported, a);
    report_vars_free(&vars);
    return rc;
}

/* The outputs are written after the runs: a path that cannot be written is refused
 * before the first run starts, not found out an hour later. */
static int check_outputs(const struct args *a)
{
    const struct { const char *opt, *path; int (*check)(const char *); } outs[] = {
        { "--json", a->json, outfile_check },
        { "--csv", a->csv, outfile_check },
        { "--report", a->report, outpath_check_dir },
        { "--latency-log", a->opt.run.latlog.path, outfile_check },
    };
    if (a->opt.run.latlog.path != NULL && strcmp(a->opt.run.latlog.path, "-") == 0) {
        diag_printf(stderr, "flowbench: error: --latency-log wants a file (it is merged after the run), not -\n");
        return -1;
    }
    if (a->json != NULL && a->csv != NULL && strcmp(a->json, "-") == 0 && strcmp(a->csv, "-") == 0) {
        diag_printf(stderr, "flowbench: error: --json - and --csv - would both write to stdout; send one to a file\n");
        return -1;
    }
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        if (outs[i].path == NULL)
            continue;
        if (outs[i].check(outs[i].path) != 0) {
            diag_printf(stderr, "flowbench: error: %s %s: cannot write the results there: %s\n", outs[i].opt, outs[i].path,
                        outfile_strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Standard input reaches rank 0 alone: the shell or piped commands would run
 * there only, and the other ranks wait for it at the first agreement (a
 * replay reads its trace on every rank). */
static int ranks_need_script(const struct args *a, bool speaker)
{
    if (dist_size() == 1 || a->file != NULL || a->opt.replay != NULL)
        return 0;
    if (speaker)
        diag_printf(stderr, "flowbench: error: over %d ranks the workload comes from -f FILE (standard input "
                            "reaches rank 0 alone): mpirun ... flowbench -f W.f\n", dist_size());
    return -1;
}

/* Over many ranks (mpirun), rank 0 speaks for the run: the others' lines
 * go nowhere (their errors still show) and they write no outputs. */
static FILE *rank_out(FILE *out)
{
    return dist_rank() == 0 ? out : fopen("/dev/null", "w");
}

static int run_commands(int argc, char **argv, const struct replay_req *r);

int main(int argc, char **argv)
{
    const struct subcommand *sub = argc > 1 ? subcommand_find(argv[1]) : NULL;
    if (sub != NULL && subcommand_wants_help(argc - 1, argv + 1)) {
        subcommand_help(stdout, sub->name);
        return fflush(stdout) == 0 ? EXIT_OK : EXIT_RUNFAIL;
    }
    if (sub != NULL)
        return sub->run(argc - 1, argv + 1);
    dist_init(&argc, &argv);
    int status = run_commands(argc, argv, NULL);
    dist_finalize();
    return status;
}

int main_run(int argc, char **argv, const struct replay_req *r)
{
    dist_init(&argc, &argv);
    int status = run_commands(argc, argv, r);
    dist_finalize();
    return status;
}

static int run_commands(int argc, char **argv, const struct replay_req *r)
{
    struct args a = { .opt.replay = r };
    struct interp in;
    bool speaker = dist_rank() == 0;
    /* A reader that goes away (flowbench ... | head) must not kill a run midway. */
    signal(SIGPIPE, SIG_IGN);
    /* Ctrl-C, SIGTERM and SIGHUP stop what runs, in order: results and outputs are kept.
     * Installed first: nothing from here on waits where a stop signal cannot end it. */
    signals_install();
    if (parse_args(argc, argv, &a) != 0 || (speaker && check_outputs(&a) != 0) || ranks_need_script(&a, speaker) != 0) {
        args_free(&a);
        return EXIT_USAGE;
    }
    if (stop_requested()) {
        args_free(&a);
        return stop_status();
    }
    bool tty = a.file == NULL && isatty(STDIN_FILENO);
    a.opt.argv = argv;
    a.opt.argc = (size_t)argc;
    a.opt.interactive = tty;
    /* With JSON or CSV on stdout, everything else goes to stderr so stdout parses. */
    bool data_stdout = (a.json != NULL && strcmp(a.json, "-") == 0) || (a.csv != NULL && strcmp(a.csv, "-") == 0);
    FILE *out = rank_out(data_stdout ? stderr : stdout);
    if (out == NULL || interp_init(&in, &a.opt, out, stderr) != 0) {
        diag_printf(stderr, "flowbench: error: %s\n", out == NULL ? "cannot open /dev/null" : "out of memory");
        args_free(&a);
        return EXIT_USAGE;
    }
    int status;
    if (parse_criteria(&in, &a.opt) != 0) {
        interp_free(&in);
        args_free(&a);
        return EXIT_USAGE;
    }
    if (r != NULL) {
        status = r->run(&in);
    } else if (a.file != NULL) {
        /* A path, or else the name of a workload on the search path (-f varmail). */
        char *found = workload_find(&in, a.file);
        status = interp_exec_file(&in, found != NULL ? found : a.file, NULL);
        free(found);
        if (status == EXIT_OK)
            status = interp_finish_batch(&in);
    } else if (tty) {
        status = shell_run(&in, stdin, 1);
    } else {
        status = interp_exec_stream(&in, stdin, "<stdin>");
    }
    /* After a script error the rest of the script was never read: a -D it
     * names further down would be reported missing. */
    if (!tty && status != EXIT_USAGE && interp_check_overrides(&in) != 0 && status == EXIT_OK)
        status = EXIT_USAGE;
    if (speaker && write_reports(&in, &a) != 0 && status == EXIT_OK)
        status = EXIT_RUNFAIL;
    status = interp_exit_status(&in, status);
    interp_free(&in);
    args_free(&a);
    if (out != stdout && out != stderr)
        fclose(out);
    fflush(stdout);
    return status;
}
