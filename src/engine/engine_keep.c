/* engine_keep.c: filesets kept from one run of a script to the next, so that a
 * phase starts from what the phase before it left on disk and in the state. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "fileset/fileset_pick.h"

struct kept {
    struct fileset_rt fs;       /* the tree (owned while kept) */
    struct plan_fileset sig;    /* what it was built from; names point into fs */
    uint32_t *state;            /* per entry: exists or not */
    struct fs_shared shared;    /* rotors and counts */
};

struct fs_cache {
    struct kept *v;
    size_t n;
};

static bool same_param(const struct param *a, const struct param *b)
{
    if (a->is_dist != b->is_dist)
        return false;
    return a->is_dist ? memcmp(&a->dist, &b->dist, sizeof a->dist) == 0 : a->u == b->u;
}

/* A fileset is kept only if the run binds it exactly as before. */
static bool same_fileset(const struct plan_fileset *a, const struct plan_fileset *b)
{
    if (a->name == NULL || a->path == NULL)
        return false;
    return strcmp(a->name, b->name) == 0 && strcmp(a->path, b->path) == 0 && a->is_file == b->is_file
        && a->entries == b->entries && a->leafdirs == b->leafdirs && same_param(&a->size, &b->size)
        && same_param(&a->dirwidth, &b->dirwidth) && a->dirgamma == b->dirgamma && a->has_depthrv == b->has_depthrv
        && a->prealloc == b->prealloc && a->readonly == b->readonly && a->writeonly == b->writeonly
        && strcmp(a->filenames, b->filenames) == 0;
}

static void kept_free(struct kept *k)
{
    fileset_free(&k->fs);
    free(k->state);
    free((char *)k->sig.name);
    free((char *)k->sig.path);
}

void fs_cache_free(struct fs_cache *c)
{
    if (c == NULL)
        return;
    for (size_t i = 0; i < c->n; i++)
        kept_free(&c->v[i]);
    free(c->v);
    free(c);
}

int engine_keep_take(struct engine *e, size_t i)
{
    struct fs_cache *c = *e->run->filesets;
    const struct plan_fileset *p = &e->plan->filesets[i];
    for (size_t k = 0; c != NULL && k < c->n; k++) {
        if (c->v[k].state == NULL || !same_fileset(&c->v[k].sig, p))
            continue;
        e->fs[i] = c->v[k].fs;
        e->fs[i].plan = p;
        memset(&c->v[k].fs, 0, sizeof c->v[k].fs);
        return (int)k;
    }
    return -1;
}

void engine_keep_restore(struct engine *e, size_t i, int k)
{
    struct kept *kp = &(*e->run->filesets)->v[k];
    struct fileset_rt *fs = &e->fs[i];
    /* A tree kept whole, now this rank's share (engine_share_kept). */
    if (e->whole[i].kept_files > 0) {
        fileset_state_adopt(fs, &e->shm, kp->state, e->whole[i].kept_files);
        fileset_reset_waits(fs, &e->shm);
        return;
    }
    memcpy(shm_at(&e->shm, fs->state_off), kp->state, (fs->nfiles + fs->nleafdirs) * sizeof(uint32_t));
    memcpy(shm_at(&e->shm, fs->shared_off), &kp->shared, sizeof kp->shared);
    fileset_reset_waits(fs, &e->shm);   /* the run before ended by stopping them */
    fileset_epoch_restart(fs, &e->shm);
}

/* After a run: the filesets move into a new cache with their state; nothing
 * is open and nothing busy any more, so only "exists" is kept. */
void engine_keep_store(struct engine *e)
{
    struct fs_cache *c = calloc(1, sizeof *c);
    if (c != NULL)
        c->v = calloc(e->nfs ? e->nfs : 1, sizeof *c->v);
    if (c == NULL || c->v == NULL) {
        free(c);
        return; /* out of memory: the next run rebuilds, which is correct, only slower */
    }
    for (size_t i = 0; i < e->nfs; i++) {
        struct fileset_rt *fs = &e->fs[i];
        size_t n = fs->nfiles + fs->nleafdirs;
        struct kept *k = &c->v[c->n];
        k->state = malloc((n ? n : 1) * sizeof *k->state);
        if (k->state == NULL || fs->plan == NULL || e->shm.base == NULL) {
            free(k->state);
            k->state = NULL;
            continue;
        }
        _Atomic uint32_t *st = shm_at(&e->shm, fs->state_off);
        for (size_t j = 0; j < n; j++)
            k->state[j] = atomic_load(&st[j]) & ENT_EXISTS;
        memcpy(&k->shared, shm_at(&e->shm, fs->shared_off), sizeof k->shared);
        k->sig = *fs->plan;
        k->sig.name = fs->plan->name ? strdup(fs->plan->name) : NULL;
        k->sig.path = fs->plan->path ? strdup(fs->plan->path) : NULL;
        k->fs = *fs;
        k->fs.plan = NULL;
        memset(fs, 0, sizeof *fs);
        c->n++;
    }
    fs_cache_free(*e->run->filesets);
    *e->run->filesets = c;
}
