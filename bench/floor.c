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
 * usage: floor OP [-s SECS] [-b BYTES] [-m MEMSIZE] [-t THREADS] PATH
 *   read     pread BYTES at random BYTES-aligned offsets of the file PATH
 *   write    pwrite BYTES at random BYTES-aligned offsets of the file PATH
 *   append   lseek(SEEK_END) + write BYTES + fsync on PATH (created empty)
 *   open     open(O_RDWR) + close, round-robin over the files of the tree PATH
 *   stat     stat, round-robin over the files of the tree PATH
 *   create   unlink + open(O_CREAT) + close over the files of the tree PATH
 *   varmail  the varmail session (13 ops) on the files of the tree PATH,
 *            each of THREADS threads on its own share of the files
 * -m: the buffer is a random BYTES-aligned slice of MEMSIZE bytes per op, as
 * flowbench picks it from a thread's memsize (default: one fixed buffer). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
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

struct job {
    const char *op;
    const char *path;
    size_t bs, memsize;
    char **files;            /* open, stat, create, varmail: this thread's share */
    size_t nfiles;
    unsigned thread, nthreads;
    uint64_t passes;
};

/* ---- the files of a tree ---- */

static char **all_files;
static size_t nall, capall;

static int collect(const char *path, const struct stat *st, int type, struct FTW *f)
{
    (void)st;
    (void)f;
    if (type != FTW_F || strstr(path, ".flowbench-fileset") != NULL)
        return 0;
    if (nall == capall) {
        capall = capall ? capall * 2 : 1024;
        all_files = realloc(all_files, capall * sizeof *all_files);
        if (all_files == NULL)
            die("out of memory", NULL);
    }
    all_files[nall++] = strdup(path);
    return 0;
}

/* ---- buffers ---- */

struct buf {
    char *mem;
    size_t size, bs;
};

static void buf_init(struct buf *b, size_t bs, size_t memsize)
{
    b->bs = bs;
    b->size = memsize > bs ? memsize : bs;
    if (posix_memalign((void **)&b->mem, 4096, b->size) != 0)
        die("out of memory", NULL);
    memset(b->mem, 0, b->size);
}

static char *buf_at(struct buf *b, struct rng *r)
{
    if (b->size == b->bs)
        return b->mem;
    size_t off = (size_t)rng_below(r, b->size - b->bs + 1);
    return b->mem + off - off % b->bs;
}

#define RUNNING() (atomic_load_explicit(&stop, memory_order_relaxed) == 0)

/* ---- the loops ---- */

static void loop_rw(struct job *j, bool write)
{
    int fd = open(j->path, (write ? O_RDWR : O_RDONLY) | O_CLOEXEC);
    if (fd < 0)
        die("open", j->path);
    struct stat st;
    if (fstat(fd, &st) != 0 || (uint64_t)st.st_size < j->bs)
        die("file too small:", j->path);
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf b;
    buf_init(&b, j->bs, j->memsize);
    uint64_t blocks = (uint64_t)st.st_size - j->bs + 1;
    while (RUNNING()) {
        off_t off = (off_t)(rng_below(&r, blocks) / j->bs * j->bs);
        char *p = buf_at(&b, &r);
        ssize_t n = write ? pwrite(fd, p, j->bs, off) : pread(fd, p, j->bs, off);
        if (n < 0)
            die(write ? "pwrite" : "pread", j->path);
        j->passes++;
    }
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
        char *p = buf_at(&b, &r);
        if (lseek(fd, 0, SEEK_END) < 0 || write(fd, p, j->bs) < 0)
            die("append to", j->path);
        if (fsync(fd) != 0)
            die("fsync", j->path);
        j->passes++;
    }
    close(fd);
}

/* openfile + closefile. */
static void loop_open(struct job *j)
{
    for (size_t i = 0; RUNNING(); i = i + 1 == j->nfiles ? 0 : i + 1) {
        int fd = open(j->files[i], O_RDWR | O_CLOEXEC);
        if (fd < 0)
            die("open", j->files[i]);
        close(fd);
        j->passes++;
    }
}

static void loop_stat(struct job *j)
{
    struct stat st;
    for (size_t i = 0; RUNNING(); i = i + 1 == j->nfiles ? 0 : i + 1) {
        if (stat(j->files[i], &st) != 0)
            die("stat", j->files[i]);
        j->passes++;
    }
}

/* deletefile + createfile + closefile. */
static void loop_create(struct job *j)
{
    for (size_t i = 0; RUNNING(); i = i + 1 == j->nfiles ? 0 : i + 1) {
        if (unlink(j->files[i]) != 0)
            die("unlink", j->files[i]);
        int fd = open(j->files[i], O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0)
            die("create", j->files[i]);
        close(fd);
        j->passes++;
    }
}

static void append_rand(int fd, struct buf *b, struct rng *r, const char *path)
{
    size_t len = (size_t)rng_below(r, b->bs);
    if (len == 0)
        return;
    if (lseek(fd, 0, SEEK_END) < 0 || write(fd, b->mem, len) < 0)
        die("append to", path);
}

