/* fileset_pick.h: picking a fileset's files and leaf dirs at run time and
 * releasing them (fileset_pick.c): the common case inline, one attempt that
 * finds its entry at once and a release nobody waits for, the rest out of line. */
#ifndef FB_FILESET_PICK_H
#define FB_FILESET_PICK_H

#include "fileset/fileset.h"

/* Runtime picking (any process, any thread; lock-free on the shared state).
 * fileset_try_pick makes one attempt: the entry index, marked BUSY;
 * FS_PICK_EMPTY when no entry of the class exists (no existing file, or no
 * free slot for a create); FS_PICK_BUSY when every entry of the class is held
 * busy by another thread. FS_FROM_INDEX starts at index % n; FS_FROM_ROTOR
 * advances the rotor (NULL: the fileset's shared rotor) and ignores index. */
#define FS_PICK_EMPTY (-1)
#define FS_PICK_BUSY (-2)
/* FS_FROM_EPOCH: index is the most picks of the run over every rank (0: no
 * limit), and past it FS_PICK_DONE. An epoch pick takes its ticket once and
 * waits for its own entry while another thread holds it busy. */
#define FS_PICK_DONE (-3)

/* The shared state words of kind's entries (files first, then leaf dirs). */
static inline _Atomic uint32_t *fileset_states(const struct fileset_rt *fs, const struct shm *shm, enum fs_kind kind)
{
    _Atomic uint32_t *base = shm_at(shm, fs->state_off);
    return kind == FSK_LEAFDIR ? base + fs->nfiles : base;
}

static inline size_t fileset_count(const struct fileset_rt *fs, enum fs_kind kind)
{
    return kind == FSK_LEAFDIR ? fs->nleafdirs : fs->nfiles;
}

/* How many of kind's entries exist now (a release moves it an instant after the state). */
static inline _Atomic uint64_t *fileset_existing(struct fs_shared *sh, enum fs_kind kind)
{
    return kind == FSK_LEAFDIR ? &sh->nleaf_existing : &sh->nexisting;
}

/* Sets BUSY on *w while its entry is idle and exists (or not) as wanted. */
static inline bool fileset_claim(_Atomic uint32_t *w, enum fs_presence want)
{
    bool existing = want == FS_EXISTING;
    uint32_t s = atomic_load_explicit(w, memory_order_relaxed);
    while ((s & ENT_BUSY) == 0 && ((s & ENT_EXISTS) != 0) == existing)
        if (atomic_compare_exchange_weak_explicit(w, &s, s | ENT_BUSY, memory_order_acquire, memory_order_relaxed))
            return true;
    return false;
}

/* Out of line: a pick from the epoch order; and a pick whose first entry
 * (ticket % n) did not qualify, going on from the next. */
int64_t fileset_epoch_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                           uint64_t limit);
int64_t fileset_scan_on(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                        enum fs_pick_from from, uint64_t ticket, _Atomic uint64_t *rotor);

/* An empty class (no existing entry, or no missing one) fails at once, without
 * a ticket; else the entry at the rotor's next turn (or at index), or the
 * first after it that qualifies. */
static inline int64_t fileset_try_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind,
                                       enum fs_presence want, enum fs_pick_from from, uint64_t index,
                                       _Atomic uint64_t *rotor)
{
    if (from == FS_FROM_EPOCH)
        return fileset_epoch_pick(fs, shm, kind, want, index);
    struct fs_shared *sh = fileset_shared(fs, shm);
    size_t n = fileset_count(fs, kind);
    bool existing = want == FS_EXISTING;
    uint64_t e = atomic_load_explicit(fileset_existing(sh, kind), memory_order_relaxed);
    if (n == 0 || (existing ? e == 0 : e >= n))
        return FS_PICK_EMPTY;
    bool indexed = from == FS_FROM_INDEX;
    if (!indexed && rotor == NULL)
        rotor = kind == FSK_LEAFDIR ? (existing ? &sh->rotor_leaf_existing : &sh->rotor_leaf_free)
                                    : (existing ? &sh->rotor_existing : &sh->rotor_free);
    uint64_t ticket = indexed ? index : atomic_fetch_add_explicit(rotor, 1, memory_order_relaxed);
    size_t idx = (size_t)(ticket % n);
    if (fileset_claim(&fileset_states(fs, shm, kind)[idx], want))
        return (int64_t)idx;
    return fileset_scan_on(fs, shm, kind, want, from, ticket, rotor);
}

