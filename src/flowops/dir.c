/* dir.c: directory flowops: makedir, removedir (leaf directories) and listdir. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "flowops/flowop.h"
#include "engine/worker.h"

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

static int leaf_path(struct worker *w, struct op_inst *op, struct fileset_rt *fs, int64_t idx,
                     enum fs_presence was, char *path, size_t len)
{
    if (fileset_path(fs, FSK_LEAFDIR, (size_t)idx, path, len) >= 0)
        return FO_OK;
    fileset_release(fs, w->shm, FSK_LEAFDIR, idx, was, 0);
    return op_fail(w, op, "the path of leaf directory %lld of fileset %s is too long", (long long)idx,
                   fs->plan->name);
}

/* What makedir and removedir do to a leaf directory: the state it is picked
 * in and left in, the call, and the error that still leaves it as wanted. */
struct leaf_change {
    enum fs_presence from, to;
    int (*call)(const char *path);
    const char *name;
    int tolerated;
    bool count_tolerated;   /* the op counts even when the call met `tolerated` */
};

static int make_dir(const char *path)
{
    return mkdir(path, 0755);
}

/* EEXIST (left over on disk) still leaves the directory existing, as wanted. */
static const struct leaf_change make_leaf = { FS_MISSING, FS_EXISTING, make_dir, "mkdir", EEXIST, true };
/* ENOENT (removed behind our back) just marks it gone, uncounted. */
static const struct leaf_change remove_leaf = { FS_EXISTING, FS_MISSING, rmdir, "rmdir", ENOENT, false };

static int change_leaf(struct worker *w, struct op_inst *op, const struct leaf_change *c)
{
    struct fileset_rt *fs = op_fileset(w, op);
    uint64_t since;
    int64_t idx = pick_leaf(w, op, fs, c->from, &since);
    if (idx < 0)
        return op_pick_failed(idx);
    char path[PATH_MAX];
    int rc = leaf_path(w, op, fs, idx, c->from, path, sizeof path);
    if (rc != FO_OK)
        return rc;
    uint64_t t0 = op_start(w, since);
    rc = c->call(path);
    uint64_t t1 = op_now(w);
    int err = errno;
    if (rc != 0 && err != c->tolerated) {
        fileset_release(fs, w->shm, FSK_LEAFDIR, idx, c->from, 0);
        return op_error(w, op, c->name, path, err);
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
static int64_t list_one(const char *path, const char **what)
{
    *what = "opendir";
    DIR *d = opendir(path);
    if (d == NULL)
        return -1;
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
    char path[PATH_MAX];
    if (fileset_dir_path(fs, dir, path, sizeof path) < 0)
        return op_fail(w, op, "the path of directory %zu of fileset %s is too long", dir, fs->plan->name);
    const char *what;
    uint64_t t0 = op_now(w);
    int64_t bytes = list_one(path, &what);
    uint64_t t1 = op_now(w);
    if (bytes < 0)
        return op_error(w, op, what, path, errno);
    op_done(w, op, t0, t1, (uint64_t)bytes);
    return FO_OK;
}

const struct flowop_type flowop_makedir = {
    .name = "makedir", .flags = FF_IO | FF_TREE, .needs = NEED_FILESET | NEED_LEAFDIRS,
    .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED) | FA_PICK,
    .summary = "create a leaf directory that does not exist yet",
    .run = makedir_run,
};

const struct flowop_type flowop_removedir = {
    .name = "removedir", .flags = FF_IO | FF_TREE, .needs = NEED_FILESET | NEED_LEAFDIRS,
    .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED) | FA_PICK,
    .summary = "remove an existing leaf directory",
    .run = removedir_run,
};

const struct flowop_type flowop_listdir = {
    .name = "listdir", .flags = FF_IO, .needs = NEED_FILESET,
    .attrs = FA_COMMON | FA(FO_FILENAME),
    .summary = "read every entry of the next directory of the fileset",
    .run = listdir_run,
};
