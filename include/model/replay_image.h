/* replay_image.h: a trace compiled for the engine: one flat, position-free
 * image (offsets only) that the engine copies into the run's shared region,
 * where each replaying thread reads its records and publishes its progress. */
#ifndef FB_REPLAY_IMAGE_H
#define FB_REPLAY_IMAGE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The calls a trace holds; rows of rp_calls[] (src/model/replay_calls.c). */
enum rp_call {
    RC_OPEN, RC_CLOSE, RC_READ, RC_WRITE, RC_LSEEK, RC_FSYNC, RC_FDATASYNC, RC_STAT, RC_FSTAT,
    RC_UNLINK, RC_MKDIR, RC_RMDIR, RC_RENAME, RC_TRUNCATE, RC_FTRUNCATE, RC_CHMOD, RC_UTIMES,
    RC_ACCESS, RC_STATFS, RC_GETDENTS, RC_LOCK, RC_FLOCK, RC_DUP, RC_LINK, RC_FORK, RC_EXEC, RC_INHERIT,
    RC_SYMLINK, RC_READLINK, RC_SETFD, RC_CLOEXEC, RC_WAIT,
    RC_NCALLS
};

/* What a call names: a path (two for rename), a descriptor, or both (none: fork, exec); RT_TEXT2: its second
 * field is text kept as recorded, never a name (a symlink's contents). */
enum rp_target { RT_PATH = 1, RT_FD = 2, RT_PATH2 = 4, RT_NEWFD = 8, RT_TEXT2 = 16 };

struct rp_call_row {
    const char *name;        /* in flowbench's trace format and the reports */
    unsigned target;         /* enum rp_target bits */
    const char *row_type;    /* the flowop type its report row is counted as (NULL: no row, it touches no file) */
    int modifies;            /* changes the names it touches (create, remove, rename): the tree's order */
};
extern const struct rp_call_row rp_calls[RC_NCALLS];
/* The row named name, or -1. */
int rp_call_find(const char *name);

#define RP_NONE UINT64_MAX   /* no offset: the descriptor's own position */

/* One call: as parsed (fd and fd2 the traced numbers) and, compiled, with
 * fd and fd2 the descriptor slots of its process and deps filled in. */
struct rp_rec {
    uint64_t t_ns;           /* since the trace's first call */
    uint64_t dur_ns;
    uint64_t off;            /* RP_NONE: none */
    uint64_t len;            /* bytes asked (read, write, getdents, truncate, lock); stat: the size seen */
    int64_t ret;             /* >= 0, or -errno */
    uint32_t path, path2;    /* offsets into the strings (0: none); path2 of RT_TEXT2: the link's contents */
    int32_t fd, fd2;         /* fd2: what open and dup return */
    uint32_t flags, mode;
    int32_t pid, tid;
    uint32_t line;           /* of its source, for messages */
    uint16_t call;           /* enum rp_call */
    uint8_t ndeps;
    uint8_t unchecked;       /* compiled: a call on a /dev/null stand-in, made for its cost, its outcome not compared */
    uint32_t dep_thread[2];  /* compiled: the other threads' calls it waits for */
    uint32_t dep_seq[2];     /* ... their index within their thread */
};

enum rp_mode { RP_AFAP, RP_THINK, RP_TIMED };

struct rp_thread {
    uint64_t first, count;   /* its records: recs[first .. first + count) */
    uint32_t proc;
    int32_t tid;
    uint32_t base;           /* its client's first thread: its deps' thread numbers count from there (replay --clients) */
    uint32_t root;           /* string: its client's directory, beneath which its calls run */
};

struct rp_proc {
    uint64_t slots_off;      /* int32_t[nslots] real descriptors (-1: closed), from the image's start */
    uint32_t nslots;
    int32_t pid;
};

/* A replayed call whose outcome was not the traced one: its record (index + 1; 0: the slot is not yet
 * written) and what the replay got (>= 0, or -errno). */
struct rp_named {
    _Atomic uint64_t rec;
    int64_t got;
};
#define RP_NAMED 20          /* the mismatches named in the report: the first ones */

