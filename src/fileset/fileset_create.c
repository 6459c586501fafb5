/* fileset_create.c: puts a populated fileset on disk (f-language.md 6.4): checks
 * that its root is absent or ours, reuses or replaces it, makes the directories,
 * pre-allocates files (on several threads with paralloc) reporting how far it got upward,
 * drops their pages from the cache unless cached, then the leaf directories, and records what exists in the shared state. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/data.h"
#include "base/rng.h"
#include "base/signals.h"
#include "base/verify_block.h"

#define WRITE_CHUNK (1u << 20)   /* pre-allocation writes 1 MiB at a time */
#define MAX_ALLOCATORS 32        /* as classic: at most 32 parallel writers */
#define CLAIM 8                  /* files a writer takes from the queue at once */

enum root_state { ROOT_ABSENT, ROOT_OURS };

/* Shared by the pre-allocation threads and the thread reporting progress. */
struct alloc_job {
    struct fileset_rt *fs;
    _Atomic uint32_t *state;
    const char *data;            /* WRITE_CHUNK bytes laid with the fileset's pattern */
    bool reuse;                  /* the old tree was kept: fix sizes, drop unchosen files */
    _Atomic size_t next;         /* next file index to claim */
    _Atomic uint64_t files_done, bytes_done;
    _Atomic bool failed;
    pthread_mutex_t lock;        /* guards err, running */
    pthread_cond_t cond;
    unsigned running;
    struct diag err;
};

struct totals {
    uint64_t files, bytes;
};

/* ---- which entries are pre-allocated ---- */

/* One round of the Feistel network below: a keyed mix of the right half. */
static uint64_t feistel(uint64_t x, unsigned half, uint64_t key)
{
    uint64_t mask = (1ull << half) - 1;
    for (unsigned r = 0; r < 4; r++) {
        uint64_t l = x >> half, rt = x & mask;
        x = (rt << half) | ((l ^ rng_mix64(rt ^ key ^ r * RNG_GOLDEN)) & mask);
    }
    return x;
}

/* A seeded permutation of 0..n-1: a Feistel network over the smallest even
 * power of two holding n, walked until it lands below n (at most 4 steps on
 * average). */
static uint64_t permute(uint64_t i, uint64_t n, uint64_t key)
{
    unsigned bits = 0;
    while (bits < 62 && (1ull << bits) < n)
        bits += 2;
    do
        i = feistel(i, bits / 2, key);
    while (i >= n);
    return i;
}

/* Exactly prealloc% of the entries (rounded), decided per index from the seed:
 * the same on every run, independent of how the files are split across
 * threads, and never none of four at 50% by bad luck, as a draw per entry
 * could be (classic's small filesets get about the expected count). */
static bool chosen(const struct fileset_rt *fs, enum fs_kind kind, size_t idx)
{
    unsigned pct = fs->plan->prealloc;
    if (pct >= 100 || pct == 0)
        return pct >= 100;
    uint64_t n = kind == FSK_FILE ? fs->nfiles : fs->nleafdirs;
    uint64_t want = (n * pct + 50) / 100;
    uint64_t salt = kind == FSK_FILE ? 0x2545f4914f6cdd1du : 0x6c8e9cf570932bd5u;
    return permute(idx, n, fs->seed ^ salt) < want;
}

static struct totals chosen_totals(const struct fileset_rt *fs)
{
    struct totals t = { 0, 0 };
    for (size_t i = 0; i < fs->nfiles; i++)
        if (chosen(fs, FSK_FILE, i)) {
            t.files++;
            t.bytes += fs->files[i].size;
        }
    return t;
}

/* ---- the root: absent, ours, or refused ---- */

