/* write_cache.c: the volatile write cache of the power-cut disk: 4 KiB blocks in memory,
 * found through a two-level table, moved to the image by a flush, dropped by a cut. */
#include "powercut/write_cache.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#define WCACHE_LEAF 1024u   /* blocks per leaf: 4 MiB of disk */
#define FLUSH_IOV 64        /* blocks one pwritev of a flush moves */

int wcache_open(struct write_cache *c, int image_fd, uint64_t size)
{
    memset(c, 0, sizeof(*c));
    c->image_fd = image_fd;
    c->size = size;
    c->nblocks = (size + WCACHE_BLOCK - 1) / WCACHE_BLOCK;
    c->nleaves = (c->nblocks + WCACHE_LEAF - 1) / WCACHE_LEAF;
    c->max_blocks = WCACHE_MAX_BLOCKS;
    c->leaves = calloc(c->nleaves ? c->nleaves : 1, sizeof(*c->leaves));
    c->zeros = calloc(1, WCACHE_BLOCK);
    if (!c->leaves || !c->zeros) {
        wcache_close(c);
        return -ENOMEM;
    }
    return 0;
}

static unsigned char **slot(struct write_cache *c, uint64_t n)
{
    unsigned char ***leaf = &c->leaves[n / WCACHE_LEAF];
    if (!*leaf)
        *leaf = calloc(WCACHE_LEAF, sizeof(**leaf));
    return *leaf ? &(*leaf)[n % WCACHE_LEAF] : NULL;
}

static unsigned char *cached(const struct write_cache *c, uint64_t n)
{
    unsigned char **leaf = c->leaves[n / WCACHE_LEAF];
    return leaf ? leaf[n % WCACHE_LEAF] : NULL;
}

static void release(struct write_cache *c, unsigned char **s)
{
    if (*s != c->zeros)
        free(*s);
    *s = NULL;
}

static uint64_t forget_all(struct write_cache *c)
{
    uint64_t n = c->ndirty;
    for (size_t i = 0; i < c->ndirty; i++)
        release(c, &c->leaves[c->dirty[i] / WCACHE_LEAF][c->dirty[i] % WCACHE_LEAF]);
    c->ndirty = 0;
    return n;
}

void wcache_close(struct write_cache *c)
{
    if (c->leaves) {
        forget_all(c);
        for (size_t i = 0; i < c->nleaves; i++)
            free(c->leaves[i]);
    }
    free(c->leaves);
    free(c->zeros);
    free(c->dirty);
    memset(c, 0, sizeof(*c));
    c->image_fd = -1;
}

static int note_dirty(struct write_cache *c, uint64_t n)
{
    if (c->ndirty == c->capdirty) {
        size_t cap = c->capdirty ? c->capdirty * 2 : 1024;
        uint64_t *d = realloc(c->dirty, cap * sizeof(*d));
        if (!d)
            return -ENOMEM;
        c->dirty = d;
        c->capdirty = cap;
    }
    c->dirty[c->ndirty++] = n;
    return 0;
}

