/* worker.h: what a flowop handler sees: its worker thread (descriptor slots,
 * memory, random stream) and its own instance (statistics row, buffer, state).
 * Handlers time only the system call(s), record through op_done(), and report
 * failures through op_error(); they return an enum fo_rc. Of src/engine/ its
 * inline code calls latlog_note() alone (latlog.c, which does not include this
 * header: ctest header_cycles checks it); the per-op I/O helpers, whose inline
 * code calls more of it, are in op_io.h, and waiting and waking in sync.h. */
#ifndef FB_WORKER_H
#define FB_WORKER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#include "base/clock.h"
#include "base/memop.h"
#include "base/rng.h"
#include "engine/latlog.h"
#include "engine/thread_clock.h"
#include "fileset/fileset_turns.h"
#include "fileset/fileset.h"
#include "fileset/fileset_pick.h"
#include "io/ioengine.h"
#include "model/plan.h"
#include "results/stats.h"

enum fo_rc {
    FO_OK = 0,
    FO_ERROR = -1,      /* the run ends with an error; op_error() said why */
    FO_NORESOURCE = 1,  /* no suitable file or directory */
    FO_DONE = 2,        /* a finish condition was met */
    FO_SPENT = 3,       /* this thread's draws are spent (pick=epoch, picks=): it stops, the run goes on */
};

#define FB_NFDS 130      /* descriptor slots 0..128 (fd=), and the openclose slot */
#define FB_SLOT_OPENCLOSE 129 /* where an openclose op holds its file for one execution */
#define FB_ROTOR_TOP 127 /* opennext rotates 127, 126, ..., 0 */

struct slot {
    int fd;              /* -1 when closed */
    int fileset;         /* of the entry last bound to the slot, -1 none */
    int64_t entry;       /* kept after close (deletefile fd=N uses it) */
    uint64_t offset;     /* sequential I/O position */
    uint64_t last;       /* where its last read or write began (inplace); 0 after an open */
    bool dsync;          /* opened with O_DSYNC: a write is durable when it completes */
};

/* An op's requests on its I/O engine: one for a synchronous engine (its
 * buffer comes from op_buffer), depth for an asynchronous one, each with a
 * buffer of its own, free ones on a stack. */
struct op_ring {
    struct io_req *reqs;
    struct io_req **free;
    size_t *cap;             /* bytes of each request's own buffer (asynchronous engines) */
    unsigned depth, nfree;
    bool own_buffers;        /* each request has its own (asynchronous engines) */
};

/* The I/O engines a thread may hold at once: one instance per kind. */
#define FB_MAX_IOENGINES 8

struct engine;
struct journal_thread;
struct run_shared;
struct thread_cpu;
struct thread_sched;
struct worker;

/* Per-instance state of a flowop in a thread: its row, buffer, the state of
 * the limit and semaphore flowops, and the private state of a flowop type's
 * init/fini hooks. Private to the worker process, never shared. */
struct flowop_hooks;

/* Which short path a read or write takes (op_io_fast, include/engine/op_io.h):
 * none, a synchronous engine's io_prw, or an asynchronous engine's one
 * request sent and waited for at depth 1 (its submit_wait hook). */
enum op_fast {
    OP_FAST_NONE,
    OP_FAST_PRW,
    OP_FAST_ENGINE,
    OP_FAST_N,
};

