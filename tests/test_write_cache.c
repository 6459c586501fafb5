/* test_write_cache.c: the power-cut disk's volatile cache against a model of two byte
 * arrays (what the disk reads back, what the image holds): random writes, discards,
 * flushes, cuts and random cuts (a seeded half of the cache kept), sub-block and
 * block-crossing, on a disk whose last block is short, with the cache unbounded and
 * bounded (at the bound the cache is flushed before the request); after each step
 * reads match the first array and the image file the second. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "powercut/write_cache.h"
#include "check.h"

#define DISK (13 * WCACHE_BLOCK + 1536) /* a short last block */
#define STEPS 4000

/* A check at one step of a sequence (-1: none). */
#define CHECK_STEP(ok, what, step) CHECK(ok, "%s (step %ld)", what, (long)(step))

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/* A range of the disk: sector-aligned half the time (as a loop device sends), else any bytes. */
static void pick_range(uint64_t *off, uint64_t *len)
{
    *off = next() % DISK;
    *len = 1 + next() % (3 * WCACHE_BLOCK);
    if (next() % 2) {
        *off -= *off % 512;
        *len = (*len + 511) / 512 * 512;
    }
    if (*len > DISK - *off)
        *len = DISK - *off;
}

static unsigned char seen[DISK], durable[DISK], buf[DISK];

/* A random cut in the model: each block the seed keeps becomes durable, the rest reverts. */
static void model_cut_random(uint64_t seed)
{
    for (uint64_t b = 0; b * WCACHE_BLOCK < DISK; b++) {
        uint64_t at = b * WCACHE_BLOCK, n = DISK - at < WCACHE_BLOCK ? DISK - at : WCACHE_BLOCK;
        if (wcache_keeps(seed, b))
            memcpy(durable + at, seen + at, n);
        else
            memcpy(seen + at, durable + at, n);
    }
}

/* STEPS random requests on a cache bounded at max_blocks (0: none); the random cuts' blocks kept in *kept. */
static void run(int fd, size_t max_blocks, uint64_t *kept, uint64_t *full)
{
    struct write_cache c;
    memcpy(seen, durable, DISK);  /* a new cache over the image */
    CHECK_STEP(wcache_open(&c, fd, DISK) == 0, "open", -1);
    c.max_blocks = max_blocks;
    CHECK_STEP(wcache_flush(&c) == 0, "a flush of an empty cache", -1);
    CHECK_STEP(wcache_write(&c, buf, 1, DISK) == -ENOSPC, "a write past the end is refused", -1);
    for (long step = 0; step < STEPS; step++) {
        uint64_t off, len, kind = next() % 21, flushes = c.counts.full_flushes;
        pick_range(&off, &len);
        if (kind < 12) {
            for (uint64_t i = 0; i < len; i++)
                buf[i] = (unsigned char)next();
            CHECK_STEP(wcache_write(&c, buf, len, off) == 0, "write", step);
        } else if (kind < 15) {
            CHECK_STEP(wcache_zero(&c, off, len) == 0, "zero", step);
        }
        if (c.counts.full_flushes != flushes)  /* the bound: the cache went to the image first */
            memcpy(durable, seen, DISK);
        if (kind < 12) {
            memcpy(seen + off, buf, len);
        } else if (kind < 15) {
            memset(seen + off, 0, len);
        } else if (kind < 18) {
            CHECK_STEP(wcache_flush(&c) == 0, "flush", step);
            CHECK_STEP(c.ndirty == 0, "a flush empties the cache", step);
            memcpy(durable, seen, DISK);
        } else if (kind < 19) {
            wcache_drop(&c);
            CHECK_STEP(c.ndirty == 0, "a cut empties the cache", step);
            memcpy(seen, durable, DISK);
        } else {
            uint64_t seed = next();
            CHECK_STEP(wcache_drop_random(&c, seed) >= 0, "a random cut", step);
            CHECK_STEP(c.ndirty == 0, "a random cut empties the cache", step);
            model_cut_random(seed);
        }
        CHECK_STEP(max_blocks == 0 || c.ndirty <= max_blocks || c.ndirty <= 4, "the cache keeps to its bound", step);
        pick_range(&off, &len);
        CHECK_STEP(wcache_read(&c, buf, len, off) == (ssize_t)len && memcmp(buf, seen + off, len) == 0,
              "a read returns the latest writes", step);
        CHECK_STEP(pread(fd, buf, DISK, 0) == DISK && memcmp(buf, durable, DISK) == 0,
              "the image holds exactly the flushed writes (and those a random cut kept)", step);
    }
    CHECK_STEP(wcache_read(&c, buf, 100, DISK - 10) == 10, "a read stops at the end of the disk", -1);
    *kept = c.counts.blocks_kept;
    *full = c.counts.full_flushes;
    wcache_close(&c);
}

int main(void)
{
    char path[] = "/dev/shm/flowbench-wcache.XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) {
        perror("mkstemp");
        return 1;
    }
    unlink(path);
    for (size_t i = 0; i < DISK; i++)
        durable[i] = (unsigned char)next();
    if (pwrite(fd, durable, DISK, 0) != DISK) {
        perror("pwrite");
        return 1;
    }
    uint64_t kept, full;
    run(fd, 0, &kept, &full);
    CHECK_STEP(kept > 0 && full == 0, "random cuts kept blocks; no bound, no flush of its own", -1);
    run(fd, 6, &kept, &full);
    CHECK_STEP(full > 0, "a cache bounded at 6 blocks flushed itself", -1);
    close(fd);
    return check_summary();
}
