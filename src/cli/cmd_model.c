/* cmd_model.c: `flowbench model TRACE [-o APP.f] [--root DIR] [--own F] [--check ...]`:
 * writes an editable workload fitted to a trace (src/trace/trace_model.c); --own also
 * writes the trace as read, in flowbench's own format (what the fit saw); --check runs
 * the model briefly and prints how far it is from the trace (cmd_model_check.c). Both
 * outputs go through base/outfile.h: checked before the trace is read, written as
 * new files and renamed into place only once both are whole. */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outfile.h"
#include "cli/interp.h"
#include "cli/model_check.h"
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

#define MODEL_USAGE "flowbench model TRACE [-o APP.f] [--root DIR] [--own F] [--check [-D DIR] [--runtime S] [--keep]]"

struct model_args {
    const char *in, *outpath, *root, *own;
    bool check;
    struct model_check_opts co;
};

/* A whole number of seconds from 1 to an hour, or 0. */
static unsigned seconds(const char *s)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    return errno == 0 && *end == '\0' && v >= 1 && v <= 3600 && s[0] != '-' ? (unsigned)v : 0;
}

static int parse(int argc, char **argv, struct model_args *a)
{
    *a = (struct model_args){ .co = { .secs = 2 } };
    for (int i = 1; i < argc; i++) {
        bool more = i + 1 < argc;
        if (strcmp(argv[i], "-o") == 0 && more)
            a->outpath = argv[++i];
        else if (strcmp(argv[i], "--root") == 0 && more)
            a->root = argv[++i];
        else if (strcmp(argv[i], "--own") == 0 && more)
            a->own = argv[++i];
        else if (strcmp(argv[i], "--check") == 0)
            a->check = true;
        else if (strcmp(argv[i], "--keep") == 0)
            a->co.keep = true;
        else if (strcmp(argv[i], "-D") == 0 && more)
            a->co.parent = argv[++i];
        else if (strcmp(argv[i], "--runtime") == 0 && more && seconds(argv[i + 1]) > 0)
            a->co.secs = seconds(argv[++i]);
        else if (argv[i][0] != '-' && a->in == NULL)
            a->in = argv[i];
        else {
            diag_printf(stderr, "flowbench model: error: '%s': usage: " MODEL_USAGE "\n", argv[i]);
            return -1;
        }
    }
    if (a->in == NULL)
        return diag_printf(stderr, "flowbench model: error: no TRACE given\n"), -1;
    if (!a->check && (a->co.parent != NULL || a->co.keep))
        return diag_printf(stderr, "flowbench model: error: -D and --keep go with --check: usage: " MODEL_USAGE "\n"), -1;
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
    if (subcommand_wants_help(argc, argv)) {
        subcommand_help(stdout, "model");
        return EXIT_OK;
    }
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
