/* floor.c: the bare system-call loops flowbench is measured against.
 *
 * Each loop issues exactly the system calls of one flowbench workload in
 * bench/run.sh, on the same files, and nothing else: no clock read per op, no
 * histogram, no fileset bookkeeping. A thread loops until the main thread,
 * which sleeps for the run length, raises the stop flag (one relaxed load per
 * pass, as flowbench checks once per flowop). The result is one line:
 *
 *   floor OP passes=N secs=S passes_s=X cpu_us_pass=Y
 *
 * A pass is one round of the operation (a read; an append and its fsync; an
 * open and its close; a delete, a create and its close; a varmail session of
 * 13 ops). CPU is user + system time of the process (getrusage) from the start
 * of the threads to their end, over the passes of every thread.
 *
 * usage: floor OP [-s SECS] [-b BYTES] [-m MEMSIZE] [-t THREADS] [-n OPS] [-c] PATH
 *   read     pread BYTES at random BYTES-aligned offsets of the file PATH
 *   uring    the same reads through io_uring (liburing) at depth 1: queue one
 *            entry, io_uring_submit_and_wait (one io_uring_enter), take its
 *            completion; the ring set up as
 *            flowbench's engine sets it up (single issuer, deferred task run)
 *   libaio   the same reads through libaio at depth 1: io_submit of one iocb,
 *            io_getevents of one completion
 *   write    pwrite BYTES at random BYTES-aligned offsets of the file PATH
 *   append   lseek(SEEK_END) + write BYTES + fsync on PATH (created empty)
 *   open     openat(O_RDWR) + close, round-robin over the files of the tree PATH
 *   stat     fstatat, round-robin over the files of the tree PATH
 *   create   unlinkat + openat(O_CREAT) + close over the files of the tree PATH,
 *            shared by THREADS threads as varmail's are: the delete claims a
 *            file that exists, the create one that does not (spare names)
 *   varmail  the varmail session (13 ops) on the files of the tree PATH,
 *            shared by THREADS threads: appends of [0, 16 KiB), whole-file
 *            reads in 1 MiB chunks
 * -m: the buffer is a random BYTES-aligned slice of MEMSIZE bytes per op, as
 * flowbench picks it from a thread's memsize (default: one fixed buffer; uring
 * and libaio always have one, as flowbench's requests on those engines do).
 * -n OPS: each thread stops after OPS passes instead of after SECS (bench/ledger
 * counts the instructions of exactly that many).
 * -c: the floor of a harness that times each op: two clock reads (the TSC, as
 * flowbench's default clock) around each pass and one histogram bucket.
 *
 * The tree ops name a file as flowbench's fileset does: a descriptor of its
 * directory, opened once (O_PATH) before the loop, and its leaf name, ready
 * before the loop too; no op follows a link (AT_SYMLINK_NOFOLLOW, O_NOFOLLOW).
 * So the kernel resolves one name per op on both sides, not a whole path. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <libaio.h>
#include <liburing.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static _Atomic int stop;

struct rng {
    uint64_t s[4];
};

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256**, as flowbench draws offsets. */
static uint64_t rng_next(struct rng *r)
{
    uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return out;
}

static uint64_t rng_below(struct rng *r, uint64_t n)
{
    return (uint64_t)(((unsigned __int128)rng_next(r) * n) >> 64);
}

static void rng_seed(struct rng *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9e3779b97f4a7c15u);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
        r->s[i] = z ^ (z >> 31);
    }
}

static void die(const char *what, const char *path)
{
    fprintf(stderr, "floor: %s %s: %s\n", what, path ? path : "", strerror(errno));
    exit(1);
}

/* A file of a tree as an op names it: its directory's descriptor and its
 * leaf name (a tail of path, kept for messages). */
struct entry {
    int dir;
    const char *leaf;
    const char *path;
};

struct job {
    const struct op_row *row;
    const char *path;
    size_t bs, memsize;
    struct entry *files;     /* open, stat, create, varmail: this thread's share */
    size_t nfiles;
    unsigned thread, nthreads;
    uint64_t passes;
    uint64_t limit;          /* -n: passes to run, else 0: until stopped */
    bool clocked;            /* -c: two clock reads and a bucket per pass */
    uint64_t hist[64];       /* -c: passes by log2 of their ticks */
};

