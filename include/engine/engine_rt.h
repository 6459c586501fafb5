/* engine_rt.h: the engine's run context: the plan laid out over processes and
 * threads, the shared region's layout (offsets only), and the run's shared flags. */
#ifndef FB_ENGINE_RT_H
#define FB_ENGINE_RT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <sys/types.h>

#include "base/clock.h"
#include "base/diag.h"
#include "dist/dist.h"
#include "engine/engine_recent.h"
#include "results/cpu_share.h"
#include "engine/engine.h"
#include "engine/pace.h"
#include "engine/thread_clock.h"
#include "fileset/fileset.h"
#include "base/futex.h"
#include "model/plan.h"
#include "place/place.h"
#include "results/results.h"
#include "base/shm.h"
#include "results/stats.h"

enum run_phase { PHASE_SETUP = 0, PHASE_GO = 1, PHASE_STOP = 2 };

enum stop_reason {
    STOP_NONE = 0,
    STOP_TIME,      /* the run length elapsed */
    STOP_STEADY,    /* the steady-state condition held (engine_steady.c) */
    STOP_FINISHED,  /* a finish condition, firstdone, or every thread done (alldone) */
    STOP_NOFILES,   /* a thread could not obtain a file (timeout mode) */
    STOP_ERROR,     /* a flowop failed */
    STOP_SIGNAL,    /* SIGINT/SIGTERM */
    STOP_WORKER,    /* a worker process died */
};

/* The run's shared flags (in the shared region). */
struct run_shared {
    _Atomic uint32_t phase;        /* futex word: enum run_phase */
    _Atomic uint32_t stop_reason;
    _Atomic uint32_t ready;        /* threads ready at the start barrier */
    _Atomic uint32_t running;      /* threads still looping */
    _Atomic uint32_t master_wake;  /* futex word the master sleeps on */
    _Atomic uint64_t go_ns;
    _Atomic uint64_t stop_ns;
    _Atomic uint32_t err_taken;
    char err[1024];                /* the first error of the run */
    char stop_note[512];           /* why a thread stopped early (no files) */
    _Atomic uint64_t events;       /* event generator tokens */
    _Atomic uint32_t events_seq;   /* futex word for event waiters */
    _Atomic uint64_t steps_released; /* barrier: the steps every thread (every rank) has reached */
    _Atomic uint32_t steps_seq;    /* futex word for barrier waiters, bumped at each release */
};

/* A semaphore of a semblock or block flowop instance. */
struct fb_sem {
    _Atomic uint64_t posts;
    _Atomic uint64_t credit;
    _Atomic uint32_t seq;          /* futex word, bumped on every change */
    uint32_t pad;
};

/* A thread's CPU time since the run began, less what its CPU samples cost, as
 * of its last sample (and its exit); and the flowop it is in while that flowop
 * does not look at the run's end (hog), for the note on a run it outlasted.
 * One cache line per thread, written by the thread, read by the master. */
struct thread_cpu {
    _Atomic uint64_t ns;
    _Atomic uint64_t late_ns;      /* when such a flowop returned after the run's end, or 0 */
    _Atomic uint32_t long_op;      /* flat index + 1 of such a flowop while it runs, or 0 */
    _Atomic uint32_t late_op;      /* flat index + 1 of the one that returned at late_ns */
    _Atomic uint64_t steps;        /* barrier flowops this thread has reached */
    char pad[32];
};

/* One thread instance of the run. */
struct thread_slot {
    size_t proc, proc_inst, thread, thread_inst;
    size_t stats_off;              /* shm offset of struct op_stats[thread.nflat] */
    size_t cpu_off;                /* shm offset of its struct thread_cpu */
    size_t intended_off;           /* open loop (rate=): shm offset of struct op_stats[thread.nflat], from the */
                                   /* intended starts; 0: closed loop */
    size_t sched_off;              /* open loop: shm offset of its struct thread_sched; 0: closed loop */
    size_t time_off;               /* shm offset of its struct thread_time (thread_clock.h) */
};

