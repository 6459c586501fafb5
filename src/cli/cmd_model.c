/* cmd_model.c: `flowbench model TRACE [-o APP.f] [--root DIR] [--own F]`: writes
 * an editable workload fitted to a trace (src/trace/trace_model.c); --own also
 * writes the trace as read, in flowbench's own format (what the fit saw). */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "cli/interp.h"
#include "cli/subcommand.h"
#include "trace/trace.h"

int cmd_model_main(int argc, char **argv)
{
    const char *in = NULL, *outpath = NULL, *root = NULL, *own = NULL;
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
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = root };
    if (trace_load(&t, in, &o, &err) != 0) {
        diag_printf(stderr, "%s\n", err.msg);
        trace_free(&t);
        return EXIT_USAGE;
    }
    FILE *out = outpath != NULL ? fopen(outpath, "w") : stdout;
    int rc = out == NULL || trace_model_write(&t, in, out) != 0;
    if (out != NULL && out != stdout && fclose(out) != 0)
        rc = 1;
    if (rc != 0)
        diag_printf(stderr, "flowbench model: error: %s: %s\n", outpath ? outpath : "stdout", strerror(errno));
    FILE *ownf = rc == 0 && own != NULL ? fopen(own, "w") : NULL;
    bool own_failed = ownf != NULL && trace_write(&t, ownf) != 0;
    if ((ownf != NULL && fclose(ownf) != 0) || own_failed || (rc == 0 && own != NULL && ownf == NULL)) {
        diag_printf(stderr, "flowbench model: error: %s: %s\n", own, strerror(errno));
        rc = 1;
    }
    trace_free(&t);
    return rc != 0 ? EXIT_RUNFAIL : EXIT_OK;
}
