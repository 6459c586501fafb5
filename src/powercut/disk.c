/* disk.c: the power-cut disk: requests pass through the volatile cache until the cut,
 * then fail; the control file's commands are rows of a table. */
#include "powercut/disk.h"
#include "base/diag.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int disk_open(struct pc_disk *d, const char *image, struct diag *err)
{
    memset(d, 0, sizeof(*d));
    d->image_fd = -1;
    if (!realpath(image, d->image))
        return diag_set(err, NULL, "%s: %s", image, strerror(errno));
    struct stat st;
    d->image_fd = open(d->image, O_RDWR | O_CLOEXEC);
    if (d->image_fd < 0 || fstat(d->image_fd, &st) != 0)
        return diag_set(err, NULL, "%s: %s", image, strerror(errno));
    const char *why = !S_ISREG(st.st_mode)      ? "not a regular file (make one with truncate -s SIZE)"
                      : st.st_size == 0         ? "empty (give it the disk's size with truncate -s SIZE)"
                      : st.st_size % 512 != 0   ? "its size is not a whole number of 512-byte sectors"
                                                : NULL;
    int rc = why ? -ENOTSUP : wcache_open(&d->cache, d->image_fd, (uint64_t)st.st_size);
    if (rc != 0) {
        diag_set(err, NULL, "%s: %s", image, why ? why : strerror(-rc));
        close(d->image_fd);
        d->image_fd = -1;
        return -1;
    }
    return 0;
}

int64_t disk_shutdown(struct pc_disk *d)
{
    int64_t written = 0;
    if (d->image_fd < 0)
        return 0;
    if (!d->cut) {
        written = (int64_t)d->cache.ndirty;
        int rc = wcache_flush(&d->cache);
        if (rc != 0)
            written = rc;
    }
    wcache_close(&d->cache);
    close(d->image_fd);
    d->image_fd = -1;
    return written;
}

int disk_usable(const struct pc_disk *d)
{
    return d->cut ? -EIO : 0;
}

int disk_write(struct pc_disk *d, const void *buf, size_t len, uint64_t off)
{
    return d->cut ? -EIO : wcache_write(&d->cache, buf, len, off);
}

ssize_t disk_read(struct pc_disk *d, void *buf, size_t len, uint64_t off)
{
    return d->cut ? -EIO : wcache_read(&d->cache, buf, len, off);
}

int disk_zero(struct pc_disk *d, uint64_t off, uint64_t len)
{
    return d->cut ? -EIO : wcache_zero(&d->cache, off, len);
}

int disk_flush(struct pc_disk *d)
{
    if (d->cut)
        return -EIO;
    int rc = wcache_flush(&d->cache);
    if (rc != 0)
        d->last_error = rc;
    return rc;
}

static int command_cut(struct pc_disk *d, const char *arg)
{
    (void)arg;
    if (!d->cut)
        wcache_drop(&d->cache);
    d->cut = 1;
    return 0;
}

/* A cut after the drive wrote a random part of its cache: the blocks the seed picks reach the image. */
static int command_cut_random(struct pc_disk *d, const char *arg)
{
    char *end;
    errno = 0;
    uint64_t seed = arg ? strtoull(arg, &end, 0) : 0;
    if (!arg || errno || end == arg || *end)
        return -EINVAL;
    if (!d->cut) {
        int64_t kept = wcache_drop_random(&d->cache, seed);
        if (kept < 0) {
            d->last_error = (int)kept;
            wcache_drop(&d->cache);
        }
    }
    d->cut = 1;
    return 0;
}

static int command_flush(struct pc_disk *d, const char *arg)
{
    (void)arg;
    return disk_flush(d);
}

static const struct disk_command_row {
    const char *name;
    const char *arg;          /* the argument it takes, or NULL */
    const char *help;
    int (*run)(struct pc_disk *d, const char *arg);
} commands[] = {
    {"cut", NULL, "cut the power: drop every write not flushed, fail every later request with EIO", command_cut},
    {"cut-random", "SEED", "the same, after the drive wrote a random half of its cache (picked by SEED)",
     command_cut_random},
    {"flush", NULL, "flush the cache to the image, as the loop device's flush does", command_flush},
};

int disk_command(struct pc_disk *d, const char *text, size_t len)
{
    char line[128];
    while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' '))
        len--;
    if (len >= sizeof line)
        return -EINVAL;
    memcpy(line, text, len);
    line[len] = '\0';
    char *arg = strchr(line, ' ');
    if (arg)
        *arg++ = '\0';
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
        if (strcmp(commands[i].name, line) == 0 && (arg != NULL) == (commands[i].arg != NULL))
            return commands[i].run(d, arg);
    return -EINVAL;
}

void disk_command_help(FILE *out)
{
    for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
        char cmd[32];
        snprintf(cmd, sizeof cmd, "%s%s%s", commands[i].name, commands[i].arg ? " " : "",
                 commands[i].arg ? commands[i].arg : "");
        fprintf(out, "  echo %-15s > MOUNTPOINT/control   %s\n", cmd, commands[i].help);
    }
}

size_t disk_status(const struct pc_disk *d, char *buf, size_t cap)
{
    const struct wcache_counts *k = &d->cache.counts;
    int n = snprintf(buf, cap,
                     "state %s\nimage %s\nsize %llu\ncached_blocks %zu\nwrites %llu\nbytes_written %llu\n"
                     "reads %llu\nbytes_read %llu\nzeroings %llu\nflushes %llu\nblocks_flushed %llu\n"
                     "blocks_dropped %llu\nblocks_kept %llu\nmax_cached_blocks %zu\nfull_flushes %llu\n"
                     "last_error %s\n",
                     d->cut ? "cut" : "running", d->image, (unsigned long long)d->cache.size, d->cache.ndirty,
                     (unsigned long long)k->writes, (unsigned long long)k->bytes_written,
                     (unsigned long long)k->reads, (unsigned long long)k->bytes_read,
                     (unsigned long long)k->zeroings, (unsigned long long)k->flushes,
                     (unsigned long long)k->blocks_flushed, (unsigned long long)k->blocks_dropped,
                     (unsigned long long)k->blocks_kept, d->cache.max_blocks, (unsigned long long)k->full_flushes,
                     d->last_error ? strerror(-d->last_error) : "none");
    return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}