/* ---- the files of a tree ---- */

static struct entry *all_files;
static size_t nall, capall;

/* The tree's directories, each opened once as flowbench's fileset keeps them
 * (O_PATH: a handle to name files by, not to read). */
static struct dir_fd {
    char *path;
    int fd;
} *dirs;
static size_t ndirs, capdirs;

/* The descriptor of the directory path[0, len), opened on first sight. */
static int dir_open(const char *path, size_t len)
{
    for (size_t i = ndirs; i-- > 0;) /* the last one first: nftw lists a directory's files together */
        if (strlen(dirs[i].path) == len && memcmp(dirs[i].path, path, len) == 0)
            return dirs[i].fd;
    if (ndirs == capdirs) {
        capdirs = capdirs ? capdirs * 2 : 64;
        if ((dirs = realloc(dirs, capdirs * sizeof *dirs)) == NULL)
            die("out of memory", NULL);
    }
    char *dpath = strndup(path, len);
    if (dpath == NULL)
        die("out of memory", NULL);
    int fd = open(dpath, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        die("open the directory", dpath);
    dirs[ndirs++] = (struct dir_fd){ dpath, fd };
    return fd;
}

/* The entry of a file: its directory's descriptor and a copy of path
 * whose tail at base is the leaf name. */
static struct entry entry_of(const char *path, size_t base)
{
    char *copy = strdup(path);
    if (copy == NULL)
        die("out of memory", NULL);
    int dir = base > 1 ? dir_open(path, base - 1) : dir_open(base ? "/" : ".", 1);
    return (struct entry){ dir, copy + base, copy };
}

static int collect(const char *path, const struct stat *st, int type, struct FTW *f)
{
    (void)st;
    if (type != FTW_F || strstr(path, ".flowbench-fileset") != NULL)
        return 0;
    if (nall == capall) {
        capall = capall ? capall * 2 : 1024;
        all_files = realloc(all_files, capall * sizeof *all_files);
        if (all_files == NULL)
            die("out of memory", NULL);
    }
    all_files[nall++] = entry_of(path, (size_t)f->base);
    return 0;
}

/* ---- buffers ---- */

/* Either one fixed buffer of bs bytes, or (-m) memsize bytes of which each
 * op takes a random slice aligned down to its length, as flowbench does. */
struct buf {
    char *mem;
    size_t size;
    bool slices;
};

static void buf_init(struct buf *b, size_t bs, size_t memsize)
{
    b->slices = memsize >= bs;
    b->size = b->slices ? memsize : bs;
    if (posix_memalign((void **)&b->mem, 4096, b->size) != 0)
        die("out of memory", NULL);
    memset(b->mem, 0, b->size);
}

static char *buf_at(struct buf *b, size_t len, struct rng *r)
{
    if (!b->slices)
        return b->mem;
    size_t room = b->size - len;
    size_t off = room ? (size_t)rng_below(r, room + 1) : 0;
    return b->mem + off - off % len;
}

/* Another pass: until -n's count, else until main raises stop. */
static inline bool running(const struct job *j)
{
    if (j->limit != 0)
        return j->passes < j->limit;
    return atomic_load_explicit(&stop, memory_order_relaxed) == 0;
}

#define RUNNING() running(j)

static inline uint64_t ticks(void)
{
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

/* -c: what the least harness that times a pass must add to it. */
static inline uint64_t pass_begin(const struct job *j)
{
    return j->clocked ? ticks() : 0;
}

static inline void pass_end(struct job *j, uint64_t t0)
{
    if (j->clocked) {
        uint64_t d = ticks() - t0;
        j->hist[d ? 63 - __builtin_clzll(d) : 0]++;
    }
    j->passes++;
}

/* ---- the loops ---- */

/* Opens the file of a read or write loop; *blocks: the offsets it may draw. */
static int open_sized(const struct job *j, int flags, uint64_t *blocks)
{
    int fd = open(j->path, flags | O_CLOEXEC);
    if (fd < 0)
        die("open", j->path);
    struct stat st;
    if (fstat(fd, &st) != 0 || (uint64_t)st.st_size < j->bs)
        die("file too small:", j->path);
    *blocks = (uint64_t)st.st_size - j->bs + 1;
    return fd;
}

static void loop_rw(struct job *j, bool write)
{
    uint64_t blocks;
    int fd = open_sized(j, write ? O_RDWR : O_RDONLY, &blocks);
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, j->bs, j->memsize);
    while (RUNNING()) {
        off_t off = (off_t)(rng_below(&r, blocks) / j->bs * j->bs);
        char *p = buf_at(&b, j->bs, &r);
        uint64_t t0 = pass_begin(j);
        ssize_t n = write ? pwrite(fd, p, j->bs, off) : pread(fd, p, j->bs, off);
        if (n < 0)
            die(write ? "pwrite" : "pread", j->path);
        pass_end(j, t0);
    }
    close(fd);
}

static void loop_read(struct job *j)
{
    loop_rw(j, false);
}

static void loop_write(struct job *j)
{
    loop_rw(j, true);
}

/* Dies of a liburing or libaio result, which is -errno. */
static void die_neg(const char *what, const char *path, long rc)
{
    errno = (int)-rc;
    die(what, path);
}

/* flowbench's read on io_uring at iodepth 1: the entry sent and its
 * completion waited for in one io_uring_enter (io_uring_submit_and_wait),
 * then taken from the ring. */
static void loop_uring(struct job *j)
{
    uint64_t blocks;
    int fd = open_sized(j, O_RDONLY, &blocks);
    struct io_uring ring;
    int rc = io_uring_queue_init(1, &ring, IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN);
    if (rc == -EINVAL) /* before Linux 6.1 */
        rc = io_uring_queue_init(1, &ring, 0);
    if (rc < 0)
        die_neg("io_uring_queue_init for", j->path, rc);
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, j->bs, 0);
    while (RUNNING()) {
        off_t off = (off_t)(rng_below(&r, blocks) / j->bs * j->bs);
        uint64_t t0 = pass_begin(j);
        struct io_uring_sqe *sqe = io_uring_get_sqe(&ring); /* never NULL: the one entry came back */
        io_uring_prep_read(sqe, fd, b.mem, (unsigned)j->bs, (uint64_t)off);
        /* sent and waited for in one io_uring_enter, as flowbench's engine does */
        if ((rc = io_uring_submit_and_wait(&ring, 1)) != 1)
            die_neg("io_uring_submit_and_wait of a read of", j->path, rc < 0 ? rc : -EAGAIN);
        struct io_uring_cqe *cqe;
        if ((rc = io_uring_peek_cqe(&ring, &cqe)) < 0 || (rc = cqe->res) < 0)
            die_neg("io_uring read of", j->path, rc);
        io_uring_cqe_seen(&ring, cqe);
        pass_end(j, t0);
    }
    io_uring_queue_exit(&ring);
    close(fd);
}

