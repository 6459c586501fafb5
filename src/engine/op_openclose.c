/* op_openclose.c: a flowop with openclose: a file of its fileset picked, opened
 * and closed around every execution, in the thread's openclose slot. */
#include <errno.h>
#include <limits.h>
#include <unistd.h>

#include "engine/io_inflight.h"
#include "engine/worker.h"

/* Closes the op's file; the slot is empty again whatever close says (Linux
 * frees the descriptor even when it fails). */
static int close_own(struct worker *w, struct op_inst *op, struct slot *s)
{
    op_io_forget(w, s);
    int rc = close(s->fd);
    int err = errno;
    s->fd = -1;
    s->offset = 0;
    struct fileset_rt *fs = worker_fileset(w, s->fileset);
    if (fs != NULL && s->entry >= 0)
        fileset_open_drop(fs, w->shm, s->entry);
    if (rc == 0)
        return FO_OK;
    char path[PATH_MAX];
    return op_error(w, op, "close", slot_path(w, s, path, sizeof path), err);
}

int op_openclose(struct worker *w, struct op_inst *op, op_body body)
{
    struct slot *s = op->slot;
    int rc = op_open_uncounted(w, op, s);
    if (rc != FO_OK)
        return rc;
    rc = body(w, op);
    int landed = op_io_quiesce_own(w, op);   /* nothing in flight may outlive its descriptor */
    int closed = close_own(w, op, s);
    return rc != FO_OK ? rc : landed != FO_OK ? landed : closed;
}
