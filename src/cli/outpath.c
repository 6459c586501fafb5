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

#include "base/outfile.h"

int outpath_check_file(const char *path)
{
    return outfile_check(path); /* the one rule of base/outfile.h */
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
    struct stat st;
    if (lstat(dir, &st) == 0 && S_ISLNK(st.st_mode))
        return errno = ELOOP, -1; /* like every output: written through no link */
    char *p = strdup(dir);
    if (p == NULL)
        return -1;
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
