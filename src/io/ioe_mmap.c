/* ioe_mmap.c: reads and writes as copies to and from a shared mapping of the
 * whole file, kept per open file until it closes (forget) and remade when an
 * I/O reaches past it. Writes past the end first extend the file. No read or
 * write system calls; the page faults are the I/O. A file cut short under a
 * mapping would fault: no flowop truncates files, and extensions go through
 * fallocate, which never shrinks one. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "io/ioengine.h"

struct mapping {
    char *addr;          /* NULL: none */
    size_t len;          /* bytes mapped: the file's size when mapped, and room to grow */
    uint64_t size;       /* the file's size, as last seen or made */
    bool writable;
};

struct mmap_engine {
    struct ioengine base;
    unsigned nkeys;
    struct mapping maps[];
};

static void unmap(struct mapping *m)
{
    if (m->addr != NULL)
        munmap(m->addr, m->len);
    *m = (struct mapping){ 0 };
}

/* Bytes to map for a file of size bytes: a quarter more and 1 MiB, so that
 * appends do not remap each time (pages past the end are never touched). */
static size_t map_room(uint64_t size)
{
    uint64_t room = size + size / 4 + (1u << 20);
    return (size_t)(room & ~(uint64_t)((1u << 20) - 1));
}

/* Maps the file's first len bytes, writable when the descriptor allows. */
static int map_file(struct mapping *m, int fd, uint64_t size)
{
    unmap(m);
    size_t len = map_room(size);
    void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    bool writable = p != MAP_FAILED;
    if (p == MAP_FAILED && errno == EACCES)
        p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);
    if (p == MAP_FAILED)
        return -errno;
    *m = (struct mapping){ p, len, size, writable };
    return 0;
}

/* The file's size, with a mapping that holds it; looked up (fstat) only when
 * an I/O reaches past the size last seen: another writer may have grown it. */
static int cover(struct mapping *m, int fd, uint64_t need, uint64_t *size)
{
    if (m->addr != NULL && need <= m->size) {
        *size = m->size;
        return 0;
    }
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -errno;
    *size = (uint64_t)st.st_size;
    if (m->addr != NULL && *size <= m->len) {
        m->size = *size;
        return 0;
    }
    return map_file(m, fd, *size);
}

static long mmap_read(struct mapping *m, struct io_req *r)
{
    uint64_t size;
    int rc = cover(m, r->fd, r->off + r->len, &size);
    if (rc < 0)
        return rc;
    if (r->off >= size)
        return 0;
    size_t n = r->len < size - r->off ? r->len : (size_t)(size - r->off);
    memcpy(r->buf, m->addr + r->off, n);
    return (long)n;
}

/* Makes the file at least end bytes long. fallocate never shrinks it, where
 * ftruncate would cut what another thread's longer extension just made,
 * under its copy (SIGBUS); ftruncate only where fallocate is not supported. */
static int extend(int fd, uint64_t off, size_t len, uint64_t end)
{
    if (fallocate(fd, 0, (off_t)off, (off_t)len) == 0)
        return 0;
    if (errno != EOPNOTSUPP)
        return -errno;
    struct stat st;
    if (fstat(fd, &st) != 0)
        return -errno;
    return (uint64_t)st.st_size >= end || ftruncate(fd, (off_t)end) == 0 ? 0 : -errno;
}

/* Extends the file to hold the write when it reaches past the end. */
static long mmap_write(struct mapping *m, struct io_req *r)
{
    uint64_t size, end = r->off + r->len;
    int rc = cover(m, r->fd, end, &size);
    if (rc < 0)
        return rc;
    if (end > size) {
        if ((rc = extend(r->fd, r->off, r->len, end)) < 0)
            return rc;
        m->size = end;
        if (end > m->len && (rc = map_file(m, r->fd, end)) < 0)
            return rc;
    }
    if (!m->writable)
        return -EBADF;
    memcpy(m->addr + r->off, r->buf, r->len);
    return (long)r->len;
}

static long mmap_append(struct mapping *m, struct io_req *r)
{
    struct stat st;
    if (fstat(r->fd, &st) != 0)
        return -errno;
    r->off = (uint64_t)st.st_size;
    return mmap_write(m, r);
}

static int mmap_submit(struct ioengine *e, struct io_req *r)
{
    struct mmap_engine *me = (struct mmap_engine *)e;
    if (r->key >= me->nkeys) {
        r->res = -EINVAL;
        return IOE_COMPLETED;
    }
    struct mapping *m = &me->maps[r->key];
    r->res = r->dir == IO_READ ? mmap_read(m, r) : r->dir == IO_WRITE ? mmap_write(m, r) : mmap_append(m, r);
    return IOE_COMPLETED;
}

static int mmap_reap(struct ioengine *e, unsigned min, unsigned max, struct io_req **done,
                     const struct timespec *timeout)
{
    (void)e, (void)min, (void)max, (void)done, (void)timeout;
    return 0;   /* nothing is ever in flight */
}

static void mmap_forget(struct ioengine *e, unsigned key)
{
    struct mmap_engine *me = (struct mmap_engine *)e;
    if (key < me->nkeys)
        unmap(&me->maps[key]);
}

static struct ioengine *mmap_prepare(unsigned depth, unsigned nkeys, int *err)
{
    (void)depth;
    struct mmap_engine *me = calloc(1, sizeof *me + nkeys * sizeof me->maps[0]);
    if (me == NULL) {
        *err = ENOMEM;
        return NULL;
    }
    me->nkeys = nkeys;
    me->base.depth = 1;
    return &me->base;
}

static void mmap_cleanup(struct ioengine *e)
{
    struct mmap_engine *me = (struct mmap_engine *)e;
    for (unsigned k = 0; k < me->nkeys; k++)
        unmap(&me->maps[k]);
    free(me);
}

const struct ioengine_ops ioengine_mmap = {
    .name = "mmap", .flags = IOE_NO_CALLS,
    .summary = "copies to and from a shared mapping of the file; writes past the end extend it first",
    .prepare = mmap_prepare, .submit = mmap_submit, .reap = mmap_reap, .forget = mmap_forget,
    .cleanup = mmap_cleanup,
};
