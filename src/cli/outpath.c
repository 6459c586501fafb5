/* outpath.c: checking that an output path can be written, so that an hour-long
 * run does not end with "cannot open" (the outputs are written after it). */
#include "cli/outpath.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int outpath_check_file(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return errno = EISDIR, -1;
        return access(path, W_OK); /* the user's file stays as it is until the results replace it */
    }
    if (errno != ENOENT)
        return -1;
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd < 0)
        return errno == EEXIST ? 0 : -1; /* appeared meanwhile, or a dangling symlink fopen follows */
    close(fd);
    return unlink(path);
}

/* Cuts the last component off path in place ("a/b/" -> "a", "/a" -> "/", "a" -> ".");
 * false when nothing is left to cut. */
static bool cut_last(char *path)
{
    size_t len = strlen(path), n = len;
    while (n > 1 && path[n - 1] == '/')
        n--;
    while (n > 0 && path[n - 1] != '/')
        n--;
    if (n == 0) {
        if (strcmp(path, ".") == 0)
            return false;
        strcpy(path, "."); /* "." is no longer than any name it replaces */
        return true;
    }
    while (n > 1 && path[n - 1] == '/')
        n--;
    path[n] = '\0';
    return n < len;
}

/* The report's directory is made with its missing parents (mkdir -p) only after the
 * run: the nearest existing one must be a directory we may write into. */
int outpath_check_dir(const char *dir)
{
    if (dir[0] == '\0')
        return errno = EINVAL, -1;
    char *p = strdup(dir);
    if (p == NULL)
        return -1;
    struct stat st;
    int rc;
    while ((rc = stat(p, &st)) != 0 && errno == ENOENT && cut_last(p))
        ;
    if (rc == 0 && !S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        rc = -1;
    }
    if (rc == 0)
        rc = access(p, W_OK | X_OK);
    int saved = errno;
    free(p);
    errno = saved;
    return rc;
}
