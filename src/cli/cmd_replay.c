/* cmd_replay.c: `flowbench replay TRACE -D dir=DIR [--mode afap|think|timed]
 * [--speed X] [--root DIR] [output options]`: reads the trace, lays down the
 * tree it expects beneath DIR, compiles it into a plan and runs that as any
 * run (docs/replay.md). Bad input: file:line, exit 2. */
#include <stdlib.h>
#include <string.h>

#include "cli/interp.h"
#include "cli/replay.h"
#include "cli/subcommand.h"
#include "lang/vars.h"
#include "trace/trace.h"

static const char *const mode_names[] = { [RP_AFAP] = "afap", [RP_THINK] = "think", [RP_TIMED] = "timed" };

static int usage_error(const char *msg)
{
    diag_printf(stderr, "flowbench replay: error: %s\n"
                        "usage: flowbench replay TRACE -D dir=DIR [--mode afap|think|timed] [--speed X] [--rt] [--root DIR] "
                        "[--json F] [--csv F] [--report DIR] [-C EXPR]\n", msg);
    return EXIT_USAGE;
}

static int parse_mode(const char *s)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(mode_names[i], s) == 0)
            return i;
    return -1;
}

/* Takes TRACE and the replay's own options out; the rest goes to the classic command line. */
int cmd_replay_main(int argc, char **argv)
{
    struct replay_req r = { .mode = RP_AFAP, .speed = 1 };
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (rest == NULL)
        return usage_error("out of memory");
    int n = 0;
    rest[n++] = "flowbench";
    for (int i = 1; i < argc; i++) {
        bool has_next = i + 1 < argc;
        if (strcmp(argv[i], "--mode") == 0 && has_next) {
            r.mode = parse_mode(argv[++i]);
            if (r.mode < 0)
                return usage_error("--mode is afap, think or timed");
        } else if (strcmp(argv[i], "--speed") == 0 && has_next) {
            char *end;
            r.speed = strtod(argv[++i], &end);
            if (*end != '\0' || !(r.speed > 0))
                return usage_error("--speed is a number above 0");
        } else if (strcmp(argv[i], "--rt") == 0) {
            r.realtime = true;
        } else if (strcmp(argv[i], "--root") == 0 && has_next) {
            r.root = argv[++i];
        } else if (i == 1 && argv[i][0] != '-') {
            r.trace = argv[i]; /* TRACE comes first, as the usage says: an option's value is never taken for it */
        } else {
            rest[n++] = argv[i];
        }
    }
    if (r.trace == NULL)
        return usage_error("no TRACE given (it comes first: flowbench replay TRACE ...)");
    int status = main_run(n, rest, &r);
    free(rest);
    return status;
}

static const char *override_of(const struct interp *in, const char *name)
{
    for (size_t i = 0; i < in->opt.noverrides; i++)
        if (strcmp(in->opt.overrides[i].name, name) == 0)
            return in->opt.overrides[i].value;
    return NULL;
}

/* $dir and the mode become variables of the run: the reports and JSON name them. */
static int set_vars(struct interp *in, const char *dir, const struct replay_req *r)
{
    char text[8192];
    snprintf(text, sizeof text, "set $dir=\"%s\"\nset $replay_mode=\"%s\"\nset $replay_speed=\"%g\"\n", dir,
             mode_names[r->mode], r->speed);
    return interp_exec_buffer(in, text, strlen(text), "<replay>", 1);
}

int cmd_replay_run(struct interp *in)
{
    const struct replay_req *r = in->opt.replay;
    const char *dir = override_of(in, "dir");
    if (dir == NULL) {
        diag_printf(in->err, "flowbench replay: error: -D dir=DIR is required: the directory everything happens beneath\n");
        return EXIT_USAGE;
    }
    char real[4096];
    if (realpath(dir, real) == NULL) {
        diag_printf(in->err, "flowbench replay: error: %s: no such directory (make it first)\n", dir);
        return EXIT_USAGE;
    }
    if (set_vars(in, real, r) != 0) {
        diag_printf(in->err, "flowbench replay: error: cannot set the run's variables\n");
        return EXIT_USAGE;
    }
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = r->root, .all = false };
    if (trace_load(&t, r->trace, &o, &err) != 0) {
        diag_printf(in->err, "%s\n", err.msg);
        trace_free(&t);
        return EXIT_USAGE;
    }
    struct trace_compiled c;
    if (trace_compile(&t, real, (enum rp_mode)r->mode, r->speed, &c, &err) != 0) {
        diag_printf(in->err, "%s\n", err.msg);
        trace_compiled_free(&c);
        trace_free(&t);
        return EXIT_USAGE;
    }
    c.image->realtime = r->realtime && r->mode != RP_AFAP;
    uint64_t files, bytes;
    int status = EXIT_OK;
    if (in->opt.check_only) {
        /* --check: the trace is read and compiled; nothing is laid down or run */
        fprintf(in->out, "check: %s trace %s is valid: %zu calls (%llu left out), %zu processes, %u threads\n", t.format,
                r->trace, (size_t)c.image->nrecs, (unsigned long long)t.dropped, c.plan.nprocs, c.image->nthreads);
    } else if (trace_lay_tree(&t, real, &files, &bytes, &err) != 0) {
        diag_printf(in->err, "flowbench replay: error: %s\n", err.msg);
        status = EXIT_RUNFAIL;
    } else {
        fprintf(in->out, "replay: %s trace %s: %zu calls (%llu left out), %zu processes, %u threads, %llu "
                         "cross-thread waits; mode %s, speed %g; laid down %llu files, %llu bytes under %s\n",
                t.format, r->trace, (size_t)c.image->nrecs, (unsigned long long)t.dropped, c.plan.nprocs,
                c.image->nthreads, (unsigned long long)c.waits, mode_names[r->mode], r->speed,
                (unsigned long long)files, (unsigned long long)bytes, real);
        if (run_built_plan(in, &c.plan, &err) != 0)
            status = EXIT_RUNFAIL;
    }
    trace_compiled_free(&c);
    trace_free(&t);
    return status;
}