static int has_marker(const char *root, const struct plan_fileset *p, bool *ours, struct diag *err)
{
    int fd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return diag_set(err, &p->loc, "cannot open %s: %s", root, strerror(errno));
    struct stat m;
    *ours = fstatat(fd, FS_MARKER, &m, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(m.st_mode);
    close(fd);
    return 0;
}

/* Paths no tree may have: empty, or "/" itself. */
static int check_path(const struct fileset_rt *fs, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    if (p->path[0] == '\0')
        return diag_set(err, &p->loc, "fileset '%s' has an empty path", p->name);
    if (fileset_path_is_slash(p->path) || fileset_path_is_slash(fs->root))
        return diag_set(err, &p->loc, "refusing to create fileset '%s' directly in '/' (path=%s); choose another $dir",
                        p->name, p->path);
    return 0;
}

static int check_root(const struct fileset_rt *fs, enum root_state *rs, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    struct stat st;
    if (check_path(fs, err) != 0)
        return -1;
    if (lstat(fs->root, &st) != 0) {
        *rs = ROOT_ABSENT;
        if (errno == ENOENT)
            return 0;
        if (errno == ENOTDIR)
            return diag_set(err, &p->loc, "cannot create %s: part of path=%s is not a directory", fs->root, p->path);
        return diag_set(err, &p->loc, "cannot stat %s: %s", fs->root, strerror(errno));
    }
    bool ours = false;
    if (S_ISDIR(st.st_mode) && has_marker(fs->root, p, &ours, err) != 0)
        return -1;
    if (!ours)
        return diag_set(err, &p->loc,
                        "%s exists and was not made by flowbench; remove it yourself, or choose another $dir", fs->root);
    *rs = ROOT_OURS;
    return 0;
}

/* ---- directories ---- */

/* A directory flowbench would not make without --mkdir-parents: names the
 * highest missing one, where a typo in the path most likely is. */
static int missing_parent(const char *dir, const struct plan_fileset *p, struct diag *err)
{
    char buf[PATH_MAX], missing[PATH_MAX] = "";
    snprintf(buf, sizeof buf, "%s", dir);
    for (;;) {
        size_t n = strlen(buf);
        while (n > 1 && buf[n - 1] == '/')
            buf[--n] = '\0';
        char *slash = strrchr(buf, '/');
        struct stat st;
        if (slash == NULL || slash == buf)
            break;
        *slash = '\0';
        if (stat(buf, &st) == 0 || errno != ENOENT)
            break;
        snprintf(missing, sizeof missing, "%s", buf);
    }
    return diag_set(err, &p->loc,
                    "cannot create directory %s for fileset '%s': %s does not exist (flowbench makes only the "
                    "last directory of a path); check the path, or pass --mkdir-parents",
                    dir, p->name, missing[0] != '\0' ? missing : "its parent");
}

/* mkdir that accepts an existing directory, and refuses an existing non-directory. */
static int ensure_dir(const char *dir, const struct plan_fileset *p, struct diag *err)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        if (errno == ENOTDIR)
            return diag_set(err, &p->loc, "cannot create directory %s: part of it is not a directory", dir);
        if (errno != ENOENT)
            return diag_set(err, &p->loc, "cannot stat %s: %s", dir, strerror(errno));
        if (mkdir(dir, 0755) == 0)
            return 0;
        if (errno == ENOENT)
            return missing_parent(dir, p, err);
        if (errno != EEXIST || stat(dir, &st) != 0)
            return diag_set(err, &p->loc, "cannot create directory %s: %s", dir, strerror(errno));
    }
    if (!S_ISDIR(st.st_mode))
        return diag_set(err, &p->loc, "%s is not a directory; cannot create fileset '%s' in it", dir, p->name);
    return 0;
}

/* mkdir -p of the fileset's path (the root's parent). */
static int make_parents(const struct plan_fileset *p, struct diag *err)
{
    char *buf = strdup(p->path);
    if (buf == NULL)
        return diag_set(err, &p->loc, "out of memory");
    int rc = 0;
    for (size_t i = 1; buf[i] != '\0' && rc == 0; i++) {
        if (buf[i] != '/' || buf[i - 1] == '/')
            continue;
        buf[i] = '\0';
        rc = ensure_dir(buf, p, err);
        buf[i] = '/';
    }
    if (rc == 0)
        rc = ensure_dir(buf, p, err);
    free(buf);
    return rc;
}

static int write_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, s, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        s += n;
        len -= (size_t)n;
    }
    return 0;
}

