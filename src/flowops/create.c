/* create.c: createfile's body for the common case, chosen at init: a fixed
 * slot, a fileset in the rotor's order, no journal, the clock's kind known. */
#include <fcntl.h>

#include "base/sys_call.h"
#include "flowops/flowop.h"
#include "engine/journal.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

/* The create of a missing file claimed idle (state: its word) into slot s,
 * its name in the table and its directory kept (kfd, leaf) or spelt and
 * opened (kfd < 0), timed by the clock tsc says. Inline in both callers. */
static inline __attribute__((always_inline)) int create_claimed(struct worker *w, struct op_inst *op, struct slot *s,
                                                                uint64_t idx, _Atomic uint32_t *state, int kfd,
                                                                const char *leaf, bool tsc)
{
    int flags = op->open_flags | O_CREAT;
    /* the slot bound before the call (a failed create ends the run), so that
     * fewer values are kept across it: its descriptor after */
    *s = (struct slot){ .fd = -1, .fileset = op->op->fileset, .entry = (int64_t)idx, .dsync = (flags & O_DSYNC) != 0 };
    uint64_t t0 = op_now_as(w, tsc);
    long fd = kfd >= 0 ? sys_openat(kfd, leaf, flags | O_NOFOLLOW | O_CLOEXEC, 0666)
                       : fileset_open_entry(op->fs, FSK_FILE, (size_t)idx, flags, 0666);
    uint64_t t1 = op_now_as(w, tsc);
    s = op->slot;
    if (fd < 0)
        return op_open_failed(w, op, op->fs, s->entry, OPEN_CREATE, kfd >= 0 ? (int)-fd : errno);
    s->fd = (int)fd;
    /* claimed missing and idle with no opens (no descriptor to drop it): now existing, idle, open once */
    atomic_store_explicit(state, ENT_EXISTS | 1u, memory_order_seq_cst);
    struct fs_shared *sh = fileset_shared(op->fs, w->shm);
    atomic_fetch_add_explicit(&sh->nexisting, 1, memory_order_seq_cst);
    /* the waiters read after the state's write, seq_cst both (fileset_release) */
    if (__builtin_expect(op->records != 0, 0) || atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        return op_done_waking(w, op, op->fs, t0, t1);
    stats_add(op->st, tick_to_ns(&w->clk, t1 - t0), 0);   /* op_done, nothing else recording it */
    return FO_OK;
}

/* create_claimed for a name the table does not hold or a directory not kept. */
static __attribute__((noinline)) int create_spelt(struct worker *w, struct op_inst *op, uint64_t idx,
                                                  _Atomic uint32_t *state)
{
    return create_claimed(w, op, op->slot, idx, state, -1, NULL, w->clk.tsc);
}

/* op_createfile_plain for an op with a slot of its own (fd=), for the
 * clock's kind (tsc). The common case is one compare-and-swap that finds the
 * rotor's file missing and idle, a tabled name in a kept directory and a
 * release that knows the state it leaves; every other case leaves through a
 * tail call, so that the fast path saves few registers and reserves no
 * stack. When the rotor's turn is
 * not idle, the general body takes the next turn: the pick is the one its
 * scan would have made from this turn (the rotor jumps past the same
 * entries), but a missing file still open in a slot (deletefile fd=N) is
 * left to a later turn. */
static inline __attribute__((always_inline)) int create_fast(struct worker *w, struct op_inst *op, bool tsc)
{
    struct slot *s = op->slot;
    struct fileset_rt *fs = op->fs;
    struct fs_shared *sh = fileset_shared(fs, w->shm);
    if (__builtin_expect(s->fd >= 0 || w->journal != NULL, 0)
        || atomic_load_explicit(&sh->nexisting, memory_order_relaxed) >= fs->nfiles)
        return op_createfile_plain(w, op);
    uint64_t idx;
    _Atomic uint32_t *state;
    if (!fileset_claim_idle(fs, w->shm, op->priv, 0, &idx, &state))
        return op_createfile_plain(w, op);
    const char *leaf;
    int kfd = fileset_kept_of(fs, &fs->files[idx], &leaf);
    if (kfd < 0)
        return create_spelt(w, op, idx, state);
    return create_claimed(w, op, s, idx, state, kfd, leaf, tsc);
}

static int create_rotor(struct worker *w, struct op_inst *op)
{
    return create_fast(w, op, false);
}

static int create_rotor_tsc(struct worker *w, struct op_inst *op)
{
    return create_fast(w, op, true);
}

int createfile_choose(struct worker *w, struct op_inst *op)
{
    if (!op_open_plain(op))
        return FO_OK;
    op->run = op_createfile_plain;
    if (op->slot != NULL && op->fs->nfiles > 0) {
        op->run = w->clk.tsc ? create_rotor_tsc : create_rotor;
        op->priv = op->rotor != NULL ? op->rotor : &fileset_shared(op->fs, w->shm)->rotor_free;
    }
    return FO_OK;
}