struct op_inst {
    const struct plan_op *op;
    const struct flowop_hooks *hooks; /* how its type runs (run_desc.flowops) */
    /* What the loop calls for each op: hooks->run, or the one the type's init
     * hook chose for this instance's attributes (a read's short path). */
    int (*run)(struct worker *w, struct op_inst *op);
    struct op_stats *st;     /* this thread's row for the flowop (shared memory) */
    struct op_stats *ist;    /* open loop: its latencies from the intended start (shared memory), else NULL */
    struct slot *slot;       /* the fixed slot (fd=, openclose's own, else 0); NULL with opennext */
    char *buf;               /* private buffer when the thread has no memsize */
    size_t bufsize;
    uint32_t dio_align;      /* directio: its buffers' alignment (engine_dio_align), else 0 */
    bool primed;             /* limits: the first call only remembers the counter */
    uint64_t last;
    int64_t bucket;
    int sem;                 /* semblock: index of its semaphore; wakeup/sempost: first target, or -1 */
    void *priv;              /* the type's own state, made by its init hook */
    struct ioengine *ioe;    /* its thread's instance of its I/O engine, or NULL */
    struct op_ring ring;
    bool whole;              /* a whole-file op is collecting its chunks' completions */
    uint64_t whole_bytes;    /* ... their bytes so far */
    unsigned char tb;        /* the time bucket of its time (enum time_bucket) */
    unsigned cpu_countdown;  /* its ops until the next one whose CPU time is measured (worker_cpu.c) */
    bool sync_read;          /* a read on a synchronous engine, verify= unset: op_io_read's short path (op_io_init) */
    unsigned char fast_rw;   /* enum op_fast: a read or write of op_io_fast's short path (op_io_init), and
                              * whose call; its type's init hook then chooses the run that takes it */
    bool drains;             /* not engine I/O: the requests in flight complete before it runs */
    unsigned char records;   /* what else records its op (enum op_records, set by worker_loop): op_done's
                              * one compare with memory for both (memop_byte_set), read again only when set */
    /* Made once before the run (worker_setup.c), so that a pick or an open tests none of the plan: */
    bool picks_rotor;        /* its picks take the rotor's next turn (no pick=epoch, no indexed=) */
    bool tree_fixed;         /* its fileset has files and no flowop of the run creates or removes
                              * any (engine_tree_changes): an entry that exists stays */
    _Atomic uint64_t *rotor; /* opennext: the thread's own rotor for its fileset, else NULL (the shared one) */
    int open_flags;          /* open(2)'s flags for a file of its fileset (op_open_flags), less O_CREAT */
    struct fileset_rt *fs;   /* its fileset= (op_fileset), else NULL */
};

/* What records an op beside its row (op_inst.records). */
enum op_records {
    OP_RECORDS_INTENDED = 1, /* its row from the intended start (ist: an open loop) */
    OP_RECORDS_LATLOG = 2,   /* the latency log (--latency-log) */
};

/* One of the thread's own flowops as its loop runs it (worker_loop.c): a
 * plain flowop run once per pass, or a choose composite run once whose
 * children are all such; made once before the run so that a pass tests none
 * of this again. */
struct worker_step {
    struct op_inst *inst;          /* the plain flowop, else NULL */
    const struct plan_op *choose;  /* the choose composite, else NULL */
    struct op_inst **kids;         /* the choose's children's instances, by position: a pick's one load */
};