static void read_whole(int fd, struct buf *b, const char *path)
{
    ssize_t n;
    off_t total = 0;
    while ((n = pread(fd, b->mem, b->size, total)) > 0)
        total += n;
    if (n < 0)
        die("read", path);
}

/* One varmail session per pass: delete, create + append + fsync + close, open +
 * read whole + append + fsync + close, open + read whole + close (13 ops). The
 * thread's files all exist but one, the hole, which the next create refills. */
static void loop_varmail(struct job *j)
{
    struct rng r;
    rng_seed(&r, 42 + j->thread);
    struct buf app, rd;
    buf_init(&app, 16384, 0);
    buf_init(&rd, 1 << 20, 0);
    size_t n = j->nfiles, hole = 0, next = 1;
    if (n < 3)
        die("too few files for varmail in", j->path);
    if (unlink(j->files[hole]) != 0)
        die("unlink", j->files[hole]);
    while (RUNNING()) {
        size_t del = next;
        next = next + 1 == n ? 0 : next + 1;
        if (unlink(j->files[del]) != 0)
            die("unlink", j->files[del]);
        int fd = open(j->files[hole], O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0)
            die("create", j->files[hole]);
        append_rand(fd, &app, &r, j->files[hole]);
        fsync(fd);
        close(fd);
        hole = del;
        size_t a = next, b = next + 1 == n ? 0 : next + 1;
        if (a == hole || b == hole)
            continue; /* never picked in practice with more than a few files */
        fd = open(j->files[a], O_RDWR | O_CLOEXEC);
        if (fd < 0)
            die("open", j->files[a]);
        read_whole(fd, &rd, j->files[a]);
        append_rand(fd, &app, &r, j->files[a]);
        fsync(fd);
        close(fd);
        fd = open(j->files[b], O_RDWR | O_CLOEXEC);
        if (fd < 0)
            die("open", j->files[b]);
        read_whole(fd, &rd, j->files[b]);
        close(fd);
        j->passes++;
    }
}

static void *thread_main(void *p)
{
    struct job *j = p;
    if (strcmp(j->op, "read") == 0)
        loop_rw(j, false);
    else if (strcmp(j->op, "write") == 0)
        loop_rw(j, true);
    else if (strcmp(j->op, "append") == 0)
        loop_append(j);
    else if (strcmp(j->op, "open") == 0)
        loop_open(j);
    else if (strcmp(j->op, "stat") == 0)
        loop_stat(j);
    else if (strcmp(j->op, "create") == 0)
        loop_create(j);
    else
        loop_varmail(j);
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
    static const char *const ops[] = { "read", "write", "append", "open", "stat", "create", "varmail" };
    double secs = 2;
    size_t bs = 8192, memsize = 0;
    unsigned nthreads = 1;
    int c;
    if (argc < 2)
        goto usage;
    const char *op = argv[1];
    bool known = false;
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++)
        known |= strcmp(op, ops[i]) == 0;
    if (!known)
        goto usage;
    optind = 2;
    while ((c = getopt(argc, argv, "s:b:m:t:")) != -1) {
        switch (c) {
        case 's': secs = strtod(optarg, NULL); break;
        case 'b': bs = parse_size(optarg); break;
        case 'm': memsize = parse_size(optarg); break;
        case 't': nthreads = (unsigned)strtoul(optarg, NULL, 10); break;
        default: goto usage;
        }
    }
    if (optind + 1 != argc || bs == 0 || nthreads == 0)
        goto usage;
    const char *path = argv[optind];
    bool tree = strcmp(op, "open") == 0 || strcmp(op, "stat") == 0 || strcmp(op, "create") == 0
                || strcmp(op, "varmail") == 0;
    if (tree) {
        if (nftw(path, collect, 64, FTW_PHYS) != 0)
            die("walk", path);
        if (nall < nthreads)
            die("fewer files than threads in", path);
    }
    struct job *jobs = calloc(nthreads, sizeof *jobs);
    pthread_t *tid = calloc(nthreads, sizeof *tid);
    if (jobs == NULL || tid == NULL)
        die("out of memory", NULL);
    for (unsigned t = 0; t < nthreads; t++) {
        jobs[t] = (struct job){ .op = op, .path = path, .bs = bs, .memsize = memsize, .thread = t, .nthreads = nthreads };
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
    nanosleep(&len, NULL);
    atomic_store(&stop, 1);
    uint64_t total = 0;
    for (unsigned t = 0; t < nthreads; t++) {
        pthread_join(tid[t], NULL);
        total += jobs[t].passes;
    }
    double t1 = now_secs(), c1 = cpu_secs();
    printf("floor %s passes=%llu secs=%.3f passes_s=%.0f cpu_us_pass=%.3f\n", op, (unsigned long long)total, t1 - t0,
           (double)total / (t1 - t0), total ? (c1 - c0) * 1e6 / (double)total : 0.0);
    return 0;
usage:
    fprintf(stderr, "usage: floor read|write|append|open|stat|create|varmail [-s SECS] [-b BYTES] [-m MEMSIZE] "
                    "[-t THREADS] PATH\n");
    return 2;
}
