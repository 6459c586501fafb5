/* cmd_model.c: `flowbench model TRACE [-o APP.f] [--root DIR] [--own F]`: writes
 * an editable workload fitted to a trace (src/trace/trace_model.c); --own also
 * writes the trace as read, in flowbench's own format (what the fit saw). Both
 * outputs go through base/outfile.h: checked before the trace is read, written as
 * new files and renamed into place only once both are whole. */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "base/outfile.h"
#include "cli/interp.h"
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
 * (nothing is renamed before both are written). */
static int model_write(const struct trace *t, const char *in, const char *outpath, const char *own)
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
        diag_printf(stderr, "flowbench model: error: %s (%s left as it was)\n", err.msg, mpath);
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

int cmd_model_main(int argc, char **argv)
{
    const char *in = NULL, *outpath = NULL, *root = NULL, *own = NULL;
    if (subcommand_wants_help(argc, argv)) {
        subcommand_help(stdout, "model");
        return EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            outpath = argv[++i];
        else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            root = argv[++i];
        else if (strcmp(argv[i], "--own") == 0 && i + 1 < argc)
            own = argv[++i];
        else if (argv[i][0] != '-' && in == NULL)
            in = argv[i];
        else {
            diag_printf(stderr, "flowbench model: error: '%s': usage: flowbench model TRACE [-o APP.f] [--root DIR] [--own F]\n",
                        argv[i]);
            return EXIT_USAGE;
        }
    }
    if (in == NULL) {
        diag_printf(stderr, "flowbench model: error: no TRACE given\n");
        return EXIT_USAGE;
    }
    if (out_check("-o", outpath) != 0 || out_check("--own", own) != 0)
        return EXIT_USAGE;
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = root };
    if (trace_load(&t, in, &o, &err) != 0) {
        diag_printf(stderr, "%s\n", err.msg);
        trace_free(&t);
        return EXIT_USAGE;
    }
    int rc = model_write(&t, in, outpath, own);
    trace_free(&t);
    return rc;
}
