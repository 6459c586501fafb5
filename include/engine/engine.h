/* engine.h: what a run asks of the engine: a run description (the plan, the
 * options, where the lines and the results go), built by the cli; the engine
 * creates the filesets, runs the processes and threads, and fills results. */
#ifndef FB_ENGINE_H
#define FB_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/clock.h"
#include "base/diag.h"
#include "base/progress_sink.h"
#include "engine/latlog.h"
#include "engine/run_options.h"
#include "model/steady_spec.h"
#include "model/plan.h"

/* The most threads one run makes, over every process (engine.c). */
#define FB_MAX_THREADS 1000000u
#include "results/results.h"

/* How the engine's measured lines are written: the cli lends the text report's
 * writers, so the engine formats nothing it measured. */
struct run_writer {
    /* The classic report of a result: at the end, and every psrun period. */
    void (*result)(FILE *out, const struct run_result *r, double stamp);
    /* One --interval sample. */
    void (*interval)(FILE *out, const struct interval_sample *s, double stamp);
    /* The note on a flowop that kept the run going past its end. */
    void (*overrun)(FILE *out, const struct overrun_note *n, double stamp);
    /* At a run's start: how much of one fileset the page cache holds. */
    void (*cache)(FILE *out, const struct cache_share *c, double stamp);
    /* The live status line (run_desc.status): drawn in place, and wiped before other output. */
    void (*status)(FILE *out, const struct live_status *s);
    void (*status_clear)(FILE *out);
    /* Before the filesets: the run's number and the machine it runs on. */
    void (*banner)(FILE *out, int run, const struct host_info *h, double stamp);
    /* At the start barrier: how many threads in how many processes. */
    void (*launch)(FILE *out, size_t threads, size_t processes, double stamp);
    /* At the end: how long it ran, and whether a signal cut it short. */
    void (*took)(FILE *out, double seconds, bool interrupted, double stamp);
    /* The latency log written (--latency-log). */
    void (*latlog)(FILE *out, const struct latlog_summary *l, double stamp);
    /* A note on what the engine did (placement, flush, a shared tree). */
    void (*note)(FILE *out, const char *text, double stamp);
    /* A fileset's population, reported up by the fileset layer (progress_sink.h):
     * how far it got about once a second, its end, and its lines of its own. */
    void (*progress)(FILE *out, const struct task_progress *p);
    void (*progress_end)(FILE *out);
    void (*progress_note)(FILE *out, const char *line);
};

/* Filesets kept between the runs of one script, so a phase sees what the one
 * before it left; owned by the invocation, lent to each run, forgotten when a
 * workload is loaded. */
struct fs_cache;
void fs_cache_free(struct fs_cache *c);
struct target_locks;

struct run_desc {
    /* What to run. */
    const struct plan *plan;
    const struct flowop_hooks *const *flowops; /* how each flowop type runs, by id: lent by the cli */
    const bool *procs;             /* procs[i]: run plan process i (a phase runs some of them); NULL = all */
    uint64_t length_ns;            /* 0: until a finish condition (firstdone/alldone) */
    bool psrun;
    uint64_t period;               /* psrun: seconds between reports */
    bool interval_stats;           /* psrun with a negative period: statistics restart each period */
    struct steady_spec steady;     /* set steadystate / --steadystate: end the run once it holds */
    int index;                     /* 1 for the first run of this invocation */
    /* The options the engine reads (run_options.h), lent whole by the cli. */
    struct run_options opt;
    bool status;                   /* out is a terminal: a live status line, rewritten once a second */
    const struct tick_clock *clock; /* times each op; NULL before the first run chose it */
    /* Where the lines go: progress on out (stamped since start_ns), diagnostics on err. */
    FILE *out, *err;
    uint64_t start_ns;
    const struct run_writer *writer;
    /* Lent by the invocation for the run. */
    struct fs_cache **filesets;
    struct target_locks **locks;   /* target directories locked until the invocation ends (target_lock.h) */
    struct results *results;       /* the run's result is appended; the host filled in */
    const struct run_meta *meta;   /* the variables and command line of the run, copied into its result; NULL: none */
};

/* 0: the run completed and was reported; 1: it failed (message printed);
 * -1: refused before starting, with err set; a signal's status if one cut it short. */
int engine_run(const struct run_desc *d, struct diag *err);
/* `create files`: the filesets of d->plan on disk now, kept for the next run. */
int engine_create_files(const struct run_desc *d, struct diag *err);

#endif