struct worker {
    struct engine *eng;
    struct fileset_rt *eng_fs;  /* eng->fs, kept here for the hot path */
    struct shm *shm;
    struct run_shared *sh;
    const struct plan_process *proc;
    const struct plan_thread *thread;
    unsigned proc_inst, thread_inst;
    size_t slot_index;        /* this thread among all thread instances of the run */
    struct rng rng;
    struct rng data_rng;      /* the bytes writes carry: apart, so the workload's draws stay as they were */
    struct tick_clock clk;    /* times each op (the invocation's clock) */
    char *mem;                /* memsize bytes, or NULL */
    size_t memsize;
    struct slot fds[FB_NFDS];
    unsigned fd_rotor;
    struct op_inst *ops;      /* by plan_op.flat */
    size_t nops;
    struct worker_step *steps; /* the thread's flowops as steps, when each is one (worker_loop.c), else NULL */
    uint64_t *rotors;         /* private rotor per fileset (opennext) */
    struct rng cpu_rng;       /* draws the gaps: the workload's stream must not depend on timing */
    uint64_t cpu_overhead;    /* CPU cost of reading the thread's CPU clock, taken off each sample */
    uint64_t cpu_start;       /* the thread's CPU clock when the run began */
    uint64_t cpu_sampling;    /* CPU the samples' own clock readings cost the thread */
    struct thread_cpu *cpu_pub; /* where the thread publishes its CPU time (shared) */
    struct ioengine *ioe[FB_MAX_IOENGINES]; /* by position in ioengines[] */
    bool ioe_forgets;         /* one of them keeps state per open file (its forget hook, op_io_forget) */
    struct ioengine *live[FB_MAX_IOENGINES]; /* the same, those made, first nlive: what a commit or drain visits */
    unsigned nlive;
    unsigned io_inflight;     /* requests in flight over all its engines */
    struct io_req **unsent;   /* queued on an engine, not yet committed: timed from their commit */
    unsigned nunsent, unsent_cap;
    uint64_t verify_gen;      /* the generation of the thread's last stamped write (journal_generation) */
    struct journal_thread *journal; /* per fileset: its durability journal (journal.h), or NULL: none */
    bool durable_on_write;    /* --test-durable-on-write: every write journaled as durable, unsynced */
    struct latlog_thread *latlog; /* --latency-log: this thread's buffers (latlog.h), else NULL */
    uint64_t pass_lag_ns;     /* open loop: how late the pass under way began (pace.h); 0 in a closed loop */
    uint64_t pass_t0;         /* open loop: op_now() when it began: its ops are due when it was */
    struct thread_sched *sched; /* open loop: where it publishes its schedule (shared), else NULL */
    struct thread_clock tclock; /* where its wall-clock time goes (thread_clock.h) */
    uint64_t cpu_idle;        /* open loop: CPU its pacing sleeps cost, kept out of CPU per op */
    /* A fixed stat's result: here, not on the stack, the body needs no frame
     * and no saved register (stat.c; bench/ledger) */
    struct stat sb;
};

/* The clock read around a measured call: ticks of the worker's clock. */
static inline uint64_t op_now(const struct worker *w)
{
    return tick_now(&w->clk);
}

/* op_now in a body chosen at init for the clock's kind (tsc: w->clk.tsc):
 * a reading without the test of which clock, nor a call with the TSC. */
static inline uint64_t op_now_as(const struct worker *w, bool tsc)
{
#if defined(__x86_64__)
    if (tsc)
        return __builtin_ia32_rdtsc();
#endif
    (void)tsc;
    return tick_now(&w->clk);
}

/* Records one completed op with its bytes (read/write bytes by type) and its
 * latency, t0 and t1 being op_now() readings, and the I/O's offset for the
 * latency log (LATLOG_NO_OFFSET: none). An open-loop thread also records it
 * from its intended start, the due time of the pass it was issued in: that
 * pass began *lag_ns late, at *pass_t0, so an op behind a slow one of the same
 * pass is charged its wait too. With no log and a closed loop, one predictable
 * branch (the pass's start is read through pointers, only on that branch: as
 * values, the compiler loaded them for every op). */
static inline void op_done_from(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1, uint64_t bytes,
                                uint64_t off, const uint64_t *lag_ns, const uint64_t *pass_t0)
{
    uint64_t ns = tick_to_ns(&w->clk, t1 - t0);
    stats_add(op->st, ns, bytes);
    if (__builtin_expect(memop_byte_set(&op->records), 0)) {   /* read again only on this branch */
        unsigned more = op->records;
        if (more & OP_RECORDS_INTENDED)
            stats_add_unringed(op->ist, *lag_ns + tick_to_ns(&w->clk, t1 - *pass_t0), bytes);
        if (more & OP_RECORDS_LATLOG)
            latlog_note(w->latlog, &w->clk, (uint32_t)op->op->flat, t1, ns, bytes, off);
    }
}

