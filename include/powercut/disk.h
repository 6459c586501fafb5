/* disk.h: the power-cut disk: a durable image behind a volatile write cache, its state
 * (running or cut), and the commands of its control file. */
#ifndef FB_POWERCUT_DISK_H
#define FB_POWERCUT_DISK_H

#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>

#include "powercut/write_cache.h"

struct diag;

struct pc_disk {
    char image[PATH_MAX];     /* the durable image's absolute path */
    int image_fd;
    struct write_cache cache;
    int cut;                  /* set by the cut: every later disk request fails with EIO */
    int last_error;           /* the negative errno of the last failed flush, or 0 */
};

/* Opens the image (a regular file, a whole number of 512-byte sectors); on failure
 * returns -1 with err set: "IMAGE: reason". */
int disk_open(struct pc_disk *d, const char *image, struct diag *err);
/* An orderly power-off: without a cut, the cache goes to the image first. Returns the
 * number of blocks written, or a negative errno. */
int64_t disk_shutdown(struct pc_disk *d);

/* The disk's requests: 0 (or a byte count for reads) or a negative errno; EIO once cut. */
int disk_write(struct pc_disk *d, const void *buf, size_t len, uint64_t off);
ssize_t disk_read(struct pc_disk *d, void *buf, size_t len, uint64_t off);
int disk_zero(struct pc_disk *d, uint64_t off, uint64_t len);
int disk_flush(struct pc_disk *d);
int disk_usable(const struct pc_disk *d);

/* A line written to the control file ("cut", "flush"): 0, or -EINVAL for an unknown one. */
int disk_command(struct pc_disk *d, const char *text, size_t len);
/* The state and counters as "name value" lines, what reading the control file gives. */
size_t disk_status(const struct pc_disk *d, char *buf, size_t cap);
/* One line per control command, for the usage message. */
void disk_command_help(FILE *out);

#endif
