/* fsync.c: flowops that flush: fsync of one slot, fsyncset of every slot of
 * a fileset, fsyncdir of every directory of a fileset. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "base/sys_call.h"
#include "flowops/flowop.h"
#include "flowops/slot_call.h"
#include "engine/journal.h"
#include "engine/worker.h"

/* Inline in fsync_run, its record too (varmail makes two a session): only
 * a failure goes to slot_call_end, which names the file. */
static inline int sync_slot(struct worker *w, struct op_inst *op, const struct slot *s)
{
    uint64_t t0 = op_now(w);
    long rc = sys_fsync(s->fd);
    uint64_t t1 = op_now(w);
    if (__builtin_expect(rc != 0, 0))
        return slot_call_end(w, op, s, "fsync", 1, (int)-rc, t0, t1);
    op_done(w, op, t0, t1, 0);
    return journal_durable(w, op, s, JF_WHY_FSYNC);
}

static int fsync_run(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    if (s->fd < 0)
        return op_fail(w, op, "fsync of slot %d, which is not open", (int)(s - w->fds));
    return sync_slot(w, op, s);
}

/* [better] only open slots: classic also "synced" closed ones, failing
 * silently on descriptor 0, and counted them. Slot 128 is outside the
 * opennext range 0..127 and is left out, as in classic. */
static int fsyncset_run(struct worker *w, struct op_inst *op)
{
    for (int i = 0; i <= FB_ROTOR_TOP; i++) {
        const struct slot *s = &w->fds[i];
        if (s->fd < 0 || s->fileset != op->op->fileset)
            continue;
        int rc = sync_slot(w, op, s);
        if (rc != FO_OK)
            return rc;
    }
    return FO_OK;
}

/* Syncs one directory of the fileset; an error names it. */
static int sync_dir(struct worker *w, struct op_inst *op, struct fileset_rt *fs, size_t dir)
{
    int fd = fileset_open_dir(fs, dir, O_RDONLY);
    if (fd < 0)
        return op_dir_error(w, op, "open the directory", fs, dir, errno);
    int rc = fsync(fd);
    int err = errno;
    close(fd);
    return rc == 0 ? FO_OK : op_dir_error(w, op, "fsync the directory", fs, dir, err);
}

/* Every ordinary directory of the fileset, as one op: what was created or
 * deleted in them before it began is then durable. */
static int fsyncdir_run(struct worker *w, struct op_inst *op)
{
    struct fileset_rt *fs = op_fileset(w, op);
    uint64_t t0 = op_now(w);
    for (size_t d = 0; d < fs->ndirs; d++) {
        int rc = sync_dir(w, op, fs, d);
        if (rc != FO_OK)
            return rc;
    }
    uint64_t t1 = op_now(w);
    op_done(w, op, t0, t1, 0);
    return journal_dirsync(w, op, op->op->fileset);
}

const struct flowop_hooks flowop_fsync_hooks = { .run = fsync_run };

const struct flowop_hooks flowop_fsyncset_hooks = { .run = fsyncset_run };

const struct flowop_hooks flowop_fsyncdir_hooks = { .run = fsyncdir_run };
