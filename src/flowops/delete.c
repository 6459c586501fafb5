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

/* An unlink that failed (rc: -errno) of a file held busy, released as it now
 * is. ENOENT means the file was already gone (removed behind our back): not
 * an error, not an op. Out of line: the bodies' fast paths keep no frame for it. */
static __attribute__((noinline)) int unlink_failed(struct worker *w, struct op_inst *op, struct fileset_rt *fs,
                                                   int64_t idx, long rc)
{
    if (rc == -ENOENT) {
        fileset_release_held(fs, w->shm, FSK_FILE, idx, FS_EXISTING, FS_MISSING, 0);
        return FO_OK;
    }
    fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
    return op_entry_error(w, op, "unlink", fs, FSK_FILE, idx, (int)-rc);
}

/* Unlinks a file held busy and releases it with its new state.
 * Inlined in its callers (a call and its frame cost a sixth of the op). */
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
    if (rc != 0)
        return unlink_failed(w, op, fs, idx, rc);
    /* held since its claim as existing: its state is known, one atomic add */
    fileset_release_held(fs, w->shm, FSK_FILE, idx, FS_EXISTING, FS_MISSING, 0);
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

/* unlink_entry out of line, for a name the table does not hold or a
 * directory not kept: delete_rotor's fast path keeps no frame for it. */
static __attribute__((noinline)) int delete_spelt(struct worker *w, struct op_inst *op, int64_t idx)
{
    return unlink_entry(w, op, op->fs, idx, 0);
}

/* The unlink of file idx, held busy from a claim that found it existing
 * with no opens (state: its word), timed by the clock tsc says, and its
 * release knowing the state it leaves: a tabled name in a kept directory,
 * else delete_spelt. Every case but the common one leaves through a tail
 * call, so that the fast path saves few registers and keeps no frame. */
static inline __attribute__((always_inline)) int delete_claimed(struct worker *w, struct op_inst *op,
                                                                struct fs_shared *sh, uint64_t idx,
                                                                _Atomic uint32_t *state, bool tsc)
{
    struct fileset_rt *fs = op->fs;
    const char *leaf;
    int kfd = fileset_kept_of(fs, &fs->files[idx], &leaf);
    if (kfd < 0)
        return delete_spelt(w, op, (int64_t)idx);
    uint64_t t0 = op_now_as(w, tsc);
    long rc = sys_unlinkat(kfd, leaf, 0);
    uint64_t t1 = op_now_as(w, tsc);
    if (rc != 0)   /* its index from its state word: one value fewer kept across the call */
        return unlink_failed(w, op, op->fs, state - fileset_states(op->fs, w->shm, FSK_FILE), rc);
    /* claimed with no opens, which only a holder raises: now missing and idle */
    atomic_store_explicit(state, 0, memory_order_seq_cst);
    atomic_fetch_sub_explicit(&sh->nexisting, 1, memory_order_seq_cst);
    /* the waiters read after the state's write, seq_cst both (fileset_release) */
    if (__builtin_expect(op->records != 0, 0) || atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        return op_done_waking(w, op, op->fs, t0, t1);
    stats_add(op->st, tick_to_ns(&w->clk, t1 - t0), 0);   /* op_done, nothing else recording it */
    return FO_OK;
}

/* delete_rotor's way on when the rotor's turn was not an idle file with no
 * opens: the general pick from that turn (waiting while every file is busy),
 * then delete_claimed, or delete_tries' way past a file open somewhere. */
static __attribute__((noinline)) int delete_missed(struct worker *w, struct op_inst *op, uint64_t ticket)
{
    struct fileset_rt *fs = op->fs;
    int64_t idx = fileset_pick_on(fs, w->shm, FS_EXISTING, ticket, op->priv);
    if (idx == FS_PICK_BUSY) {   /* the op's time from its wait on */
        uint64_t since = op_now(w);
        idx = fileset_pick(fs, w->shm, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, op->rotor);
        if (idx >= 0 && (fileset_state(fs, w->shm, FSK_FILE, idx) & ENT_OPENS) == 0)
            return unlink_entry(w, op, fs, idx, since);
    }
    if (idx < 0)
        return op_pick_failed(idx);
    _Atomic uint32_t *state = &fileset_states(fs, w->shm, FSK_FILE)[idx];
    if ((atomic_load_explicit(state, memory_order_acquire) & ENT_OPENS) == 0)
        return delete_claimed(w, op, fileset_shared(fs, w->shm), (uint64_t)idx, state, w->clk.tsc);
    fileset_release(fs, w->shm, FSK_FILE, idx, FS_EXISTING, 0);
    return delete_tries(w, op, fs, FS_FROM_ROTOR, 0);
}

/* delete_picked for an op with a fileset in the rotor's order, known before
 * the run (its rotor in priv), for the clock's kind (tsc). The common case
 * is one compare-and-swap that finds the rotor's file idle with no opens,
 * nothing to re-read, then delete_claimed. */
static inline __attribute__((always_inline)) int delete_fast(struct worker *w, struct op_inst *op, bool tsc)
{
    struct fileset_rt *fs = op->fs;
    struct fs_shared *sh = fileset_shared(fs, w->shm);
    if (__builtin_expect(w->journal != NULL, 0) || atomic_load_explicit(&sh->nexisting, memory_order_relaxed) == 0)
        return delete_picked(w, op);
    uint64_t idx;
    _Atomic uint32_t *state;
    if (!fileset_claim_idle(fs, w->shm, op->priv, ENT_EXISTS, &idx, &state))
        return delete_missed(w, op, idx);
    return delete_claimed(w, op, sh, idx, state, tsc);
}

static int delete_rotor(struct worker *w, struct op_inst *op)
{
    return delete_fast(w, op, false);
}

static int delete_rotor_tsc(struct worker *w, struct op_inst *op)
{
    return delete_fast(w, op, true);
}

/* Without fd= a delete is always of a picked file: the loop calls delete_picked
 * itself, or delete_rotor when its fileset and order are the common ones. */
static int deletefile_init(struct worker *w, struct op_inst *op)
{
    if (op->op->fd > 0)
        return FO_OK;
    op->run = delete_picked;
    if (op->fs != NULL && op->picks_rotor && op->fs->nfiles > 0) {
        op->run = w->clk.tsc ? delete_rotor_tsc : delete_rotor;
        op->priv = op->rotor != NULL ? op->rotor : &fileset_shared(op->fs, w->shm)->rotor_existing;
    }
    return FO_OK;
}

const struct flowop_hooks flowop_deletefile_hooks = { .init = deletefile_init, .run = deletefile_run };
