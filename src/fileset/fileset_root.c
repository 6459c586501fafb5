/* fileset_root.c: one process's descriptors on a fileset's tree: the root, opened
 * without following a link and checked to be the tree made, the directories beneath
 * it resolved once each (base/beneath.h), and the words for what stood in the way. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"

static int open_root_fd(const struct fileset_rt *fs, struct stat *st, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    const struct srcloc *loc = p != NULL ? &p->loc : NULL;
    int fd = open(fs->root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        struct stat l;
        if ((e == ENOTDIR || e == ELOOP) && lstat(fs->root, &l) == 0)
            return diag_set(err, loc, "%s is %s, not the tree flowbench made; not using it", fs->root,
                            fileset_type_name(l.st_mode));
        return diag_set(err, loc, "cannot open %s: %s", fs->root, strerror(e));
    }
    struct stat m;
    if (fstat(fd, st) != 0 || fstatat(fd, FS_MARKER, &m, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(m.st_mode)) {
        close(fd);
        return diag_set(err, loc, "%s was not made by flowbench (no %s in it); not using it", fs->root, FS_MARKER);
    }
    return fd;
}

int fileset_root_open(struct fileset_rt *fs, size_t budget, struct diag *err)
{
    if (fs->h.open)
        return 0;
    struct stat st;
    int fd = open_root_fd(fs, &st, err);
    if (fd < 0)
        return -1;
    bool known = fs->root_ino != 0;
    if (known && ((uint64_t)st.st_dev != fs->root_dev || (uint64_t)st.st_ino != fs->root_ino)) {
        close(fd);
        diag_set(err, fs->plan != NULL ? &fs->plan->loc : NULL,
                 "%s is no longer the tree flowbench made or checked (replaced behind its back); not using it",
                 fs->root);
        err->bad_input = 1;
        return -1;
    }
    _Atomic int *dirfds = malloc((fs->ndirs ? fs->ndirs : 1) * sizeof *dirfds);
    if (dirfds == NULL) {
        close(fd);
        return diag_set(err, NULL, "%s: out of memory for %zu directory descriptors", fs->root, fs->ndirs);
    }
    atomic_init(&dirfds[0], fd);   /* the root's, so that every directory's is one load */
    for (size_t d = 1; d < fs->ndirs; d++)
        atomic_init(&dirfds[d], -1);
    fs->h = (struct fs_handles){ .open = true, .rootfd = fd, .dirfds = dirfds,
                               .budget = budget < UINT32_MAX ? (uint32_t)budget : UINT32_MAX };
    fs->root_dev = (uint64_t)st.st_dev;
    fs->root_ino = (uint64_t)st.st_ino;
    return 0;
}

void fileset_root_close(struct fileset_rt *fs)
{
    if (!fs->h.open)
        return;
    for (size_t d = 1; d < fs->ndirs; d++) {
        int fd = atomic_load(&fs->h.dirfds[d]);
        if (fd >= 0)
            close(fd);
    }
    free((void *)fs->h.dirfds);
    close(fs->h.rootfd);
    fs->h = (struct fs_handles){ .open = false, .rootfd = -1 };
}

int fileset_root_reopen(struct fileset_rt *fs, size_t budget, struct diag *err)
{
    fileset_root_close(fs);
    return fileset_root_open(fs, budget, err);
}

size_t fileset_fd_budget(size_t nfilesets, size_t reserve)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        rl.rlim_cur = 1024;
    size_t soft = (size_t)rl.rlim_cur;
    return soft > reserve ? (soft - reserve) / 2 / (nfilesets ? nfilesets : 1) : 0;
}

/* ---- directories ---- */