/* flowbench's read on libaio at iodepth 1: one io_submit, one io_getevents. */
static void loop_libaio(struct job *j)
{
    uint64_t blocks;
    int fd = open_sized(j, O_RDONLY, &blocks);
    io_context_t ctx = 0;
    int rc = io_setup(1, &ctx);
    if (rc < 0)
        die_neg("io_setup for", j->path, rc);
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, j->bs, 0);
    struct iocb cb, *cbs[1] = { &cb };
    struct io_event ev;
    while (RUNNING()) {
        off_t off = (off_t)(rng_below(&r, blocks) / j->bs * j->bs);
        uint64_t t0 = pass_begin(j);
        io_prep_pread(&cb, fd, b.mem, j->bs, (long long)off);
        if ((rc = io_submit(ctx, 1, cbs)) != 1)
            die_neg("io_submit of a read of", j->path, rc < 0 ? rc : -EAGAIN);
        if ((rc = io_getevents(ctx, 1, 1, &ev, NULL)) != 1)
            die_neg("io_getevents for", j->path, rc < 0 ? rc : -EINTR);
        if ((long)ev.res < 0)
            die_neg("libaio read of", j->path, (long)ev.res);
        pass_end(j, t0);
    }
    io_destroy(ctx);
    close(fd);
}

