/* infile.h: opening and reading an input (a script, a profile, a results file) so
 * that nothing waits where a stop signal cannot end the wait. */
#ifndef FB_INFILE_H
#define FB_INFILE_H

#include <stddef.h>
#include <stdio.h>

/* Opens path to read without blocking in the open (a FIFO with no writer yet): a
 * regular file, or a FIFO or pipe (`-f <(...)`), whose reads infile_read_all waits
 * for. A directory (EISDIR), a device or a socket (ENODEV) is refused. The
 * descriptor, or -1 with errno. */
int infile_open(const char *path);

/* Reads fd to its end, at most max bytes (EFBIG beyond); each wait for data ends on
 * a stop signal (EINTR). The text, NUL-terminated, its length in *len; NULL with errno. */
char *infile_read_all(int fd, size_t max, size_t *len);

/* fopen(path, "r") under the same rules; a pipe is read whole first (at most 1 GiB). */
FILE *infile_fopen(const char *path);

/* Why an infile_* call failed, in words fit for a user. */
const char *infile_strerror(int err);

#endif
