/* interp.h: the run context of one flowbench invocation: variables, the model,
 * options, and the execution of parsed commands. All mutable interpreter state
 * lives here; the one other global is the shell's pointer to it for libedit's
 * completion callback, which takes no user pointer (shell.c), set while the
 * shell runs. */
#ifndef FB_INTERP_H
#define FB_INTERP_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "lang/ast.h"
#include "model/steady_spec.h"
#include "base/clock.h"
#include "model/model.h"
#include "engine/engine.h"
#include "cli/mentions.h"
#include "model/plan.h"
#include "results/results.h"
#include "lang/vars.h"
#include "lang/criteria.h"

enum exit_status { EXIT_OK = 0, EXIT_RUNFAIL = 1, EXIT_USAGE = 2, EXIT_CRITERIA = 3 };

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
    uint64_t interval;        /* --interval S: a progress line and a sample every S seconds (0: none) */
    enum clock_source clock;  /* --clock: what times each op */
    bool mkdir_parents;       /* --mkdir-parents: make missing parents of $dir too */
    bool quiet;               /* --quiet: no live status line, no population progress */
    const struct ioengine_ops *ioengine; /* --ioengine: every flowop's engine (NULL: as the script says) */
    unsigned iodepth;         /* --iodepth: every flowop's depth (0: as the script says) */
    bool flush;               /* --flush: drop the page cache before every run */
    bool lathist;             /* --lathist: latency histograms after each report and in --json */
    bool mpi_shared;          /* --mpi-shared: over MPI ranks, every fileset is one tree for all */
    struct latlog_opts latlog; /* --latency-log FILE, -format, -sample (0: 1) */
    struct place_default bind; /* --bind KIND[:POLICY]: every thread's bind= unless it says */
    char **criteria;          /* -C EXPR, in order */
    size_t ncriteria;
    bool have_steady;         /* --steadystate SPEC given: over the script's set steadystate */
    struct steady_spec steady;
    const char *journal;      /* --journal DIR: the durability journal of every fileset with verify */
    bool journal_force;       /* --journal-force: the journal may share the tree's file system */
    bool durable_on_write;    /* --test-durable-on-write (hidden): every write journaled durable, unsynced */
    const struct replay_req *replay; /* flowbench replay: a trace runs instead of a script */
    char *const *argv;        /* the command line, for each run's meta */
    size_t argc;
};

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
/* -D NAME=VALUE (or $NAME=VALUE) onto the options; -1 with a message on stderr. */
int interp_add_override(struct interp_options *o, const char *text);
/* Applies -D overrides to the variable table (again after a `load` resets it). */
int interp_apply_overrides(struct interp *in);
/* Parses a criterion (loc: where its text starts) and keeps it for every later run. */
int interp_add_criterion(struct interp *in, const char *text, const struct srcloc *loc, struct diag *err);
/* The invocation's exit status from its worst command's and its criteria. */
int interp_exit_status(const struct interp *in, int status);

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

/* Finds a workload by name or path along the search path; returns a malloc'ed path or NULL. */
char *workload_find(const struct interp *in, const char *name);
/* Finds a profile (NAME.prof) by name or path along the same search path; malloc'ed or NULL. */
char *profile_find(const struct interp_options *o, const char *name);
/* The search path: one more folder; the defaults ($FLOWBENCH_WORKLOADS, installed,
 * source) after those given; freeing it. -1 when out of memory. */
int workload_dirs_add(struct interp_options *o, const char *dir);
int workload_dirs_default(struct interp_options *o);
void workload_dirs_free(struct interp_options *o);
/* Calls fn for every workload on the search path (name without ".f", first line summary). */
void workload_each(const struct interp *in, void (*fn)(const char *name, const char *path, void *ctx), void *ctx);
/* Reads the first-line summary ("# text") of a workload file into buf. */
void workload_summary(const char *path, char *buf, size_t len);

/* Expands $var references and escapes in a raw quoted string. Returns malloc'ed text. */
char *interp_expand(const struct interp *in, const char *raw);
/* Reads a $name or ${name} at p into name; returns its length in the text, 0 if none. */
size_t expand_var_ref(const char *p, char *name, size_t cap);

/* A -D whose name no source read so far sets or uses is likely misspelled: a warning,
 * in --check an error (-1, already printed). Checked once per invocation: when the
 * first run starts (its sources are read by then) or at the end. */
int interp_check_overrides(struct interp *in);

#endif
