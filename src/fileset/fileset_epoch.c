/* fileset_epoch.c: the epoch pick order (FS_FROM_EPOCH): every entry once per
 * pass, shuffled anew each pass, without replacement, as a training epoch
 * reads its samples and mdtest -R visits its files. The order is computed
 * from a ticket (one shared counter), never stored: no lock, no allocation.
 * The entry is claimed by the picker (fileset_pick.c). */
#include <stdint.h>

#include "base/rng.h"
#include "fileset/fileset.h"
#include "fileset/fileset_pick.h"

/* Rounds of the keyed mix: each a bijection of 0..2^bits-1. */
#define EPOCH_ROUNDS 4

/* One keyed round: odd multiplier, add, xorshift; each step is a bijection
 * of bits-bit numbers, so the round is one. */
static uint64_t mix_round(uint64_t x, uint64_t k, unsigned bits, uint64_t mask)
{
    x = (x * (k | 1)) & mask;
    x = (x + (k >> 32)) & mask;
    return x ^ (x >> (bits / 2 + 1));
}

/* Entry pos of pass `pass` of the epoch order over n entries under key: a
 * permutation of 0..n-1 for each pass. */
static uint64_t epoch_entry(uint64_t pos, uint64_t n, uint64_t key, uint64_t pass)
{
    if (n <= 1)
        return 0;
    unsigned bits = 64u - (unsigned)__builtin_clzll(n - 1);
    uint64_t mask = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
    uint64_t k = rng_mix64(key ^ rng_mix64(pass + 1));
    uint64_t x = pos;
    /* Cycle-walking: a permutation of 0..2^bits-1 walked until it lands below
     * n is a permutation of 0..n-1; fewer than two steps on average. */
    do
        for (unsigned r = 0; r < EPOCH_ROUNDS; r++)
            x = mix_round(x, rng_mix64(k + r), bits, mask);
    while (x >= n);
    return x;
}

void fileset_epoch_restart(struct fileset_rt *fs, struct shm *shm)
{
    struct fs_shared *sh = fileset_shared(fs, shm);
    atomic_store(&sh->epoch_ticket, 0);
    sh->epoch_run++;
}

/* This rank's positions lo..lo+len-1 of each pass: a tree read whole by
 * several ranks is split between them; a rank's own tree (or its share of a
 * split tree) is its own. */
struct epoch_share {
    uint64_t lo, len, cap;
};

static struct epoch_share share_of(const struct fileset_rt *fs, uint64_t n, uint64_t limit)
{
    uint64_t ranks = fs->share_ranks > 1 && !fs->split ? fs->share_ranks : 1;
    uint64_t r = ranks > 1 ? fs->share_rank : 0;
    struct epoch_share s = { n * r / ranks, n * (r + 1) / ranks - n * r / ranks, UINT64_MAX };
    if (limit == 0)
        return s;
    /* The limit's whole passes, then this rank's part of the last one. */
    uint64_t rem = limit % n;
    s.cap = limit / n * s.len + (rem * (r + 1) / ranks - rem * r / ranks);
    return s;
}

int64_t fileset_epoch_next(struct fileset_rt *fs, struct shm *shm, enum fs_kind kind, uint64_t limit, uint64_t *share)
{
    uint64_t n = kind == FSK_LEAFDIR ? fs->nleafdirs : fs->nfiles;
    struct fs_shared *sh = fileset_shared(fs, shm);
    *share = 0;
    if (n == 0)
        return FS_PICK_EMPTY;
    struct epoch_share s = share_of(fs, n, limit);
    *share = s.len;
    if (s.len == 0)
        return FS_PICK_EMPTY;
    uint64_t t = atomic_fetch_add_explicit(&sh->epoch_ticket, 1, memory_order_relaxed);
    if (t >= s.cap)
        return FS_PICK_DONE;
    uint64_t key = fs->seed ^ rng_mix64(sh->epoch_run + RNG_GOLDEN);
    return (int64_t)epoch_entry(s.lo + t % s.len, n, key, t / s.len);
}