/* The same with the pass's start as values (a request's, io_complete.c). */
static inline void op_done_lagged(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1, uint64_t bytes,
                                  uint64_t off, uint64_t lag_ns, uint64_t pass_t0)
{
    op_done_from(w, op, t0, t1, bytes, off, &lag_ns, &pass_t0);
}

static inline void op_done_at(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1, uint64_t bytes,
                              uint64_t off)
{
    op_done_from(w, op, t0, t1, bytes, off, &w->pass_lag_ns, &w->pass_t0);
}

static inline void op_done(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1, uint64_t bytes)
{
    op_done_at(w, op, t0, t1, bytes, LATLOG_NO_OFFSET);
}

/* The same with a latency in nanoseconds. */
static inline void op_done_ns(struct worker *w, struct op_inst *op, uint64_t ns, uint64_t bytes)
{
    stats_add(op->st, ns, bytes);
    if (__builtin_expect(memop_byte_set(&op->records), 0)) {
        unsigned more = op->records;
        if (more & OP_RECORDS_INTENDED)
            stats_add_unringed(op->ist, w->pass_lag_ns + tick_to_ns(&w->clk, op_now(w) - w->pass_t0), bytes);
        if (more & OP_RECORDS_LATLOG)
            latlog_note(w->latlog, &w->clk, (uint32_t)op->op->flat, 0, ns, bytes, LATLOG_NO_OFFSET);
    }
}

/* The order op draws its file in (pick=epoch, indexed=, else the rotor) and
 * the index the picker takes with it (epoch: its picks= limit). */
static inline enum fs_pick_from op_pick_from(struct worker *w, const struct op_inst *op, uint64_t *index)
{
    *index = 0;
    if (op->picks_rotor)
        return FS_FROM_ROTOR;
    if (op->op->epoch) {
        *index = op->op->picks;
        return FS_FROM_EPOCH;
    }
    *index = op->op->has_indexed ? param_u64(&op->op->indexed, &w->rng) : 0;
    return op->op->has_indexed ? FS_FROM_INDEX : FS_FROM_ROTOR;
}

/* What a flowop returns when its pick got no entry: FO_SPENT when pick=epoch's
 * picks= are spent, else FO_NORESOURCE. */
static inline int op_pick_failed(int64_t got)
{
    return got == FS_PICK_DONE ? FO_SPENT : FO_NORESOURCE;
}

/* fileset_pick for a flowop. A wait while every entry wanted is busy is part
 * of the op: *since is then an op_now() reading from before it, else 0. */
static inline int64_t op_pick(struct worker *w, struct fileset_rt *fs, enum fs_kind kind, enum fs_presence want,
                              enum fs_pick_from from, uint64_t index, _Atomic uint64_t *rotor, uint64_t *since)
{
    *since = 0;
    int64_t got = fileset_try_pick(fs, w->shm, kind, want, from, index, rotor);
    if (got != FS_PICK_BUSY)
        return got;
    *since = op_now(w);
    return fileset_pick(fs, w->shm, kind, want, from, index, rotor);
}

/* op_pick in the op's own order on its own rotor. Nearly every op takes the
 * rotor's next turn: that case inline with the order known; the draws of
 * indexed= and pick=epoch go to the picker out of line. */
static inline int64_t op_pick_own(struct worker *w, const struct op_inst *op, struct fileset_rt *fs,
                                  enum fs_kind kind, enum fs_presence want, uint64_t *since)
{
    if (__builtin_expect(op->picks_rotor, 1))
        return op_pick(w, fs, kind, want, FS_FROM_ROTOR, 0, op->rotor, since);
    uint64_t index;
    enum fs_pick_from from = op_pick_from(w, op, &index);
    *since = 0;
    int64_t got = fileset_try_pick_at(fs, w->shm, kind, want, from, index, op->rotor);
    if (got != FS_PICK_BUSY)
        return got;
    *since = op_now(w);
    return fileset_pick(fs, w->shm, kind, want, from, index, op->rotor);
}

