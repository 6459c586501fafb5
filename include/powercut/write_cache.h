/* write_cache.h: a disk's volatile write cache over the durable image: writes stay in
 * memory until a flush moves them to the image, and a power cut drops them. */
#ifndef FB_POWERCUT_WRITE_CACHE_H
#define FB_POWERCUT_WRITE_CACHE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define WCACHE_BLOCK 4096u

struct wcache_counts {
    uint64_t writes, bytes_written;    /* write requests and their bytes */
    uint64_t reads, bytes_read;
    uint64_t zeroings;                 /* discard / zero-range requests */
    uint64_t flushes, blocks_flushed;  /* flush requests, blocks they moved to the image */
    uint64_t blocks_dropped;           /* blocks a cut dropped */
    uint64_t blocks_kept;              /* blocks a random cut wrote to the image */
    uint64_t full_flushes;             /* flushes the cache made itself, at its bound */
};

/* The cache's default bound: 1 GiB of blocks. */
#define WCACHE_MAX_BLOCKS (1u << 18)

struct write_cache {
    int image_fd;                 /* the durable image, owned by the caller */
    uint64_t size;                /* bytes the disk holds (the image's size at open) */
    uint64_t nblocks;
    unsigned char ***leaves;      /* leaves[n / WCACHE_LEAF][n % WCACHE_LEAF]: block n's data, or NULL */
    size_t nleaves;
    unsigned char *zeros;         /* a block of zeros that every zeroed block points to until written */
    uint64_t *dirty;              /* the cached blocks' numbers, each once */
    size_t ndirty, capdirty;
    size_t max_blocks;            /* the bound: a request that would cache more first flushes the
                                   * cache to the image, as a drive whose cache is full writes it
                                   * back before taking more (0: no bound) */
    struct wcache_counts counts;
};

/* Each returns 0 or a negative errno (what the FUSE request answers). */
int wcache_open(struct write_cache *c, int image_fd, uint64_t size);
void wcache_close(struct write_cache *c);
int wcache_write(struct write_cache *c, const void *buf, size_t len, uint64_t off);
/* Reads len bytes (fewer at the end of the disk); returns the count or a negative errno. */
ssize_t wcache_read(struct write_cache *c, void *buf, size_t len, uint64_t off);
/* Discard and zero-range: the range reads as zeros, volatile like a write. */
int wcache_zero(struct write_cache *c, uint64_t off, uint64_t len);
/* Writes every cached block to the image and waits for the image to be durable. */
int wcache_flush(struct write_cache *c);
/* The power cut: forgets every cached block; returns how many there were. */
uint64_t wcache_drop(struct write_cache *c);
/* The power cut of a drive that had written part of its cache, in any order:
 * each cached block (as last written) reaches the image or not, by
 * wcache_keeps(seed, block), the rest dropped. Returns the blocks kept, or a negative errno. */
int64_t wcache_drop_random(struct write_cache *c, uint64_t seed);
/* Whether a random cut with seed keeps block n: a hash of both, one in two. */
int wcache_keeps(uint64_t seed, uint64_t n);

#endif
