/* op_open.c: opening a fileset's file into a worker's slot, counted as an op
 * or not (the auto-open of op_io.h). Apart from the worker's loop so that the
 * inline fast path calling it reaches nothing that includes op_io.h. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>

#include "engine/engine.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"
#include "engine/journal.h"
#include "sysstat/mountinfo.h"

/* open(O_DIRECT) failed with EINVAL: the file system does not do direct I/O. */
static int op_dio_refused(struct worker *w, struct op_inst *op, const char *path)
{
    char type[64];
    mountinfo_fs_name(path, type, sizeof type);
    return op_fail(w, op, "directio: %s: the file system (%s) refuses O_DIRECT", path, type);
}

/* An entry's open count is raised and dropped by one atomic add each
 * (fileset_release_held, fileset_open_drop): it must never reach ENT_OPENS,
 * and it is at most one per descriptor slot of every thread of the run. */
_Static_assert((uint64_t)FB_NFDS * FB_MAX_THREADS < ENT_OPENS, "an open count could carry into ENT_BUSY");

int op_open_flags(const struct plan_fileset *f, const struct plan_op *op)
{
    int flags = f->readonly ? O_RDONLY : f->writeonly ? O_WRONLY : O_RDWR;
    if (op->dsync)
        flags |= O_DSYNC;
    if (op->directio)
        flags |= O_DIRECT;
    return flags | O_CLOEXEC;
}

/* Picks, opens into the slot and times the open (*t0, *t1): the caller counts it or not.
 * Inlined in both, so that the times stay in registers. */
static inline __attribute__((always_inline)) int open_into(struct worker *w, struct op_inst *op, struct slot *s,
                                                           enum open_mode mode, bool plain, uint64_t *t0, uint64_t *t1)
{
    bool create = mode == OPEN_CREATE;
    struct fileset_rt *fs = op_fileset(w, op);
    if (!plain && fs == NULL)
        return op_fail(w, op, "no fileset to open a file from (filename= missing)");
    enum fs_presence before = create ? FS_MISSING : FS_EXISTING;
    uint64_t since;
    int64_t e = plain ? op_pick(w, fs, FSK_FILE, before, FS_FROM_ROTOR, 0, op->rotor, &since)
                      : op_pick_own(w, op, fs, FSK_FILE, before, &since);
    if (e < 0)
        return op_pick_failed(e);
    int flags = op->open_flags | (create ? O_CREAT : 0);
    if (create && journal_create(w, op, op->op->fileset, e) != FO_OK) {
        fileset_release(fs, w->shm, FSK_FILE, e, before, 0);
        return FO_ERROR;
    }
    *t0 = op_start(w, since);
    int fd = fileset_open_entry(fs, FSK_FILE, (size_t)e, flags, 0666);
    *t1 = op_now(w);
    if (fd < 0) {
        int err = errno;
        char path[PATH_MAX];
        fileset_release(fs, w->shm, FSK_FILE, e, before, 0);
        if (err == EINVAL && op->op->directio && fileset_path(fs, FSK_FILE, (size_t)e, path, sizeof path) == 0)
            return op_dio_refused(w, op, path);
        return op_entry_error(w, op, create ? "create" : "open", fs, FSK_FILE, e, err);
    }
    if (!plain && op->op->noreadahead)
        posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
    fileset_release_held(fs, w->shm, FSK_FILE, e, before, FS_EXISTING, 1);
    *s = (struct slot){ .fd = fd, .fileset = op->op->fileset, .entry = e, .offset = plain ? 0 : fileset_seq_start(fs, e),
                        .dsync = (flags & O_DSYNC) != 0 };
    return FO_OK;
}

static inline __attribute__((always_inline)) int open_counted(struct worker *w, struct op_inst *op, struct slot *s,
                                                              enum open_mode mode, bool plain)
{
    uint64_t t0 = 0, t1 = 0;   /* set by open_into when it returns FO_OK */
    int rc = open_into(w, op, s, mode, plain, &t0, &t1);
    if (rc == FO_OK)
        op_done(w, op, t0, t1, 0);
    return rc;
}

/* One branch on the mode, then a body each with it known: an open tests
 * nothing of a create's (its presence, its flag, its journal), nor a create of an open's. */
int op_open_file(struct worker *w, struct op_inst *op, struct slot *s, enum open_mode mode)
{
    if (mode == OPEN_CREATE)
        return open_counted(w, op, s, OPEN_CREATE, false);
    return open_counted(w, op, s, OPEN_EXISTING, false);
}

/* open_into's failure for a body of its own (create.c's); open_into keeps
 * its copy inline: a call there cost an open 13 instructions (bench/ledger). */
int op_open_failed(struct worker *w, struct op_inst *op, struct fileset_rt *fs, int64_t e, enum open_mode mode, int err)
{
    char path[PATH_MAX];
    fileset_release(fs, w->shm, FSK_FILE, e, mode == OPEN_CREATE ? FS_MISSING : FS_EXISTING, 0);
    if (err == EINVAL && op->op->directio && fileset_path(fs, FSK_FILE, (size_t)e, path, sizeof path) == 0)
        return op_dio_refused(w, op, path);
    return op_entry_error(w, op, mode == OPEN_CREATE ? "create" : "open", fs, FSK_FILE, e, err);
}

int op_slot_taken(struct worker *w, struct op_inst *op, const struct slot *s, enum open_mode mode)
{
    return op_fail(w, op, "%s without closing slot %d first", mode == OPEN_CREATE ? "create" : "open",
                   (int)(s - w->fds));
}

bool op_open_plain(const struct op_inst *op)
{
    const struct fileset_rt *fs = op->fs;
    return fs != NULL && op->picks_rotor && !op->op->noreadahead && (fs->share_ranks <= 1 || fs->split);
}

/* The plain bodies: the slot's test, then the open with nothing of the plan tested. */
static inline __attribute__((always_inline)) int bind_plain(struct worker *w, struct op_inst *op, enum open_mode mode)
{
    struct slot *s = op_slot(w, op);
    if (s->fd >= 0)
        return op_slot_taken(w, op, s, mode);
    return open_counted(w, op, s, mode, true);
}

int op_openfile_plain(struct worker *w, struct op_inst *op)
{
    return bind_plain(w, op, OPEN_EXISTING);
}

int op_createfile_plain(struct worker *w, struct op_inst *op)
{
    return bind_plain(w, op, OPEN_CREATE);
}

int op_open_uncounted(struct worker *w, struct op_inst *op, struct slot *s)
{
    uint64_t t0 = 0, t1 = 0;   /* set by open_into when it returns FO_OK */
    return open_into(w, op, s, OPEN_EXISTING, false, &t0, &t1);
}