/* Before the run, for a body that takes the rotor's turns on a fileset whose
 * tree no flowop changes: op->rotor the one op_pick takes for an existing
 * file (the op's own, else the fileset's shared one) and op->priv the
 * fileset's turn table (fileset_turns.h), one per process, shared by its
 * threads' bodies on it (engine_turns.c); false, nothing set, when a name
 * is not in the table, the root is not open or memory is short. */
bool op_fix_turns(struct worker *w, struct op_inst *op);

/* The file at op's next turn (*idx) and its table row: a fixed body's pick. */
static inline const struct fs_turn *op_turn(const struct op_inst *op, size_t *idx)
{
    *idx = (size_t)(atomic_fetch_add_explicit(op->rotor, 1, memory_order_relaxed) % op->fs->nfiles);
    return &((const struct fs_turn *)op->priv)[*idx];
}

/* The start of an op's timing: now, or when it began waiting for its entry. */
static inline uint64_t op_start(const struct worker *w, uint64_t since)
{
    return since != 0 ? since : op_now(w);
}

/* Ends the run with "flowop NAME (TYPE): WHAT PATH: strerror(err)" (the first error wins). */
int op_error(struct worker *w, struct op_inst *op, const char *what, const char *path, int err);
/* The same for a file or leaf dir of fs (idx), or an ordinary directory:
 * "WHAT PATH: why", naming the symbolic link or foreign object in the way
 * (flowbench follows none in a tree it manages) rather than strerror's words. */
int op_entry_error(struct worker *w, struct op_inst *op, const char *what, struct fileset_rt *fs, enum fs_kind kind,
                   int64_t idx, int err);
