/* delete.c: deletefile: unlinking files of a fileset. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include "base/sys_call.h"
#include "flowops/flowop.h"
#include "engine/journal.h"
#include "engine/sync.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

/* Files tried before giving up when every picked file is open somewhere:
 * classic skipped the first open file silently, leaking existing files. */
#define DELETE_TRIES 8

/* Unlinks a file held busy and releases it with its new state. ENOENT means
 * the file was already gone (removed behind our back): not an error, not an op.
 * Inlined in its two callers (a call and its frame cost a sixth of the op). */
static inline __attribute__((always_inline)) int unlink_entry(struct worker *w, struct op_inst *op,
                                                              struct fileset_rt *fs, int64_t idx, uint64_t since)
{
    /* the fileset's index is worked out only for a journal (a division by the struct's size) */
    if (__builtin_expect(w->journal != NULL, 0) && journal_delete(w, op, (int)(fs - w->eng_fs), idx) != FO_OK) {
        fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
        return FO_ERROR;
    }
    const char *leaf;
    uint64_t t0 = op_start(w, since);
    int kfd = fileset_kept_at(fs, FSK_FILE, (size_t)idx, &leaf);
    long rc;
    uint64_t t1;
    if (kfd >= 0) {   /* the common case: a tabled name in a kept directory, nothing to give back */
        rc = sys_unlinkat(kfd, leaf, 0);
        t1 = op_now(w);
    } else {
        char buf[FS_NAME_LEN];
        size_t dir;
        int dfd = fileset_entry_dir(fs, FSK_FILE, (size_t)idx, buf, &leaf, &dir);
        rc = dfd < 0 ? -errno : sys_unlinkat(dfd, leaf, 0);
        t1 = op_now(w);
        fileset_dir_put(fs, dir, dfd);
    }
    int err = (int)-rc;
    if (rc != 0 && err != ENOENT) {
        fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
        return op_entry_error(w, op, "unlink", fs, FSK_FILE, idx, err);
    }
    /* held since its claim as existing: its state is known, one atomic add */
    fileset_release_held(fs, w->shm, FSK_FILE, idx, FS_EXISTING, FS_MISSING, 0);
    if (rc == 0)
        op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* deletefile fd=N: deletes the file last bound to slot N, unless some other
 * slot has it open (classic skips that silently). While slot N itself still
 * holds the file open, its reference is kept so closefile drops the open
 * count; a closed slot forgets the deleted file. */
static int delete_bound(struct worker *w, struct op_inst *op, struct slot *s)
{
    struct fileset_rt *fs = worker_fileset(w, s->fileset);
    int64_t idx = s->entry;
    bool open_here = s->fd >= 0;
    if (!open_here)
        s->entry = -1;
    uint64_t since = fs != NULL && fileset_state(fs, w->shm, FSK_FILE, idx) & ENT_BUSY ? op_now(w) : 0;
    if (fs == NULL || !fileset_hold(fs, w->shm, FSK_FILE, idx, FS_EXISTING))
        return worker_stopping(w) ? FO_DONE : FO_OK;
    uint32_t opens = fileset_state(fs, w->shm, FSK_FILE, idx) & ENT_OPENS;
    if (opens > (open_here ? 1u : 0u)) {
        fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
        return FO_OK;
    }
    return unlink_entry(w, op, fs, idx, since);
}

/* Picks an existing file that nobody has open ([better]: an open file is put
 * back and the next one tried, a bounded number of times), in the order from. */
static inline __attribute__((always_inline)) int delete_tries(struct worker *w, struct op_inst *op,
                                                              struct fileset_rt *fs, enum fs_pick_from from,
                                                              uint64_t index)
{
    int64_t first = -1;
    uint64_t since = 0;   /* the first wait for a busy file, if any */
    for (int tries = 0; tries < DELETE_TRIES; tries++) {
        uint64_t waited;
        int64_t idx = op_pick(w, fs, FSK_FILE, FS_EXISTING, from, index, op->rotor, &waited);
        if (idx < 0)
            return op_pick_failed(idx);
        since = since != 0 ? since : waited;
        if ((fileset_state(fs, w->shm, FSK_FILE, idx) & ENT_OPENS) == 0)
            return unlink_entry(w, op, fs, idx, since);
        fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
        if (idx == first) /* wrapped around: every existing file is open */
            break;
        if (first < 0)
            first = idx;
        if (from == FS_FROM_INDEX)
            index = (uint64_t)idx + 1;
    }
    return FO_OK; /* nothing deletable now: skipped, not counted */
}

/* The rotor's order (nearly every deletefile) its own loop, with the order known. */
static int delete_picked(struct worker *w, struct op_inst *op)
{
    struct fileset_rt *fs = op_fileset(w, op);
    if (fs == NULL)
        return op_fail(w, op, "slot %d holds no file to delete and no fileset is named", op->op->fd);
    if (__builtin_expect(op->picks_rotor, 1))
        return delete_tries(w, op, fs, FS_FROM_ROTOR, 0);
    uint64_t index;
    enum fs_pick_from from = op_pick_from(w, op, &index);
    return delete_tries(w, op, fs, from, index);
}

static int deletefile_run(struct worker *w, struct op_inst *op)
{
    if (op->op->fd > 0) {
        struct slot *s = op_slot(w, op);
        if (s->fileset >= 0 && s->entry >= 0)
            return delete_bound(w, op, s);
    }
    return delete_picked(w, op);
}

/* delete_picked for an op with a fileset in the rotor's order, known before the run. */
static int delete_rotor(struct worker *w, struct op_inst *op)
{
    return delete_tries(w, op, op->fs, FS_FROM_ROTOR, 0);
}

/* Without fd= a delete is always of a picked file: the loop calls delete_picked
 * itself, or delete_rotor when its fileset and order are the common ones. */
static int deletefile_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    if (op->op->fd <= 0)
        op->run = op->fs != NULL && op->picks_rotor ? delete_rotor : delete_picked;
    return FO_OK;
}

const struct flowop_hooks flowop_deletefile_hooks = { .init = deletefile_init, .run = deletefile_run };
