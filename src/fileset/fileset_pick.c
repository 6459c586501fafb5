/* fileset_pick.c: picking files and leaf directories at run time (f-language.md
 * 4.3) from the shared state words, lock-free, from any thread of any process,
 * and sleeping on a futex while every entry wanted is busy. */
#include "fileset/fileset.h"
#include "base/futex.h"

/* A sleeping waiter re-checks this often even unwoken: a safety net only,
 * since every release and fileset_stop_waits wake it. */
#define RECHECK_NS 50000000u

static _Atomic uint32_t *states(const struct fileset_rt *fs, struct shm *shm, enum fs_kind kind)
{
    _Atomic uint32_t *base = shm_at(shm, fs->state_off);
    return kind == FSK_LEAFDIR ? base + fs->nfiles : base;
}

static size_t count(const struct fileset_rt *fs, enum fs_kind kind)
{
    return kind == FSK_LEAFDIR ? fs->nleafdirs : fs->nfiles;
}

static _Atomic uint64_t *existing_counter(struct fs_shared *sh, enum fs_kind kind)
{
    return kind == FSK_LEAFDIR ? &sh->nleaf_existing : &sh->nexisting;
}

static _Atomic uint64_t *default_rotor(struct fs_shared *sh, enum fs_kind kind, bool want_existing)
{
    if (kind == FSK_LEAFDIR)
        return want_existing ? &sh->rotor_leaf_existing : &sh->rotor_leaf_free;
    return want_existing ? &sh->rotor_existing : &sh->rotor_free;
}

static bool qualifies(uint32_t s, bool want_existing)
{
    return (s & ENT_BUSY) == 0 && ((s & ENT_EXISTS) != 0) == want_existing;
}

/* Sets BUSY on w if it still qualifies. */
static bool claim(_Atomic uint32_t *w, bool want_existing)
{
    uint32_t s = atomic_load_explicit(w, memory_order_relaxed);
    while (qualifies(s, want_existing))
        if (atomic_compare_exchange_weak_explicit(w, &s, s | ENT_BUSY, memory_order_acquire, memory_order_relaxed))
            return true;
    return false;
}

/* An empty class (no existing entry, or no missing one) fails at once, without
 * a scan. The counter follows a release's state change by an instant; a
 * waiter that looks in between is woken again once it has moved. */
static bool class_empty(struct fs_shared *sh, enum fs_kind kind, size_t n, bool want_existing)
{
    uint64_t e = atomic_load_explicit(existing_counter(sh, kind), memory_order_relaxed);
    return want_existing ? e == 0 : e >= n;
}

/* One pass over the entries from the rotor (or index); -1 when none qualifies now. */
static int64_t scan(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, bool want_existing, bool indexed,
                    uint64_t index, _Atomic uint64_t *rotor)
{
    size_t n = count(fs, kind);
    uint64_t ticket = indexed ? index : atomic_fetch_add_explicit(rotor, 1, memory_order_relaxed);
    _Atomic uint32_t *st = states(fs, shm, kind);
    size_t idx = (size_t)(ticket % n);
    for (size_t k = 0; k < n; k++) {
        if (claim(&st[idx], want_existing)) {
            /* Jump the rotor past the entries just skipped, so a sparse class
             * costs one scan per gap rather than one per pick. */
            uint64_t expect = ticket + 1;
            if (!indexed && k > 0)
                atomic_compare_exchange_strong_explicit(rotor, &expect, ticket + k + 1, memory_order_relaxed,
                                                        memory_order_relaxed);
            return (int64_t)idx;
        }
        idx = idx + 1 == n ? 0 : idx + 1;
    }
    return -1;
}

/* What a thread waits for: a pick (from the rotor or an index), or with
 * exact, entry index itself. */
struct want {
    struct fileset_rt *fs;
    struct shm *shm;
    enum fs_kind kind;
    bool want_existing, indexed, exact;
    uint64_t index;
    _Atomic uint64_t *rotor;
};

static int64_t attempt_pick(const struct want *w)
{
    size_t n = count(w->fs, w->kind);
    if (n == 0 || class_empty(fileset_shared(w->fs, w->shm), w->kind, n, w->want_existing))
        return FS_PICK_EMPTY;
    int64_t idx = scan(w->fs, w->shm, w->kind, w->want_existing, w->indexed, w->index, w->rotor);
    return idx >= 0 ? idx : FS_PICK_BUSY;
}

static int64_t attempt_exact(const struct want *w)
{
    _Atomic uint32_t *st = &states(w->fs, w->shm, w->kind)[w->index];
    uint32_t s = atomic_load_explicit(st, memory_order_relaxed);
    while (((s & ENT_EXISTS) != 0) == w->want_existing) {
        if (s & ENT_BUSY)
            return FS_PICK_BUSY;
        if (atomic_compare_exchange_weak_explicit(st, &s, s | ENT_BUSY, memory_order_acquire, memory_order_relaxed))
            return (int64_t)w->index;
    }
    return FS_PICK_EMPTY;
}

