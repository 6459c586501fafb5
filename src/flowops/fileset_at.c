/* fileset_at.c: picking a fileset's entry and naming it beneath the fileset's
 * root, for the flowops that act on paths (include/flowops/fileset_at.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

/* The descriptor lives in priv as fd + 1, so that NULL still means none. */
int fsat_init(struct worker *w, struct op_inst *op)
{
    struct fileset_rt *fs = op_fileset(w, op);
    if (fs == NULL)
        return FO_OK; /* a replay's row for this kind of call: counted, never run */
    /* the process's own descriptor of the root (fileset_root.c: opened without
     * following a link, checked to be the tree flowbench made), not the path again */
    int fd = fs->h.open ? fcntl(fs->h.rootfd, F_DUPFD_CLOEXEC, 0) : (errno = EBADF, -1);
    if (fd < 0)
        return op_error(w, op, "open the fileset's root", fs->root, errno);
    op->priv = (void *)(intptr_t)(fd + 1);
    return FO_OK;
}

void fsat_fini(struct worker *w, struct op_inst *op)
{
    if (op->priv != NULL)
        close(fsat_root(op));
    op->priv = NULL;
}

int fsat_root(const struct op_inst *op)
{
    return (int)(intptr_t)op->priv - 1;
}

int fsat_pick(struct worker *w, struct op_inst *op, enum fs_presence want, struct fsat_entry *e)
{
    e->fs = op_fileset(w, op);
    enum fs_pick_from from = op->op->has_indexed ? FS_FROM_INDEX : FS_FROM_ROTOR;
    uint64_t index = from == FS_FROM_INDEX ? param_u64(&op->op->indexed, &w->rng) : 0;
    e->was = want;
    e->idx = op_pick(w, e->fs, FSK_FILE, want, from, index, NULL, &e->since);
    if (e->idx < 0)
        return op_pick_failed(e->idx);
    e->dirfd = fileset_entry_dir(e->fs, FSK_FILE, (size_t)e->idx, e->buf, &e->leaf, &e->dir);
    if (e->dirfd < 0) {
        int err = errno;
        fileset_release(e->fs, w->shm, FSK_FILE, e->idx, want, 0);
        return op_entry_error(w, op, "open the directory of", e->fs, FSK_FILE, e->idx, err);
    }
    return FO_OK;
}

void fsat_release(struct worker *w, const struct fsat_entry *e, enum fs_presence now, int open_delta)
{
    fileset_dir_put(e->fs, e->dir, e->dirfd);
    fileset_release(e->fs, w->shm, FSK_FILE, e->idx, now, open_delta);
}

int fsat_error(struct worker *w, struct op_inst *op, const char *what, const struct fsat_entry *e, int err)
{
    return op_entry_error(w, op, what, e->fs, FSK_FILE, e->idx, err);
}
