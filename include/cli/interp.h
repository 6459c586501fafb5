/* interp.h: the run context of one flowbench invocation (interp.c): variables, the
 * model, the options, and the execution of parsed commands. All mutable interpreter
 * state lives here; the one other global is the shell's pointer to it for libedit's
 * completion callback, which takes no user pointer (shell.c), set while the shell runs. */
#ifndef FB_INTERP_H
#define FB_INTERP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "base/clock.h"
#include "cli/interp_options.h"
#include "cli/mentions.h"
#include "engine/engine.h"
#include "lang/ast.h"
#include "lang/criteria.h"
#include "lang/vars.h"
#include "model/model.h"
#include "model/steady_spec.h"
#include "results/results.h"

enum exit_status { EXIT_OK = 0, EXIT_RUNFAIL = 1, EXIT_USAGE = 2, EXIT_CRITERIA = 3 };

struct interp {
    struct interp_options opt;
    FILE *out, *err;
    struct vartab vars;
    struct model model;
    enum quit_mode mode;
    struct steady_spec steady;    /* set steadystate: the runs that follow may end once steady */
    struct ast_value *eventrate;  /* the latest eventgen rate=, unresolved */
    struct fs_cache *filesets;    /* filesets as the last run left them (engine.h) */
    struct target_locks *locks;   /* target directories locked until the invocation ends (target_lock.h) */
    struct results results;       /* every run of this invocation, for --json, --csv, --report */
    int debug;
    char **files;                 /* names of every source read; srclocs point here */
    size_t nfiles;
    char **usage;                 /* raw usage lines of the current workload */
    size_t nusage;
    char *workload;               /* name of the loaded workload, if any */
    int load_depth;               /* > 0 while executing a `load`ed file */
    bool load_noted;              /* the note about skipped runs was shown for this load */
    int nruns;                    /* runs done (or checked) so far */
    bool flush_next;              /* `flush`: the next run drops the page cache before it starts */
    bool lathist;                 /* --lathist or `enable lathist`: print and write latency histograms */
    bool procs_created;           /* `create processes`: each `sleep N` is a measured period (cmd_classic.c) */
    size_t stats_mark;            /* `stats clear`: `stats snap`/`dump` report the runs from this one on */
    bool quit;
    int status;                   /* worst status so far */
    uint64_t start_ns;            /* when flowbench started: log lines are stamped relative to it */
    struct tick_mark clock_mark;  /* the TSC's calibration starts here (interp_init) */
    struct tick_clock clock;      /* times each op; chosen and calibrated at the first run */
    bool clock_ready;
    struct mentions mentions;     /* variable names the sources set or use (only with -D) */
    bool overrides_checked;       /* interp_check_overrides has spoken */
    struct criterion *criteria;   /* -C, then the workload's `criteria` lines: judged after each run */
    size_t ncriteria;
    size_t ncriteria_cli;         /* the first ones, from -C: they outlive a `load` */
    bool criteria_failed;         /* a criterion failed: the invocation exits 3 (if nothing worse) */
};

int interp_init(struct interp *in, const struct interp_options *opt, FILE *out, FILE *err);
void interp_free(struct interp *in);
/* Parses and executes text; returns an enum exit_status. Errors are printed. */
int interp_exec_buffer(struct interp *in, const char *text, size_t len, const char *name, int first_line);
int interp_exec_file(struct interp *in, const char *path, const struct srcloc *from);
/* Executes one parsed command; returns an enum exit_status (errors printed). */
int interp_exec_cmd(struct interp *in, const struct ast_cmd *c);
/* Commands from a pipe: read to the end, then run like a script (first error stops). */
int interp_exec_stream(struct interp *in, FILE *f, const char *name);
/* Batch mode: a script that never ran gets one run at its end. */
int interp_finish_batch(struct interp *in);
const char *interp_intern_name(struct interp *in, const char *name);
/* Applies -D overrides to the variable table (again after a `load` resets it). */
int interp_apply_overrides(struct interp *in);

/* Forgets the model and variables (a `load` starts from a clean slate). */
void interp_reset(struct interp *in);

/* What a `load` replaces: the model, the variables and everything defined with them. */
struct interp_saved {
    struct vartab vars;
    struct model model;
    enum quit_mode mode;
    struct steady_spec steady;    /* set steadystate: the runs that follow may end once steady */
    struct ast_value *eventrate;
    struct fs_cache *filesets;
    char **usage;
    size_t nusage;
    char *workload;
    struct criterion *criteria;   /* the workload's criteria lines (not -C's) */
    size_t ncriteria;
};

/* Moves the workload out of in (which is left as after interp_reset), so that a
 * failed `load` can put it back untouched: a load is all or nothing. */
void interp_set_aside(struct interp *in, struct interp_saved *s);
/* Drops what in holds now and moves s back into it. */
void interp_put_back(struct interp *in, struct interp_saved *s);
void interp_saved_free(struct interp_saved *s);

/* A -D whose name no source read so far sets or uses is likely misspelled: a warning,
 * in --check an error (-1, already printed). Checked once per invocation: when the
 * first run starts (its sources are read by then) or at the end. */
int interp_check_overrides(struct interp *in);

#endif
