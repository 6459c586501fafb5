/* open.c: flowops that bind a file to a descriptor slot: createfile, openfile, closefile. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>

#include "base/sys_call.h"

#include "flowops/flowop.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

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
 * reference stays for a later deletefile fd=N. tsc: the worker's clock is
 * the TSC (closefile_init chooses the body). */
static inline __attribute__((always_inline)) int closefile(struct worker *w, struct op_inst *op, bool tsc)
{
    struct slot *s = op_slot(w, op);
    if (s->fd < 0)
        return op_fail(w, op, "close of slot %d, which is already closed", (int)(s - w->fds));

    if (w->ioe_forgets)   /* most threads have nothing to forget: no call */
        op_io_forget(w, s);
    uint64_t t0 = tick_now_as(tsc);
    long rc = sys_close(s->fd);
    uint64_t t1 = tick_now_as(tsc);
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

static int closefile_tsc(struct worker *w, struct op_inst *op)
{
    return closefile(w, op, true);
}

static int closefile_vdso(struct worker *w, struct op_inst *op)
{
    return closefile(w, op, false);
}

/* The same reading the clock's kind: for a run its init did not choose. */
static int closefile_run(struct worker *w, struct op_inst *op)
{
    return closefile(w, op, w->clk.tsc);
}

static int closefile_init(struct worker *w, struct op_inst *op)
{
    op->run = w->clk.tsc ? closefile_tsc : closefile_vdso;
    return FO_OK;
}

/* An open of file idx that failed (err: errno), its open not counted. */
__attribute__((noinline, cold)) static int open_failed(struct worker *w, struct op_inst *op, int64_t idx, int err)
{
    return op_entry_error(w, op, "open", op->fs, FSK_FILE, idx, err);
}

/* openfile_fixed's file idx open as fd into slot s, timed t0..t1: its open
 * count raised as any open's (closefile drops it), the slot bound, the op counted. */
static inline int open_bound(struct worker *w, struct op_inst *op, struct slot *s, int64_t idx, int fd, uint64_t t0,
                             uint64_t t1)
{
    _Atomic uint32_t *states = fileset_states(op->fs, w->shm, FSK_FILE);
    atomic_fetch_add_explicit(&states[idx], 1, memory_order_relaxed);   /* op_open.c: no carry into ENT_BUSY */
    *s = (struct slot){ .fd = fd, .fileset = op->op->fileset, .entry = idx, .dsync = (op->open_flags & O_DSYNC) != 0 };
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* openfile_fixed's file idx when its directory's descriptor is not kept (past the budget). */
__attribute__((noinline)) static int open_unkept(struct worker *w, struct op_inst *op, struct slot *s, int64_t idx)
{
    uint64_t t0 = op_now(w);
    int fd = fileset_open_entry(op->fs, FSK_FILE, (size_t)idx, op->open_flags, 0);
    uint64_t t1 = op_now(w);
    if (fd < 0)
        return open_failed(w, op, idx, errno);
    return open_bound(w, op, s, idx, fd, t0, t1);
}

/* A plain openfile (op_open_plain) on a tree that no flowop of the run
 * changes (op_inst.tree_fixed), without directio: the file at the rotor's
 * turn (op_turn) is not held while it is opened, since no one can remove it,
 * so there is no claim to release and no one to wake. A missing file (a
 * fileset not wholly preallocated) takes the plain body, which goes on to
 * one that exists. tsc: the worker's clock is the TSC. */
static inline __attribute__((always_inline)) int openfile_fixed(struct worker *w, struct op_inst *op, bool tsc)
{
    struct slot *s = op_slot(w, op);
    if (s->fd >= 0)
        return op_slot_taken(w, op, s, OPEN_EXISTING);
    size_t i;
    const struct fs_turn *t = op_turn(op, &i);
    int64_t idx = (int64_t)i;
    if (__builtin_expect(t->dfd < 0, 0))
        return t->dfd == FS_TURN_MISSING ? op_openfile_plain(w, op) : open_unkept(w, op, s, idx);
    uint64_t t0 = tick_now_as(tsc);
    long fd = sys_openat(t->dfd, t->leaf, op->open_flags | O_NOFOLLOW | O_CLOEXEC, 0);
    uint64_t t1 = tick_now_as(tsc);
    if (fd < 0)
        return open_failed(w, op, idx, (int)-fd);
    return open_bound(w, op, s, idx, (int)fd, t0, t1);
}

static int openfile_fixed_tsc(struct worker *w, struct op_inst *op)
{
    return openfile_fixed(w, op, true);
}

static int openfile_fixed_vdso(struct worker *w, struct op_inst *op)
{
    return openfile_fixed(w, op, false);
}

/* Most opens test nothing of the plan per op: their init makes the plain body
 * their run (a create's, with a slot of its own, create.c's). */
static int createfile_init(struct worker *w, struct op_inst *op)
{
    return createfile_choose(w, op);
}

/* And on a tree nothing of the run changes, without directio, openfile_fixed
 * for the worker's clock. */
static int openfile_init(struct worker *w, struct op_inst *op)
{
    if (!op_open_plain(op))
        return FO_OK;
    op->run = op_openfile_plain;
    if (!op->op->directio && op_fix_turns(w, op))
        op->run = w->clk.tsc ? openfile_fixed_tsc : openfile_fixed_vdso;
    return FO_OK;
}

const struct flowop_hooks flowop_createfile_hooks = { .init = createfile_init, .run = createfile_run };

const struct flowop_hooks flowop_openfile_hooks = { .init = openfile_init, .run = openfile_run };

const struct flowop_hooks flowop_closefile_hooks = { .init = closefile_init, .run = closefile_run };
