/* interp_options.h: what one invocation's command line asks of the interpreter: the
 * fields the rows of the options tables fill (src/cli/main.c, cli/options.h). */
#ifndef FB_CLI_INTERP_OPTIONS_H
#define FB_CLI_INTERP_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/clock.h"
#include "engine/run_options.h"
#include "model/plan_place.h"
#include "model/steady_spec.h"

struct override {
    char *name;
    char *value;
};

struct ioengine_ops;
struct replay_req;

struct interp_options {
    bool check_only;          /* --check: validate, touch nothing */
    bool have_runtime;        /* --runtime given */
    uint64_t runtime_ns;      /* its length */
    char **workload_dirs;     /* search path of `load`, in order */
    size_t nworkload_dirs;
    struct override *overrides; /* -D name=value */
    size_t noverrides;
    bool interactive;         /* a person at a terminal: errors abort one command only */
    const char *script;       /* the -f script, for the reports (NULL in the shell) */
    struct run_options run;   /* the options the engine reads: lent whole to every run */
    enum clock_source clock;  /* --clock: what times each op */
    const struct ioengine_ops *ioengine; /* --ioengine: every flowop's engine (NULL: as the script says) */
    unsigned iodepth;         /* --iodepth: every flowop's depth (0: as the script says) */
    bool lathist;             /* --lathist: latency histograms after each report and in --json */
    bool mpi_shared;          /* --mpi-shared: over MPI ranks, every fileset is one tree for all */
    char **criteria;          /* -C EXPR, in order */
    size_t ncriteria;
    bool have_steady;         /* --steadystate SPEC given: over the script's set steadystate */
    struct steady_spec steady;
    const char *journal;      /* --journal DIR: the durability journal of every fileset with verify */
    const struct replay_req *replay; /* flowbench replay: a trace runs instead of a script */
    char *const *argv;        /* the command line, for each run's meta */
    size_t argc;
};

#endif
