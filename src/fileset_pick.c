/* fileset_pick.c: picking files and leaf directories at run time (f-language.md
 * 4.3) from the shared state words, lock-free, from any thread of any process. */
#include <sched.h>

#include "clock.h"
#include "fileset.h"

static _Atomic uint32_t *states(const struct fileset_rt *fs, struct shm *shm, enum fs_kind kind)
{
    _Atomic uint32_t *base = shm_at(shm, fs->state_off);
    return kind == FSK_LEAFDIR ? base + fs->nfiles : base;
}

static struct fs_shared *shared(const struct fileset_rt *fs, struct shm *shm)
{
    return shm_at(shm, fs->shared_off);
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
 * a scan; the counter may lag a release by an instant, which only costs a retry. */
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

/* Entries of the wanted kind that are all busy (held by other threads for a
 * stat, an open, a delete) are waited for, as classic FileBench does; only an
 * empty class means "no file". The wait is bounded, so a run that stops, or a
 * holder that died, cannot keep a thread here. */
int64_t fileset_pick(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, bool want_existing, bool indexed,
                     uint64_t index, _Atomic uint64_t *rotor)
{
    size_t n = count(fs, kind);
    struct fs_shared *sh = shared(fs, shm);
    if (rotor == NULL)
        rotor = default_rotor(sh, kind, want_existing);
    uint64_t deadline = 0;
    for (;;) {
        if (n == 0 || class_empty(sh, kind, n, want_existing))
            return -1;
        int64_t idx = scan(fs, shm, kind, want_existing, indexed, index, rotor);
        if (idx >= 0)
            return idx;
        uint64_t now = clock_ns();
        if (deadline == 0)
            deadline = now + 200000000u;
        else if (now > deadline)
            return -1;
        sched_yield();
    }
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

void fileset_release(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, int64_t idx, bool exists,
                     int open_delta)
{
    if (idx < 0 || (size_t)idx >= count(fs, kind))
        return;
    _Atomic uint32_t *w = &states(fs, shm, kind)[idx];
    uint32_t old = atomic_load_explicit(w, memory_order_relaxed), next;
    do
        next = add_opens(old, open_delta) | (exists ? ENT_EXISTS : 0);
    while (!atomic_compare_exchange_weak_explicit(w, &old, next, memory_order_release, memory_order_relaxed));
    bool was = (old & ENT_EXISTS) != 0;
    if (was == exists)
        return;
    _Atomic uint64_t *c = existing_counter(shared(fs, shm), kind);
    if (exists)
        atomic_fetch_add_explicit(c, 1, memory_order_relaxed);
    else
        atomic_fetch_sub_explicit(c, 1, memory_order_relaxed);
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
    uint64_t t = atomic_fetch_add_explicit(&shared(fs, shm)->rotor_dir, 1, memory_order_relaxed);
    return fs->ndirs == 0 ? 0 : (size_t)(t % fs->ndirs);
}
