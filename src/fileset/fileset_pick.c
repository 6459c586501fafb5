/* fileset_pick.c: picking files and leaf directories at run time (f-language.md
 * 4.3) from the shared state words, lock-free, from any thread of any process,
 * and sleeping on a futex while every entry wanted is busy. */
#include "fileset/fileset.h"
#include "fileset/fileset_pick.h"
#include "base/futex.h"

/* A sleeping waiter re-checks this often even unwoken: a safety net only,
 * since every release and fileset_stop_waits wake it. */
#define RECHECK_NS 50000000u

/* The rest of a pick whose first entry did not qualify: one pass over the
 * others from the one after it; FS_PICK_BUSY when none qualifies now. */
int64_t fileset_scan_on(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                        enum fs_pick_from from, uint64_t ticket, _Atomic uint64_t *rotor)
{
    size_t n = fileset_count(fs, kind);
    _Atomic uint32_t *st = fileset_states(fs, shm, kind);
    size_t idx = (size_t)(ticket % n);
    for (size_t k = 1; k < n; k++) {
        idx = idx + 1 == n ? 0 : idx + 1;
        if (!fileset_claim(&st[idx], want))
            continue;
        /* Jump the rotor past the entries just skipped, so a sparse class
         * costs one scan per gap rather than one per pick. */
        uint64_t expect = ticket + 1;
        if (from != FS_FROM_INDEX)
            atomic_compare_exchange_strong_explicit(rotor, &expect, ticket + k + 1, memory_order_relaxed,
                                                    memory_order_relaxed);
        return (int64_t)idx;
    }
    return FS_PICK_BUSY;
}

int64_t fileset_pick_on(struct fileset_rt *fs, struct shm *shm, enum fs_presence want, uint64_t ticket,
                        _Atomic uint64_t *rotor)
{
    size_t idx = (size_t)(ticket % fs->nfiles);
    if (fileset_claim(&fileset_states(fs, shm, FSK_FILE)[idx], want))
        return (int64_t)idx;
    return fileset_scan_on(fs, shm, FSK_FILE, want, FS_FROM_ROTOR, ticket, rotor);
}

/* What a thread waits for: a pick (from the rotor or an index), or with
 * exact, entry index itself. */
struct want {
    struct fileset_rt *fs;
    struct shm *shm;
    enum fs_kind kind;
    enum fs_presence presence;
    enum fs_pick_from from;
    bool exact;
    uint64_t index;
    _Atomic uint64_t *rotor;
};

static int64_t attempt_exact(const struct want *w)
{
    _Atomic uint32_t *st = &fileset_states(w->fs, w->shm, w->kind)[w->index];
    bool existing = w->presence == FS_EXISTING;
    uint32_t s = atomic_load_explicit(st, memory_order_relaxed);
    while (((s & ENT_EXISTS) != 0) == existing) {
        if (s & ENT_BUSY)
            return FS_PICK_BUSY;
        if (atomic_compare_exchange_weak_explicit(st, &s, s | ENT_BUSY, memory_order_acquire, memory_order_relaxed))
            return (int64_t)w->index;
    }
    return FS_PICK_EMPTY;
}

static int64_t attempt(const struct want *w)
{
    if (w->exact)
        return attempt_exact(w);
    return fileset_try_pick(w->fs, w->shm, w->kind, w->presence, w->from, w->index, w->rotor);
}

/* Sleeps until an attempt gets an entry or finds the class empty. An event
 * count: the waiter announces itself, then reads seq, then looks again; a
 * release changes the state, then reads waiters and, if any, bumps seq and
 * wakes. Each side's write precedes its read in the one seq_cst order (a
 * fence here, seq_cst operations in fileset_release), so either the waiter
 * sees the release or the releaser sees the waiter (whose seq is then stale,
 * and FUTEX_WAIT returns at once). */
static int64_t wait_for(const struct want *w)
{
    struct fs_waits *wt = &fileset_shared(w->fs, w->shm)->waits;
    int64_t got = FS_PICK_BUSY;
    while (got == FS_PICK_BUSY) {
        atomic_fetch_add(&wt->waiters, 1);
        atomic_thread_fence(memory_order_seq_cst);
        uint32_t seq = atomic_load(&wt->seq);
        got = atomic_load(&wt->stopped) ? FS_PICK_EMPTY : attempt(w);
        if (got == FS_PICK_BUSY)
            fb_futex_wait(&wt->seq, seq, RECHECK_NS);
        atomic_fetch_sub(&wt->waiters, 1);
    }
    return got;
}

void fileset_wake(struct fs_shared *sh)
{
    atomic_fetch_add_explicit(&sh->waits.seq, 1, memory_order_release);
    fb_futex_wake(&sh->waits.seq);
}

/* The epoch order's next entry, claimed, waiting while another thread holds
 * it. One not in the wanted class (a file deleted) is passed over, its
 * ticket spent: at most one pass of them before the class is empty. */
int64_t fileset_epoch_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                           uint64_t limit)
{
    uint64_t share = 1;
    for (uint64_t tries = 0; tries < share; tries++) {
        int64_t idx = fileset_epoch_next(fs, shm, kind, limit, &share);
        if (idx < 0 || fileset_hold(fs, shm, kind, idx, want))
            return idx;
        if (atomic_load_explicit(&fileset_shared(fs, shm)->waits.stopped, memory_order_relaxed))
            return FS_PICK_EMPTY;
    }
    return FS_PICK_EMPTY;
}

/* Busy entries are held for a short critical operation (a stat, an open, an
 * unlink), so a thread that finds all of its class busy waits for a release,
 * as classic FileBench does; only an empty class means "no file". */
int64_t fileset_try_pick_at(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                            enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor)
{
    return fileset_try_pick(fs, shm, kind, want, from, index, rotor);
}

int64_t fileset_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                     enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor)
{
    int64_t got = fileset_try_pick(fs, shm, kind, want, from, index, rotor);
    if (got != FS_PICK_BUSY || from == FS_FROM_EPOCH)
        return got;
    struct want w = { fs, shm, kind, want, from, false, index, rotor };
    return wait_for(&w);
}

bool fileset_hold(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx, enum fs_presence want)
{
    if (idx < 0 || (size_t)idx >= fileset_count(fs, kind))
        return false;
    struct want w = { fs, shm, kind, want, FS_FROM_INDEX, true, (uint64_t)idx, NULL };
    int64_t got = attempt_exact(&w);
    if (got == FS_PICK_BUSY)
        got = wait_for(&w);
    return got == idx;
}

void fileset_stop_waits(struct fileset_rt *fs, struct shm *shm)
{
    struct fs_waits *wt = &fileset_shared(fs, shm)->waits;
    atomic_store(&wt->stopped, 1);
    atomic_fetch_add(&wt->seq, 1);
    fb_futex_wake(&wt->seq);
}

void fileset_reset_waits(struct fileset_rt *fs, struct shm *shm)
{
    struct fs_waits *wt = &fileset_shared(fs, shm)->waits;
    atomic_store(&wt->stopped, 0);
    atomic_store(&wt->waiters, 0);
}

size_t fileset_pick_dir(struct fileset_rt *fs, struct shm *shm)
{
    uint64_t t = atomic_fetch_add_explicit(&fileset_shared(fs, shm)->rotor_dir, 1, memory_order_relaxed);
    return fs->ndirs == 0 ? 0 : (size_t)(t % fs->ndirs);
}
