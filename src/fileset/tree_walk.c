/* tree_walk.c: verify-tree's walk of a fileset's tree for files the
 * journal's manifest does not know (a tree changed by hand, or another
 * tree's journal); directories are opened beneath the root, no link followed. */
#include "fileset/tree_parts.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/journal_format.h"
#include "fileset/fileset.h"

static int cmp_str(const void *key, const void *elem)
{
    return strcmp((const char *)key, *(char *const *)elem);
}

/* The files flowbench keeps in the root (its marker, the journal id) are its own. */
static bool own_file(const char *name, size_t depth)
{
    return depth == 0 && (strcmp(name, FS_MARKER) == 0 || strcmp(name, JF_TREE_ID) == 0);
}

static int walk(const struct tv_journal *j, int rootfd, const char *root, char *rel, size_t len, struct diag *err)
{
    int fd = len ? beneath_open(rootfd, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
                 : openat(rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d == NULL) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "%s/%s: cannot read the directory: %s", root, rel, beneath_strerror(e));
    }
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        const char *name = de->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || own_file(name, len))
            continue;
        size_t n = strlen(name);
        if (len + n + 2 > PATH_MAX) {
            rc = diag_set(err, NULL, "%s/%s: path too long", root, rel);
            break;
        }
        rel[len] = len ? '/' : '\0';
        memcpy(rel + len + (len ? 1 : 0), name, n + 1);
        size_t sub = len + (len ? 1 : 0) + n;
        struct stat st;
        if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            rc = diag_set(err, NULL, "%s/%s: cannot stat: %s", root, rel, strerror(errno));
        else if (S_ISDIR(st.st_mode))
            rc = walk(j, rootfd, root, rel, sub, err);
        else if (!S_ISREG(st.st_mode))
            rc = diag_set(err, NULL, "%s/%s: not a regular file or directory (a symbolic link, FIFO, device or "
                          "socket): the tree was changed by hand; it is not read", root, rel);
        else if (bsearch(rel, j->by_path, j->n, sizeof *j->by_path, cmp_str) == NULL)
            rc = diag_set(err, NULL, "%s/%s: not a file of the journal's manifest: the tree was changed by hand "
                          "(or the journal is another tree's)", root, rel);
        rel[len] = '\0';
    }
    closedir(d);
    return rc;
}

int tv_walk(const struct tv_journal *j, int rootfd, const char *root, struct diag *err)
{
    char rel[PATH_MAX] = "";
    return walk(j, rootfd, root, rel, 0, err);
}
