/* open.c: flowops that bind a file to a descriptor slot: createfile, openfile, closefile. */
#include <limits.h>

#include "base/sys_call.h"

#include "flowops/flowop.h"
#include "engine/worker.h"

/* The engine picks, opens, times and counts (op_open_file); a slot that still
 * holds a descriptor would leak it, so that is a script error. */
static int bind_slot(struct worker *w, struct op_inst *op, enum open_mode mode)
{
    struct slot *s = op_slot(w, op);
    if (s->fd >= 0)
        return op_slot_taken(w, op, s, mode);
    return op_open_file(w, op, s, mode);
}

static int createfile_run(struct worker *w, struct op_inst *op)
{
    return bind_slot(w, op, OPEN_CREATE);
}

static int openfile_run(struct worker *w, struct op_inst *op)
{
    return bind_slot(w, op, OPEN_EXISTING);
}

/* Times close(2) itself, then drops the entry's open count. The entry
 * reference stays for a later deletefile fd=N. */
static int closefile_run(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    if (s->fd < 0)
        return op_fail(w, op, "close of slot %d, which is already closed", (int)(s - w->fds));

    if (w->ioe_forgets)   /* most threads have nothing to forget: no call */
        op_io_forget(w, s);
    uint64_t t0 = op_now(w);
    long rc = sys_close(s->fd);
    uint64_t t1 = op_now(w);
    /* Linux frees the descriptor even when close fails: the slot is closed either way */
    s->fd = -1;
    s->offset = 0;
    struct fileset_rt *fs = s->fileset >= 0 ? worker_fileset(w, s->fileset) : NULL;
    if (fs != NULL && s->entry >= 0)
        fileset_open_drop(fs, w->shm, s->entry);
    if (rc != 0) {
        char path[PATH_MAX]; /* the entry reference survives the close */
        return op_error(w, op, "close", slot_path(w, s, path, sizeof path), (int)-rc);
    }
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* Most opens test nothing of the plan per op: their init makes the plain body
 * their run (a create's, with a slot of its own, create.c's). */
static int createfile_init(struct worker *w, struct op_inst *op)
{
    return createfile_choose(w, op);
}

static int openfile_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op_open_plain(op))
        op->run = op_openfile_plain;
    return FO_OK;
}

const struct flowop_hooks flowop_createfile_hooks = { .init = createfile_init, .run = createfile_run };

const struct flowop_hooks flowop_openfile_hooks = { .init = openfile_init, .run = openfile_run };

const struct flowop_hooks flowop_closefile_hooks = { .run = closefile_run };
