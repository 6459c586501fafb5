/* cmd_model.c: `flowbench model TRACE [-o APP.f] [--root DIR]`: writes an
 * editable workload fitted to a trace (src/trace/trace_model.c). */
#include <errno.h>
#include <string.h>

#include "cli/interp.h"
#include "cli/subcommand.h"
#include "trace/trace.h"

int cmd_model_main(int argc, char **argv)
{
    const char *in = NULL, *outpath = NULL, *root = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            outpath = argv[++i];
        else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            root = argv[++i];
        else if (argv[i][0] != '-' && in == NULL)
            in = argv[i];
        else {
            diag_printf(stderr, "flowbench model: error: '%s': usage: flowbench model TRACE [-o APP.f] [--root DIR]\n",
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
    trace_free(&t);
    return rc != 0 ? EXIT_RUNFAIL : EXIT_OK;
}
