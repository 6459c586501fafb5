/* replay_exec.c: each traced call re-issued beneath the replay's directory,
 * following no symbolic link (base/beneath.h), on the descriptors its process
 * opened in the replay: a function per call, indexed by enum rp_call. No call
 * can block for good: every open is O_NONBLOCK, a FIFO is refused, and locks
 * are taken without waiting (docs/replay.md, "Every call beneath DIR"). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "base/beneath.h"
#include "flowops/replay_exec.h"

#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452 /* Linux 6.6; the same number on every architecture */
#endif
/* What a replay's open of a FIFO reports (it is never kept open, so that nothing waits on it): a mismatch. */
#define RP_NOT_A_FILE ENXIO

typedef int64_t (*rp_fn)(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes);

static int64_t result(long rc)
{
    return rc < 0 ? -(int64_t)errno : (int64_t)rc;
}

static int real_fd(const struct rp_ctx *c, int32_t slot)
{
    return slot >= 0 && (uint32_t)slot < c->nslots ? c->slots[slot] : -1;
}

static const char *name_of(const struct rp_ctx *c, uint32_t off)
{
    return rp_str(c->im, off);
}

/* A descriptor the call made, into its slot (one the trace never uses is closed). */
static int64_t take_slot(struct rp_ctx *c, const struct rp_rec *r, int fd)
{
    if (r->fd2 < 0 || (uint32_t)r->fd2 >= c->nslots) {
        close(fd);
        return 0;
    }
    if (c->slots[r->fd2] >= 0)
        close(c->slots[r->fd2]);
    c->slots[r->fd2] = fd;
    return r->ret >= 0 ? r->ret : fd;
}

/* The open flags a replay passes on: no O_DIRECT surprise alignment, no controlling tty. */
#define RP_OPEN_KEEP (O_ACCMODE | O_CREAT | O_EXCL | O_TRUNC | O_APPEND | O_DIRECTORY | O_DSYNC | O_SYNC)

/* The mode a replayed create, mkdir or chmod gives: the trace's, less what would open DIR to others
 * (a directory others may write to, where they could plant a hard link or a link for a later call,
 * refused before the run, is not made during it) or make a setuid or setgid file of root's. */
static mode_t kept_mode(uint32_t traced, mode_t type)
{
    mode_t mode = (mode_t)traced & 07777 & ~(mode_t)(S_ISUID | S_ISGID);
    return type == S_IFDIR ? mode & ~(mode_t)(S_IWGRP | S_IWOTH) : mode;
}

static int64_t x_open(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    const char *path = name_of(c, r->path);
    if ((r->flags & (O_DIRECTORY | O_CREAT)) == (O_DIRECTORY | O_CREAT)) {
        const char *leaf;
        int dir = beneath_parent(c->root, path, &leaf);
        if (dir < 0)
            return -errno;
        int rc = mkdirat(dir, leaf, 0755);
        int err = errno;
        close(dir);
        if (rc != 0 && (err != EEXIST || (r->flags & O_EXCL)))
            return -err;
    }
    int flags = (int)(r->flags & RP_OPEN_KEEP) | O_CLOEXEC;
    if (flags & O_DIRECTORY)
        flags &= ~(O_CREAT | O_EXCL | O_TRUNC | O_ACCMODE);
    /* O_NONBLOCK, kept: a FIFO's open would wait for its other end, and a device's calls might; on a file
     * or a directory it changes nothing (Linux ignores it there), and a lease is an error, not a wait */
    int fd = beneath_open(c->root, path, flags | O_NONBLOCK, r->mode ? kept_mode(r->mode, S_IFREG) : 0644);
    if (fd < 0)
        return -errno;
    /* A FIFO is refused. Told by F_GETPIPE_SZ, not fstat: a recorder of the replay sees no call the
     * program did not make (a socket cannot be opened; a device stays non-blocking). */
    if (fcntl(fd, F_GETPIPE_SZ) >= 0) {
        close(fd);
        return -RP_NOT_A_FILE;
    }
    return take_slot(c, r, fd);
}

/* An inherit with no name: what the program had there was a terminal or a file outside the root, and
 * /dev/null stands in for it (a fixed name, never one from the trace; read and write, as either was made). */
static int64_t x_inherit(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    if (r->path != 0)
        return x_open(c, r, bytes);
    int fd = open("/dev/null", O_RDWR | O_CLOEXEC);
    return fd < 0 ? -errno : take_slot(c, r, fd);
}

static int64_t x_close(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    int fd = real_fd(c, r->fd);
    if (fd < 0)
        return -EBADF;
    c->slots[r->fd] = -1;
    return result(close(fd));
}

