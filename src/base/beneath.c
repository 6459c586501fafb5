/* beneath.c: opens paths beneath a directory descriptor without following a symbolic
 * link or leaving the directory: openat2 where the kernel has it, else a walk. */
#include "base/beneath.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define BENEATH_RESOLVE (RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS)
#define BENEATH_RETRIES 8

int beneath_check(const char *rel)
{
    if (rel == NULL || rel[0] == '\0')
        return errno = EINVAL, -1;
    if (rel[0] == '/')
        return errno = EXDEV, -1;
    size_t len = strnlen(rel, PATH_MAX);
    if (len == PATH_MAX)
        return errno = ENAMETOOLONG, -1;
    for (const char *p = rel; *p != '\0';) {
        const char *end = strchrnul(p, '/');
        size_t n = (size_t)(end - p);
        if (n == 0 && *end == '/')
            return errno = EINVAL, -1;          /* "a//b": an empty name */
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return errno = EXDEV, -1;
        p = *end == '/' ? end + 1 : end;
    }
    return 0;
}

/* After a failed step on name in dirfd: a symbolic link there is the reason the
 * caller should hear (O_NOFOLLOW | O_DIRECTORY on a link says ENOTDIR). */
static int why_failed(int dirfd, const char *name, int err)
{
    struct stat st;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
        return ELOOP;
    return err;
}

/* Walks rel's directories from rootfd; returns a descriptor of the last directory
 * (rootfd itself duplicated where rel has one component) and sets *leaf. */
static int walk_to_parent(int rootfd, const char *rel, const char **leaf)
{
    char name[NAME_MAX + 1];
    int cur = fcntl(rootfd, F_DUPFD_CLOEXEC, 0);
    if (cur < 0)
        return -1;
    const char *p = rel;
    for (;;) {
        const char *end = strchr(p, '/');
        if (end == NULL || end[1] == '\0')
            break;
        size_t n = (size_t)(end - p);
        if (n > NAME_MAX) {
            close(cur);
            return errno = ENAMETOOLONG, -1;
        }
        memcpy(name, p, n);
        name[n] = '\0';
        int next = openat(cur, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (next < 0) {
            int err = why_failed(cur, name, errno);
            close(cur);
            return errno = err, -1;
        }
        close(cur);
        cur = next;
        p = end + 1;
    }
    *leaf = p;
    return cur;
}

int beneath_open_walk(int rootfd, const char *rel, int flags, mode_t mode)
{
    if (beneath_check(rel) != 0)
        return -1;
    const char *leaf;
    int dirfd = walk_to_parent(rootfd, rel, &leaf);
    if (dirfd < 0)
        return -1;
    char name[NAME_MAX + 1];
    size_t n = strcspn(leaf, "/");
    if (n > NAME_MAX) {
        close(dirfd);
        return errno = ENAMETOOLONG, -1;
    }
    memcpy(name, leaf, n);
    name[n] = '\0';
    int extra = leaf[n] == '/' ? O_DIRECTORY : 0;  /* "dir/" names a directory */
    int fd = openat(dirfd, name, flags | extra | O_NOFOLLOW, mode);
    int err = fd < 0 ? why_failed(dirfd, name, errno) : 0;
    close(dirfd);
    return fd < 0 ? (errno = err, -1) : fd;
}

int beneath_open(int rootfd, const char *rel, int flags, mode_t mode)
{
    if (beneath_check(rel) != 0)
        return -1;
    struct open_how how = {
        .flags = (unsigned long long)(unsigned)(flags | O_NOFOLLOW),
        /* O_TMPFILE includes O_DIRECTORY's bit: test it whole */
        .mode = ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) ? mode : 0,
        .resolve = BENEATH_RESOLVE,
    };
    /* EAGAIN: a rename raced the lookup, and openat2 asks to retry; a few times, for with
     * O_NONBLOCK it is also a lease held elsewhere, which a retry would spin on for good */
    for (int tries = 0;; tries++) {
        long fd = syscall(SYS_openat2, rootfd, rel, &how, sizeof how);
        if (fd >= 0)
            return (int)fd;
        if (errno == EINTR || (errno == EAGAIN && tries < BENEATH_RETRIES))
            continue;
        /* ENOSYS/EPERM: an old kernel or a seccomp filter. ENOTDIR: openat2 does not
         * say which name was a link where a directory was wanted; the walk does. */
        if (errno == ENOSYS || errno == EPERM || errno == ENOTDIR)
            return beneath_open_walk(rootfd, rel, flags, mode);
        return -1;
    }
}

int beneath_parent(int rootfd, const char *rel, const char **leaf)
{
    if (beneath_check(rel) != 0)
        return -1;
    const char *slash = strrchr(rel, '/');
    if (slash != NULL && slash[1] == '\0')
        return errno = EINVAL, -1;  /* the last component must be a name */
    if (slash == NULL) {
        *leaf = rel;
        return fcntl(rootfd, F_DUPFD_CLOEXEC, 0);
    }
    char dir[PATH_MAX];
    size_t n = (size_t)(slash - rel);
    memcpy(dir, rel, n);
    dir[n] = '\0';
    int fd = beneath_open(rootfd, dir, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
    if (fd >= 0)
        *leaf = slash + 1;
    return fd;
}

int beneath_node(int rootfd, const char *rel, struct stat *st)
{
    int fd = beneath_open(rootfd, rel, O_PATH | O_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    /* O_PATH | O_NOFOLLOW opens a link itself rather than failing: refused here */
    int err = fstat(fd, st) != 0 ? errno : S_ISLNK(st->st_mode) ? ELOOP : 0;
    if (err == 0)
        return fd;
    close(fd);
    return errno = err, -1;
}

const char *beneath_fd_name(int fd, char *buf, size_t len)
{
    snprintf(buf, len, "/proc/self/fd/%d", fd);
    return buf;
}

const char *beneath_strerror(int err)
{
    switch (err) {
    case ELOOP: return "a symbolic link is in the way (flowbench follows none inside a tree it manages)";
    case EXDEV: return "the path leads outside the tree";
    default: return strerror(err);
    }
}