struct sem_desc {
    size_t slot;
    size_t flat;
    const struct plan_op *op;
};

/* A tree shared by MPI ranks, laid out whole on rank 0 for its creation while
 * every rank runs on its own share (engine_share.c). */
struct fs_whole {
    struct fileset_rt fs;          /* fs.plan NULL: none */
    struct shm shm;                /* its state while it is created */
    size_t kept_files;             /* >0: kept whole (of these many files) by a run before, now split */
};

struct engine {
    const struct run_desc *run;
    const struct plan *plan;       /* run->plan */
    struct shm shm;
    struct run_shared *sh;
    struct fileset_rt *fs;
    size_t nfs;
    int *kept;                     /* per fileset: its index in the run's fs_cache, or -1 */
    struct fs_whole *whole;        /* per fileset: the whole tree rank 0 creates for the ranks, or none */
    bool created;                  /* the filesets are on disk: keep them for the next run */
    struct thread_slot *slots;
    size_t nslots;
    struct sem_desc *sems;
    size_t nsems;
    size_t sems_off;
    struct op_stats *baseline;     /* psrun interval statistics: every row at the last report */
    struct engine_recent interval_recent; /* --interval: each IO row's ops then, for an exact p99 of few ops */
    struct engine_sampler *sampler; /* the one sampler of the IO figures (engine_sample.c) */
    struct engine_steady *steady;  /* the steady-state judge's window, or NULL */
    bool status_drawn;             /* the line is on the terminal: wipe it before other output */
    struct run_result *result;     /* this run's result, appended to run->results at the end */
    pid_t *pids;
    size_t npids;
    unsigned ncpu;
    uint64_t seed;
    struct tick_clock clock;       /* times each op (engine_run) */
    uint64_t gone_ns;              /* when the last worker process was gone */
    struct engine_system *system;  /* the master's readings of CPU, memory and devices (engine_system.c) */
    struct place_topo *topo;       /* the machine as hwloc sees it */
    struct placement place;        /* each slot's CPUs and memory nodes */
    size_t place_off;              /* shm offset of struct place_outcome[nslots] */
    struct dist_vote vote;         /* whether the ranks stop (engine_dist.c) */
    uint64_t go_wall_ns;           /* CLOCK_REALTIME at go: the ranks' intervals on one time line */
    struct latlog_run *latlog;     /* --latency-log (latlog_file.c), or NULL */
    size_t latlog_drop_off;        /* shm offset of uint64_t[nslots]: each thread's dropped records */
    uint64_t *vote_counts;         /* 3 * nvote: this rank's counts the vote sums (engine_dist.c), */
    size_t nvote;                  /* then the vote's two halves */
    size_t replay_off;             /* shm offset of the plan's replay image (replay_rt.c), 0: none */
    size_t replay_start_off;       /* timed replay: shm offset of struct op_stats[nthreads], each call's start error; 0: none */
    bool steps;                    /* a thread has a barrier flowop (engine_step.c) */
    struct stonewall_snap { uint64_t ns, ops, bytes; } wall; /* when this rank learnt of the stop; ns 0 before */
    struct rank_host *hosts;       /* over many ranks: each rank's host and slots, in rank order (set) */
    struct rank_end *ends;         /* ... every rank's part of the end's agreement (finish) */
    struct dist_tally tally;       /* ... the collective calls made before the phase going on */
    size_t writers_cap;            /* ... the most slots of a rank: the writers each sends at the end */
    size_t end_figs;               /* ... the bytes of figures each sends at the end (the most of a rank's) */
    unsigned char *end_mine, *end_all; /* ... room for the end's agreement: this rank's block, every rank's */
    struct writer_time *writers_all; /* ... every rank's writers, writers_cap each, out of it */
    struct dist_roll roll;         /* the roll call for a rank lost mid-run (engine_roll.c) */
    size_t roll_size;              /* the bytes of figures an answer carries (figures.h) */
    unsigned char *roll_all;       /* rank 0, after a roll call: every rank's answer */
    bool *roll_alive;              /* ... and which ranks gave one */
    bool ranks_lost;               /* rank 0: a rank did not answer; the run's result is the others' */
    bool done_at_end;              /* over many ranks: this one was done when the end vote began */
    size_t nranks_all;             /* ... out of this many ranks */
    uint64_t *journal_ids;         /* per fileset: the id journal_begin gave its tree (0: no journal), or NULL */
    struct engine_turns *turns;    /* a worker process's turn tables of its fixed trees (engine_turns.c), or NULL */
};

