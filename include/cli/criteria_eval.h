/* criteria_eval.h: judging the invocation's criteria (`criteria EXPR`, -C EXPR)
 * against a run's results, and checking their names against a plan first. */
#ifndef FB_CRITERIA_EVAL_H
#define FB_CRITERIA_EVAL_H

#include <stdbool.h>
#include <stdio.h>

#include "base/diag.h"
#include "lang/criteria.h"
#include "lang/vars.h"
#include "model/plan.h"
#include "results/results.h"

/* Every flowop a criterion names is in the plan and every $variable holds a
 * number: else a located error (-1). Before a run and in --check. */
int criteria_check(const struct criterion *c, size_t n, const struct plan *p, const struct vartab *vars,
                   struct diag *err);
/* Whether criterion c judges a run of plan p running procs (NULL: all). */
bool criteria_in_scope(const struct criterion *c, const struct plan *p, const bool *procs);
/* Judges each criterion in scope (a run of a process it names, or any) on the run, adds its outcome to r and prints a PASS or
 * FAIL line to out; returns how many failed (-1: out of memory). */
int criteria_judge(const struct criterion *c, size_t n, const struct vartab *vars, struct run_result *r, FILE *out);

#endif
