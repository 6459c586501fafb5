/* fileset_remove.c: deletes a tree flowbench made (its marker file present),
 * walking by directory descriptors so it never follows a symlink, never leaves
 * the tree or its file system, and never touches "/"; and tells, by the same
 * kind of walk, how much space the removal would free. */
#include "fileset/fileset.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Deeper trees than this were not made by us (FS_MAX_DEPTH); refuse rather than
 * hold hundreds of descriptors open. */
#define REMOVE_MAX_DEPTH 256

struct walk {
    dev_t dev;              /* the root's file system; mount points below are refused */
    char path[PATH_MAX];    /* for messages only */
    size_t len;
    struct diag *err;
};

static int fail(struct walk *w, const char *what, const char *name)
{
    return diag_set(w->err, NULL, "cannot %s %s/%s: %s", what, w->path, name, strerror(errno));
}

/* Extends the message path by "/name"; returns the old length to restore. */
static size_t push_name(struct walk *w, const char *name)
{
    size_t old = w->len;
    int n = snprintf(w->path + w->len, sizeof w->path - w->len, "/%s", name);
    if (n > 0)
        w->len = w->len + (size_t)n < sizeof w->path ? w->len + (size_t)n : sizeof w->path - 1;
    return old;
}

static void pop_name(struct walk *w, size_t old)
{
    w->len = old;
    w->path[old] = '\0';
}

static int remove_contents(struct walk *w, int dfd, int depth);

static int remove_subdir(struct walk *w, int dfd, const char *name, const struct stat *st, int depth)
{
    if (st->st_dev != w->dev)
        return diag_set(w->err, NULL, "%s/%s is another file system (a mount point?); not removing it", w->path,
                        name);
    if (depth + 1 >= REMOVE_MAX_DEPTH)
        return diag_set(w->err, NULL, "%s/%s is more than %d levels deep; not removing it", w->path, name,
                        REMOVE_MAX_DEPTH);
    int cfd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (cfd < 0)
        return errno == ENOENT ? 0 : fail(w, "open", name);
    size_t old = push_name(w, name);
    int rc = remove_contents(w, cfd, depth + 1);
    pop_name(w, old);
    if (rc != 0)
        return -1;
    if (unlinkat(dfd, name, AT_REMOVEDIR) != 0 && errno != ENOENT)
        return fail(w, "remove directory", name);
    return 0;
}

/* Removes one entry of the directory dfd; a symlink is unlinked, never followed. */
static int remove_entry(struct walk *w, int dfd, const char *name, int depth)
{
    struct stat st;
    if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : fail(w, "stat", name);
    if (S_ISDIR(st.st_mode))
        return remove_subdir(w, dfd, name, &st, depth);
    if (unlinkat(dfd, name, 0) != 0 && errno != ENOENT)
        return fail(w, "remove", name);
    return 0;
}

static bool skip(const char *name, int depth)
{
    if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
        return true;
    return depth == 0 && strcmp(name, FS_MARKER) == 0;   /* the marker goes last */
}

/* One readdir pass; *removed counts what it deleted. */
static int remove_pass(struct walk *w, DIR *d, int depth, size_t *removed)
{
    struct dirent *de;
    *removed = 0;
    errno = 0;
    while ((de = readdir(d)) != NULL) {
        if (!skip(de->d_name, depth)) {
            if (remove_entry(w, dirfd(d), de->d_name, depth) != 0)
                return -1;
            (*removed)++;
        }
        errno = 0;
    }
    return errno != 0 ? fail(w, "read directory", "") : 0;
}

/* Empties the directory dfd (consumed). Passes repeat until one finds nothing,
 * for file systems whose readdir skips entries while the directory shrinks. */
static int remove_contents(struct walk *w, int dfd, int depth)
{
    DIR *d = fdopendir(dfd);
    if (d == NULL) {
        close(dfd);
        return fail(w, "open directory", "");
    }
    size_t removed;
    int rc;
    do {
        rewinddir(d);
        rc = remove_pass(w, d, depth, &removed);
    } while (rc == 0 && removed > 0);
    closedir(d);
    return rc;
}

/* True if path names "/" (textually, or through "..", or through symlinks). */
bool fileset_path_is_slash(const char *path)
{
    char real[PATH_MAX];
    if (path[0] == '\0')
        return false;
    if (path[strspn(path, "/")] == '\0')
        return true;
    return realpath(path, real) != NULL && strcmp(real, "/") == 0;
}

