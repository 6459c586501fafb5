/* results_tree.c: a results tree is written into only after it is checked to be what
 * flowbench made (a resumed one may sit in a folder other users write into), and
 * every folder in it is made beneath its root, following no link. */
#include "campaign/results_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/diag.h"

/* Results trees are a few folders deep (point, repeat, report): deeper is not ours. */
#define TREE_DEPTH_MAX 32

/* Anybody may write into it, and nothing (the sticky bit) keeps them from renaming
 * what others put there. */
static bool open_to_all(const struct stat *st)
{
    return (st->st_mode & S_IWOTH) && !(st->st_mode & S_ISVTX);
}

static int mkdirs_path(const char *path)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s", path) >= (int)sizeof p)
        return errno = ENAMETOOLONG, -1;
    for (char *s = p + 1; *s; s++) {
        if (*s != '/')
            continue;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST)
            return -1;
        *s = '/';
    }
    return mkdir(p, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

int results_root_open(const char *stats, struct diag *err)
{
    int fd = mkdirs_path(stats) == 0 ? open(stats, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        diag_set(err, NULL, "results folder %s: %s", stats,
                 errno == ENOTDIR ? "not a folder (or a symbolic link, which flowbench does not follow)" : strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    const char *why = st.st_uid != geteuid() && st.st_uid != 0 ? "belongs to another user"
                      : open_to_all(&st)                         ? "may be written by anybody (and has no sticky bit)"
                                                                 : NULL;
    if (why == NULL)
        return fd;
    diag_set(err, NULL, "results folder %s %s: another user could put or swap a tree there; "
                        "give a folder of your own (stats = ... or --stats)", stats, why);
    err->bad_input = 1;
    close(fd);
    return -1;
}

int results_tree_open(int dirfd, const char *path, struct diag *err)
{
    int fd = dirfd >= 0 ? openat(dirfd, path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                        : open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd >= 0)
        return fd;
    struct stat st;
    bool link = (dirfd >= 0 ? fstatat(dirfd, path, &st, AT_SYMLINK_NOFOLLOW) : lstat(path, &st)) == 0 && S_ISLNK(st.st_mode);
    diag_set(err, NULL, "results tree %s: %s", path,
             link ? "a symbolic link (flowbench follows none into a results tree)" : strerror(errno));
    err->bad_input = link;
    return -1;
}

/* What is wrong with an entry of the tree, or NULL. */
static const char *entry_fault(const struct stat *st)
{
    if (S_ISLNK(st->st_mode))
        return "is a symbolic link";
    if (!S_ISDIR(st->st_mode) && !S_ISREG(st->st_mode))
        return "is not a folder or a regular file (a FIFO, device or socket)";
    if (st->st_uid != geteuid())
        return "belongs to another user";
    if (S_ISREG(st->st_mode) && st->st_nlink > 1)
        return "is a regular file with more than one link";
    if (S_ISDIR(st->st_mode) && open_to_all(st))
        return "is a folder anybody may write into";
    return NULL;
}

/* Checks the entries of dirfd (which it closes); path names it in messages. */
static int check_dir(int dirfd, char *path, size_t len, int depth, struct diag *err)
{
    DIR *d = fdopendir(dirfd);
    if (d == NULL) {
        close(dirfd);
        return diag_set(err, NULL, "results tree: cannot read %s: %s", path, strerror(errno));
    }
    int rc = 0;
    size_t at = strlen(path);
    for (struct dirent *e; rc == 0 && (e = readdir(d)) != NULL;) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path + at, len - at, "/%s", e->d_name);
        struct stat st;
        const char *why = fstatat(dirfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ? strerror(errno)
                          : depth >= TREE_DEPTH_MAX                                  ? "is deeper than flowbench makes"
                                                                                     : entry_fault(&st);
        if (why != NULL) {
            rc = diag_set(err, NULL, "results tree: %s %s: refused, nothing written", path, why);
            err->bad_input = 1;
        } else if (S_ISDIR(st.st_mode)) {
            int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            rc = sub >= 0 ? check_dir(sub, path, len, depth + 1, err)
                          : diag_set(err, NULL, "results tree: cannot open %s: %s", path, strerror(errno));
        }
        path[at] = '\0';
    }
    closedir(d);
    return rc;
}

int results_tree_check(int treefd, const char *shown, struct diag *err)
{
    struct stat st;
    const char *why = fstat(treefd, &st) != 0 ? strerror(errno)
                      : st.st_uid != geteuid() ? "belongs to another user"
                      : open_to_all(&st)       ? "may be written by anybody"
                                               : NULL;
    if (why != NULL) {
        diag_set(err, NULL, "results tree %s %s: refused, nothing written", shown, why);
        err->bad_input = 1;
        return -1;
    }
    char path[PATH_MAX + NAME_MAX + 2];
    snprintf(path, sizeof path, "%s", shown);
    int fd = fcntl(treefd, F_DUPFD_CLOEXEC, 0);
    return fd >= 0 ? check_dir(fd, path, sizeof path, 0, err) : diag_set(err, NULL, "results tree %s: %s", shown, strerror(errno));
}

int results_mkdirs(int treefd, const char *rel)
{
    if (beneath_check(rel) != 0)
        return -1;
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", rel);
    for (char *s = p;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        const char *leaf;
        int dfd = beneath_parent(treefd, p, &leaf);
        if (dfd < 0)
            return -1;
        int rc = mkdirat(dfd, leaf, 0755) != 0 && errno != EEXIST ? -1 : 0;
        struct stat st;
        if (rc == 0 && fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) != 0)
            rc = -1;
        else if (rc == 0 && !S_ISDIR(st.st_mode)) {
            errno = S_ISLNK(st.st_mode) ? ELOOP : ENOTDIR;
            rc = -1;
        }
        int err = errno;
        close(dfd);
        errno = err;
        if (rc != 0)
            return -1;
        *s = c;
        if (c == '\0')
            return 0;
    }
}