static int open_dir(struct fileset_rt *fs, size_t dir)
{
    char rel[PATH_MAX];
    if (fileset_dir_relpath(fs, dir, rel, sizeof rel) != 0)
        return -1;
    return beneath_open(fs->h.rootfd, rel, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
}

/* Keeps fd, just opened, as dir's descriptor while the budget lasts. Threads
 * of the process share the table: the first to keep one wins, and a loser's
 * fd is closed for the winner's. -1 past the budget: fd is the caller's. */
static int keep_dir(struct fileset_rt *fs, size_t dir, int fd)
{
    if (atomic_fetch_add(&fs->h.ndirfds, 1) >= fs->h.budget) {
        atomic_fetch_sub(&fs->h.ndirfds, 1);
        return -1;
    }
    int none = -1;
    if (atomic_compare_exchange_strong(&fs->h.dirfds[dir], &none, fd))
        return fd;
    atomic_fetch_sub(&fs->h.ndirfds, 1);
    close(fd);
    return none;
}

/* fileset_dir_get's slow path: the directory's first use in this process, or
 * one past the budget (opened for each call then). */
int fileset_dir_open(struct fileset_rt *fs, size_t dir)
{
    if (!fs->h.open)
        return errno = EBADF, -1;
    if (dir == 0)
        return fs->h.rootfd;
    if (dir >= fs->ndirs)
        return errno = EINVAL, -1;
    int fd = atomic_load_explicit(&fs->h.dirfds[dir], memory_order_acquire);
    if (fd >= 0)
        return fd;
    if ((fd = open_dir(fs, dir)) < 0)
        return -1;
    int kept = keep_dir(fs, dir, fd);
    return kept >= 0 ? kept : fd;
}

int fileset_dir_keep(struct fileset_rt *fs, size_t dir)
{
    if (!fs->h.open || dir >= fs->ndirs)
        return -1;
    int fd = atomic_load_explicit(&fs->h.dirfds[dir], memory_order_acquire);
    if (fd >= 0 || atomic_load_explicit(&fs->h.ndirfds, memory_order_relaxed) >= fs->h.budget)
        return fd;
    if ((fd = open_dir(fs, dir)) < 0)
        return -1;
    int kept = keep_dir(fs, dir, fd);
    if (kept < 0)
        close(fd);
    return kept;
}

int fileset_open_dir(struct fileset_rt *fs, size_t dir, int flags)
{
    int dfd = fileset_dir_get(fs, dir);
    if (dfd < 0)
        return -1;
    int fd = openat(dfd, ".", flags | O_DIRECTORY | O_CLOEXEC);
    int e = errno;
    fileset_dir_put(fs, dir, dfd);
    return fd < 0 ? (errno = e, -1) : fd;
}

/* ---- what stood in the way ---- */

const char *fileset_type_name(mode_t mode)
{
    static const struct {
        mode_t type;
        const char *name;
    } types[] = {
        { S_IFLNK, "a symbolic link" }, { S_IFIFO, "a FIFO" },         { S_IFSOCK, "a socket" },
        { S_IFBLK, "a block device" },  { S_IFCHR, "a character device" }, { S_IFDIR, "a directory" },
        { S_IFREG, "a regular file" },
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if ((mode & S_IFMT) == types[i].type)
            return types[i].name;
    return "a file of an unknown type";
}

/* The serials from the root down to dir (excluded), as names; their count. */
static size_t chain_of(const struct fileset_rt *fs, size_t dir, size_t out[FS_MAX_DEPTH + 1])
{
    size_t n = 0;
    for (size_t d = dir; d != 0 && d < fs->ndirs && n < FS_MAX_DEPTH + 1; d = fs->dirs[d].parent)
        out[n++] = d;
    return n;
}

/* Walks the directories down to dir, then leaf (NULL: none), stat'ing each name
 * without following it: the first that is not what flowbench made there (a
 * directory, then leaf_type) is described after the path so far in rel (which
 * holds the root); 1 when found. */
static int find_culprit(struct fileset_rt *fs, size_t dir, const char *leaf, mode_t leaf_type, char *rel, size_t len)
{
    size_t chain[FS_MAX_DEPTH + 1], n = chain_of(fs, dir, chain);
    int cur = fcntl(fs->h.rootfd, F_DUPFD_CLOEXEC, 0);
    for (size_t k = n + 1; k-- > 0 && cur >= 0;) {
        char name[FS_NAME_LEN];
        if (k == 0 && leaf == NULL)
            break;
        snprintf(name, sizeof name, "%s", leaf != NULL ? leaf : "");
        if (k > 0)
            fileset_dir_name(fs, chain[k - 1], name);
        size_t at = strlen(rel);
        if (at + 1 + strlen(name) + 1 > len)
            break;
        snprintf(rel + at, len - at, "/%s", name);
        struct stat st;
        bool dir_wanted = k > 0;
        if (fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            break;
        mode_t want = dir_wanted ? S_IFDIR : leaf_type;
        if ((st.st_mode & S_IFMT) != want) {
            at = strlen(rel);
            snprintf(rel + at, len - at, " is %s where flowbench made %s", fileset_type_name(st.st_mode),
                     fileset_type_name(want));
            close(cur);
            return 1;
        }
        int next = dir_wanted ? openat(cur, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
        close(cur);
        cur = next;
    }
    if (cur >= 0)
        close(cur);
    return 0;
}

static bool way_blocked(int err)
{
    return err == ELOOP || err == ENOTDIR || err == EXDEV;
}

static void blame(struct fileset_rt *fs, size_t dir, const char *leaf, mode_t leaf_type, const char *path, int err,
                  char *buf, size_t len)
{
    char where[PATH_MAX];
    snprintf(where, sizeof where, "%s", fs->root);
    if (fs->h.open && way_blocked(err) && find_culprit(fs, dir, leaf, leaf_type, where, sizeof where))
        snprintf(buf, len, "%s: %s (flowbench follows no symbolic link and uses nothing it did not make in a tree "
                 "it manages)", path, where);
    else
        snprintf(buf, len, "%s: %s", path, beneath_strerror(err));
}

void fileset_blame(struct fileset_rt *fs, enum fs_kind kind, size_t index, int err, char *buf, size_t len)
{
    char path[PATH_MAX], name[FS_NAME_LEN];
    if (fileset_path(fs, kind, index, path, sizeof path) != 0 || fileset_entry_name(fs, kind, index, name) != 0) {
        snprintf(buf, len, "entry %zu of %s: %s", index, fs->root, beneath_strerror(err));
        return;
    }
    blame(fs, kind == FSK_FILE ? fs->files[index].dir : fs->leafdirs[index].dir, name,
          kind == FSK_FILE ? S_IFREG : S_IFDIR, path, err, buf, len);
}

void fileset_blame_dir(struct fileset_rt *fs, size_t dir, int err, char *buf, size_t len)
{
    char path[PATH_MAX];
    if (fileset_dir_path(fs, dir, path, sizeof path) != 0) {
        snprintf(buf, len, "directory %zu of %s: %s", dir, fs->root, beneath_strerror(err));
        return;
    }
    blame(fs, dir, NULL, S_IFDIR, path, err, buf, len);
}