static size_t io_len(const struct rp_rec *r)
{
    return r->ret >= 0 && (uint64_t)r->ret < r->len ? (size_t)r->ret : (size_t)r->len;
}

/* One traced read or write, in pieces of the thread's buffer where it is longer (the buffer is
 * bounded, docs/replay.md "A trace's budget"): the bytes the trace moved, at its offset; a short
 * piece ends it (the end of the file), as a short call would. */
enum rp_way { RP_READS, RP_WRITES };

static int64_t move(struct rp_ctx *c, const struct rp_rec *r, size_t len, enum rp_way way, uint64_t *bytes)
{
    bool reading = way == RP_READS;
    int fd = real_fd(c, r->fd);
    size_t done = 0;
    for (;;) {
        size_t piece = len - done < c->bufsize ? len - done : c->bufsize;
        off_t at = (off_t)(r->off + done);
        ssize_t n = reading ? (r->off == RP_NONE ? read(fd, c->buf, piece) : pread(fd, c->buf, piece, at))
                            : (r->off == RP_NONE ? write(fd, c->buf, piece) : pwrite(fd, c->buf, piece, at));
        if (n < 0 && done == 0)
            return -(int64_t)errno;
        done += n > 0 ? (size_t)n : 0;
        if (n <= 0 || (size_t)n < piece || done == len)
            break;
    }
    *bytes = done;
    return (int64_t)done;
}

/* A call moves at most the image's largest (64 MiB at most, trace_compile.c): one line of a trace
 * never writes more than that. */
static size_t capped(const struct rp_ctx *c, uint64_t len)
{
    return len < c->im->max_len ? (size_t)len : (size_t)c->im->max_len;
}

static int64_t x_read(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return move(c, r, capped(c, r->len), RP_READS, bytes);
}

static int64_t x_write(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return move(c, r, capped(c, io_len(r)), RP_WRITES, bytes);
}

static int64_t x_lseek(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(lseek(real_fd(c, r->fd), (off_t)r->off, (int)r->flags));
}

static int64_t x_fsync(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(fsync(real_fd(c, r->fd)));
}

static int64_t x_fdatasync(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(fdatasync(real_fd(c, r->fd)));
}

static int64_t x_fstat(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    struct stat sb;
    return result(fstat(real_fd(c, r->fd), &sb));
}

/* A call on a name: its directory beneath the root and its last component. */
static int64_t at_parent(struct rp_ctx *c, uint32_t path, int (*fn)(int dir, const char *leaf, const struct rp_rec *r),
                         const struct rp_rec *r)
{
    const char *leaf;
    int dir = beneath_parent(c->root, name_of(c, path), &leaf);
    if (dir < 0)
        return -errno;
    int rc = fn(dir, leaf, r);
    int err = errno;
    close(dir);
    return rc < 0 ? -(int64_t)err : rc;
}

static int do_stat(int dir, const char *leaf, const struct rp_rec *r)
{
    struct stat sb;
    return fstatat(dir, leaf, &sb, AT_SYMLINK_NOFOLLOW);
}

static int do_unlink(int dir, const char *leaf, const struct rp_rec *r)
{
    return unlinkat(dir, leaf, 0);
}

static int do_mkdir(int dir, const char *leaf, const struct rp_rec *r)
{
    return mkdirat(dir, leaf, r->mode ? kept_mode(r->mode, S_IFDIR) : 0755);
}

/* Removes what is beneath dir/leaf, never following a link (each level opened with O_NOFOLLOW). */
static int remove_under(int dir, const char *leaf, int depth)
{
    int fd = openat(dir, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOTDIR || errno == ELOOP ? unlinkat(dir, leaf, 0) : -1;
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return -1;
    }
    struct dirent *e;
    int rc = 0;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        rc = e->d_type == DT_DIR && depth < 64 ? remove_under(dirfd(d), e->d_name, depth + 1)
                                                : unlinkat(dirfd(d), e->d_name, 0);
        if (rc == 0 && e->d_type == DT_DIR)
            rc = unlinkat(dirfd(d), e->d_name, AT_REMOVEDIR);
        if (rc == 0)
            rewinddir(d);
    }
    closedir(d);
    return rc;
}

/* flags 1 (dbench's Deltree): what is beneath goes too, and a missing tree is no error. */
static int do_rmdir(int dir, const char *leaf, const struct rp_rec *r)
{
    if (!(r->flags & 1))
        return unlinkat(dir, leaf, AT_REMOVEDIR);
    /* a tree that is not there is as deleted as one removed */
    if (remove_under(dir, leaf, 0) != 0)
        return errno == ENOENT ? 0 : -1;
    return unlinkat(dir, leaf, AT_REMOVEDIR) != 0 && errno != ENOENT ? -1 : 0;
}

