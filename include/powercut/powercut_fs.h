/* powercut_fs.h: the FUSE file system that serves the power-cut disk as MOUNTPOINT/disk
 * (the loop device's backing file) beside MOUNTPOINT/control. */
#ifndef FB_POWERCUT_FS_H
#define FB_POWERCUT_FS_H

#include "powercut/disk.h"

struct fuse;
struct fuse_args;

/* A FUSE file system over the disk (not mounted yet), or NULL after libfuse said why. */
struct fuse *powercut_fs_new(struct fuse_args *args, struct pc_disk *d);

#endif
