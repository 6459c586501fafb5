/* fileset_root.h: the inline fast path of a process's descriptors on a
 * fileset's tree (fileset_root.c): an entry's directory, kept once resolved
 * beneath the root with no link followed, its name there, and its open. */
#ifndef FB_FILESET_ROOT_H
#define FB_FILESET_ROOT_H

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "base/sys_call.h"
#include "fileset/fileset.h"
#include "fileset/fileset_path.h"

/* A descriptor (O_PATH) of ordinary directory dir, resolved beneath the root
 * with no symbolic link followed, for the *at() calls on its entries; kept
 * for later calls while the budget lasts (the root's is rootfd, kept as
 * dirfds[0]). -1 with errno. Give it back with fileset_dir_put, which closes
 * it only when it was not kept. */
int fileset_dir_open(struct fileset_rt *fs, size_t dir);
/* dir's kept descriptor, opened and kept now if the budget allows; -1 when
 * it is past the budget (then nothing is opened to learn it) or cannot be
 * opened. Nothing to give back. */
int fileset_dir_keep(struct fileset_rt *fs, size_t dir);
/* The same for a directory known to be one of the tree's (an entry's). */
static inline int fileset_dir_of_entry(struct fileset_rt *fs, size_t dir)
{
    _Atomic int *kept = fs->h.dirfds;   /* NULL while the root is not open */
    int fd = kept != NULL ? atomic_load_explicit(&kept[dir], memory_order_acquire) : -1;
    return fd >= 0 ? fd : fileset_dir_open(fs, dir);
}
static inline int fileset_dir_get(struct fileset_rt *fs, size_t dir)
{
    return dir < fs->ndirs ? fileset_dir_of_entry(fs, dir) : fileset_dir_open(fs, dir);
}
static inline void fileset_dir_put(struct fileset_rt *fs, size_t dir, int fd)
{
    if (fd >= 0 && fd != atomic_load_explicit(&fs->h.dirfds[dir], memory_order_relaxed))
        close(fd);
}
/* The directory of a file or leaf dir (fileset_dir_get: give it back with
 * fileset_dir_put(fs, *dir, fd)) and its name there (*leaf: fileset_leaf's,
 * buf holding it where it is spelt), for an *at() call that follows no link
 * in the name (AT_SYMLINK_NOFOLLOW, unlinkat, mkdirat, openat O_NOFOLLOW). */
static inline int fileset_entry_dir(struct fileset_rt *fs, enum fs_kind kind, size_t index, char buf[FS_NAME_LEN],
                                    const char **leaf, size_t *dir)
{
    size_t n;
    const struct fs_entry *e = fileset_entries(fs, kind, &n);
    if (index >= n) {
        *leaf = fileset_leaf_spelt(fs, kind, index, buf);   /* NULL, EINVAL */
        *dir = 0;
        return -1;
    }
    e += index;
    *leaf = e->serial < fs->nleaf_names ? fs->leaf_names[e->serial] : fileset_leaf_spelt(fs, kind, index, buf);
    *dir = e->dir;
    return *leaf != NULL ? fileset_dir_of_entry(fs, e->dir) : -1;
}
/* The common case of fileset_entry_dir: the entry's name in the table and
 * its directory's kept descriptor (*leaf), nothing to spell and nothing to
 * give back; -1 when either is not there (then fileset_entry_dir).
 * fileset_kept_of: the same for an entry known to be one of the fileset's. */
static inline int fileset_kept_of(struct fileset_rt *fs, const struct fs_entry *ent, const char **leaf)
{
    _Atomic int *kept = fs->h.dirfds;
    if (ent->serial >= fs->nleaf_names || kept == NULL)
        return -1;
    *leaf = fs->leaf_names[ent->serial];
    return atomic_load_explicit(&kept[ent->dir], memory_order_acquire);
}
static inline int fileset_kept_at(struct fileset_rt *fs, enum fs_kind kind, size_t index, const char **leaf)
{
    size_t n;
    const struct fs_entry *ent = fileset_entries(fs, kind, &n);
    return index < n ? fileset_kept_of(fs, &ent[index], leaf) : -1;
}
/* fileset_entry_dir with its common case first (fileset_kept_at): then *dir
 * is FS_DIR_KEPT and fileset_entry_put has nothing to give back. */
#define FS_DIR_KEPT SIZE_MAX
static inline int fileset_entry_at(struct fileset_rt *fs, enum fs_kind kind, size_t index, char buf[FS_NAME_LEN],
                                   const char **leaf, size_t *dir)
{
    int kfd = fileset_kept_at(fs, kind, index, leaf);
    if (kfd >= 0) {
        *dir = FS_DIR_KEPT;
        return kfd;
    }
    return fileset_entry_dir(fs, kind, index, buf, leaf, dir);
}
static inline void fileset_entry_put(struct fileset_rt *fs, size_t dir, int fd)
{
    if (dir != FS_DIR_KEPT)
        fileset_dir_put(fs, dir, fd);
}
/* Opens a file or leaf dir of the fileset beneath its root (O_NOFOLLOW): the
 * descriptor, or -1 with errno (ELOOP: a symbolic link was in the way).
 * Inline: every openfile and createfile takes it, the common case first. */
static inline int fileset_open_entry(struct fileset_rt *fs, enum fs_kind kind, size_t index, int flags, mode_t mode)
{
    const char *leaf;
    int kfd = fileset_kept_at(fs, kind, index, &leaf);
    if (kfd >= 0) {
        long fd = sys_openat(kfd, leaf, flags | O_NOFOLLOW | O_CLOEXEC, mode);
        if (fd < 0) {
            errno = (int)-fd;
            return -1;
        }
        return (int)fd;
    }
    char buf[FS_NAME_LEN];
    size_t dir;
    int dfd = fileset_entry_dir(fs, kind, index, buf, &leaf, &dir);
    if (dfd < 0)
        return -1;
    long fd = sys_openat(dfd, leaf, flags | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd < 0) {
        fileset_dir_put(fs, dir, dfd);
        errno = (int)-fd;   /* after the put, whose close must not change it */
        return -1;
    }
    fileset_dir_put(fs, dir, dfd);
    return (int)fd;
}

#endif
