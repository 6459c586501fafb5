/* replay_rt.h: a replay's image in the run's shared region: the engine copies
 * the plan's image there at layout, and each replaying thread finds it. */
#ifndef FB_REPLAY_RT_H
#define FB_REPLAY_RT_H

#include <stddef.h>

#include "model/replay_image.h"

struct engine;
struct plan;
struct worker;

/* Bytes the plan's image needs in the region (0: none). */
size_t engine_replay_size(const struct plan *p);
/* Reserves and copies it (at layout, before the fork). */
void engine_replay_place(struct engine *e);
/* The image in the shared region, or NULL when the run replays nothing. */
struct rp_image *worker_replay_image(struct worker *w);

#endif
