/* replay_rt.h: a replay's image in the run's shared region: the engine copies
 * the plan's image there at layout, and each replaying thread finds it. */
#ifndef FB_REPLAY_RT_H
#define FB_REPLAY_RT_H

#include <stddef.h>
#include <stdint.h>

#include "model/replay_image.h"
#include "results/results.h"

struct engine;
struct op_stats;
struct plan;
struct run_result;
struct worker;

/* Bytes the plan's image needs in the region (0: none). */
size_t engine_replay_size(const struct plan *p);
/* Reserves and copies it (at layout, before the fork). */
void engine_replay_place(struct engine *e);
/* The image in the shared region, or NULL when the run replays nothing. */
struct rp_image *worker_replay_image(struct worker *w);
/* Timed mode: the row of replayed thread t where each call's start error
 * (its start minus its intended start) is counted; NULL in other modes. */
struct op_stats *worker_replay_start(struct worker *w, uint32_t t);
/* Every replayed thread's start errors merged into r->replay_start (timed mode). */
void engine_replay_collect(const struct engine *e, struct run_result *r);
/* Where the replay is (the status line's and --interval's): its threads'
 * calls done, of the image's, and the mismatches seen; zeros when it is no replay. */
struct replay_position engine_replay_position(const struct engine *e);
/* Over many ranks, each replaying its own trace (its own processes and
 * threads): r's rows folded into one per kind of call, every kind in one order
 * (empty where this rank made no such call), and its threads' times into one
 * row, so that every rank's figures have one shape to be added up before the
 * ranks have said a word; *used: a bit for each kind (rp_call, then the
 * mismatch row) that this rank's rows held. 0, or -1 out of memory. */
int engine_replay_fold(struct run_result *r, uint64_t *used);
/* Once the ranks agreed (the kinds any rank used: the union of their bits, the
 * same on every rank): the rows of the kinds no rank used dropped, in place. */
void engine_replay_keep(struct run_result *r, uint64_t any);

#endif