static inline struct op_stats *slot_stats(const struct engine *e, size_t slot)
{
    return (struct op_stats *)shm_at(&e->shm, e->slots[slot].stats_off);
}

static inline struct thread_cpu *slot_cpu(const struct engine *e, size_t slot)
{
    return (struct thread_cpu *)shm_at(&e->shm, e->slots[slot].cpu_off);
}

/* Open loop: the rows of latencies from the intended start, and the schedule; NULL in a closed loop. */
static inline struct op_stats *slot_intended(const struct engine *e, size_t slot)
{
    return e->slots[slot].intended_off ? (struct op_stats *)shm_at(&e->shm, e->slots[slot].intended_off) : NULL;
}

static inline struct thread_sched *slot_sched(const struct engine *e, size_t slot)
{
    return e->slots[slot].sched_off ? (struct thread_sched *)shm_at(&e->shm, e->slots[slot].sched_off) : NULL;
}

static inline struct thread_time *slot_time(const struct engine *e, size_t slot)
{
    return (struct thread_time *)shm_at(&e->shm, e->slots[slot].time_off);
}

static inline struct place_outcome *slot_place(const struct engine *e, size_t slot)
{
    return (struct place_outcome *)shm_at(&e->shm, e->place_off) + slot;
}

/* Whether plan process p takes part in the run (a phase runs some of them). */
static inline bool engine_selected(const struct engine *e, size_t p)
{
    return e->run->procs == NULL || e->run->procs[p];
}

/* Seconds since the invocation started, the stamp of every progress line. */
static inline double engine_stamp(const struct engine *e)
{
    return (double)(clock_ns() - e->run->start_ns) / 1e9;
}

static inline struct fb_sem *engine_sem(const struct engine *e, int i)
{
    return (struct fb_sem *)shm_at(&e->shm, e->sems_off) + i;
}

/* Filesets kept between runs (engine_keep.c). */
int engine_keep_take(struct engine *e, size_t i);
void engine_keep_restore(struct engine *e, size_t i, int k);
void engine_keep_store(struct engine *e);

/* Each fileset's root descriptor (engine_trees.c): opened by the master once
 * the trees are in place, a tree kept from the run before opened anew and
 * checked again (fileset_check_tree); -1 with err set (bad input when the
 * tree was changed). A worker process, after fork, opens its own, for nthreads
 * threads (whose slots need descriptors too). */
int engine_trees_open(struct engine *e, struct diag *err);
int engine_trees_reopen(struct engine *e, size_t nthreads, struct diag *err);

/* Trees shared by MPI ranks (engine_share.c). After a fresh layout of
 * fileset i: a rank that creates and deletes in it keeps only its share
 * (rank 0 keeps the whole too, to create it). */
int engine_share_layout(struct engine *e, size_t i, struct diag *err);
/* The same for a tree kept from the run before: one it left whole (nobody
 * changed it, so every rank knows the same entries) that this run changes is
 * split, its kept state restored share-wise (engine_keep_restore). */
int engine_share_kept(struct engine *e, size_t i, struct diag *err);
/* Whether this rank makes fileset i on disk: its own tree, or rank 0 of a shared one. */
bool engine_share_makes(const struct engine *e, size_t i);
/* Whether a flowop of the plan creates or removes entries of fileset i
 * (FF_TREE; one on a descriptor, with no fileset, may be on any). */
