/* powercut_fs.c: the FUSE operations of the power-cut disk: two files, each a row of
 * what its requests do; every request answered by the daemon itself (direct I/O, no
 * page cache, no writeback cache), so a write the loop device completed is in the
 * disk's cache and a flush reaches the disk. */
#define FUSE_USE_VERSION 35
#include "powercut/powercut_fs.h"

#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <string.h>
#include <sys/stat.h>

#define STATUS_MAX 4096

/* What a request on one file does (a NULL hook: the request is refused). */
struct pc_file {
    const char *path;
    off_t (*size)(const struct pc_disk *d);
    int (*open)(struct pc_disk *d);
    int (*read)(struct pc_disk *d, char *buf, size_t len, off_t off);
    int (*write)(struct pc_disk *d, const char *buf, size_t len, off_t off);
    int (*fsync)(struct pc_disk *d);
    int (*fallocate)(struct pc_disk *d, int mode, off_t off, off_t len);
    int (*truncate)(struct pc_disk *d, off_t size);
};

static off_t disk_size(const struct pc_disk *d)
{
    return (off_t)d->cache.size;
}

/* A disk whose power was cut cannot be opened again. */
static int disk_open_req(struct pc_disk *d)
{
    return disk_usable(d);
}

static int disk_read_req(struct pc_disk *d, char *buf, size_t len, off_t off)
{
    return (int)disk_read(d, buf, len, (uint64_t)off);
}

static int disk_write_req(struct pc_disk *d, const char *buf, size_t len, off_t off)
{
    int rc = disk_write(d, buf, len, (uint64_t)off);
    return rc < 0 ? rc : (int)len;
}

static int disk_fallocate(struct pc_disk *d, int mode, off_t off, off_t len)
{
    if (mode == 0) /* allocation: a disk's blocks are always there */
        return (uint64_t)off + (uint64_t)len <= d->cache.size ? disk_usable(d) : -ENOSPC;
    const int zeroing = FALLOC_FL_PUNCH_HOLE | FALLOC_FL_ZERO_RANGE;
    if ((mode & zeroing) == 0 || (mode & ~(zeroing | FALLOC_FL_KEEP_SIZE)) != 0)
        return -EOPNOTSUPP;
    return disk_zero(d, (uint64_t)off, (uint64_t)len);
}

static int disk_truncate(struct pc_disk *d, off_t size)
{
    return (uint64_t)size == d->cache.size ? 0 : -EPERM; /* a disk keeps its size */
}

static off_t control_size(const struct pc_disk *d)
{
    return STATUS_MAX;
}

static int control_open(struct pc_disk *d)
{
    return 0;
}

static int control_read(struct pc_disk *d, char *buf, size_t len, off_t off)
{
    char status[STATUS_MAX];
    size_t n = disk_status(d, status, sizeof(status));
    if ((size_t)off >= n)
        return 0;
    if (len > n - (size_t)off)
        len = n - (size_t)off;
    memcpy(buf, status + off, len);
    return (int)len;
}

static int control_write(struct pc_disk *d, const char *buf, size_t len, off_t off)
{
    int rc = disk_command(d, buf, len);
    return rc < 0 ? rc : (int)len;
}

static int control_fsync(struct pc_disk *d)
{
    return 0;
}

/* The shell's "echo cut > control" truncates the file first. */
static int control_truncate(struct pc_disk *d, off_t size)
{
    return 0;
}

static const struct pc_file files[] = {
    {"/disk", disk_size, disk_open_req, disk_read_req, disk_write_req, disk_flush, disk_fallocate, disk_truncate},
    {"/control", control_size, control_open, control_read, control_write, control_fsync, NULL, control_truncate},
};

static struct pc_disk *disk_of_request(void)
{
    return fuse_get_context()->private_data;
}

static const struct pc_file *file_named(const char *path)
{
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        if (strcmp(files[i].path, path) == 0)
            return &files[i];
    return NULL;
}

static void *pc_init(struct fuse_conn_info *conn, struct fuse_config *cfg)
{
    /* The kernel must neither keep pages of the disk nor delay its writes: each write the
     * loop device sends is answered only once it is in the cache. */
    conn->want &= ~FUSE_CAP_WRITEBACK_CACHE;
    cfg->direct_io = 1;
    cfg->kernel_cache = 0;
    cfg->auto_cache = 0;
    return fuse_get_context()->private_data;
}

static int pc_getattr(const char *path, struct stat *st, struct fuse_file_info *fi)
{
    memset(st, 0, sizeof(*st));
    if (strcmp(path, "/") == 0) {
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        return 0;
    }
    const struct pc_file *f = file_named(path);
    if (!f)
        return -ENOENT;
    st->st_mode = S_IFREG | 0600;
    st->st_nlink = 1;
    st->st_size = f->size(disk_of_request());
    st->st_blksize = WCACHE_BLOCK;
    return 0;
}

static int pc_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags)
{
    if (strcmp(path, "/") != 0)
        return -ENOTDIR;
    fill(buf, ".", NULL, 0, 0);
    fill(buf, "..", NULL, 0, 0);
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        fill(buf, files[i].path + 1, NULL, 0, 0);
    return 0;
}

static int pc_open(const char *path, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    if (!f)
        return -ENOENT;
    fi->direct_io = 1;
    fi->keep_cache = 0;
    return f->open(disk_of_request());
}

static int pc_read(const char *path, char *buf, size_t len, off_t off, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    return f ? f->read(disk_of_request(), buf, len, off) : -ENOENT;
}

static int pc_write(const char *path, const char *buf, size_t len, off_t off, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    return f ? f->write(disk_of_request(), buf, len, off) : -ENOENT;
}

static int pc_fsync(const char *path, int datasync, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    return f ? f->fsync(disk_of_request()) : -ENOENT;
}

static int pc_fallocate(const char *path, int mode, off_t off, off_t len, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    if (!f)
        return -ENOENT;
    return f->fallocate ? f->fallocate(disk_of_request(), mode, off, len) : -EOPNOTSUPP;
}

static int pc_truncate(const char *path, off_t size, struct fuse_file_info *fi)
{
    const struct pc_file *f = file_named(path);
    return f ? f->truncate(disk_of_request(), size) : -ENOENT;
}

static const struct fuse_operations pc_ops = {
    .init = pc_init,
    .getattr = pc_getattr,
    .readdir = pc_readdir,
    .open = pc_open,
    .read = pc_read,
    .write = pc_write,
    .fsync = pc_fsync,
    .fallocate = pc_fallocate,
    .truncate = pc_truncate,
};

struct fuse *powercut_fs_new(struct fuse_args *args, struct pc_disk *d)
{
    return fuse_new(args, &pc_ops, sizeof(pc_ops), d);
}
