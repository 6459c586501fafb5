/* target_lock.c: one flowbench per target directory (target_lock.h). The lock is
 * a file in the directory rather than the directory itself, so that it can carry
 * the holder's pid into the message of the run it refuses. */
#include "fileset/target_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Lock files removed under us by their last holder, in a row, before giving up. */
#define RETRIES 8
/* The holder writes its pid just after locking: a reader finding none yet looks
 * again this many times, 5 ms apart. */
#define PID_READS 20

struct held {
    dev_t dev;        /* the directory, told apart however it is spelled */
    ino_t ino;
    int dirfd;
    int fd;           /* the lock file; -1 on a read-only file system, where nothing can be made or removed */
    bool created;     /* this invocation made the file, so it removes it at the end */
};

struct target_locks {
    struct held *v;
    size_t n;
};

enum opened { OPENED, VANISHED, READ_ONLY };

static bool still_linked(const struct held *h)
{
    struct stat a, b;
    return fstat(h->fd, &a) == 0 && fstatat(h->dirfd, TARGET_LOCK_NAME, &b, AT_SYMLINK_NOFOLLOW) == 0
        && a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static int check_regular(struct held *h, const char *dir, const struct srcloc *loc, struct diag *err)
{
    struct stat st;
    const char *why;
    if (fstat(h->fd, &st) != 0 || !S_ISREG(st.st_mode))
        why = "is not a regular file";
    else if (st.st_nlink > 1) /* a hard link to a file elsewhere: the pid would be written into it */
        why = "is a file with more than one link";
    else if (st.st_uid != geteuid())
        why = "is a file another user owns";
    else
        return 0;
    close(h->fd);
    h->fd = -1;
    return diag_set(err, loc, "%s/%s %s; flowbench keeps its lock under that name", dir, TARGET_LOCK_NAME, why);
}

/* Opens the lock file, making it if absent. O_CLOEXEC: a `system` command must
 * not carry the lock away; forked workers share it, which is right. */
static int open_lock_file(struct held *h, const char *dir, const struct srcloc *loc, struct diag *err,
                          enum opened *how)
{
    const int flags = O_CLOEXEC | O_NOFOLLOW | O_NOCTTY | O_NONBLOCK;
    *how = OPENED;
    h->created = false;
    h->fd = openat(h->dirfd, TARGET_LOCK_NAME, O_RDWR | O_CREAT | O_EXCL | flags, 0644);
    if (h->fd >= 0) {
        h->created = true;
        return 0;
    }
    int create_err = errno;
    h->fd = openat(h->dirfd, TARGET_LOCK_NAME, O_RDWR | flags);
    if (h->fd < 0 && (errno == EACCES || errno == EROFS))
        h->fd = openat(h->dirfd, TARGET_LOCK_NAME, O_RDONLY | flags); /* flock needs no write access */
    if (h->fd >= 0)
        return check_regular(h, dir, loc, err);
    if (errno == ENOENT && (create_err == EEXIST || create_err == EROFS)) {
        *how = create_err == EEXIST ? VANISHED : READ_ONLY;
        return 0;
    }
    return diag_set(err, loc, "cannot create the lock file %s/%s: %s", dir, TARGET_LOCK_NAME,
                    strerror(errno == ENOENT ? create_err : errno));
}

/* The pid the holder wrote, once it names a live process; 0 if none does. */
static pid_t holder_pid(int fd)
{
    for (int i = 0; i < PID_READS; i++) {
        char buf[32];
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        if (n > 0) {
            buf[n] = '\0';
            long pid = strtol(buf, NULL, 10);
            if (pid > 0 && pid <= 0x7fffffff && (kill((pid_t)pid, 0) == 0 || errno == EPERM))
                return (pid_t)pid;
        }
        nanosleep(&(struct timespec){ 0, 5000000 }, NULL);
    }
    return 0;
}

static int refuse(struct held *h, const char *dir, const struct srcloc *loc, struct diag *err)
{
    int rc;
    if (errno != EWOULDBLOCK) {
        rc = diag_set(err, loc, "cannot lock %s/%s: %s", dir, TARGET_LOCK_NAME, strerror(errno));
    } else {
        pid_t pid = holder_pid(h->fd);
        char who[48];
        if (pid > 0)
            snprintf(who, sizeof who, "pid %d", (int)pid);
        else
            snprintf(who, sizeof who, "a process whose pid is not recorded");
        rc = diag_set(err, loc, "%s is in use by another flowbench (%s holds %s/%s); wait for it to end, or choose "
                      "another $dir", dir, who, dir, TARGET_LOCK_NAME);
    }
    close(h->fd);
    h->fd = -1;
    return rc;
}

/* The pid serves only the message of a refused run: a lock file we may not
 * write, or a full disk, costs that message its pid and nothing else. */
static void note_pid(const struct held *h)
{
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%d\n", (int)getpid());
    if (pwrite(h->fd, buf, (size_t)n, 0) == n && ftruncate(h->fd, n) == 0)
        return;
}

static int flock_now(int fd)
{
    int rc;
    while ((rc = flock(fd, LOCK_EX | LOCK_NB)) != 0 && errno == EINTR)
        ;
    return rc;
}

static int lock_dir(struct held *h, const char *dir, const struct srcloc *loc, struct diag *err)
{
    for (int i = 0; i < RETRIES; i++) {
        enum opened how;
        if (open_lock_file(h, dir, loc, err, &how) != 0)
            return -1;
        if (how == READ_ONLY)
            return 0;
        if (how == VANISHED)
            continue;
        if (flock_now(h->fd) != 0)
            return refuse(h, dir, loc, err);
        if (still_linked(h)) {
            note_pid(h);
            return 0;
        }
        close(h->fd); /* its last holder removed it as we locked it: lock the one made next */
        h->fd = -1;
    }
    return diag_set(err, loc, "cannot lock %s/%s: it keeps being removed", dir, TARGET_LOCK_NAME);
}

/* The file goes while the lock is still held: whoever opened it meanwhile finds
 * it unlinked once it gets the lock, and makes a new one. Its removal may fail
 * unseen: a file left behind costs only its name, the next run locks it as it is. */
static void drop(struct held *h)
{
    if (h->fd >= 0 && h->created && still_linked(h))
        (void)unlinkat(h->dirfd, TARGET_LOCK_NAME, 0);
    if (h->fd >= 0)
        close(h->fd);
    close(h->dirfd);
}

static bool holds(const struct target_locks *set, const struct stat *dir)
{
    for (size_t i = 0; set != NULL && i < set->n; i++)
        if (set->v[i].dev == dir->st_dev && set->v[i].ino == dir->st_ino)
            return true;
    return false;
}

static int add(struct target_locks **setp, const struct held *h)
{
    struct target_locks *set = *setp;
    if (set == NULL && (set = calloc(1, sizeof *set)) == NULL)
        return -1;
    *setp = set;
    struct held *v = realloc(set->v, (set->n + 1) * sizeof *v);
    if (v == NULL)
        return -1;
    set->v = v;
    v[set->n++] = *h;
    return 0;
}

int target_lock_take(struct target_locks **set, const char *dir, const struct srcloc *loc, struct diag *err)
{
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0)
        return diag_set(err, loc, "cannot open %s: %s", dir, strerror(errno));
    int rc = target_lock_take_at(set, dfd, dir, loc, err);
    close(dfd);
    return rc;
}

int target_lock_take_at(struct target_locks **set, int dirfd, const char *dir, const struct srcloc *loc,
                        struct diag *err)
{
    struct stat st;
    int dfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
    if (dfd < 0)
        return diag_set(err, loc, "cannot use %s: %s", dir, strerror(errno));
    if (fstat(dfd, &st) != 0) {
        int e = errno;
        close(dfd);
        return diag_set(err, loc, "cannot stat %s: %s", dir, strerror(e));
    }
    if (holds(*set, &st)) {
        close(dfd);
        return 0;
    }
    struct held h = { .dev = st.st_dev, .ino = st.st_ino, .dirfd = dfd, .fd = -1 };
    if (lock_dir(&h, dir, loc, err) != 0) {
        close(dfd);
        return -1;
    }
    if (add(set, &h) != 0) {
        drop(&h);
        return diag_set(err, loc, "out of memory");
    }
    return 0;
}

void target_locks_release(struct target_locks *set)
{
    if (set == NULL)
        return;
    for (size_t i = 0; i < set->n; i++)
        drop(&set->v[i]);
    free(set->v);
    free(set);
}
