/* replay.h: `flowbench replay TRACE`: what the command line asks of a replay,
 * run by the classic path's interpreter so that every output option applies. */
#ifndef FB_CLI_REPLAY_H
#define FB_CLI_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

struct interp;
struct plan;
struct diag;

struct replay_req {
    const char *trace;
    const char *root;        /* strace logs: the directory paths are kept beneath (NULL: the program's) */
    int mode;                /* enum rp_mode */
    double speed;
    bool realtime;           /* --rt: the replaying threads at real-time priority (mode think or timed) */
    bool over;               /* --over: DIR may hold files flowbench did not lay down */
    bool strict;             /* --strict: any mismatch fails the replay, exit 1 */
    uint64_t lay_max;        /* --lay-max: the most bytes the lay-down writes */
    uint32_t clients;        /* --clients N: N copies, each beneath DIR/client-K (0: one, in DIR) */
    uint64_t runtime_ns;     /* --runtime T: the trace looped until T (0: once) */
    /* What the interpreter runs in place of a script: set by the replay command,
     * so the classic command line names nothing of it. */
    int (*run)(struct interp *in);
};

/* The classic command line (main.c) with a replay in place of a script. */
int main_run(int argc, char **argv, const struct replay_req *r);
/* Runs a plan built elsewhere as `run` does: reports, criteria (cmd_run.c). */
int run_built_plan(struct interp *in, struct plan *plan, struct diag *err);

#endif
