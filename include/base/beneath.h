/* beneath.h: opening a path strictly beneath a directory descriptor, following no
 * symbolic link on the way and never leaving that directory. */
#ifndef FB_BENEATH_H
#define FB_BENEATH_H

#include <sys/types.h>

/* Opens rel beneath rootfd like openat(rootfd, rel, flags, mode), but refuses an
 * absolute path or a ".." component (EXDEV) and a symbolic link anywhere on the way,
 * the last component included (ELOOP). Uses openat2(RESOLVE_BENEATH |
 * RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS) where the kernel has it, else walks
 * one directory descriptor at a time. Allocates nothing: fit for the hot path.
 * Returns the descriptor, or -1 with errno set. */
int beneath_open(int rootfd, const char *rel, int flags, mode_t mode);

/* The same by the walk alone (what kernels before 5.6 get); for tests. */
int beneath_open_walk(int rootfd, const char *rel, int flags, mode_t mode);

/* Opens the directory that holds rel's last component, beneath rootfd under the same
 * rules, for the *at() calls that take a directory and a name (mkdirat, unlinkat,
 * fstatat, renameat). On success *leaf points at that last component inside rel.
 * Returns the directory's descriptor (the caller closes it), or -1 with errno set. */
int beneath_parent(int rootfd, const char *rel, const char **leaf);

/* Opens the object rel names beneath rootfd as an O_PATH descriptor of the object
 * itself, under beneath_open's rules, the last component included: a symbolic link
 * there is refused with ELOOP rather than opened. Nothing is opened for I/O, so a
 * FIFO or a device there is not woken; *st gets the object's stat, for the caller
 * to judge its type. Act on it through the descriptor (fchmodat2 or utimensat with
 * AT_EMPTY_PATH) or its beneath_fd_name. Returns the descriptor, or -1 with errno set. */
struct stat;
int beneath_node(int rootfd, const char *rel, struct stat *st);

/* The /proc/self/fd name of fd, into buf (at least 32 bytes), for the calls that
 * take a name only (truncate): that entry is the object itself, never a name
 * looked up again, so no link or rename since beneath_node changes which object
 * it is (ENOENT where /proc is not mounted). */
const char *beneath_fd_name(int fd, char *buf, size_t len);

/* 0 where rel is a path beneath a directory (relative, no "..", no empty name, at
 * most PATH_MAX bytes); else -1 with errno EXDEV (or ENAMETOOLONG, EINVAL). */
int beneath_check(const char *rel);

/* Why a beneath_* call failed, in words fit for a user: ELOOP and EXDEV say what
 * was refused rather than strerror's "Too many levels of symbolic links". */
const char *beneath_strerror(int err);

#endif
