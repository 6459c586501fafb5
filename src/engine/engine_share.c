/* engine_share.c: a fileset tree that every MPI rank of a run uses (the
 * attribute shared, --mpi-shared). Rank 0 creates it while the others wait;
 * what it created becomes every rank's state; a rank that creates or deletes
 * entries does so only in its own share (index % ranks == rank), so two
 * ranks never race for one name, and with no message on the hot path. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dist/dist.h"
#include "engine/engine_rt.h"
#include "model/flowop_type.h"

static bool shared_by_ranks(const struct engine *e, size_t i)
{
    return e->fs[i].plan->shared && dist_size() > 1;
}

/* Whether an op of the list creates or removes entries of fileset i (an op
 * working on a descriptor, with no fileset of its own, may be on any). */
static bool ops_change(const struct plan_op *ops, size_t n, int i)
{
    for (size_t k = 0; k < n; k++) {
        if (ops[k].type != NULL && flowop_is(ops[k].type, FF_TREE) && (ops[k].fileset == i || ops[k].fileset < 0))
            return true;
        if (ops_change(ops[k].children, ops[k].nchildren, i))
            return true;
    }
    return false;
}

bool engine_tree_changes(const struct plan *p, int i)
{
    for (size_t q = 0; q < p->nprocs; q++)
        for (size_t t = 0; t < p->procs[q].nthreads; t++)
            if (ops_change(p->procs[q].threads[t].ops, p->procs[q].threads[t].nops, i))
                return true;
    return false;
}

int engine_share_layout(struct engine *e, size_t i, struct diag *err)
{
    if (!shared_by_ranks(e, i))
        return 0;
    struct fileset_rt *fs = &e->fs[i];
    fs->share_rank = (uint32_t)dist_rank();
    fs->share_ranks = (uint32_t)dist_size();
    /* A tree nobody changes is read whole by every rank; a file is one entry for all. */
    if (fs->plan->is_file || !engine_tree_changes(e->plan, (int)i))
        return 0;
    if ((fs->nfiles > 0 && fs->nfiles < fs->share_ranks) || (fs->nleafdirs > 0 && fs->nleafdirs < fs->share_ranks))
        return diag_set(err, &fs->plan->loc,
                        "fileset '%s' is shared by %u ranks, each creating and deleting in its own share of its "
                        "entries, but it has %zu files and %zu leaf dirs: give it at least one of each per rank",
                        fs->plan->name, fs->share_ranks, fs->nfiles, fs->nleafdirs);
    struct fileset_rt whole = *fs, own;
    if (fileset_split(&own, &whole, fs->share_rank, fs->share_ranks, err) != 0)
        return -1;
    *fs = own;
    if (whole.share_rank == 0)
        e->whole[i].fs = whole;
    else
        fileset_free(&whole);
    return 0;
}

int engine_share_kept(struct engine *e, size_t i, struct diag *err)
{
    struct fileset_rt *fs = &e->fs[i];
    if (!shared_by_ranks(e, i) || fs->split || fs->plan->is_file || !engine_tree_changes(e->plan, (int)i))
        return 0;
    struct fileset_rt own;
    if (fileset_split(&own, fs, fs->share_rank, fs->share_ranks, err) != 0)
        return -1;
    e->whole[i].kept_files = fs->nfiles;
    fileset_free(fs);
    *fs = own;
    return 0;
}

bool engine_share_makes(const struct engine *e, size_t i)
{
    return !shared_by_ranks(e, i) || dist_rank() == 0;
}

static bool has_whole(const struct engine *e, size_t i)
{
    return e->whole != NULL && e->whole[i].fs.plan != NULL;
}

const struct fileset_rt *engine_share_whole(const struct engine *e, size_t i)
{
    return has_whole(e, i) ? &e->whole[i].fs : &e->fs[i];
}

struct fileset_rt *engine_share_tree(struct engine *e, size_t i, struct shm **shm, struct diag *err)
{
    *shm = &e->shm;
    if (!has_whole(e, i))
        return &e->fs[i];
    struct fs_whole *w = &e->whole[i];
    if (w->shm.base == NULL) {
        if (shm_map(&w->shm, fileset_shared_size(&w->fs) + 64) != 0) {
            diag_set(err, &w->fs.plan->loc, "fileset '%s': cannot map the state of its %zu entries: %s",
                     w->fs.plan->name, w->fs.nfiles + w->fs.nleafdirs, strerror(errno));
            return NULL;
        }
        fileset_attach(&w->fs, &w->shm);
    }
    *shm = &w->shm;
    return &w->fs;
}

