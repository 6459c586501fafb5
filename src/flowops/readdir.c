/* readdir.c: readdir: one getdents64 of iosize bytes (default 32 KiB) on
 * the next directory of a fileset, as a program reading one directory's first
 * batch of entries does. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/beneath.h"
#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"

#define READDIR_DEFAULT (32u * 1024)

static size_t readdir_size(const struct op_inst *op)
{
    return op->op->has_iosize && !op->op->iosize.is_dist && op->op->iosize.u > 0 ? op->op->iosize.u : READDIR_DEFAULT;
}

/* The buffer is made here, so the loop allocates nothing. */
static int readdir_init(struct worker *w, struct op_inst *op)
{
    if (op_buffer_grow(op, readdir_size(op)) == NULL)
        return op_fail(w, op, "out of memory");
    return fsat_init(w, op);
}

static int readdir_run(struct worker *w, struct op_inst *op)
{
    struct fileset_rt *fs = op_fileset(w, op);
    size_t dir = fileset_pick_dir(fs, w->shm);
    uint64_t t0 = op_now(w);
    int fd = fileset_open_dir(fs, dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC); /* beneath the root */
    long got = fd < 0 ? -1 : syscall(SYS_getdents64, fd, op->buf, readdir_size(op));
    uint64_t t1 = op_now(w);
    int err = errno;
    if (fd >= 0)
        close(fd);
    if (got < 0) {
        char path[PATH_MAX];
        if (fileset_dir_path(fs, dir, path, sizeof path) < 0)
            snprintf(path, sizeof path, "directory %zu of fileset %s", dir, fs->plan->name);
        return op_error(w, op, fd < 0 ? "open the directory" : "getdents64", path, err);
    }
    op_done(w, op, t0, t1, (uint64_t)got);
    return FO_OK;
}

const struct flowop_hooks flowop_readdir_hooks = { .run = readdir_run, .init = readdir_init, .fini = fsat_fini };