bool engine_tree_changes(const struct plan *p, int i);
/* Fileset i as a tree on disk: the whole of a shared one rank 0 creates, else its own. */
const struct fileset_rt *engine_share_whole(const struct engine *e, size_t i);
/* The tree to create for fileset i and the memory of its state. */
struct fileset_rt *engine_share_tree(struct engine *e, size_t i, struct shm **shm, struct diag *err);
/* Once rank 0 made its filesets: what it created becomes every rank's state
 * (the broadcasts wait for it). Every rank calls it, for every shared fileset
 * of the plan, and makes every broadcast even when it fails (-1 with err: out
 * of memory, on the rank short of it, told to the others at the agreement that
 * follows), or when it is not ready (its own making failed, err already set):
 * it then takes its part and adopts nothing. */
int engine_share_adopt(struct engine *e, bool ready, struct diag *err);
void engine_share_free(struct engine *e);

/* `flush`: syncs and drops the page cache (engine_flush.c); -1 with err set
 * when a fileset's file could not be dropped. */
int engine_flush(struct engine *e, struct diag *err);

/* directio (engine_dio.c): each fileset's O_DIRECT alignment, found once
 * the filesets are in place; -1 with err set when a directio op's fixed
 * iosize is not a multiple of it. */
int engine_dio_setup(struct engine *e, struct diag *err);
/* The buffer (mem) and offset/size (off, 0 when unknown) alignment O_DIRECT
 * needs for op: its fileset's, or the largest of the run's for an op with
 * none (fd=). */
void engine_dio_align(const struct engine *e, const struct plan_op *op, uint32_t *mem, uint32_t *off);

/* Stops the run (first reason wins) and wakes every waiter. */
void engine_stop(struct engine *e, enum stop_reason why);
/* The one sampler of the IO flowops' figures (engine_sample.c), its memory
 * made before the start: each tick of the watch loop merges the IO rows once
 * when a consumer is due and hands each due one the figures since its last
 * look (no allocation per tick): the live status line (each second), the
 * steady-state judge (each whole second since go) and --interval. */
struct sample_tick {
    uint64_t go, last, now;        /* the consumer's period: from last to now */
    const struct op_stats *io;     /* every IO row merged now */
    const struct op_stats *delta;  /* ... since last */
    bool final;                    /* the last, partial period up to the stop */
};
int engine_sample_prepare(struct engine *e, struct diag *err);
void engine_sample_tick(struct engine *e, uint64_t now);
/* When the next consumer is due (UINT64_MAX: none). */
uint64_t engine_sample_next(const struct engine *e);
/* After the stop: the last, partial --interval up to it. */
void engine_sample_final(struct engine *e);
void engine_sample_free(struct engine *e);
/* The consumers: the status line (engine_status.c; wiped before any other
 * line the run prints), the steady-state second (its period in engine_steady.c). */
uint64_t engine_status_period(const struct engine *e);
void engine_status_take(struct engine *e, const struct sample_tick *t);
void engine_status_clear(struct engine *e);
#define ENGINE_SECOND_NS 1000000000ull
uint64_t engine_steady_period(const struct engine *e);
/* Steady state (engine_steady.c): the window, made before the start (-1 when
 * out of memory); the IO counters of every rank up to whole second k since
 * go (ops, bytes, histogram), true once the condition holds; memory for such
 * counters; what it came to, into the result. */