static void whole_free(struct fs_whole *w)
{
    fileset_free(&w->fs);
    if (w->shm.base != NULL)
        shm_unmap(&w->shm);
    *w = (struct fs_whole){ 0 };
}

/* The slice of a bitmap broadcast at once: a rank with no room for the bitmap
 * takes its part through a sink of this size. */
#define BITS_SLICE 65536

/* Rank 0's len bytes of bits on every rank, in slices, so that a rank with no room
 * for them (bits NULL) still takes its part in every broadcast, into a sink, and
 * fails at set's agreement rather than leaving the others waiting. */
static void broadcast_bits(uint8_t *bits, size_t len)
{
    unsigned char sink[BITS_SLICE];
    for (size_t off = 0; off < len; off += BITS_SLICE) {
        size_t k = len - off < BITS_SLICE ? len - off : BITS_SLICE;
        dist_broadcast(bits != NULL ? bits + off : sink, k, 0);
    }
}

static int no_room(const struct engine *e, size_t i, struct diag *err)
{
    return diag_set(err, &e->fs[i].plan->loc, "fileset '%s': out of memory for the state of its entries",
                    e->fs[i].plan->name);
}

/* What rank 0 created of fileset i, handed to every rank: {fresh, files of the
 * whole tree, bytes of its bitmap}, then the bitmap. Every rank makes every
 * broadcast, failing or not (a rank not ready takes its part into a sink):
 * a failure is told at the agreement that follows. */
static int adopt_one(struct engine *e, size_t i, bool ready, struct diag *err)
{
    uint64_t hdr[3] = { 0, 0, 0 };
    uint8_t *bits = NULL;
    bool failed = !ready;
    if (dist_rank() == 0 && ready && e->kept[i] < 0) {
        struct shm *shm;
        struct fileset_rt *tree = engine_share_tree(e, i, &shm, err);
        size_t len = tree != NULL ? fileset_exists_size(tree) : 0;
        bits = tree != NULL ? malloc(len ? len : 1) : NULL;
        failed = bits == NULL;
        if (failed && tree != NULL)
            no_room(e, i, err);
        if (!failed) {
            fileset_exists_export(tree, shm, bits);
            hdr[0] = 1, hdr[1] = tree->nfiles, hdr[2] = len;
        }
    }
    dist_broadcast(hdr, sizeof hdr, 0);
    if (hdr[0] == 0)
        return failed ? -1 : 0; /* kept from the run before on every rank, as on rank 0; or rank 0 failed */
    if (dist_rank() != 0 && ready)
        bits = malloc(hdr[2] ? hdr[2] : 1);
    broadcast_bits(bits, hdr[2]);
    if (!ready)
        return -1;
    if (bits == NULL)
        return no_room(e, i, err);
    /* Rank 0 already holds the state of a whole tree it created in place. */
    if (dist_rank() != 0 || has_whole(e, i))
        fileset_exists_adopt(&e->fs[i], &e->shm, bits, hdr[1]);
    free(bits);
    if (has_whole(e, i))
        whole_free(&e->whole[i]);
    return 0;
}

int engine_share_adopt(struct engine *e, bool ready, struct diag *err)
{
    if (dist_size() < 2)
        return ready ? 0 : -1;
    int rc = ready ? 0 : -1;
    /* The plan's filesets, the same on every rank, whatever this rank made of them */
    for (size_t i = 0; i < e->plan->nfilesets; i++) {
        const struct plan_fileset *p = &e->plan->filesets[i];
        if (!p->shared)
            continue;
        if (adopt_one(e, i, ready, err) != 0)
            rc = -1;
        else if (dist_rank() == 0)
            engine_note(e, "%s %s: one tree for %u ranks, %s", p->is_file ? "file" : "fileset", p->name,
                        e->fs[i].share_ranks,
                        e->fs[i].split ? "each rank creating, deleting and using only its own share of the entries"
                                       : "every rank using every entry");
    }
    return rc;
}

void engine_share_free(struct engine *e)
{
    for (size_t i = 0; e->whole != NULL && i < e->nfs; i++)
        whole_free(&e->whole[i]);
    free(e->whole);
    e->whole = NULL;
}