int op_dir_error(struct worker *w, struct op_inst *op, const char *what, struct fileset_rt *fs, size_t dir, int err);
/* Same with a free-form message. */
int op_fail(struct worker *w, struct op_inst *op, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* The descriptor slot an op works on: fd= if given, the opennext rotor, else slot 0. */
static inline struct slot *op_slot(struct worker *w, struct op_inst *op)
{
    if (op->slot != NULL)
        return op->slot;
    unsigned n = w->fd_rotor;
    w->fd_rotor = n == 0 ? FB_ROTOR_TOP : n - 1;
    return &w->fds[n];
}

static inline struct fileset_rt *worker_fileset(struct worker *w, int index)
{
    return index < 0 ? NULL : &w->eng_fs[index];
}

/* The op's fileset at run time, or NULL. */
static inline struct fileset_rt *op_fileset(struct worker *w, const struct op_inst *op)
{
    (void)w;
    return op->fs;
}

enum open_mode { OPEN_EXISTING, OPEN_CREATE };
/* open(2)'s flags for op's files of fileset f, O_CREAT apart: op_inst.open_flags. */
int op_open_flags(const struct plan_fileset *f, const struct plan_op *op);
/* Picks an existing (or, to create, a free) file of the op's fileset, opens it
 * into the slot and counts the open as an op of `op` (createfile, openfile). */
int op_open_file(struct worker *w, struct op_inst *op, struct slot *s, enum open_mode mode);
/* "open without closing slot N first": a script error (openfile, createfile). */
int op_slot_taken(struct worker *w, struct op_inst *op, const struct slot *s, enum open_mode mode);
/* An openfile or createfile whose opens test nothing of the plan: a fileset,
 * the rotor's order, no noreadahead, no MPI share's start offset; its init
 * hook then makes op_openfile_plain or op_createfile_plain its run. */
bool op_open_plain(const struct op_inst *op);
int op_openfile_plain(struct worker *w, struct op_inst *op);
int op_createfile_plain(struct worker *w, struct op_inst *op);
/* An open of entry e (held busy, claimed for mode) that failed with err:
 * released as it was, and the error said (directio refused, or its path). */
int op_open_failed(struct worker *w, struct op_inst *op, struct fileset_rt *fs, int64_t e, enum open_mode mode, int err);
/* op_done out of line, then the fileset's threads waiting for a busy entry
 * woken if any: the slow tail of a body that keeps no frame (delete, create). */
int op_done_waking(struct worker *w, struct op_inst *op, struct fileset_rt *fs, uint64_t t0, uint64_t t1);
/* op_done out of line, then FO_OK: the rare tail of a body that keeps no
 * frame (stat.c's fixed body), when the op is also recorded elsewhere. */
int op_done_recorded(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1);
/* Opens a file into the empty slot s without counting the open (op_ensure_open, op_io.h). */
int op_open_uncounted(struct worker *w, struct op_inst *op, struct slot *s);

/* A flowop's work on the file of its slot. */
typedef int (*op_body)(struct worker *w, struct op_inst *op);
/* openclose: body on a file picked for this execution through the fileset's
 * pickers, opened before and closed after (neither counted as an op, as the
 * auto-open is not); the op's requests land before the close. (op_openclose.c) */
int op_openclose(struct worker *w, struct op_inst *op, op_body body);

/* The slot's file is about to close: engines that keep state per file (mmap) let it go. */
void op_io_forget(struct worker *w, const struct slot *s);

/* Path of the slot's entry, for messages. */
const char *slot_path(struct worker *w, const struct slot *s, char *buf, size_t len);

/* v rounded down to a multiple of a (a > 0); a mask when a is a power of two,
 * as I/O sizes nearly always are, so the hot path divides only otherwise. */
static inline uint64_t align_down(uint64_t v, uint64_t a)
{
    return (a & (a - 1)) == 0 ? v & ~(a - 1) : v - v % a;
}

/* Working set of the op on the slot: workingset=, else the nominal size of the
 * slot's file, else the fileset's fixed size (0 when it is a distribution). */
static inline uint64_t op_wss(struct worker *w, struct op_inst *op, const struct slot *s)
{
    if (op->op->workingset != 0)
        return op->op->workingset;
    struct fileset_rt *fs = worker_fileset(w, s->fileset);
    if (fs != NULL && s->entry >= 0)
        return fs->files[s->entry].size;
    fs = op_fileset(w, op);
    return fs != NULL && !fs->plan->size.is_dist ? fs->plan->size.u : 0;
}

/* Ends the run: iosize does not fit the working set of the slot's file. */
int op_fail_wss(struct worker *w, struct op_inst *op, const struct slot *s, uint64_t iosize, uint64_t wss);

/* Bytes an I/O buffer of len bytes takes: room to align it for directio. */
static inline size_t op_buffer_need(const struct op_inst *op, size_t len)
{
    return len + op->dio_align;
}

/* The op's own buffer, grown to at least need bytes (out of line: only when a
 * random iosize exceeds every earlier one); NULL when out of memory. */
char *op_buffer_grow(struct op_inst *op, size_t need);
/* The same for a writing op, laid with the op's data pattern. */
char *op_write_buffer_grow(struct worker *w, struct op_inst *op, size_t need);

/* Samples iosize (0 allowed for whole-file ops). */
static inline uint64_t op_iosize(struct worker *w, struct op_inst *op)
{
    return param_u64(&op->op->iosize, &w->rng);
}

/* Around the body of a flowop that does not look at the run's end (hog): records
 * it, so that the report can say when it kept the run going past its end. */
void op_long_begin(struct worker *w, const struct op_inst *op);
void op_long_end(struct worker *w, const struct op_inst *op);
/* Counters for finish and limit flowops: the ops and the bytes of one flowop
 * of this thread (target_flat), or (target_flat < 0) the ops of every I/O
 * flowop of every thread of the run, and the bytes of those that read or write. */
uint64_t worker_count_ops(struct worker *w, int target_flat);
uint64_t worker_count_bytes(struct worker *w, int target_flat);

#endif
