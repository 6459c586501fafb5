/* outfile.h: the one way flowbench writes a file it was asked for: whole or not at
 * all, as a new file beside its destination renamed into place, never through a link. */
#ifndef FB_OUTFILE_H
#define FB_OUTFILE_H

#include <stdio.h>

/* One output being written. "-" is standard output, written as it goes. */
struct outfile {
    FILE *f;       /* where to write */
    int dirfd;     /* the directory it goes in (owned); -1 for standard output */
    char *leaf;    /* its name in that directory (owned) */
    char *tmp;     /* the new file's name there until it is renamed (owned) */
};

/* Whether path can take an output, said before a run rather than after it: its
 * directory exists and takes a new file, and nothing but a regular file is at path
 * (a symbolic link, a directory, a FIFO, a device or a socket is refused). Nothing is
 * left behind and no open blocks. 0, or -1 with errno (outfile_strerror says it). */
int outfile_check(const char *path);

/* Starts writing path: a new file (O_EXCL, mode 0644 under the umask) beside it.
 * Refused, as outfile_check says, where something other than a regular file is at
 * path. 0 and o->f to write to, or -1 with errno. */
int outfile_open(struct outfile *o, const char *path);

/* The same for rel beneath the directory rootfd, following no symbolic link on the
 * way (base/beneath.h): for files inside a tree flowbench manages. */
int outfile_open_beneath(struct outfile *o, int rootfd, const char *rel);

/* Ends the write: flushes, closes, and renames the new file over the destination,
 * unless something other than a regular file took its place meanwhile (refused, the
 * new file removed). 0, or -1 with errno; o is released either way. */
int outfile_commit(struct outfile *o);

/* Gives the write up: the new file is removed, the destination left as it was. */
void outfile_discard(struct outfile *o);

/* Ends the write by what it came to: committed where written is 0, else given up
 * (-1, errno kept). */
int outfile_end(struct outfile *o, int written);

/* Why an outfile_* call failed, in words fit for a user. */
const char *outfile_strerror(int err);

#endif