static int64_t attempt(const struct want *w)
{
    return w->exact ? attempt_exact(w) : attempt_pick(w);
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

static void wake_waiters(struct fs_shared *sh)
{
    if (atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) == 0)
        return;
    atomic_fetch_add_explicit(&sh->waits.seq, 1, memory_order_release);
    fb_futex_wake(&sh->waits.seq);
}

/* The epoch order's next entry, claimed, waiting while another thread holds
 * it. One not in the wanted class (a file deleted) is passed over, its
 * ticket spent: at most one pass of them before the class is empty. */
static int64_t epoch_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
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

static struct want pick_want(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, bool want_existing,
                             bool indexed, uint64_t index, _Atomic uint64_t *rotor)
{
    if (rotor == NULL)
        rotor = default_rotor(fileset_shared(fs, shm), kind, want_existing);
    return (struct want){ fs, shm, kind, want_existing, indexed, false, index, rotor };
}

int64_t fileset_try_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                         enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor)
{
    if (from == FS_FROM_EPOCH)
        return epoch_pick(fs, shm, kind, want, index);
    struct want w = pick_want(fs, shm, kind, want == FS_EXISTING, from == FS_FROM_INDEX, index, rotor);
    return attempt_pick(&w);
}

/* Busy entries are held for a short critical operation (a stat, an open, an
 * unlink), so a thread that finds all of its class busy waits for a release,
 * as classic FileBench does; only an empty class means "no file". */
int64_t fileset_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, enum fs_presence want,
                     enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor)
{
    if (from == FS_FROM_EPOCH)
        return epoch_pick(fs, shm, kind, want, index);
    struct want w = pick_want(fs, shm, kind, want == FS_EXISTING, from == FS_FROM_INDEX, index, rotor);
    int64_t got = attempt_pick(&w);
    if (got == FS_PICK_BUSY)
        got = wait_for(&w);
    return got;
}

bool fileset_hold(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx, enum fs_presence want)
{
    if (idx < 0 || (size_t)idx >= count(fs, kind))
        return false;
    struct want w = { fs, shm, kind, want == FS_EXISTING, false, true, (uint64_t)idx, NULL };
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

/* opens + delta, kept within 0..ENT_OPENS. */
static uint32_t add_opens(uint32_t s, int delta)
{
    int64_t o = (int64_t)(s & ENT_OPENS) + delta;
    if (o < 0)
        o = 0;
    if (o > (int64_t)ENT_OPENS)
        o = ENT_OPENS;
    return (uint32_t)o;
}

void fileset_release(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx, enum fs_presence now,
                     int open_delta)
{
    bool exists = now == FS_EXISTING;
    if (idx < 0 || (size_t)idx >= count(fs, kind))
        return;
    _Atomic uint32_t *w = &states(fs, shm, kind)[idx];
    uint32_t old = atomic_load_explicit(w, memory_order_relaxed), next;
    /* seq_cst (the same instructions on x86): wake_waiters' read of waiters
     * must not pass these writes (see wait_for). */
    do
        next = add_opens(old, open_delta) | (exists ? ENT_EXISTS : 0);
    while (!atomic_compare_exchange_weak_explicit(w, &old, next, memory_order_seq_cst, memory_order_relaxed));
    struct fs_shared *sh = fileset_shared(fs, shm);
    bool was = (old & ENT_EXISTS) != 0;
    if (was != exists)
        atomic_fetch_add_explicit(existing_counter(sh, kind), exists ? 1 : (uint64_t)-1, memory_order_seq_cst);
    wake_waiters(sh);
}

void fileset_open_delta(struct fileset_rt *fs, struct shm *shm, int64_t idx, int delta)
{
    if (idx < 0 || (size_t)idx >= fs->nfiles)
        return;
    _Atomic uint32_t *w = &states(fs, shm, FSK_FILE)[idx];
    uint32_t old = atomic_load_explicit(w, memory_order_relaxed), next;
    do
        next = (old & ~ENT_OPENS) | add_opens(old, delta);
    while (!atomic_compare_exchange_weak_explicit(w, &old, next, memory_order_relaxed, memory_order_relaxed));
}

uint32_t fileset_state(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx)
{
    if (idx < 0 || (size_t)idx >= count(fs, kind))
        return 0;
    return atomic_load_explicit(&states(fs, shm, kind)[idx], memory_order_acquire);
}

size_t fileset_pick_dir(struct fileset_rt *fs, struct shm *shm)
{
    uint64_t t = atomic_fetch_add_explicit(&fileset_shared(fs, shm)->rotor_dir, 1, memory_order_relaxed);
    return fs->ndirs == 0 ? 0 : (size_t)(t % fs->ndirs);
}