struct second_figures { double ops_per_s, mb_per_s; uint64_t p99_ns; };
int engine_steady_prepare(struct engine *e, struct diag *err);
bool engine_steady_second(struct engine *e, uint64_t k, const struct op_stats *io);
struct op_stats *engine_steady_scratch(struct engine *e);
void engine_steady_result(const struct engine *e, struct run_result *r, double seconds);
void engine_steady_free(struct engine *e);
/* A note of the run (engine_note.c), printed by its writer. */
void engine_note(const struct engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* engine_step.c: the barrier flowop's steps. Whether the run has any; the
 * steps every local thread has reached; a release once every thread reached
 * the next step (over many ranks: by summed, the sum over the ranks of their
 * reached steps at the vote's last round, or NULL while none is known).
 * Returns whether a thread waits. */
bool engine_step_any(const struct engine *e);
uint64_t engine_step_reached(const struct engine *e);
bool engine_step_tick(struct engine *e, const uint64_t *summed);

/* engine_dist.c: the ranks of a run meeting (dist.h). Every rank reaches an
 * agreement; -1 when one failed, with err (this rank's error when it failed)
 * then naming that rank and its host on every rank. */
int engine_dist_agree(bool failed, struct diag *err);
/* Over many ranks, what a rank tells the others. Set: whether it failed, its host (to
 * name it if it is lost) and its thread slots, set's one agreement. The end of a run (engine_dist_results): its interval,
 * stonewall, latency log and the shape of its figures, for the one agreement of finish. */
struct rank_host {
    char name[64];
    uint64_t slots;
    uint64_t figures;                       /* the bytes of its figures packed (a replay's folded) */
    uint64_t failed, bad_input;             /* a step of set failed on it; its error is bad input */
};
struct rank_end {
    struct rank_row row;                    /* its row of the per-rank table, its own interval */
    uint64_t go_wall, stop_wall;            /* its measured interval on the wall clock */
    uint64_t wall_at, wall_ops, wall_bytes; /* its stonewall snapshot */
    uint64_t log_records, log_dropped, log_failed;
    uint64_t shape;                         /* figures_size: merged only when every rank's is the same */
    uint64_t unmergeable;                   /* a replay whose rows it could not fold, figures not of set's size */
    uint64_t calls;                         /* a replay's kinds of call, a bit each (engine_replay_fold) */
    uint64_t done;                          /* its finish condition met when the end vote began */
    char msg[1024];                         /* its error, or why it ran out of files, when the run ended so */
};
/* Made, over many ranks: room for the vote's counts and what the ranks tell each other
 * later; asks no other rank anything. -1 with err set when out of memory. */
int engine_dist_prepare(struct engine *e, struct diag *err);
/* Set's one agreement (over many ranks): every rank's word on its steps (failed: this
 * rank's), host and slots on every rank. -1 when a rank failed, err then naming it
 * on every rank, as engine_dist_agree. */
int engine_dist_set(struct engine *e, bool failed, struct diag *err);
/* Started, over many ranks: room for the end's one agreement, of the size set's agreement
 * found (every rank's part, writers and figures), so that no rank misses the end for want
 * of memory. -1 with err set when out of memory. */
int engine_dist_room(struct engine *e, struct diag *err);
/* With FLOWBENCH_DIST_TALLY set, over many ranks: the collective calls this rank made
 * since the last phase ended, a line on the run's error stream naming the phase. */
void engine_dist_tally(struct engine *e, const char *phase);
/* The watch loop's vote, without blocking: another rank's stop stops this
 * one; the run is finished once every rank is done (its finish condition met,
 * firstdone, alldone), a rank done first waiting for the others in
 * engine_dist_end; the steady-state judge reads the seconds summed over every
 * rank; a barrier step every rank reached is released. Returns whether a
 * thread waits at a barrier. */
bool engine_dist_watch(struct engine *e);
/* This rank's IO counters up to whole second k since go, for the vote to sum. */
void engine_dist_second(struct engine *e, uint64_t k, const struct op_stats *io);
/* Over many ranks: this rank's stonewall snapshot, taken once by the master
 * as soon as it learns that the run stops (before it tells its workers when
 * it is the one stopping them): its IO ops and bytes then. */
void engine_dist_stonewall(struct engine *e);
/* Once this rank stopped: until every rank has (the end vote, measured's agreement); the
 * run ends as the worst end of all. The rank it is about is named at the end's agreement
 * (engine_dist_results), and the time running out on ranks not done while others were
 * becomes an error there. */
void engine_dist_end(struct engine *e);
/* At go: the start on the wall clock, to put the ranks' intervals on one line. */
void engine_dist_go(struct engine *e, uint64_t go);
/* The one agreement of a run's end, after engine_dist_end (nothing on one rank): r, this
 * rank's result over its own interval, becomes the run's over every rank (rows summed, one
 * rank_row each, the stonewall, the latency logs' counts and whether any failed, in
 * *log_failed); the rank the end is about named in the run's error or stop note; returns the run's measured interval in seconds, the one its rates are over:
 * this rank's own, or the earliest start to the latest stop of every rank. */
double engine_dist_results(struct engine *e, struct run_result *r, uint64_t go, uint64_t stop, bool *log_failed);
/* engine_roll.c: a rank lost mid-run. mpirun ends the job when one rank's
 * flowbench dies, and the end vote would wait on it for ever: once this rank
 * stopped, rank 0 calls the roll and, when a rank does not answer, reports the
 * ranks that did, their figures so far, and the lost rank's name. */
/* At go: the roll call of this run opens (its answers' size). */
void engine_roll_open(struct engine *e);
/* Another rank, where it polls the vote: answers rank 0's roll call. */
void engine_roll_answer(struct engine *e);
/* Rank 0, after waiting for the end vote a while: the roll call; true when
 * a rank did not answer (its answers then kept for engine_roll_lose). */
bool engine_roll_call(struct engine *e);
/* Rank 0, a rank lost: the run stops with an error naming it (and its host),
 * and this rank leaves the others. */
void engine_roll_lose(struct engine *e);
/* Rank 0 after a loss: r (this rank's own) becomes the result over the ranks that answered. */
void engine_roll_results(struct engine *e, struct run_result *r);
void engine_roll_free(struct engine *e);
/* This rank's own figures in r, as a row of the per-rank table. */
struct rank_row engine_rank_row(const struct run_result *r);
/* The bytes of this rank's figures packed (figures.h) as its result will have them at
 * the end (a replay's rows folded), the plan's, alike on every rank; 0 when out of memory. */
size_t engine_figures_size(struct engine *e);
struct worker;
/* Ends the run with msg, unless an error came first (src/engine/op_error.c). */
void worker_set_error(struct worker *w, const char *msg);
/* The body of one worker process. Never returns. */
void engine_worker_process(struct engine *e, size_t proc, size_t inst) __attribute__((noreturn));
/* What merged rows count: everything since the start, or since the last psrun report. */
enum collect_span { SINCE_START, SINCE_BASELINE };

/* Merges the rows of the run into r (engine_collect.c). */
void engine_collect(struct engine *e, double seconds, enum collect_span span, struct run_result *r);
void engine_io_now(struct engine *e, struct op_stats *io);
/* Over every thread of this rank, from shared memory (no lock): the ops or the
 * bytes of its I/O flowops, or the bytes of those that read or write. */
enum run_count { RUN_IO_OPS, RUN_IO_BYTES, RUN_RW_BYTES };
uint64_t engine_run_count(const struct engine *e, enum run_count what);
/* The note on a flowop that kept the run going past its end (hog), if one did,
 * through the run's writer. */
void engine_note_overrun(const struct engine *e, double stamp);
/* psrun: a report of the run so far (SINCE_START) or of the last period. */
void engine_report_period(struct engine *e, double seconds, enum collect_span span);
/* The system's figures of the run, read by the master alone (engine_system.c):
 * find the file systems and devices of the run's directories (once the
 * filesets exist), read at the start, at each --interval and at the end. */
void engine_system_find(struct engine *e);
void engine_system_start(struct engine *e, uint64_t now);
void engine_system_sample(struct engine *e, uint64_t now);
void engine_system_end(struct engine *e, uint64_t now);
void engine_system_free(struct engine *e);
/* Placement (engine_place.c): the plan, once the slots are laid out; applied
 * by each worker thread for itself before the barrier; once every thread is
 * ready, what each one got goes into the result, with a note for each binding
 * that could not be applied. */
int engine_place_plan(struct engine *e, struct diag *err);
void engine_place_apply(const struct engine *e, size_t slot);
void engine_place_report(struct engine *e);
/* Event generator thread of the master. */
int events_start(struct engine *e, pthread_t *thr);
void events_stop(struct engine *e, pthread_t thr);

#endif
