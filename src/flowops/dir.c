/* dir.c: directory flowops: makedir, removedir (leaf directories) and listdir. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

/* Bytes listdir counts per entry besides its name: classic added the fixed
 * size of struct dirent minus one (280 - 1 on Linux/x86-64); kept so MiB/s
 * compare with classic results. */
#define DIRENT_RECORD 279u

/* Picks a leaf directory; indexed= is scaled as in classic: V x floor(n/2). */
static int64_t pick_leaf(struct worker *w, struct op_inst *op, struct fileset_rt *fs, enum fs_presence want,
                         uint64_t *since)
{
    uint64_t index;
    enum fs_pick_from from = op_pick_from(w, op, &index);
    if (from == FS_FROM_INDEX)
        index *= fs->nleafdirs / 2;
    return op_pick(w, fs, FSK_LEAFDIR, want, from, index, NULL, since);
}

/* What makedir and removedir do to a leaf directory: the state it is picked
 * in and left in, the call, and the error that still leaves it as wanted. */
struct leaf_change {
    enum fs_presence from, to;
    int (*call)(int dfd, const char *name);   /* on the name in its directory, beneath the root */
    const char *name;
    int tolerated;
    bool count_tolerated;   /* the op counts even when the call met `tolerated` */
};

static int make_dir(int dfd, const char *name)
{
    return mkdirat(dfd, name, 0755);
}

static int remove_dir(int dfd, const char *name)
{
    return unlinkat(dfd, name, AT_REMOVEDIR);
}

/* EEXIST (left over on disk) still leaves the directory existing, as wanted. */
static const struct leaf_change make_leaf = { FS_MISSING, FS_EXISTING, make_dir, "mkdir", EEXIST, true };
/* ENOENT (removed behind our back) just marks it gone, uncounted. */
static const struct leaf_change remove_leaf = { FS_EXISTING, FS_MISSING, remove_dir, "rmdir", ENOENT, false };

static int change_leaf(struct worker *w, struct op_inst *op, const struct leaf_change *c)
{
    struct fileset_rt *fs = op_fileset(w, op);
    uint64_t since;
    int64_t idx = pick_leaf(w, op, fs, c->from, &since);
    if (idx < 0)
        return op_pick_failed(idx);
    char buf[FS_NAME_LEN];
    const char *leaf;
    size_t dir;
    uint64_t t0 = op_start(w, since);
    int dfd = fileset_entry_dir(fs, FSK_LEAFDIR, (size_t)idx, buf, &leaf, &dir);
    int rc = dfd < 0 ? -1 : c->call(dfd, leaf);
    uint64_t t1 = op_now(w);
    int err = rc != 0 ? errno : 0;
    fileset_dir_put(fs, dir, dfd);
    if (rc != 0 && err != c->tolerated) {
        fileset_release(fs, w->shm, FSK_LEAFDIR, idx, c->from, 0);
        return op_entry_error(w, op, c->name, fs, FSK_LEAFDIR, idx, err);
    }
    fileset_release(fs, w->shm, FSK_LEAFDIR, idx, c->to, 0);
    if (rc == 0 || c->count_tolerated)
        op_done(w, op, t0, t1, 0);
    return FO_OK;
}

static int makedir_run(struct worker *w, struct op_inst *op)
{
    return change_leaf(w, op, &make_leaf);
}

static int removedir_run(struct worker *w, struct op_inst *op)
{
    return change_leaf(w, op, &remove_leaf);
}

/* Opens, reads to the end and closes one directory; returns the classic
 * byte count, or -1 with errno and *what naming the failed call. */
static int64_t list_one(struct fileset_rt *fs, size_t dir, const char **what)
{
    *what = "opendir";
    int fd = fileset_open_dir(fs, dir, O_RDONLY);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d == NULL) {
        int err = errno;
        if (fd >= 0)
            close(fd);
        errno = err;
        return -1;
    }
    uint64_t bytes = 0;
    struct dirent *e;
    for (errno = 0; (e = readdir(d)) != NULL; errno = 0)
        bytes += strlen(e->d_name) + DIRENT_RECORD;
    int err = errno;
    if (closedir(d) != 0 && err == 0) {
        *what = "closedir";
        return -1;
    }
    if (err != 0) {
        *what = "readdir";
        errno = err;
        return -1;
    }
    return (int64_t)bytes;
}

/* Ordinary directories always exist and are never held busy: the shared
 * round-robin (the fileset root included) is all the picking needed. */
static int listdir_run(struct worker *w, struct op_inst *op)
{
    struct fileset_rt *fs = op_fileset(w, op);
    if (fs->ndirs == 0)
        return FO_NORESOURCE;
    size_t dir = fileset_pick_dir(fs, w->shm);
    const char *what;
    uint64_t t0 = op_now(w);
    int64_t bytes = list_one(fs, dir, &what);
    uint64_t t1 = op_now(w);
    if (bytes < 0)
        return op_dir_error(w, op, what, fs, dir, errno);
    op_done(w, op, t0, t1, (uint64_t)bytes);
    return FO_OK;
}

const struct flowop_hooks flowop_makedir_hooks = { .run = makedir_run };

const struct flowop_hooks flowop_removedir_hooks = { .run = removedir_run };

const struct flowop_hooks flowop_listdir_hooks = { .run = listdir_run };
