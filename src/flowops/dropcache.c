/* dropcache.c: dropcache: takes the file of a slot out of the page cache, so
 * that the reads after it come from the device (a checkpoint read back cold,
 * as a restart on another node reads it). */
#include <limits.h>

#include "flowops/flowop.h"
#include "engine/worker.h"
#include "fileset/fileset.h"

static int dropcache_run(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    char path[PATH_MAX];
    if (s->fd < 0)
        return op_fail(w, op, "dropcache of slot %d, which is not open", (int)(s - w->fds));
    const char *what;
    uint64_t t0 = op_now(w);
    int err = fileset_drop_fd(s->fd, &what);
    uint64_t t1 = op_now(w);
    if (err != 0)
        return op_error(w, op, what, slot_path(w, s, path, sizeof path), err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_dropcache_hooks = { .run = dropcache_run };
