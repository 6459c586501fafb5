/* engine.h: what a run asks of the engine: create the filesets of a plan, run
 * its processes and threads for a time or until they finish, and report. */
#ifndef FB_ENGINE_H
#define FB_ENGINE_H

#include <stdbool.h>
#include <stdint.h>
#include "model/plan.h"

struct interp;

struct run_request {
    uint64_t seconds;      /* 0: until a finish condition (firstdone/alldone), else 60 */
    bool psrun;
    uint64_t period;       /* psrun: seconds between reports */
    bool interval_stats;   /* psrun with a negative period: statistics restart each period */
    int index;             /* 1 for the first run of this invocation */
    const bool *procs;     /* procs[i]: run plan process i (a phase runs some of them); NULL = all */
};

/* Filesets kept between the runs of one script, so a phase sees what the one
 * before it left; owned by the interpreter, forgotten when a workload is loaded. */
struct fs_cache;
void fs_cache_free(struct fs_cache *c);

/* 0: the run completed and was reported; 1: it failed (message printed);
 * -1: refused before starting, with err set. */
int engine_run(struct interp *in, const struct plan *p, const struct run_request *r, struct diag *err);
int engine_create_files(struct interp *in, const struct plan *p, struct diag *err);

#endif
