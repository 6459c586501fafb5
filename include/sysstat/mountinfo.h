/* mountinfo.h: the mount a path lies on, from /proc/self/mountinfo: its device
 * number, file system type and options. */
#ifndef FB_MOUNTINFO_H
#define FB_MOUNTINFO_H

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

#endif