/* Opens root if it is a real directory (not a symlink) holding our marker. */
static int open_ours(const char *root, struct stat *st, struct diag *err)
{
    int fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return diag_set(err, NULL, "cannot open %s: %s", root, strerror(errno));
    struct stat m;
    if (fstat(fd, st) != 0 || fstatat(fd, FS_MARKER, &m, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(m.st_mode)) {
        close(fd);
        return diag_set(err, NULL, "%s was not made by flowbench (no %s in it); not removing it", root, FS_MARKER);
    }
    return fd;
}

/* 1: root is a directory we may remove; 0: it does not exist; -1: refused. */
static int removable(const char *root, struct diag *err)
{
    struct stat st;
    if (root == NULL || root[0] == '\0')
        return diag_set(err, NULL, "refusing to remove a fileset tree with an empty path");
    if (fileset_path_is_slash(root))
        return diag_set(err, NULL, "refusing to remove '%s': it is the file system root", root);
    if (lstat(root, &st) != 0)
        return errno == ENOENT ? 0 : diag_set(err, NULL, "cannot stat %s: %s", root, strerror(errno));
    if (S_ISLNK(st.st_mode) || !S_ISDIR(st.st_mode))
        return diag_set(err, NULL, "%s is %s, not a tree flowbench made; not removing it", root,
                        S_ISLNK(st.st_mode) ? "a symbolic link" : "not a directory");
    return 1;
}

/* Empties the tree below the open root fd, the marker aside. */
static int remove_below(const char *root, int fd, dev_t dev, struct diag *err)
{
    struct walk *w = malloc(sizeof *w);
    int walkfd = dup(fd);
    if (w == NULL || walkfd < 0) {
        if (walkfd >= 0)
            close(walkfd);
        free(w);
        return diag_set(err, NULL, "cannot remove %s: %s", root, strerror(errno));
    }
    *w = (struct walk){ .dev = dev, .err = err };
    snprintf(w->path, sizeof w->path, "%s", root);
    w->len = strlen(w->path);
    int rc = remove_contents(w, walkfd, 0);
    free(w);
    return rc;
}

int fileset_remove_tree(const char *root, struct diag *err)
{
    int r = removable(root, err);
    if (r <= 0)
        return r;
    struct stat st;
    int fd = open_ours(root, &st, err);
    if (fd < 0)
        return -1;
    int rc = remove_below(root, fd, st.st_dev, err);
    if (rc == 0 && unlinkat(fd, FS_MARKER, 0) != 0)
        rc = diag_set(err, NULL, "cannot remove %s/%s: %s", root, FS_MARKER, strerror(errno));
    close(fd);
    if (rc == 0 && rmdir(root) != 0)
        rc = diag_set(err, NULL, "cannot remove directory %s: %s", root, strerror(errno));
    return rc;
}

/* ---- what a removal frees ---- */

struct tally {
    dev_t dev;
    uint64_t bytes;
    uint64_t left;   /* entries still to look at */
};

static uint64_t freed_by(const struct stat *st)
{
    bool shared = !S_ISDIR(st->st_mode) && st->st_nlink > 1; /* another link keeps its blocks */
    return shared ? 0 : (uint64_t)st->st_blocks * 512;
}

/* Adds up the directory dfd (consumed). What cannot be read counts as nothing
 * freed, which errs on the side of refusing a run that might not fit. */
static void tally_dir(struct tally *t, int dfd, int depth)
{
    DIR *d = fdopendir(dfd);
    if (d == NULL) {
        close(dfd);
        return;
    }
    struct dirent *de;
    while (t->left > 0 && (de = readdir(d)) != NULL) {
        struct stat st;
        if (skip(de->d_name, 1) || fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0
            || st.st_dev != t->dev)
            continue;
        t->left--;
        t->bytes += freed_by(&st);
        if (!S_ISDIR(st.st_mode) || depth + 1 >= REMOVE_MAX_DEPTH)
            continue;
        int cfd = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (cfd >= 0)
            tally_dir(t, cfd, depth + 1);
    }
    closedir(d);
}

uint64_t fileset_tree_freed(const char *root, uint64_t limit)
{
    struct diag ignored;
    struct stat st;
    if (removable(root, &ignored) != 1)
        return 0;
    int fd = open_ours(root, &st, &ignored);
    if (fd < 0)
        return 0;
    struct tally t = { .dev = st.st_dev, .bytes = freed_by(&st), .left = limit };
    tally_dir(&t, fd, 0);
    return t.bytes;
}