/* The common case of a rotor's pick, for a body chosen at init: the rotor's
 * next file claimed with one compare-and-swap when its state is exactly
 * idle (ENT_EXISTS: an existing file nobody holds or has open; 0: a missing
 * one): true, its index in *idx and its state word in *state; else false,
 * *idx being the turn taken, and the caller goes on with fileset_pick_on.
 * The class must not be empty (the caller tested it) and rotor is the one
 * fileset_try_pick would take. */
static inline bool fileset_claim_idle(struct fileset_rt *fs, struct shm *shm, _Atomic uint64_t *rotor, uint32_t idle,
                                      uint64_t *idx, _Atomic uint32_t **state)
{
    uint64_t t = atomic_fetch_add_explicit(rotor, 1, memory_order_relaxed);
    size_t i = (size_t)(t % fs->nfiles);
    _Atomic uint32_t *w = &fileset_states(fs, shm, FSK_FILE)[i];
    uint32_t s = idle;
    *state = w;
    if (atomic_compare_exchange_strong_explicit(w, &s, idle | ENT_BUSY, memory_order_acquire, memory_order_relaxed)) {
        *idx = i;
        return true;
    }
    *idx = t;
    return false;
}

/* The rest of a rotor's pick of a file whose turn (ticket) fileset_claim_idle
 * did not claim: that entry if it qualifies after all (an open count, as
 * fileset_try_pick takes it), else the first after it that does;
 * FS_PICK_BUSY when none does now. */
int64_t fileset_pick_on(struct fileset_rt *fs, struct shm *shm, enum fs_presence want, uint64_t ticket,
                        _Atomic uint64_t *rotor);

/* The same out of line: for the orders a flowop draws (indexed=, pick=epoch). */
int64_t fileset_try_pick_at(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                            enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor);

/* The same, but while every entry of the class is busy it sleeps on a futex
 * until one is released (no spinning): -1 only for an empty class or a
 * stopping run (fileset_stop_waits). */
int64_t fileset_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                     enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor);
/* Marks entry idx BUSY, sleeping while another thread holds it; false when
 * it is not (or no longer) in the wanted class, or the run is stopping. */
bool fileset_hold(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx, enum fs_presence want);
/* Ends every wait of the run on this fileset, now and later (any process). */
void fileset_stop_waits(struct fileset_rt *fs, struct shm *shm);
/* Makes waits possible again: for state carried over from a run before. */
void fileset_reset_waits(struct fileset_rt *fs, struct shm *shm);
/* The epoch order starts again at its first pick, shuffled anew: for state
 * carried over from a run before (each run's passes are its own). */
void fileset_epoch_restart(struct fileset_rt *fs, struct shm *shm);
/* FS_FROM_EPOCH: the entry the next ticket names, not claimed; FS_PICK_DONE
 * past limit (0: none), FS_PICK_EMPTY without entries. *share: the entries of
 * a pass this rank takes (0: none). */
int64_t fileset_epoch_next(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, uint64_t limit, uint64_t *share);

/* A state word's open count plus delta, kept within 0..ENT_OPENS (delta is
 * a constant where it is inlined: one of the two tests is left). */
static inline uint32_t fileset_opens_add(uint32_t s, int delta)
{
    uint32_t o = s & ENT_OPENS;
    if (delta >= 0)
        return (uint32_t)delta > ENT_OPENS - o ? ENT_OPENS : o + (uint32_t)delta;
    return (uint32_t)-(int64_t)delta > o ? 0 : o - (uint32_t)-(int64_t)delta;
}

/* Out of line: wakes the threads waiting for a busy entry (fileset_release). */
void fileset_wake(struct fs_shared *sh);

