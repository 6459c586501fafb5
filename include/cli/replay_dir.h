/* replay_dir.h: a replay's DIR before anything is laid down there
 * (replay_dir.c): the rules of a managed tree, the lay-down's budget, and the
 * manifest of what flowbench may make there (docs/replay.md, "DIR is a managed tree"). */
#ifndef FB_CLI_REPLAY_DIR_H
#define FB_CLI_REPLAY_DIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"

struct managed_tree;
struct trace_tree;

/* --lay-max's default: the most bytes a lay-down writes unless told otherwise. */
#define REPLAY_LAY_MAX_DEFAULT ((uint64_t)16 << 30)
/* The share (in percent) of the free space of DIR's file system a lay-down may fill. */
#define REPLAY_LAY_FREE_PCT 90

/* Checks the directory a rank replays in, if it exists (*mt NULL when it does
 * not yet: nothing there to judge). Refusals are bad input, naming the path. */
int replay_dir_check(const char *dir, bool over, struct managed_tree **mt, struct diag *err);
/* The same for the directory open at dirfd (which exists; dir names it in messages). */
int replay_dir_check_at(int dirfd, const char *dir, bool over, struct managed_tree **mt, struct diag *err);
/* The budget of laying tr down beneath dir, as things are there now: at most
 * lay_max bytes, and at most REPLAY_LAY_FREE_PCT% of what is free on the file
 * system of top. A refusal is bad input: "trace:line: ...", the largest file named. */
int replay_dir_budget(const char *dir, const char *top, const struct trace_tree *tr, uint64_t lay_max,
                      struct diag *err);
/* What the check found, for --check: one line to out. */
void replay_dir_say(FILE *out, const char *dir, const struct managed_tree *mt, const struct trace_tree *tr);
/* Writes the manifest: the names of tr, with what the last one held and is still there. */
int replay_dir_manifest(struct managed_tree *mt, const struct trace_tree *tr, struct diag *err);
/* After the run: the manifest again, with only the names there now that flowbench laid down or the trace
 * acted on (mt NULL: nothing to do). */
int replay_dir_settle(struct managed_tree *mt, const struct trace_tree *tr, struct diag *err);

/* SIZE as --lay-max takes it: a whole number with an optional k, m, g or t
 * (powers of 1024). false when it is not one. */
bool replay_size_parse(const char *text, uint64_t *out);

#endif