static int write_marker(const struct fileset_rt *fs, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    int dfd = open(fs->root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0)
        return diag_set(err, &p->loc, "cannot open %s: %s", fs->root, strerror(errno));
    int fd = openat(dfd, FS_MARKER, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
    int saved = errno;
    close(dfd);
    if (fd < 0)
        return diag_set(err, &p->loc, "cannot create %s/%s: %s", fs->root, FS_MARKER, strerror(saved));
    int rc = write_all(fd, p->name, strlen(p->name)) != 0 || write_all(fd, "\n", 1) != 0 ? -1 : 0;
    saved = errno;
    if (close(fd) != 0 && rc == 0)
        rc = -1, saved = errno;
    if (rc != 0)
        return diag_set(err, &p->loc, "cannot write %s/%s: %s", fs->root, FS_MARKER, strerror(saved));
    return 0;
}

int fileset_make_dir(const struct fileset_rt *fs, enum fs_mkdir make, struct diag *err)
{
    if (check_path(fs, err) != 0)
        return -1;
    return make == FS_MKDIR_PARENTS ? make_parents(fs->plan, err) : ensure_dir(fs->plan->path, fs->plan, err);
}

/* Directory descriptors the population keeps open (the rest are opened per call). */
static size_t dir_budget(void)
{
    return fileset_fd_budget(4, MAX_ALLOCATORS + 64);
}

/* A fresh root: its directory, itself, and the marker first of all, so that
 * even a half-made tree can be removed by the next run; then its descriptor,
 * through which everything below it is made. */
static int create_root(struct fileset_rt *fs, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    if (fileset_make_dir(fs, FS_MKDIR_LAST, err) != 0)
        return -1;
    if (mkdir(fs->root, 0755) != 0)
        return diag_set(err, &p->loc, "cannot create directory %s: %s", fs->root, strerror(errno));
    fs->root_dev = fs->root_ino = 0;   /* a new tree: its identity is taken now */
    return write_marker(fs, err) == 0 ? fileset_root_open(fs, dir_budget(), err) : -1;
}

/* A call on name in ordinary directory dir (resolved beneath the root) failed
 * or succeeded: 0, or -1 with errno. */
static int in_dir(struct fileset_rt *fs, size_t dir, const char *name, int (*call)(int, const char *))
{
    int dfd = fileset_dir_get(fs, dir);
    if (dfd < 0)
        return -1;
    int rc = call(dfd, name);
    int e = errno;
    fileset_dir_put(fs, dir, dfd);
    return rc != 0 ? (errno = e, -1) : 0;
}

static int mkdir_at(int dfd, const char *name)
{
    return mkdirat(dfd, name, 0755);
}

static int unlink_at(int dfd, const char *name)
{
    return unlinkat(dfd, name, 0);
}

static int rmdir_at(int dfd, const char *name)
{
    return unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Ordinary directories, parents first (population appends them in that order). */
static int make_dirs(struct fileset_rt *fs, struct diag *err)
{
    for (size_t d = 1; d < fs->ndirs; d++) {
        char name[FS_NAME_LEN], why[PATH_MAX + 256];
        if (stop_requested())
            return diag_set(err, &fs->plan->loc, "creation of fileset '%s' interrupted", fs->plan->name);
        fileset_dir_name(fs, d, name);
        if (in_dir(fs, fs->dirs[d].parent, name, mkdir_at) != 0 && errno != EEXIST) {
            fileset_blame_dir(fs, d, errno, why, sizeof why);
            return diag_set(err, &fs->plan->loc, "cannot create directory %s", why);
        }
    }
    return 0;
}

/* ---- files, on one or more threads ---- */

__attribute__((format(printf, 2, 3)))
static int job_fail(struct alloc_job *j, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&j->lock);
    if (!atomic_load(&j->failed)) {
        va_start(ap, fmt);
        diag_vset(&j->err, &j->fs->plan->loc, fmt, ap);
        va_end(ap);
        atomic_store(&j->failed, true);
    }
    pthread_mutex_unlock(&j->lock);
    return -1;
}

/* Writes the fileset's data from offset 0 up to size, 1 MiB per pwrite from
 * the writer's own copy; its stamps come from the file and the offset, so the
 * bytes do not depend on which writer took the file. With verify, each block
 * gets its header, of generation 0. */
static int fill(struct alloc_job *j, char *buf, size_t i, int fd, uint64_t size, const char *path)
{
    uint64_t off = 0;
    while (off < size) {
        if (atomic_load_explicit(&j->failed, memory_order_relaxed))
            return -1;
        if (stop_requested())
            return job_fail(j, "creation of fileset '%s' interrupted", j->fs->plan->name);
        size_t n = size - off < WRITE_CHUNK ? (size_t)(size - off) : WRITE_CHUNK;
        struct rng r;
        rng_seed(&r, rng_mix64(j->fs->seed ^ rng_mix64(i)) + off);
        data_stamp(&j->fs->plan->data, &r, buf, n);
        if (j->fs->plan->verify)
            vb_stamp(buf, off, n, &(struct vb_file){ j->fs->plan->verify_id, i }, 0);
        ssize_t w = pwrite(fd, buf, n, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return job_fail(j, "cannot write %s: %s", path, w < 0 ? strerror(errno) : "no progress");
        off += (uint64_t)w;
        atomic_fetch_add_explicit(&j->bytes_done, (uint64_t)w, memory_order_relaxed);
    }
    return 0;
}

/* Equal size: keep; larger: truncate; smaller (or new): write from offset 0.
 * With verify a larger file is written anew too: cut short, its last block's
 * header would claim bytes it no longer has. */
static int size_file(struct alloc_job *j, char *buf, size_t i, int fd, uint64_t size, const char *path)
{
    struct stat st;
    if (fstat(fd, &st) != 0)
        return job_fail(j, "cannot stat %s: %s", path, strerror(errno));
    if (!S_ISREG(st.st_mode))
        return job_fail(j, "%s is %s, not a file flowbench made; not writing it", path, fileset_type_name(st.st_mode));
    if (st.st_nlink != 1)   /* linked since the tree was checked: another name may be a file not ours */
        return job_fail(j, "%s has %ju links (a hard link to a file flowbench did not make?); not writing it", path,
                        (uintmax_t)st.st_nlink);
    bool rewrite = j->fs->plan->verify && (uint64_t)st.st_size > size && size % VB_BLOCK != 0;
    if ((uint64_t)st.st_size < size || rewrite) {
        if (fill(j, buf, i, fd, size, path) != 0)
            return -1;
        if (rewrite && ftruncate(fd, (off_t)size) != 0)
            return job_fail(j, "cannot truncate %s: %s", path, strerror(errno));
        return 0;
    }
    if ((uint64_t)st.st_size > size && ftruncate(fd, (off_t)size) != 0)
        return job_fail(j, "cannot truncate %s: %s", path, strerror(errno));
    atomic_fetch_add_explicit(&j->bytes_done, size, memory_order_relaxed);
    return 0;
}

/* cached=false: the file's pages are written back, then dropped, so that the
 * run's first reads go to the device (FileBench's msync(MS_INVALIDATE) drops
 * nothing on Linux). Done here, on the writer threads, while the file is open. */
static int drop_pages(struct alloc_job *j, int fd, uint64_t size, const char *path)
{
    if (j->fs->plan->cached || size == 0)
        return 0;
    const char *what;
    int rc = fileset_drop_fd(fd, &what);
    return rc == 0 ? 0 : job_fail(j, "cannot %s %s: %s", what, path, strerror(rc));
}

static int write_file(struct alloc_job *j, char *buf, size_t i, const char *path)
{
    int fd = fileset_open_entry(j->fs, FSK_FILE, i, O_WRONLY | O_CREAT, 0644);
    if (fd < 0) {
        char why[PATH_MAX + 256];
        fileset_blame(j->fs, FSK_FILE, i, errno, why, sizeof why);
        return job_fail(j, "cannot create %s", why);
    }
    int rc = size_file(j, buf, i, fd, j->fs->files[i].size, path);
    if (rc == 0)
        rc = drop_pages(j, fd, j->fs->files[i].size, path);
    if (close(fd) != 0 && rc == 0)
        rc = job_fail(j, "cannot close %s: %s", path, strerror(errno));
    return rc;
}

static int alloc_one(struct alloc_job *j, char *buf, size_t i, char *path)
{
    bool want = chosen(j->fs, FSK_FILE, i);
    if (!want && !j->reuse)
        return 0;
    if (stop_requested())
        return job_fail(j, "creation of fileset '%s' interrupted", j->fs->plan->name);
    if (fileset_path(j->fs, FSK_FILE, i, path, PATH_MAX) != 0)
        return job_fail(j, "file %zu of fileset '%s': path too long", i, j->fs->plan->name);
    if (!want) {   /* a kept tree must not hold files the state calls non-existing */
        char name[FS_NAME_LEN], why[PATH_MAX + 256];
        fileset_entry_name(j->fs, FSK_FILE, i, name);
        if (in_dir(j->fs, j->fs->files[i].dir, name, unlink_at) != 0 && errno != ENOENT) {
            fileset_blame(j->fs, FSK_FILE, i, errno, why, sizeof why);
            return job_fail(j, "cannot remove %s", why);
        }
        return 0;
    }
    if (write_file(j, buf, i, path) != 0)
        return -1;
    atomic_store_explicit(&j->state[i], ENT_EXISTS, memory_order_relaxed);
    atomic_fetch_add_explicit(&j->files_done, 1, memory_order_relaxed);
    return 0;
}

static void *alloc_worker(void *arg)
{
    struct alloc_job *j = arg;
    char path[PATH_MAX];
    size_t n = j->fs->nfiles;
    char *buf = malloc(WRITE_CHUNK);
    bool ok = buf != NULL || job_fail(j, "out of memory for a pre-allocation buffer") == 0;
    if (buf != NULL)
        memcpy(buf, j->data, WRITE_CHUNK);
    while (ok && !atomic_load_explicit(&j->failed, memory_order_relaxed)) {
        size_t first = atomic_fetch_add(&j->next, CLAIM);
        if (first >= n)
            break;
        size_t end = n - first < CLAIM ? n : first + CLAIM;
        for (size_t i = first; i < end && ok; i++)
            ok = alloc_one(j, buf, i, path) == 0;
    }
    free(buf);
    pthread_mutex_lock(&j->lock);
    j->running--;
    pthread_cond_signal(&j->cond);
    pthread_mutex_unlock(&j->lock);
    return NULL;
}

/* Once a second: how far the writers got, reported upward (the caller draws it). */
static void report_progress(struct alloc_job *j, const struct progress_sink *sink, const struct totals *t,
                            double elapsed)
{
    struct task_progress p = { j->fs->plan->name, atomic_load(&j->files_done), t->files, atomic_load(&j->bytes_done),
                               t->bytes, elapsed };
    sink->tick(sink->ctx, &p);
}

/* Waits for the writers, reporting progress once a second after the first. */
static void wait_writers(struct alloc_job *j, const struct progress_sink *sink, const struct totals *t)
{
    struct timespec start, next;
    clock_gettime(CLOCK_MONOTONIC, &start);
    next = start;
    next.tv_sec += 1;
    bool reported = false;
    pthread_mutex_lock(&j->lock);
    while (j->running > 0) {
        if (pthread_cond_timedwait(&j->cond, &j->lock, &next) != ETIMEDOUT)
            continue;
        next.tv_sec += 1;
        if (sink != NULL)
            report_progress(j, sink, t, (double)(next.tv_sec - 1 - start.tv_sec));
        reported = sink != NULL;
    }
    pthread_mutex_unlock(&j->lock);
    if (reported)
        sink->end(sink->ctx);
}

static int job_init(struct alloc_job *j, struct fileset_rt *fs, _Atomic uint32_t *state, bool reuse)
{
    pthread_condattr_t ca;
    struct rng r;
    *j = (struct alloc_job){ .fs = fs, .state = state, .reuse = reuse };
    char *data = malloc(WRITE_CHUNK);
    j->data = data;
    if (data != NULL) {
        rng_seed(&r, fs->seed);
        data_fill(&fs->plan->data, &r, data, WRITE_CHUNK);
    }
    if (data == NULL || pthread_condattr_init(&ca) != 0)
        return -1;
    int rc = pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) || pthread_cond_init(&j->cond, &ca)
             || pthread_mutex_init(&j->lock, NULL);
    pthread_condattr_destroy(&ca);
    return rc ? -1 : 0;
}

static unsigned writer_count(const struct fileset_rt *fs, unsigned nthreads)
{
    size_t n = fs->plan->paralloc ? (nthreads == 0 ? 1 : nthreads) : 1;
    size_t chunks = (fs->nfiles + CLAIM - 1) / CLAIM;
    n = n > MAX_ALLOCATORS ? MAX_ALLOCATORS : n;
    return (unsigned)(n > chunks ? chunks : n);
}

/* Starts up to want writers; returns how many run (0: rc holds the reason). */
static unsigned start_writers(struct alloc_job *j, pthread_t *tid, unsigned want, int *rc)
{
    unsigned started = 0;
    for (; started < want; started++) {
        pthread_mutex_lock(&j->lock);
        j->running++;
        pthread_mutex_unlock(&j->lock);
        if ((*rc = pthread_create(&tid[started], NULL, alloc_worker, j)) == 0)
            continue;
        pthread_mutex_lock(&j->lock);
        j->running--;
        pthread_mutex_unlock(&j->lock);
        break;
    }
    return started;
}

static void job_free(struct alloc_job *j)
{
    pthread_cond_destroy(&j->cond);
    pthread_mutex_destroy(&j->lock);
    free((void *)j->data);
    free(j);
}

static int alloc_files(struct fileset_rt *fs, _Atomic uint32_t *state, unsigned nthreads, bool reuse,
                       const struct progress_sink *sink, struct diag *err)
{
    if (fs->nfiles == 0)
        return 0;
    struct alloc_job *j = malloc(sizeof *j);
    if (j == NULL || job_init(j, fs, state, reuse) != 0) {
        free(j != NULL ? (void *)j->data : NULL);
        free(j);
        return diag_set(err, &fs->plan->loc, "fileset '%s': cannot set up pre-allocation", fs->plan->name);
    }
    struct totals t = chosen_totals(fs);
    pthread_t tid[MAX_ALLOCATORS];
    int rc = 0;
    unsigned started = start_writers(j, tid, writer_count(fs, nthreads), &rc);
    wait_writers(j, sink, &t);
    for (unsigned k = 0; k < started; k++)
        pthread_join(tid[k], NULL);
    int ret = 0;
    if (started == 0)
        ret = diag_set(err, &fs->plan->loc, "fileset '%s': cannot start a thread: %s", fs->plan->name, strerror(rc));
    else if (atomic_load(&j->failed))
        *err = j->err, ret = -1;
    job_free(j);
    return ret;
}

/* trusttree: the kept tree is taken as it is; no file is looked at. */
static void trust_files(const struct fileset_rt *fs, _Atomic uint32_t *state)
{
    for (size_t i = 0; i < fs->nfiles; i++)
        if (chosen(fs, FSK_FILE, i))
            atomic_store_explicit(&state[i], ENT_EXISTS, memory_order_relaxed);
}

/* ---- leaf directories ---- */

static int make_leafdir(struct fileset_rt *fs, size_t i, bool keep, bool trust, struct diag *err)
{
    char name[FS_NAME_LEN], why[PATH_MAX + 256];
    bool want = chosen(fs, FSK_LEAFDIR, i);
    if (trust || (!want && !keep))
        return 0;
    if (fileset_entry_name(fs, FSK_LEAFDIR, i, name) != 0)
        return diag_set(err, &fs->plan->loc, "leaf dir %zu of fileset '%s': no such entry", i, fs->plan->name);
    size_t dir = fs->leafdirs[i].dir;
    if (want && in_dir(fs, dir, name, mkdir_at) != 0 && !(keep && errno == EEXIST)) {
        fileset_blame(fs, FSK_LEAFDIR, i, errno, why, sizeof why);
        return diag_set(err, &fs->plan->loc, "cannot create directory %s", why);
    }
    if (!want && in_dir(fs, dir, name, rmdir_at) != 0 && errno != ENOENT) {
        fileset_blame(fs, FSK_LEAFDIR, i, errno, why, sizeof why);
        return diag_set(err, &fs->plan->loc, "cannot remove directory %s", why);
    }
    return 0;
}

static int make_leafdirs(struct fileset_rt *fs, _Atomic uint32_t *state, bool keep, bool trust,
                         struct diag *err)
{
    for (size_t i = 0; i < fs->nleafdirs; i++) {
        if (stop_requested())
            return diag_set(err, &fs->plan->loc, "creation of fileset '%s' interrupted", fs->plan->name);
        if (make_leafdir(fs, i, keep, trust, err) != 0)
            return -1;
        if (chosen(fs, FSK_LEAFDIR, i))
            atomic_store_explicit(&state[fs->nfiles + i], ENT_EXISTS, memory_order_relaxed);
    }
    return 0;
}

/* ---- the whole ---- */

static uint64_t count_existing(const _Atomic uint32_t *state, size_t n)
{
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += (atomic_load_explicit(&state[i], memory_order_relaxed) & ENT_EXISTS) != 0;
    return c;
}

static void note_summary(const struct fileset_rt *fs, const struct progress_sink *sink)
{
    double w = fs->mean_width;
    char line[512];
    snprintf(line, sizeof line,
             "%s populated: %zu files, avg. dir. width = %.*f, avg. dir. depth = %.1f, %zu leafdirs, %.3fMB total size",
             fs->plan->name, fs->nfiles, w == floor(w) ? 0 : 1, w, fs->mean_depth, fs->nleafdirs,
             (double)fs->total_bytes / (1024.0 * 1024.0));
    sink->note(sink->ctx, line);
}

/* A tree this call made and could not finish is removed, so that no half-made
 * fileset is left behind; a kept tree stays (its marker lets the next run fix it). */
static int discard(struct fileset_rt *fs, bool kept, struct diag *err)
{
    struct diag why, first = *err;
    if (kept)
        return -1;
    fileset_root_close(fs);
    if (fileset_remove_tree(fs->root, &why) != 0)
        return diag_set(err, &fs->plan->loc, "%s; the partial tree is left: %s", first.msg, why.msg);
    return diag_set(err, &fs->plan->loc, "%s; removed the partial tree %s", first.msg, fs->root);
}

static void reset_state(struct fileset_rt *fs, struct shm *shm)
{
    memset(shm_at(shm, fs->state_off), 0, (fs->nfiles + fs->nleafdirs) * sizeof(_Atomic uint32_t));
    memset(shm_at(shm, fs->shared_off), 0, sizeof(struct fs_shared));
}

/* A tree of ours to be kept is checked first, beneath its root: 1 when it is
 * fit to keep, 0 when it was made in another shape (then it is made anew),
 * -1 when something foreign is in it (refused, nothing written). */
static int keepable(struct fileset_rt *fs, const struct progress_sink *sink, struct diag *err)
{
    if (fileset_root_open(fs, dir_budget(), err) != 0)
        return -1;
    int rc = fileset_check_tree(fs, err);
    if (rc <= 0)
        return rc == 0 ? 1 : (fileset_root_close(fs), -1);
    fileset_root_close(fs);
    fs->root_dev = fs->root_ino = 0;
    if (sink != NULL) {   /* err's text says where: a note here, not an error */
        char line[2 * PATH_MAX + 512];
        snprintf(line, sizeof line, "%s: the tree kept at %s was made in another shape (%s); making it anew",
                 fs->plan->name, fs->root, err->msg);
        sink->note(sink->ctx, line);
    }
    return 0;
}

int fileset_create(struct fileset_rt *fs, struct shm *shm, unsigned nthreads, const struct progress_sink *sink,
                   struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    enum root_state rs = ROOT_ABSENT;
    fileset_root_close(fs);   /* descriptors of a tree made before are not this one's */
    if (check_root(fs, &rs, err) != 0)
        return -1;
    bool keep = rs == ROOT_OURS && (p->reuse || p->trusttree);
    if (keep) {
        int k = keepable(fs, sink, err);
        if (k < 0)
            return -1;
        keep = k == 1;
    }
    bool trust = keep && p->trusttree;
    if (rs == ROOT_OURS && !keep && fileset_remove_tree(fs->root, err) != 0)
        return -1;
    if (!keep && create_root(fs, err) != 0)
        return -1;
    if (!trust && make_dirs(fs, err) != 0)
        return discard(fs, keep, err);
    reset_state(fs, shm);
    _Atomic uint32_t *state = shm_at(shm, fs->state_off);
    if (trust)
        trust_files(fs, state);
    else if (alloc_files(fs, state, nthreads, keep, sink, err) != 0)
        return discard(fs, keep, err);
    if (make_leafdirs(fs, state, keep, trust, err) != 0)
        return discard(fs, keep, err);
    struct fs_shared *sh = shm_at(shm, fs->shared_off);
    atomic_store(&sh->nexisting, count_existing(state, fs->nfiles));
    atomic_store(&sh->nleaf_existing, count_existing(state + fs->nfiles, fs->nleafdirs));
    if (sink != NULL && !p->is_file)
        note_summary(fs, sink);
    return 0;
}
