/* replay_clients.h: `flowbench replay --clients N --runtime T` (replay_clients.c): N copies of the trace,
 * each beneath DIR/client-K, laid down and checked as DIR is, looped until T; per-client figures after. */
#ifndef FB_CLI_REPLAY_CLIENTS_H
#define FB_CLI_REPLAY_CLIENTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"

struct replay_req;
struct trace_compiled;
struct trace_tree;
struct target_locks;
struct run_result;

#define REPLAY_CLIENTS_MAX 1024 /* as many processes as a trace may hold */

struct replay_clients {
    uint32_t n;              /* clients: DIR/client-1 .. client-n (0: DIR itself, --runtime alone) */
    char **dirs;
    struct managed_tree **mt; /* each as checked (NULL: not there yet) */
    uint64_t pass_calls;     /* the calls of one pass that have a report row: a pass's share of the figures */
};

/* --clients' and --runtime's values; false when text is not one. */
bool replay_clients_parse(const char *text, uint32_t *n);
bool replay_runtime_parse(const char *text, uint64_t *ns);
/* With --clients or --runtime: c made into the copies (each client's directory beneath dir: DIR, or a rank's)
 * and looped, each client's directory checked as DIR is and the lay-down's budget of them all (against the
 * free space of top, DIR); *out NULL without either. -1 with err (bad_input: exit 2). */
int replay_clients_prepare(const struct replay_req *r, const char *dir, const char *top, const struct trace_tree *tree,
                           struct trace_compiled *c, struct replay_clients **out, struct diag *err);
/* Each client's directory made (if missing) beneath topfd (DIR, opened once), locked, its manifest written and its tree laid down. */
int replay_clients_lay(struct replay_clients *cl, int topfd, const struct trace_tree *tree, bool over,
                       struct target_locks **locks, uint64_t *files, uint64_t *bytes, struct diag *err);
/* After the run: each client's manifest with only what is there (replay_dir_settle). */
int replay_clients_settle(const struct replay_clients *cl, const struct trace_tree *tree, struct diag *err);
/* After the run: each client's calls, ops/s, passes and mismatches, and all of them merged, printed and kept
 * in run (its JSON's "replay_clients"). */
void replay_clients_report(FILE *out, const struct replay_clients *cl, struct run_result *run);
/* --check: what the check found of each client's directory, a line each. */
void replay_clients_say(FILE *out, const struct replay_clients *cl, const struct trace_tree *tree);
void replay_clients_free(struct replay_clients *cl);

#endif
