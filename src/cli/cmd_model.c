/* cmd_model.c: `flowbench model TRACE [-o APP.f] [--root DIR] [--own F] [--check ...]`:
 * writes an editable workload fitted to a trace (src/trace/trace_model.c); --own also
 * writes the trace as read, in flowbench's own format (what the fit saw); --check runs
 * the model briefly and prints how far it is from the trace (cmd_model_check.c). Both
 * outputs go through base/outfile.h: checked before the trace is read, written as
 * new files and renamed into place only once both are whole. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outfile.h"
#include "cli/interp.h"
#include "cli/model_check.h"
#include "cli/options.h"
#include "cli/subcommand.h"
#include "trace/trace.h"

/* An output that cannot be written (opt: the option naming it): said, with why. */
static int out_failed(const char *opt, const char *path, int err)
{
    diag_printf(stderr, "flowbench model: error: %s %s: cannot write it: %s\n", opt, path, outfile_strerror(err));
    return -1;
}

/* Refused before anything is read: a link, FIFO, device or directory at path. */
static int out_check(const char *opt, const char *path)
{
    if (path == NULL || outfile_check(path) == 0)
        return 0;
    return out_failed(opt, path, errno);
}

/* The model of t, and its own-format copy when own names one, written whole or not at all
 * (nothing is renamed before both are written). named: outpath is the user's -o (a failure says it is kept). */
static int model_write(const struct trace *t, const char *in, const char *outpath, const char *own, bool named)
{
    struct outfile mo, oo = { .dirfd = -1 };
    const char *mpath = outpath != NULL ? outpath : "-";
    if (outfile_open(&mo, mpath) != 0) {
        out_failed("-o", mpath, errno);
        return EXIT_RUNFAIL;
    }
    struct diag err = { 0 };
    if (trace_model_write(t, in, mo.f, &err) != 0) {
        outfile_discard(&mo);
        diag_printf(stderr, "flowbench model: error: %s%s%s%s\n", err.msg, named ? " (" : "", named ? mpath : "",
                    named ? " left as it was)" : "");
        return err.bad_input ? EXIT_USAGE : EXIT_RUNFAIL;
    }
    if (own != NULL && (outfile_open(&oo, own) != 0 || outfile_end(&oo, trace_write(t, oo.f)) != 0)) {
        int e = errno;
        outfile_discard(&mo);
        out_failed("--own", own, e);
        return EXIT_RUNFAIL;
    }
    if (outfile_commit(&mo) != 0) {
        out_failed("-o", mpath, errno);
        return EXIT_RUNFAIL;
    }
    return EXIT_OK;
}

struct model_args {
    const char *in, *outpath, *root, *own;
    bool check;
    struct model_check_opts co;
};

/* --runtime: a whole number of seconds from 1 to an hour. */
static int parse_seconds(void *field, const char *s, struct diag *err)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < 1 || v > 3600 || s[0] == '-')
        return diag_set(err, NULL, "--runtime wants whole seconds from 1 to 3600, got '%s'", s);
    *(unsigned *)field = (unsigned)v;
    return 0;
}

#define MODEL(f) offsetof(struct model_args, f)

/* -D here is where --check runs, a directory: not the -D NAME=VALUE of a script's variables. */
const struct cli_option model_options[] = {
    { NULL, 'o', "APP.f", CLI_TEXT, MODEL(outpath), NULL,
      "the workload to write (standard output if none; a new file, renamed into place)", false, NULL },
    { "root", 0, "DIR", CLI_TEXT, MODEL(root), NULL, "strace logs: names beneath DIR are kept, relative to it", false,
      NULL },
    { "own", 0, "F", CLI_TEXT, MODEL(own), NULL, "also write the trace as read, in flowbench's own format", false,
      NULL },
    { "check", 0, NULL, CLI_FLAG, MODEL(check), NULL,
      "run the model (2 s, then at least 5 s at its pace) and compare it with the trace", false, NULL },
    { NULL, 'D', "DIR", CLI_TEXT, MODEL(co.parent), NULL,
      "with --check: where the model runs (default: a new directory under /tmp)", false, NULL },
    { "runtime", 0, "S", CLI_CALL, MODEL(co.secs), parse_seconds,
      "with --check: the unpaced run's seconds (1 to 3600; default 2)", false, NULL },
    { "keep", 0, NULL, CLI_FLAG, MODEL(co.keep), NULL, "with --check: keep the run's directory", false, NULL },
};
const size_t model_noptions = sizeof model_options / sizeof model_options[0];

static int parse(int argc, char **argv, struct model_args *a)
{
    struct diag err = { 0 };
    *a = (struct model_args){ .co = { .secs = 2 } };
    if (cli_options_parse(model_options, model_noptions, argc, argv, a, &err) != 0)
        return subcommand_refuse("model", err.msg), -1;
    if (optind < argc)
        a->in = argv[optind++];
    if (optind < argc) {
        diag_set(&err, NULL, "'%s': one TRACE only", argv[optind]);
        return subcommand_refuse("model", err.msg), -1;
    }
    if (a->in == NULL)
        return diag_printf(stderr, "flowbench model: error: no TRACE given\n"), -1;
    if (!a->check && (a->co.parent != NULL || a->co.keep))
        return subcommand_refuse("model", "-D and --keep go with --check"), -1;
    return 0;
}

/* --check without -o: the model goes to a file of its own in /tmp, removed after. */
static int check_model(const struct trace *t, const struct model_args *a)
{
    char tmp[] = "/tmp/flowbench-model.XXXXXX.f";
    const char *path = a->outpath;
    if (path == NULL) {
        int fd = mkstemps(tmp, 2);
        if (fd < 0)
            return diag_printf(stderr, "flowbench model: error: --check: cannot make %s: %s\n", tmp, strerror(errno)),
                   EXIT_RUNFAIL;
        close(fd);
        path = tmp;
    }
    int rc = model_write(t, a->in, path, a->own, path != tmp);
    if (rc == EXIT_OK)
        rc = model_check(t, path, &a->co, stdout);
    if (path == tmp)
        unlink(tmp);
    return rc;
}

int cmd_model_main(int argc, char **argv)
{
    struct model_args a;
    if (parse(argc, argv, &a) != 0)
        return EXIT_USAGE;
    if (out_check("-o", a.outpath) != 0 || out_check("--own", a.own) != 0)
        return EXIT_USAGE;
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = a.root };
    if (trace_load(&t, a.in, &o, &err) != 0) {
        diag_printf(stderr, "%s\n", err.msg);
        trace_free(&t);
        return EXIT_USAGE;
    }
    int rc = a.check ? check_model(&t, &a) : model_write(&t, a.in, a.outpath, a.own, a.outpath != NULL);
    trace_free(&t);
    return rc;
}
