/* engine_status.c: the live status line of a run on a terminal (as fio draws
 * one), redrawn in place each second from the sampler's figures (engine_sample.c);
 * a replay's adds its position in the trace and its mismatches. */
#include "engine/engine_rt.h"
#include "engine/replay_rt.h"

#define STATUS_PERIOD_NS 1000000000ull

static bool status_drawn_here(const struct engine *e)
{
    return e->run->status && !e->run->opt.quiet && e->run->writer->status != NULL;
}

uint64_t engine_status_period(const struct engine *e)
{
    return status_drawn_here(e) ? STATUS_PERIOD_NS : 0;
}

void engine_status_take(struct engine *e, const struct sample_tick *t)
{
    double secs = (double)(t->now - t->last) / 1e9;
    struct live_status s = { e->run->index, (double)(t->now - t->go) / 1e9, (double)e->run->length_ns / 1e9,
                             (double)t->delta->ops / secs, (double)t->delta->bytes / 1048576.0 / secs,
                             stats_percentile(t->delta, 0.99), t->io->errors, engine_replay_position(e) };
    e->run->writer->status(e->run->out, &s);
    e->status_drawn = true;
}

void engine_status_clear(struct engine *e)
{
    if (e->status_drawn && e->run->writer->status_clear != NULL)
        e->run->writer->status_clear(e->run->out);
    e->status_drawn = false;
}