/* Clears BUSY and applies the new state: existing or missing, and opens +=
 * open_delta; wakes the threads waiting for a busy entry, if any. The state
 * is written, then the waiters read, both seq_cst (the same instructions on
 * x86): the read must not pass the write (see wait_for in fileset_pick.c). */
static inline void fileset_release(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx,
                                   enum fs_presence now, int open_delta)
{
    bool exists = now == FS_EXISTING;
    if (idx < 0 || (size_t)idx >= fileset_count(fs, kind))
        return;
    _Atomic uint32_t *w = &fileset_states(fs, shm, kind)[idx];
    uint32_t old = atomic_load_explicit(w, memory_order_relaxed), next;
    do
        next = fileset_opens_add(old, open_delta) | (exists ? ENT_EXISTS : 0);
    while (!atomic_compare_exchange_weak_explicit(w, &old, next, memory_order_seq_cst, memory_order_relaxed));
    struct fs_shared *sh = fileset_shared(fs, shm);
    if (((old & ENT_EXISTS) != 0) != exists)
        atomic_fetch_add_explicit(fileset_existing(sh, kind), exists ? 1 : (uint64_t)-1, memory_order_seq_cst);
    if (atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        fileset_wake(sh);
}

/* fileset_release of an entry its holder left as it was (a stat): BUSY
 * cleared in one atomic and-not, no loop, existence and opens untouched (no
 * one else changes an entry's existence while it is held, and an open
 * count's change is an atomic of its own). */
static inline void fileset_unhold(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx)
{
    if (idx < 0 || (size_t)idx >= fileset_count(fs, kind))
        return;
    atomic_fetch_and_explicit(&fileset_states(fs, shm, kind)[idx], ~(uint32_t)ENT_BUSY, memory_order_seq_cst);
    struct fs_shared *sh = fileset_shared(fs, shm);
    if (atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        fileset_wake(sh);
}

/* fileset_release by a holder that knows the entry's state: it claimed it
 * existing or missing (was), and no one else changes an entry's existence
 * while it is held. BUSY cleared, existence set and opens raised by
 * open_delta (0 or 1) in one atomic add, no loop: the count never reaches
 * ENT_OPENS, each open being a descriptor slot of a thread (op_open.c
 * asserts the bound), so the add cannot carry into ENT_BUSY. */
static inline void fileset_release_held(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx,
                                        enum fs_presence was, enum fs_presence now, unsigned open_delta)
{
    if (idx < 0 || (size_t)idx >= fileset_count(fs, kind))
        return;
    uint32_t exists_was = was == FS_EXISTING ? ENT_EXISTS : 0, exists_now = now == FS_EXISTING ? ENT_EXISTS : 0;
    atomic_fetch_add_explicit(&fileset_states(fs, shm, kind)[idx], open_delta - ENT_BUSY + exists_now - exists_was,
                              memory_order_seq_cst);
    struct fs_shared *sh = fileset_shared(fs, shm);
    if (was != now)
        atomic_fetch_add_explicit(fileset_existing(sh, kind), now == FS_EXISTING ? 1 : (uint64_t)-1,
                                  memory_order_seq_cst);
    if (atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        fileset_wake(sh);
}

/* The open count of a file one lower, by the close of a descriptor its raise
 * counted (fileset_release_held): above 0, so one atomic subtract. */
static inline void fileset_open_drop(struct fileset_rt *fs, struct shm *shm, int64_t idx)
{
    if (idx < 0 || (size_t)idx >= fs->nfiles)
        return;
    atomic_fetch_sub_explicit(&fileset_states(fs, shm, FSK_FILE)[idx], 1, memory_order_relaxed);
}

/* Next ordinary directory for listdir (round-robin on the shared rotor). */
size_t fileset_pick_dir(struct fileset_rt *fs, struct shm *shm);
/* The state word of an entry (0 past the end). */
static inline uint32_t fileset_state(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx)
{
    if (idx < 0 || (size_t)idx >= fileset_count(fs, kind))
        return 0;
    return atomic_load_explicit(&fileset_states(fs, shm, kind)[idx], memory_order_acquire);
}

#endif