/* A call on the object a name holds, through an O_PATH descriptor of it: a link at the name, or on the way,
 * is ELOOP (beneath_node), and what is done to the descriptor reaches that object and no other. */
typedef int (*node_fn)(int fd, const struct stat *sb, const struct rp_rec *r);

static int64_t on_node(struct rp_ctx *c, const struct rp_rec *r, node_fn fn)
{
    struct stat sb;
    int fd = beneath_node(c->root, name_of(c, r->path), &sb);
    if (fd < 0)
        return -errno;
    int rc = fn(fd, &sb, r);
    int err = errno;
    close(fd);
    return rc < 0 ? -(int64_t)err : rc;
}

static int node_chmod(int fd, const struct stat *sb, const struct rp_rec *r)
{
    mode_t mode = kept_mode(r->mode, S_ISDIR(sb->st_mode) ? S_IFDIR : S_IFREG);
    if (syscall(SYS_fchmodat2, fd, "", mode, AT_EMPTY_PATH) == 0)
        return 0;
    if (errno != ENOSYS)
        return -1;
    char name[32]; /* before Linux 6.6: the object by its /proc entry, no name resolved again */
    return fchmodat(AT_FDCWD, beneath_fd_name(fd, name, sizeof name), mode, 0);
}

static int node_utimes(int fd, const struct stat *sb, const struct rp_rec *r)
{
    return utimensat(fd, "", NULL, AT_EMPTY_PATH);
}

static int node_access(int fd, const struct stat *sb, const struct rp_rec *r)
{
    return faccessat(fd, "", (int)r->flags, AT_EMPTY_PATH);
}

/* truncate(2)'s own answers for what is not a file; a file through its /proc entry, never opened (a FIFO's
 * open for writing would wait for a reader). */
static int node_truncate(int fd, const struct stat *sb, const struct rp_rec *r)
{
    if (S_ISDIR(sb->st_mode))
        return errno = EISDIR, -1;
    if (!S_ISREG(sb->st_mode))
        return errno = EINVAL, -1;
    char name[32];
    return truncate(beneath_fd_name(fd, name, sizeof name), (off_t)r->len);
}

static int64_t x_stat(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b) { return at_parent(c, r->path, do_stat, r); }
static int64_t x_unlink(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b) { return at_parent(c, r->path, do_unlink, r); }
static int64_t x_mkdir(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b) { return at_parent(c, r->path, do_mkdir, r); }
static int64_t x_rmdir(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b)
{
    int64_t rc = at_parent(c, r->path, do_rmdir, r);
    return rc == -ENOENT && (r->flags & 1) ? 0 : rc; /* Deltree: even the tree's parent may be missing */
}
static int64_t x_chmod(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b) { return on_node(c, r, node_chmod); }
/* A link's own times (AT_SYMLINK_NOFOLLOW) are set on the link at its name, which is never followed. */
static int do_utimes_link(int dir, const char *leaf, const struct rp_rec *r)
{
    return utimensat(dir, leaf, NULL, AT_SYMLINK_NOFOLLOW);
}
static int64_t x_utimes(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b)
{
    return (r->flags & AT_SYMLINK_NOFOLLOW) ? at_parent(c, r->path, do_utimes_link, r) : on_node(c, r, node_utimes);
}
static int64_t x_access(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b) { return on_node(c, r, node_access); }
static int64_t x_truncate(struct rp_ctx *c, const struct rp_rec *r, uint64_t *b)
{
    return on_node(c, r, node_truncate);
}

/* rename and link: a call on two names, each beneath the root; neither follows a link at either name
 * (linkat without AT_SYMLINK_FOLLOW links a link itself). */
static int64_t two_names(struct rp_ctx *c, const struct rp_rec *r)
{
    const char *fleaf, *tleaf;
    int from = beneath_parent(c->root, name_of(c, r->path), &fleaf);
    if (from < 0)
        return -errno;
    int to = beneath_parent(c->root, name_of(c, r->path2), &tleaf);
    int rc = to < 0 ? -1 : r->call == RC_LINK ? linkat(from, fleaf, to, tleaf, 0) : renameat(from, fleaf, to, tleaf);
    int err = errno;
    close(from);
    if (to >= 0)
        close(to);
    return rc < 0 ? -(int64_t)err : 0;
}

static int64_t x_rename(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes) { return two_names(c, r); }

/* The link holds the recorded text as it is, wherever it points: it is made beneath the root, and no
 * replayed call ever follows it (every name resolves beneath the root without following a link). */