/* Reads block n as the image holds it (zeros past the image's end). */
static int read_image_block(const struct write_cache *c, uint64_t n, unsigned char *buf)
{
    size_t got = 0;
    while (got < WCACHE_BLOCK) {
        ssize_t r = pread(c->image_fd, buf + got, WCACHE_BLOCK - got, (off_t)(n * WCACHE_BLOCK + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -errno;
        if (r == 0)
            break;
        got += (size_t)r;
    }
    memset(buf + got, 0, WCACHE_BLOCK - got);
    return 0;
}

/* Block n's cache buffer, made writable: a new block starts as the image's (or as zeros
 * when the whole block will be overwritten), a zeroed block gets its own buffer. */
static unsigned char *writable(struct write_cache *c, uint64_t n, int whole, int *err)
{
    unsigned char **s = slot(c, n);
    if (!s) {
        *err = -ENOMEM;
        return NULL;
    }
    if (*s && *s != c->zeros)
        return *s;
    unsigned char *b = malloc(WCACHE_BLOCK);
    if (!b) {
        *err = -ENOMEM;
        return NULL;
    }
    *err = 0;
    if (*s == c->zeros || whole)
        memset(b, 0, WCACHE_BLOCK);
    else
        *err = read_image_block(c, n, b);
    if (*err == 0 && !*s)
        *err = note_dirty(c, n);
    if (*err) {
        free(b);
        return NULL;
    }
    *s = b;
    return b;
}

static int check_range(const struct write_cache *c, uint64_t off, uint64_t len)
{
    return off > c->size || len > c->size - off ? -ENOSPC : 0;
}

/* Blocks of [off, off + len) not cached yet: what a request adds to the cache. */
static uint64_t new_blocks(const struct write_cache *c, uint64_t off, uint64_t len)
{
    uint64_t n = 0;
    for (uint64_t b = off / WCACHE_BLOCK; len > 0 && b <= (off + len - 1) / WCACHE_BLOCK; b++)
        n += cached(c, b) == NULL;
    return n;
}

/* At the bound, the whole cache goes to the image before the request is
 * taken (a request larger than the bound is then taken whole). */
static int make_room(struct write_cache *c, uint64_t off, uint64_t len)
{
    if (c->max_blocks == 0 || c->ndirty == 0 || c->ndirty + new_blocks(c, off, len) <= c->max_blocks)
        return 0;
    uint64_t flushes = c->counts.flushes;
    int err = wcache_flush(c);
    c->counts.flushes = flushes;
    c->counts.full_flushes += err == 0;
    return err;
}

int wcache_write(struct write_cache *c, const void *buf, size_t len, uint64_t off)
{
    int err = check_range(c, off, len);
    if (err == 0)
        err = make_room(c, off, len);
    if (err)
        return err;
    const unsigned char *src = buf;
    for (size_t done = 0; done < len;) {
        uint64_t n = (off + done) / WCACHE_BLOCK;
        size_t in = (size_t)((off + done) % WCACHE_BLOCK);
        size_t k = WCACHE_BLOCK - in < len - done ? WCACHE_BLOCK - in : len - done;
        unsigned char *b = writable(c, n, k == WCACHE_BLOCK, &err);
        if (!b)
            return err;
        memcpy(b + in, src + done, k);
        done += k;
    }
    c->counts.writes++;
    c->counts.bytes_written += len;
    return 0;
}

int wcache_zero(struct write_cache *c, uint64_t off, uint64_t len)
{
    int err = check_range(c, off, len);
    if (err == 0)
        err = make_room(c, off, len);
    if (err)
        return err;
    for (uint64_t done = 0; done < len;) {
        uint64_t n = (off + done) / WCACHE_BLOCK;
        size_t in = (size_t)((off + done) % WCACHE_BLOCK);
        uint64_t k = WCACHE_BLOCK - in < len - done ? WCACHE_BLOCK - in : len - done;
        unsigned char **s = slot(c, n);
        if (!s)
            return -ENOMEM;
        if (k < WCACHE_BLOCK) {
            unsigned char *b = writable(c, n, 0, &err);
            if (!b)
                return err;
            memset(b + in, 0, (size_t)k);
        } else if (*s != c->zeros) {
            if (!*s && (err = note_dirty(c, n)) != 0)
                return err;
            release(c, s);
            *s = c->zeros;
        }
        done += k;
    }
    c->counts.zeroings++;
    return 0;
}

ssize_t wcache_read(struct write_cache *c, void *buf, size_t len, uint64_t off)
{
    if (off >= c->size)
        return 0;
    if (len > c->size - off)
        len = (size_t)(c->size - off);
    unsigned char *dst = buf, tmp[WCACHE_BLOCK];
    for (size_t done = 0; done < len;) {
        uint64_t n = (off + done) / WCACHE_BLOCK;
        size_t in = (size_t)((off + done) % WCACHE_BLOCK);
        size_t k = WCACHE_BLOCK - in < len - done ? WCACHE_BLOCK - in : len - done;
        const unsigned char *b = cached(c, n);
        if (!b) {
            int err = read_image_block(c, n, tmp);
            if (err)
                return err;
            b = tmp;
        }
        memcpy(dst + done, b + in, k);
        done += k;
    }
    c->counts.reads++;
    c->counts.bytes_read += len;
    return (ssize_t)len;
}

static int by_number(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The bytes of block n that lie on the disk (the last block may be short). */
static size_t block_len(const struct write_cache *c, uint64_t n)
{
    uint64_t left = c->size - n * WCACHE_BLOCK;
    return left < WCACHE_BLOCK ? (size_t)left : WCACHE_BLOCK;
}

/* Zeros blocks first..first+count-1 of the image: a punched hole, else written zeros. */
static int zero_image(struct write_cache *c, uint64_t first, size_t count)
{
    off_t at = (off_t)(first * WCACHE_BLOCK);
    uint64_t len = (uint64_t)(count - 1) * WCACHE_BLOCK + block_len(c, first + count - 1);
    if (fallocate(c->image_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, at, (off_t)len) == 0)
        return 0;
    if (errno != EOPNOTSUPP)
        return -errno;
    for (size_t i = 0; i < count; i++) {
        uint64_t n = first + i;
        if (pwrite(c->image_fd, c->zeros, block_len(c, n), (off_t)(n * WCACHE_BLOCK)) != (ssize_t)block_len(c, n))
            return -EIO;
    }
    return 0;
}

/* Writes the run of consecutive data blocks starting at dirty[i]; returns how many. */
static ssize_t write_run(struct write_cache *c, size_t i)
{
    struct iovec iov[FLUSH_IOV];
    size_t count = 0, bytes = 0;
    uint64_t first = c->dirty[i];
    while (count < FLUSH_IOV && i + count < c->ndirty && c->dirty[i + count] == first + count &&
           cached(c, first + count) != c->zeros) {
        iov[count].iov_base = cached(c, first + count);
        iov[count].iov_len = block_len(c, first + count);
        bytes += iov[count].iov_len;
        count++;
    }
    ssize_t w = pwritev(c->image_fd, iov, (int)count, (off_t)(first * WCACHE_BLOCK));
    if (w < 0)
        return -errno;
    return w == (ssize_t)bytes ? (ssize_t)count : -EIO;
}

/* The run of consecutive zeroed blocks starting at dirty[i]: how many. */
static size_t zero_run(const struct write_cache *c, size_t i)
{
    size_t count = 0;
    while (i + count < c->ndirty && c->dirty[i + count] == c->dirty[i] + count &&
           cached(c, c->dirty[i] + count) == c->zeros)
        count++;
    return count;
}

int wcache_flush(struct write_cache *c)
{
    if (c->ndirty > 0)
        qsort(c->dirty, c->ndirty, sizeof(*c->dirty), by_number);
    for (size_t i = 0; i < c->ndirty;) {
        if (cached(c, c->dirty[i]) == c->zeros) {
            size_t count = zero_run(c, i);
            int err = zero_image(c, c->dirty[i], count);
            if (err)
                return err;
            i += count;
            continue;
        }
        ssize_t count = write_run(c, i);
        if (count < 0)
            return (int)count;
        i += (size_t)count;
    }
    if (fdatasync(c->image_fd) != 0)
        return -errno;
    c->counts.flushes++;
    c->counts.blocks_flushed += forget_all(c);
    return 0;
}

uint64_t wcache_drop(struct write_cache *c)
{
    uint64_t n = forget_all(c);
    c->counts.blocks_dropped += n;
    return n;
}

int wcache_keeps(uint64_t seed, uint64_t n)
{
    uint64_t z = seed + (n + 1) * 0x9e3779b97f4a7c15ull;  /* splitmix64 */
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (int)((z ^ (z >> 31)) & 1);
}

int64_t wcache_drop_random(struct write_cache *c, uint64_t seed)
{
    int64_t kept = 0;
    for (size_t i = 0; i < c->ndirty; i++) {
        uint64_t n = c->dirty[i];
        if (!wcache_keeps(seed, n))
            continue;
        if (pwrite(c->image_fd, cached(c, n), block_len(c, n), (off_t)(n * WCACHE_BLOCK)) != (ssize_t)block_len(c, n))
            return -EIO;
        kept++;
    }
    if (kept > 0 && fdatasync(c->image_fd) != 0)
        return -errno;
    c->counts.blocks_kept += (uint64_t)kept;
    c->counts.blocks_dropped += forget_all(c) - (uint64_t)kept;
    return kept;
}
