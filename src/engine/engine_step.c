/* engine_step.c: the barrier flowop's steps, released by the master: a thread
 * arriving at a barrier counts its step in its own shared line and waits; the
 * master releases step k once every thread with a barrier has reached it, on
 * this rank alone or, over many ranks, by the sum the stop vote carries (no
 * MPI call anywhere but the master's watch loop). */
#include "engine/engine_rt.h"

static bool slot_steps(const struct engine *e, size_t s)
{
    const struct plan_thread *t = &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
    for (size_t i = 0; engine_selected(e, e->slots[s].proc) && i < t->nflat; i++)
        if (flowop_is(t->flat[i]->type, FF_STEP))
            return true;
    return false;
}

bool engine_step_any(const struct engine *e)
{
    for (size_t s = 0; s < e->nslots; s++)
        if (slot_steps(e, s))
            return true;
    return false;
}

uint64_t engine_step_reached(const struct engine *e)
{
    uint64_t low = UINT64_MAX;
    for (size_t s = 0; s < e->nslots; s++) {
        if (!slot_steps(e, s))
            continue;
        uint64_t n = atomic_load_explicit(&slot_cpu(e, s)->steps, memory_order_acquire);
        low = n < low ? n : low;
    }
    return low == UINT64_MAX ? 0 : low;
}

static void release(struct engine *e, uint64_t step)
{
    atomic_store(&e->sh->steps_released, step);
    atomic_fetch_add(&e->sh->steps_seq, 1);
    fb_futex_wake(&e->sh->steps_seq);
}

bool engine_step_tick(struct engine *e, const uint64_t *summed)
{
    if (!e->steps)
        return false;
    uint64_t done = atomic_load(&e->sh->steps_released), low = engine_step_reached(e);
    if (dist_size() == 1 && low > done)
        release(e, low);
    /* A rank releases step m only once every rank reached it, and no thread
     * is ever more than one step past its rank's release: so the sum of the
     * ranks' reached steps is ranks x (done + 1) when, and only when, every
     * thread of every rank reached done + 1. */
    else if (summed != NULL && *summed >= (uint64_t)dist_size() * (done + 1))
        release(e, done + 1);
    return engine_step_reached(e) > atomic_load(&e->sh->steps_released);
}