/* The image's head; every _off counts from the head's own address. */
struct rp_image {
    uint64_t magic;
    uint64_t size;
    uint64_t recs_off, threads_off, procs_off, strings_off, progress_off;
    uint64_t nrecs;
    uint32_t nthreads, nprocs;
    uint32_t root;           /* string: the directory every path is beneath */
    uint32_t mode;           /* enum rp_mode */
    uint32_t realtime;       /* 1: its threads pace at SCHED_FIFO priority (replay --rt) */
    double speed;
    uint64_t max_len;        /* the largest read or write: each thread's buffer */
    _Atomic uint64_t epoch_ns; /* the first call's start (CLOCK_MONOTONIC); 0 before it */
    _Atomic uint64_t nnamed;   /* mismatches seen: the first RP_NAMED claim a slot of named[] each */
    struct rp_named named[RP_NAMED];
    /* replay --clients and --runtime (src/cli/replay_clients.c) */
    uint32_t clients;        /* copies of the trace, each its threads base .. base + client_threads */
    uint32_t client_threads;
    uint64_t runtime_ns;     /* 0: one pass; else each thread starts its calls again until this long has passed */
    uint64_t span_ns;        /* a pass's traced length (the last call's end): timed mode's offset per pass */
    _Atomic uint64_t loop_start_ns; /* the first call's start (CLOCK_MONOTONIC), the runtime's origin; 0 before it */
    /* the directory root names, opened once before it was judged (cmd_replay.c), plus 1; 0: none, open root
     * by its path. The workers are forked without exec, so each has it: every thread's root is opened
     * beneath it, and DIR swapped for a link since is never followed. */
    uint32_t root_fd1;
};

#define RP_MAGIC 0x31796c7065526246ull /* "FbReply1" */

static inline const struct rp_rec *rp_recs(const struct rp_image *im)
{
    return (const struct rp_rec *)((const char *)im + im->recs_off);
}
static inline const struct rp_thread *rp_threads(const struct rp_image *im)
{
    return (const struct rp_thread *)((const char *)im + im->threads_off);
}
static inline const struct rp_proc *rp_procs(const struct rp_image *im)
{
    return (const struct rp_proc *)((const char *)im + im->procs_off);
}
static inline const char *rp_str(const struct rp_image *im, uint32_t off)
{
    return (const char *)im + im->strings_off + off;
}
/* Each thread's count of calls done, a futex word. */
static inline _Atomic uint32_t *rp_progress(struct rp_image *im)
{
    return (_Atomic uint32_t *)((char *)im + im->progress_off);
}
/* Each thread's count of threads asleep on its progress: it wakes them only then. */
static inline _Atomic uint32_t *rp_waiters(struct rp_image *im)
{
    return rp_progress(im) + im->nthreads;
}
/* Each thread's nearest count a sleeper waits to pass, plus one (0: none): it wakes them only when its
 * count passes it, not at every call (a hundred children waiting for their forks, far ahead in their
 * parent, woken at each of its 24,000 calls spent seconds in futex calls). */
static inline _Atomic uint32_t *rp_wanted(struct rp_image *im)
{
    return rp_progress(im) + 2 * (size_t)im->nthreads;
}
/* Each thread's wake-ups so far: the futex word its sleepers sleep on. */
static inline _Atomic uint32_t *rp_wakes(struct rp_image *im)
{
    return rp_progress(im) + 3 * (size_t)im->nthreads;
}
#define RP_PER_THREAD_WORDS 4 /* progress, waiters, wanted, wakes */
static inline int32_t *rp_slots(struct rp_image *im, const struct rp_proc *p)
{
    return (int32_t *)((char *)im + p->slots_off);
}

/* flowbench's own files at the top of a replay's DIR (fileset/target_lock.h, fileset/managed_tree.h, and the
 * manifest's temporary name while it is written, base/outfile.c): no traced call may name one (trace_compile.c). */
#define RP_LOCK_NAME ".flowbench.lock"
#define RP_MANIFEST_NAME ".flowbench-replay"
#define RP_MANIFEST_TMP_PREFIX "." RP_MANIFEST_NAME ".new-"

#endif