/* flowbench's appendfile + fsync. */
static void loop_append(struct job *j)
{
    int fd = open(j->path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        die("open", j->path);
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, j->bs, j->memsize);
    while (RUNNING()) {
        char *p = buf_at(&b, j->bs, &r);
        uint64_t t0 = pass_begin(j);
        if (lseek(fd, 0, SEEK_END) < 0 || write(fd, p, j->bs) < 0)
            die("append to", j->path);
        if (fsync(fd) != 0)
            die("fsync", j->path);
        pass_end(j, t0);
    }
    close(fd);
}

/* openfile + closefile. */
static void loop_open(struct job *j)
{
    for (size_t i = 0; RUNNING(); i = i + 1 == j->nfiles ? 0 : i + 1) {
        uint64_t t0 = pass_begin(j);
        const struct entry *e = &j->files[i];
        int fd = openat(e->dir, e->leaf, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0)
            die("open", e->path);
        close(fd);
        pass_end(j, t0);
    }
}

static void loop_stat(struct job *j)
{
    struct stat st;
    for (size_t i = 0; RUNNING(); i = i + 1 == j->nfiles ? 0 : i + 1) {
        uint64_t t0 = pass_begin(j);
        const struct entry *e = &j->files[i];
        if (fstatat(e->dir, e->leaf, &st, AT_SYMLINK_NOFOLLOW) != 0)
            die("stat", e->path);
        pass_end(j, t0);
    }
}

#define VARMAIL_APPEND 16384      /* $meanappendsize: appends of [0, 16 KiB) */
#define VARMAIL_CHUNK (1 << 20)   /* $iosize: whole-file reads in 1 MiB chunks */

static void append_rand(int fd, struct buf *b, struct rng *r, const char *path)
{
    size_t len = (size_t)rng_below(r, VARMAIL_APPEND);
    if (len == 0)
        return;
    char *p = buf_at(b, len, r);
    if (lseek(fd, 0, SEEK_END) < 0 || write(fd, p, len) < 0)
        die("append to", path);
}

static void read_whole(int fd, struct buf *b, struct rng *r, const char *path)
{
    ssize_t n;
    off_t total = 0;
    char *p = buf_at(b, VARMAIL_CHUNK, r);
    while ((n = pread(fd, p, VARMAIL_CHUNK, total)) > 0)
        total += n;
    if (n < 0)
        die("read", path);
}

/* The varmail and create files, shared by every thread as flowbench's
 * fileset is, with spare names so that about one in five is missing
 * (varmail's prealloc=80). A file is
 * claimed with one compare-and-swap while a thread works on it, and picked
 * round-robin from shared rotors: the least any harness must do to let
 * threads share files. */
#define F_EXISTS 1u
#define F_BUSY 2u

static struct pool {
    struct entry *file;
    _Atomic unsigned *state;
    size_t n;
    _Atomic size_t rotor_existing, rotor_free;
} pool;

static void pool_init(struct entry *files, size_t nfiles)
{
    size_t spare = nfiles / 4 + 1;
    pool.n = nfiles + spare;
    pool.file = calloc(pool.n, sizeof *pool.file);
    pool.state = calloc(pool.n, sizeof *pool.state);
    if (pool.file == NULL || pool.state == NULL)
        die("out of memory", NULL);
    for (size_t i = 0; i < nfiles; i++) {
        pool.file[i] = files[i];
        pool.state[i] = F_EXISTS;
    }
    /* the spare names: in the first file's directory, by the same descriptor */
    int dirlen = (int)(files[0].leaf - files[0].path);
    for (size_t i = nfiles; i < pool.n; i++) {
        char *path;
        if (asprintf(&path, "%.*sfloor-%zu", dirlen, files[0].path, i) < 0)
            die("out of memory", NULL);
        pool.file[i] = (struct entry){ files[0].dir, path + dirlen, path };
    }
}

