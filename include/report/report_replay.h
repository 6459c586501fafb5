/* report_replay.h: a replay's named mismatches (the first calls whose outcome
 * was not the traced one) in the text report and the JSON. */
#ifndef FB_REPORT_REPLAY_H
#define FB_REPORT_REPLAY_H

#include <stdio.h>

#include "report/json_writer.h"
#include "results/results.h"

/* After the summary: a line with how many, then one per named mismatch; nothing when there is none. */
void report_mismatch_lines(FILE *out, const struct run_result *r, double stamp);
/* "mismatches_named": [{line, call, target, traced, replay}...] and "mismatches_seen"; nothing when none.
 * Before them, "replay_clients": each client's figures (replay --clients, --runtime). */
void report_mismatch_json(struct jw *w, const struct run_result *r);

#endif
