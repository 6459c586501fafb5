/* blockdev.h: the block devices of a file system, found through /sys: the one it
 * sits on, then every device below it (a partition's disk, dm and md members
 * in slaves/, a loop device's backing file's device), with /sys's model. */
#ifndef FB_BLOCKDEV_H
#define FB_BLOCKDEV_H

#include <stddef.h>

#include "results/system.h"

struct blockdev {
    char name[SYS_NAME_LEN];     /* as in /proc/diskstats */
    char holds[SYS_NAME_LEN];    /* the device above it, "" for the file system's own */
    char model[128];             /* "" when /sys gives none */
};

/* Fills out with the devices of the file system on major:minor, its own first;
 * returns how many (at most cap; 0 when it has none, as tmpfs). sys is the
 * root of sysfs ("/sys"; tests point it at a copy). */
size_t blockdev_under(const char *sys, unsigned major, unsigned minor, struct blockdev *out, size_t cap);

#endif
