/* engine_status.c: the IO flowops' figures of each second, taken by the master:
 * the live status line of a run on a terminal (as fio draws one), redrawn in
 * place, and the samples the steady-state judge reads (engine_steady.c). */
#include <stdlib.h>

#include "engine/engine_rt.h"

#define STATUS_PERIOD_NS 1000000000ull

static bool status_drawn_here(const struct engine *e)
{
    return e->run->status && !e->run->quiet && e->run->writer->status != NULL;
}

/* One second's figures to the status line and the steady-state judge. */
static void second_done(struct engine *e, uint64_t now, const struct op_stats *io, struct op_stats *delta)
{
    uint64_t go = atomic_load(&e->sh->go_ns);
    double secs = (double)(now - e->status_ns) / 1e9;
    struct second_figures f = { (double)delta->ops / secs, (double)delta->bytes / 1048576.0 / secs,
                                stats_percentile(delta, 0.99) };
    if (status_drawn_here(e)) {
        struct live_status s = { e->run->index, (double)(now - go) / 1e9, (double)e->run->seconds, f.ops_per_s,
                                 f.mb_per_s, f.p99_ns, io->errors };
        e->run->writer->status(e->run->out, &s);
        e->status_drawn = true;
    }
    if (e->steady != NULL && engine_steady_add(e, (double)(e->status_ns - go) / 1e9, &f))
        engine_stop(e, STOP_STEADY);
}

void engine_status_tick(struct engine *e, uint64_t now)
{
    if (!status_drawn_here(e) && e->steady == NULL)
        return;
    uint64_t go = atomic_load(&e->sh->go_ns);
    if (e->status_io == NULL && (e->status_io = malloc(sizeof *e->status_io)) != NULL) {
        stats_init(e->status_io);
        e->status_ns = go;
    }
    if (e->status_io == NULL || now < e->status_ns + STATUS_PERIOD_NS)
        return;
    struct op_stats *io = malloc(sizeof *io), *delta = malloc(sizeof *delta);
    if (io != NULL && delta != NULL) {
        engine_io_now(e, io);
        *delta = *io;
        stats_since(delta, e->status_io);
        second_done(e, now, io, delta);
        *e->status_io = *io;
        e->status_ns = now;
    }
    free(io);
    free(delta);
}

void engine_status_clear(struct engine *e)
{
    if (e->status_io != NULL && e->status_drawn && e->run->writer->status_clear != NULL)
        e->run->writer->status_clear(e->run->out);
    e->status_drawn = false;
}