/* Claims the next file that exists (or not), round-robin. */
static size_t pool_claim(bool exists)
{
    _Atomic size_t *rotor = exists ? &pool.rotor_existing : &pool.rotor_free;
    unsigned want = exists ? F_EXISTS : 0;
    for (size_t k = 0; k < 4 * pool.n; k++) {
        size_t i = atomic_fetch_add_explicit(rotor, 1, memory_order_relaxed) % pool.n;
        unsigned expect = want;
        if (atomic_compare_exchange_strong_explicit(&pool.state[i], &expect, want | F_BUSY, memory_order_acquire,
                                                    memory_order_relaxed))
            return i;
    }
    die("varmail: no file to pick in", pool.file[0].path);
    return 0;
}

static void pool_release(size_t i, bool exists)
{
    atomic_store_explicit(&pool.state[i], exists ? F_EXISTS : 0, memory_order_release);
}

/* deletefile + createfile (without its close): varmail's first two ops and
 * the create loop's. Each op must choose its file among
 * those a fileset shares between threads: the delete an existing one, the
 * create a missing one, each claimed while it works on it (the pool, as
 * varmail's). Until this floor claimed them it deleted and made again the
 * same file, choosing none: 172 instructions a pass, 2 claims and 2 releases
 * fewer than the op is asked to do (bench/ledger, docs/performance.md). */
static inline int pool_delete_create(const struct entry **made)
{
    size_t i = pool_claim(true);
    const struct entry *e = &pool.file[i];
    if (unlinkat(e->dir, e->leaf, 0) != 0)
        die("unlink", e->path);
    pool_release(i, false);
    e = &pool.file[i = pool_claim(false)];
    int fd = openat(e->dir, e->leaf, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        die("create", e->path);
    pool_release(i, true);
    *made = e;
    return fd;
}

static void loop_create(struct job *j)
{
    while (RUNNING()) {
        uint64_t t0 = pass_begin(j);
        const struct entry *e;
        close(pool_delete_create(&e));
        pass_end(j, t0);
    }
}

/* One varmail session per pass (13 ops): delete, create + append + fsync +
 * close, open + read whole + append + fsync + close, open + read whole + close. */
static void loop_varmail(struct job *j)
{
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, VARMAIL_CHUNK, j->memsize);
    while (RUNNING()) {
        uint64_t t0 = pass_begin(j);
        const struct entry *e;
        size_t i;
        int fd = pool_delete_create(&e);
        append_rand(fd, &b, &r, e->path);
        fsync(fd);
        close(fd);
        e = &pool.file[i = pool_claim(true)];
        if ((fd = openat(e->dir, e->leaf, O_RDWR | O_NOFOLLOW | O_CLOEXEC)) < 0)
            die("open", e->path);
        pool_release(i, true);
        read_whole(fd, &b, &r, e->path);
        append_rand(fd, &b, &r, e->path);
        fsync(fd);
        close(fd);
        e = &pool.file[i = pool_claim(true)];
        if ((fd = openat(e->dir, e->leaf, O_RDWR | O_NOFOLLOW | O_CLOEXEC)) < 0)
            die("open", e->path);
        pool_release(i, true);
        read_whole(fd, &b, &r, e->path);
        close(fd);
        pass_end(j, t0);
    }
}

/* The operations: a loop each, and whether PATH is a tree of files. */
static const struct op_row {
    const char *name;
    void (*loop)(struct job *j);
    bool tree;
} op_table[] = {
    { "read", loop_read, false },     { "uring", loop_uring, false }, { "libaio", loop_libaio, false },
    { "write", loop_write, false },   { "append", loop_append, false }, { "open", loop_open, true },
    { "stat", loop_stat, true },      { "create", loop_create, true }, { "varmail", loop_varmail, true },
};

static const struct op_row *op_find(const char *name)
{
    for (size_t i = 0; i < sizeof op_table / sizeof *op_table; i++)
        if (strcmp(op_table[i].name, name) == 0)
            return &op_table[i];
    return NULL;
}

static void *thread_main(void *p)
{
    struct job *j = p;
    j->row->loop(j);
    return NULL;
}

