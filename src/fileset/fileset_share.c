/* fileset_share.c: one fileset tree used by several MPI ranks at once (the
 * attribute shared, --mpi-shared): a rank's own share of the entries, and the
 * bitmap through which rank 0 tells the others what it created. */
#include <stdlib.h>
#include <string.h>

#include "fileset/fileset.h"

/* Entries i of n with i % ranks == rank. */
static size_t share_count(size_t n, uint32_t rank, uint32_t ranks)
{
    return n > rank ? (n - rank + ranks - 1) / ranks : 0;
}

static struct fs_entry *share_entries(const struct fs_entry *all, size_t n, uint32_t rank, uint32_t ranks,
                                      size_t *count)
{
    *count = share_count(n, rank, ranks);
    struct fs_entry *v = malloc((*count ? *count : 1) * sizeof *v);
    for (size_t k = 0; v != NULL && k < *count; k++)
        v[k] = all[k * ranks + rank];
    return v;
}

int fileset_split(struct fileset_rt *own, const struct fileset_rt *full, uint32_t rank, uint32_t ranks,
                  struct diag *err)
{
    *own = *full;
    own->h = (struct fs_handles){ .rootfd = -1 };   /* descriptors are the full tree's; own opens its own */
    own->share_rank = rank;
    own->share_ranks = ranks;
    own->split = true;
    own->leaf_names = NULL;   /* full's; own spells its own below */
    own->nleaf_names = 0;
    own->root = strdup(full->root);
    own->dirs = malloc((full->ndirs ? full->ndirs : 1) * sizeof *own->dirs);
    own->files = share_entries(full->files, full->nfiles, rank, ranks, &own->nfiles);
    own->leafdirs = share_entries(full->leafdirs, full->nleafdirs, rank, ranks, &own->nleafdirs);
    if (own->root == NULL || own->dirs == NULL || own->files == NULL || own->leafdirs == NULL) {
        fileset_free(own);
        return diag_set(err, &full->plan->loc, "fileset '%s': out of memory", full->plan->name);
    }
    memcpy(own->dirs, full->dirs, full->ndirs * sizeof *own->dirs);
    if (fileset_names(own, err) != 0) {
        fileset_free(own);
        return -1;
    }
    own->total_bytes = 0;
    for (size_t k = 0; k < own->nfiles; k++)
        own->total_bytes += own->files[k].size;
    return 0;
}

size_t fileset_exists_size(const struct fileset_rt *full)
{
    return (full->nfiles + full->nleafdirs + 7) / 8;
}

void fileset_exists_export(const struct fileset_rt *full, struct shm *shm, uint8_t *bits)
{
    const _Atomic uint32_t *st = shm_at(shm, full->state_off);
    size_t n = full->nfiles + full->nleafdirs;
    memset(bits, 0, fileset_exists_size(full));
    for (size_t i = 0; i < n; i++)
        if (atomic_load_explicit(&st[i], memory_order_relaxed) & ENT_EXISTS)
            bits[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* What exists in the whole tree, as a bitmap or as the state words a run kept. */
struct whole_exists {
    const uint8_t *bits;     /* NULL: words */
    const uint32_t *words;
};

static bool exists_at(const struct whole_exists *w, size_t i)
{
    return w->bits != NULL ? (w->bits[i / 8] >> (i % 8)) & 1u : (w->words[i] & ENT_EXISTS) != 0;
}

/* Entry k of fs is entry k * stride + first of the whole tree. */
static uint64_t adopt_range(_Atomic uint32_t *st, size_t n, const struct whole_exists *w, size_t base, size_t stride,
                            size_t first)
{
    uint64_t exist = 0;
    for (size_t k = 0; k < n; k++) {
        bool on = exists_at(w, base + k * stride + first);
        atomic_store_explicit(&st[k], on ? ENT_EXISTS : 0, memory_order_relaxed);
        exist += on;
    }
    return exist;
}

static void adopt(struct fileset_rt *fs, struct shm *shm, const struct whole_exists *w, size_t full_files)
{
    _Atomic uint32_t *st = shm_at(shm, fs->state_off);
    size_t stride = fs->split ? fs->share_ranks : 1, first = fs->split ? fs->share_rank : 0;
    struct fs_shared *sh = shm_at(shm, fs->shared_off);
    atomic_store(&sh->nexisting, adopt_range(st, fs->nfiles, w, 0, stride, first));
    atomic_store(&sh->nleaf_existing, adopt_range(st + fs->nfiles, fs->nleafdirs, w, full_files, stride, first));
}

void fileset_exists_adopt(struct fileset_rt *fs, struct shm *shm, const uint8_t *bits, size_t full_files)
{
    adopt(fs, shm, &(struct whole_exists){ .bits = bits }, full_files);
}

void fileset_state_adopt(struct fileset_rt *fs, struct shm *shm, const uint32_t *state, size_t full_files)
{
    adopt(fs, shm, &(struct whole_exists){ .words = state }, full_files);
}