static int64_t x_symlink(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    const char *leaf;
    int dir = beneath_parent(c->root, name_of(c, r->path), &leaf);
    if (dir < 0)
        return -errno;
    int rc = symlinkat(name_of(c, r->path2), dir, leaf);
    int err = errno;
    close(dir);
    return rc < 0 ? -(int64_t)err : 0;
}

static int64_t x_readlink(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    const char *leaf;
    int dir = beneath_parent(c->root, name_of(c, r->path), &leaf);
    if (dir < 0)
        return -errno;
    ssize_t n = readlinkat(dir, leaf, c->buf, c->bufsize);
    int err = errno;
    close(dir);
    return n < 0 ? -(int64_t)err : n;
}
static int64_t x_link(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes) { return two_names(c, r); }

static int64_t x_ftruncate(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(ftruncate(real_fd(c, r->fd), (off_t)r->len));
}

static int64_t x_statfs(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    struct statfs sb;
    return result(fstatfs(c->root, &sb));
}

/* On a descriptor, or (dbench's FIND_FIRST) on a directory by name. */
static int64_t x_getdents(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    size_t len = r->len > 0 && r->len < c->bufsize ? (size_t)r->len : c->bufsize;
    if (r->path == 0) {
        long n = syscall(SYS_getdents64, real_fd(c, r->fd), c->buf, len);
        *bytes = n > 0 ? (uint64_t)n : 0;
        return result(n);
    }
    int fd = beneath_open(c->root, name_of(c, r->path), O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd < 0)
        return -errno;
    long n = syscall(SYS_getdents64, fd, c->buf, len);
    int err = errno;
    close(fd);
    *bytes = n > 0 ? (uint64_t)n : 0;
    return n < 0 ? -(int64_t)err : 0;
}

/* Never waits: a lock the trace got at once is taken at once, or the outcome differs. */
static int64_t x_lock(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    struct flock l = { .l_type = (short)r->flags, .l_whence = SEEK_SET, .l_start = (off_t)(r->off == RP_NONE ? 0 : r->off),
                       .l_len = (off_t)r->len };
    return result(fcntl(real_fd(c, r->fd), F_SETLK, &l));
}

/* As fcntl's: a lock held elsewhere is EWOULDBLOCK (a mismatch), never a wait that another traced process,
 * itself waiting for this one's next call, would never end. */
static int64_t x_flock(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(flock(real_fd(c, r->fd), (int)r->flags | LOCK_NB));
}

/* The replay's own descriptors are all close-on-exec (it never execs): only the compile's tables, whose exec
 * closes the descriptor, change. The call is made, so that its outcome is the trace's. */
static int64_t x_setfd(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return result(fcntl(real_fd(c, r->fd), F_SETFD, FD_CLOEXEC));
}

static int64_t x_dup(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    int fd = fcntl(real_fd(c, r->fd), F_DUPFD_CLOEXEC, 0);
    if (fd < 0)
        return -errno;
    return take_slot(c, r, fd);
}

/* The child's own process is already there (the plan made it): a fork orders, an exec closes (in the compile);
 * a wait orders too (after the child's last call), its outcome the child's pid, as traced. */
static int64_t x_fork(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return r->ret;
}

static int64_t x_exec(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    return 0;
}

static const rp_fn rp_fns[RC_NCALLS] = {
    [RC_OPEN] = x_open, [RC_CLOSE] = x_close, [RC_READ] = x_read, [RC_WRITE] = x_write, [RC_LSEEK] = x_lseek,
    [RC_FSYNC] = x_fsync, [RC_FDATASYNC] = x_fdatasync, [RC_STAT] = x_stat, [RC_FSTAT] = x_fstat,
    [RC_UNLINK] = x_unlink, [RC_MKDIR] = x_mkdir, [RC_RMDIR] = x_rmdir, [RC_RENAME] = x_rename,
    [RC_TRUNCATE] = x_truncate, [RC_FTRUNCATE] = x_ftruncate, [RC_CHMOD] = x_chmod, [RC_UTIMES] = x_utimes,
    [RC_ACCESS] = x_access, [RC_STATFS] = x_statfs, [RC_GETDENTS] = x_getdents, [RC_LOCK] = x_lock,
    [RC_FLOCK] = x_flock, [RC_DUP] = x_dup, [RC_LINK] = x_link, [RC_FORK] = x_fork, [RC_EXEC] = x_exec,
    [RC_INHERIT] = x_inherit, [RC_SYMLINK] = x_symlink, [RC_READLINK] = x_readlink, [RC_SETFD] = x_setfd,
    [RC_CLOEXEC] = x_close, [RC_WAIT] = x_fork,
};

int64_t rp_exec(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes)
{
    *bytes = 0;
    return rp_fns[r->call](c, r, bytes);
}
