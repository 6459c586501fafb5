/* engine_status.c: the live status line of a run on a terminal, as fio draws
 * one: the IO flowops of the last second, redrawn in place by the master. */
#include <stdlib.h>

#include "engine/engine_rt.h"

#define STATUS_PERIOD_NS 1000000000ull

void engine_status_tick(struct engine *e, uint64_t now)
{
    if (!e->run->status || e->run->quiet || e->run->writer->status == NULL)
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
        double secs = (double)(now - e->status_ns) / 1e9;
        struct live_status s = { e->run->index, (double)(now - go) / 1e9, (double)e->run->seconds,
                                 (double)delta->ops / secs, (double)delta->bytes / 1048576.0 / secs,
                                 stats_percentile(delta, 0.99), io->errors };
        e->run->writer->status(e->run->out, &s);
        e->status_drawn = true;
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