static size_t parse_size(const char *s)
{
    char *end;
    double v = strtod(s, &end);
    switch (*end) {
    case 'k': case 'K': v *= 1024; break;
    case 'm': case 'M': v *= 1048576; break;
    case 'g': case 'G': v *= 1073741824; break;
    default: break;
    }
    return (size_t)v;
}

static double cpu_secs(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_stime.tv_sec
           + ((double)ru.ru_utime.tv_usec + (double)ru.ru_stime.tv_usec) / 1e6;
}

static double now_secs(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    double secs = 2;
    size_t bs = 8192, memsize = 0;
    unsigned nthreads = 1;
    uint64_t limit = 0;
    bool clocked = false;
    int c;
    if (argc < 2)
        goto usage;
    const char *op = argv[1];
    const struct op_row *row = op_find(op);
    if (row == NULL)
        goto usage;
    optind = 2;
    while ((c = getopt(argc, argv, "s:b:m:t:n:c")) != -1) {
        switch (c) {
        case 's': secs = strtod(optarg, NULL); break;
        case 'b': bs = parse_size(optarg); break;
        case 'm': memsize = parse_size(optarg); break;
        case 't': nthreads = (unsigned)strtoul(optarg, NULL, 10); break;
        case 'n': limit = strtoull(optarg, NULL, 10); break;
        case 'c': clocked = true; break;
        default: goto usage;
        }
    }
    if (optind + 1 != argc || bs == 0 || nthreads == 0)
        goto usage;
    const char *path = argv[optind];
    bool tree = row->tree;
    if (tree) {
        if (nftw(path, collect, 64, FTW_PHYS) != 0)
            die("walk", path);
        if (nall < nthreads)
            die("fewer files than threads in", path);
    }
    if (strcmp(op, "varmail") == 0 || strcmp(op, "create") == 0) {
        if (nall < 4)
            die("too few files for a shared pool in", path);
        pool_init(all_files, nall);
    }
    struct job *jobs = calloc(nthreads, sizeof *jobs);
    pthread_t *tid = calloc(nthreads, sizeof *tid);
    if (jobs == NULL || tid == NULL)
        die("out of memory", NULL);
    for (unsigned t = 0; t < nthreads; t++) {
        jobs[t] = (struct job){ .row = row, .path = path, .bs = bs, .memsize = memsize, .thread = t, .nthreads = nthreads,
                                .limit = limit, .clocked = clocked };
        if (tree) {
            /* a contiguous share of the tree per thread */
            size_t lo = nall * t / nthreads, hi = nall * (t + 1) / nthreads;
            jobs[t].files = all_files + lo;
            jobs[t].nfiles = hi - lo;
        }
    }
    double c0 = cpu_secs(), t0 = now_secs();
    for (unsigned t = 0; t < nthreads; t++)
        if (pthread_create(&tid[t], NULL, thread_main, &jobs[t]) != 0)
            die("cannot start a thread", NULL);
    struct timespec len = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };
    if (limit == 0)
        nanosleep(&len, NULL);
    atomic_store(&stop, 1);
    uint64_t total = 0;
    for (unsigned t = 0; t < nthreads; t++) {
        pthread_join(tid[t], NULL);
        total += jobs[t].passes;
    }
    double t1 = now_secs(), c1 = cpu_secs();
    for (size_t i = nall; i < pool.n; i++)
        unlinkat(pool.file[i].dir, pool.file[i].leaf, 0); /* the pool's spare names: flowbench does not know them */
    printf("floor %s passes=%llu secs=%.3f passes_s=%.0f cpu_us_pass=%.3f\n", op, (unsigned long long)total, t1 - t0,
           (double)total / (t1 - t0), total ? (c1 - c0) * 1e6 / (double)total : 0.0);
    return 0;
usage:
    fprintf(stderr, "usage: floor read|uring|libaio|write|append|open|stat|create|varmail [-s SECS] [-b BYTES] [-m MEMSIZE] "
                    "[-t THREADS] [-n OPS] [-c] PATH\n");
    return 2;
}
