/* replay_rt.c: the replay image in the run's shared region (replay_rt.h):
 * copied whole, addressed by offset, so every worker reads and publishes
 * progress in it wherever it maps the region. */
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "engine/worker.h"

size_t engine_replay_size(const struct plan *p)
{
    return p->replay != NULL ? p->replay->size + 64 : 0;
}

void engine_replay_place(struct engine *e)
{
    e->replay_off = 0;
    if (e->plan->replay == NULL)
        return;
    e->replay_off = shm_reserve(&e->shm, e->plan->replay->size);
    memcpy(shm_at(&e->shm, e->replay_off), e->plan->replay, e->plan->replay->size);
}

struct rp_image *worker_replay_image(struct worker *w)
{
    return w->eng->replay_off != 0 ? shm_at(w->shm, w->eng->replay_off) : NULL;
}
