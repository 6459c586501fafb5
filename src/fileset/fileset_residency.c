/* fileset_residency.c: how much of a fileset's existing bytes the page cache
 * holds, asked per file of cachestat(2) (or mincore on a mapping), over at
 * most a bounded sample of files so that huge filesets stay cheap. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_pick.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_cachestat
#define SYS_cachestat 451   /* Linux 6.5 on every architecture */
#endif

struct cachestat_range {
    uint64_t off, len;
};
struct cachestat_out {
    uint64_t nr_cache, nr_dirty, nr_writeback, nr_evicted, nr_recently_evicted;
};

/* Pages of [0, size) in the cache by mincore over a read-only mapping. */
static int mincore_pages(int fd, uint64_t size, size_t page, uint64_t *pages)
{
    void *map = mmap(NULL, size, PROT_READ, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED)
        return -1;
    size_t npages = (size_t)((size + page - 1) / page);
    unsigned char *vec = malloc(npages);
    int rc = vec != NULL && mincore(map, size, vec) == 0 ? 0 : -1;
    *pages = 0;
    for (size_t i = 0; rc == 0 && i < npages; i++)
        *pages += vec[i] & 1;
    free(vec);
    munmap(map, size);
    return rc;
}

/* Cached bytes of one file (at most its size); -1 when it cannot be asked. */
static int file_cached(struct fileset_rt *fs, size_t i, uint64_t *bytes, uint64_t *cached)
{
    int fd = fileset_open_entry(fs, FSK_FILE, i, O_RDONLY | O_NONBLOCK, 0);
    if (fd < 0)
        return -1;
    struct stat st;
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    uint64_t pages = 0;
    int rc = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -1;
    *bytes = rc == 0 ? (uint64_t)st.st_size : 0;
    if (rc == 0 && *bytes > 0) {
        struct cachestat_range range = { 0, 0 };   /* len 0: to the end of the file */
        struct cachestat_out cs;
        if (syscall(SYS_cachestat, fd, &range, &cs, 0) == 0)
            pages = cs.nr_cache;
        else
            rc = errno == ENOSYS || errno == EPERM || errno == EOPNOTSUPP ? mincore_pages(fd, *bytes, page, &pages) : -1;
    }
    close(fd);
    *cached = pages * page < *bytes ? pages * page : *bytes;
    return rc;
}

static bool exists(struct fileset_rt *fs, struct shm *shm, size_t i)
{
    return (fileset_state(fs, shm, FSK_FILE, (int64_t)i) & ENT_EXISTS) != 0 && fs->files[i].size > 0;
}

void fileset_residency(struct fileset_rt *fs, struct shm *shm, size_t max_files, struct fs_residency *r)
{
    *r = (struct fs_residency){ 0 };
    for (size_t i = 0; i < fs->nfiles; i++)
        r->bytes += exists(fs, shm, i) ? fs->files[i].size : 0;
    size_t step_of = fs->nfiles > max_files && max_files > 0 ? max_files : fs->nfiles;
    r->sampled = step_of < fs->nfiles;
    for (size_t k = 0; k < step_of; k++) {
        size_t i = r->sampled ? (size_t)((unsigned __int128)k * fs->nfiles / step_of) : k;
        uint64_t bytes, cached;
        if (!exists(fs, shm, i) || file_cached(fs, i, &bytes, &cached) != 0)
            continue;
        r->files++;
        r->asked_bytes += bytes;
        r->cached_bytes += cached;
    }
}
