/* outfile.c: every file flowbench writes on request (--json, --csv, --latency-log,
 * reports, summaries, stats dumps) goes through here: a new file beside it, renamed
 * into place, so no link is written through and no FIFO or device is opened. */
#include "base/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/clock.h"

/* What outfile_strerror tells apart: something other than a regular file, a
 * directory or a link is at the destination. ENODEV no write of ours returns. */
#define OUT_NOT_REGULAR ENODEV

/* 0 where nothing, or a regular file, is at name in dirfd; else -1 and errno saying
 * what is there. Stat only: a FIFO is never opened. */
static int dest_ok(int dirfd, const char *name)
{
    struct stat st;
    if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : -1;
    if (S_ISREG(st.st_mode))
        return 0;
    errno = S_ISLNK(st.st_mode) ? ELOOP : S_ISDIR(st.st_mode) ? EISDIR : OUT_NOT_REGULAR;
    return -1;
}

/* A new file's name beside leaf, made with O_EXCL: it was not there, and a link
 * planted under that name is not followed. */
static int make_tmp(struct outfile *o)
{
    size_t len = strlen(o->leaf) + sizeof ".new-0123456789abcdef";
    if ((o->tmp = malloc(len)) == NULL)
        return -1;
    uint64_t seed = clock_ns() ^ ((uint64_t)getpid() << 32);
    for (int tries = 0; tries < 100; tries++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        snprintf(o->tmp, len, ".%s.new-%08llx", o->leaf, (unsigned long long)(seed >> 32));
        int fd = openat(o->dirfd, o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
        if (fd < 0 && errno == EEXIST)
            continue;
        if (fd < 0)
            break;
        if ((o->f = fdopen(fd, "w")) != NULL)
            return 0;
        int err = errno;
        close(fd);
        unlinkat(o->dirfd, o->tmp, 0);
        errno = err;
        break;
    }
    int err = errno;
    free(o->tmp);
    o->tmp = NULL;
    errno = err;
    return -1;
}

static void release(struct outfile *o)
{
    int err = errno;
    if (o->dirfd >= 0)
        close(o->dirfd);
    free(o->leaf);
    free(o->tmp);
    *o = (struct outfile){ .dirfd = -1 };
    errno = err;
}

/* Takes dirfd (the directory of the destination) and its leaf name. */
static int open_in(struct outfile *o, int dirfd, const char *leaf)
{
    *o = (struct outfile){ .dirfd = dirfd };
    if (dirfd < 0)
        return -1;
    if (leaf[0] == '\0' || strcmp(leaf, ".") == 0 || strcmp(leaf, "..") == 0) {
        errno = EISDIR;
        release(o);
        return -1;
    }
    if ((o->leaf = strdup(leaf)) == NULL || dest_ok(dirfd, leaf) != 0 || make_tmp(o) != 0) {
        release(o);
        return -1;
    }
    return 0;
}

/* The directory part of path, opened (its links are the user's to choose); *leaf
 * points into path. */
static int open_dir_of(const char *path, const char **leaf)
{
    const char *slash = strrchr(path, '/');
    *leaf = slash != NULL ? slash + 1 : path;
    if (slash == NULL)
        return open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    char *dir = strndup(path, n);
    if (dir == NULL)
        return -1;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC);
    free(dir);
    return fd;
}

int outfile_open(struct outfile *o, const char *path)
{
    if (strcmp(path, "-") == 0) {
        *o = (struct outfile){ .f = stdout, .dirfd = -1 };
        return 0;
    }
    const char *leaf;
    int dirfd = open_dir_of(path, &leaf);
    return open_in(o, dirfd, leaf);
}

int outfile_open_beneath(struct outfile *o, int rootfd, const char *rel)
{
    const char *leaf;
    int dirfd = beneath_parent(rootfd, rel, &leaf);
    return open_in(o, dirfd, leaf);
}

int outfile_check(const char *path)
{
    struct outfile o;
    if (strcmp(path, "-") == 0)
        return 0;
    if (outfile_open(&o, path) != 0)
        return -1;
    outfile_discard(&o);
    return 0;
}

int outfile_commit(struct outfile *o)
{
    if (o->dirfd < 0) {
        int rc = fflush(o->f) == 0 && !ferror(o->f) ? 0 : -1;
        *o = (struct outfile){ .dirfd = -1 };
        return rc;
    }
    int rc = ferror(o->f) ? (errno = errno ? errno : EIO, -1) : 0;
    if (fclose(o->f) != 0 && rc == 0)
        rc = -1;
    o->f = NULL;
    /* A rename replaces a link or a FIFO without opening it; still, what the user
     * put there since the check is theirs: refused, as at the start. */
    if (rc == 0 && dest_ok(o->dirfd, o->leaf) == 0 && renameat(o->dirfd, o->tmp, o->dirfd, o->leaf) == 0) {
        release(o);
        return 0;
    }
    int err = errno;
    unlinkat(o->dirfd, o->tmp, 0);
    release(o);
    errno = err;
    return -1;
}

void outfile_discard(struct outfile *o)
{
    if (o->f != NULL && o->dirfd >= 0) {
        fclose(o->f);
        unlinkat(o->dirfd, o->tmp, 0);
    }
    release(o);
}

int outfile_end(struct outfile *o, int written)
{
    if (written == 0 && !ferror(o->f))
        return outfile_commit(o);
    int err = errno ? errno : EIO;
    outfile_discard(o);
    errno = err;
    return -1;
}

const char *outfile_strerror(int err)
{
    switch (err) {
    case ELOOP: return "a symbolic link is there or on the way (flowbench writes its outputs only as regular files, "
                       "through no link)";
    case EISDIR: return "a directory is there";
    case OUT_NOT_REGULAR: return "it is not a regular file (a FIFO, device or socket): flowbench writes its outputs "
                                 "only as regular files";
    default: return beneath_strerror(err);
    }
}
