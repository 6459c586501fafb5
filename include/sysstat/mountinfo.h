/* mountinfo.h: the mount a path lies on, from /proc/self/mountinfo: its device
 * number, file system type and options. */
#ifndef FB_MOUNTINFO_H
#define FB_MOUNTINFO_H

#include <stddef.h>

struct mount_place {
    unsigned major, minor;       /* the file system's device (major 0: none, as tmpfs) */
    char mountpoint[4096];
    char fstype[64];
    char options[512];           /* the mount's own options (rw,relatime...) */
    char super_options[512];     /* the file system's (rw,errors=remount-ro...) */
};

/* The mount with the longest mount point that holds path's nearest existing
 * ancestor (the last mounted, where several are stacked); 0, or -1 if none. */
int mountinfo_find(const char *path, struct mount_place *out);
/* The type of the file system path lies on, as the kernel names its mount
 * ("ext3" for an ext3 mount, which statfs cannot tell from ext4): the one
 * source of file-system names, for results.json, a campaign's tree and the
 * direct-I/O messages; "unknown" when no mount holds it. */
void mountinfo_fs_name(const char *path, char *buf, size_t len);

#endif
