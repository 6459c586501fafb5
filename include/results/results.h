/* results.h: what a run measured, kept after the run for the text, JSON, CSV and
 * HTML reports: one merged row per declared flowop, the summary, the intervals. */
#ifndef FB_RESULTS_H
#define FB_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results/flowop_class.h"
#include "results/run_meta.h"
#include "results/stats.h"
#include "results/time_account.h"
#include "results/system.h"

struct result_row {
    char *name;          /* dotted inside composites */
    char *process;
    char *thread;
    const char *type;    /* flowop type name (static) */
    enum flowop_class cls;
    enum flowop_rw rw;
    bool verify;         /* it stamps and checks verify headers: report its block counts */
    const char *ioengine; /* the I/O engine of its reads or writes (static), or NULL */
    unsigned iodepth;
    struct op_stats st;  /* merged over every instance */
    struct op_stats *intended; /* open loop (rate=): the same ops timed from their intended start, else NULL */
};

/* An open-loop thread (rate=) of a run: how its instances kept their schedule. */
struct sched_row {
    char *process, *thread;
    uint64_t rate;             /* passes per second asked of each instance */
    uint64_t instances;
    uint64_t passes;           /* passes begun, over every instance */
    uint64_t intended;         /* passes the schedule asked for by the stop, over every instance */
    uint64_t max_lag_ns;       /* the latest any pass began after it was due */
    uint64_t final_lag_ns;     /* how far behind its schedule the worst instance was at the stop */
    uint64_t behind;           /* instances that could not keep up: more than 1% of their passes behind at the stop */
};

/* Passes due before the stop that were never begun (a pass begins only once due). */
static inline uint64_t sched_missed(const struct sched_row *s)
{
    return s->intended > s->passes ? s->intended - s->passes : 0;
}

/* One --interval (or psrun) sample of the IO flowops. */
/* Where a replay is in its trace (this rank's): calls done of all, mismatches seen;
 * calls 0: not a replay. */
struct replay_position {
    uint64_t done, calls, mismatches;
};

struct interval_sample {
    double t;            /* seconds since the run started */
    double seconds;      /* length of this interval */
    uint64_t ops;
    uint64_t bytes;
    double mean_ns;
    uint64_t p99_ns;
    struct replay_position pos; /* a replay's at the sample */
};

/* A flowop that kept the run going past its end (a hog), for the note after the run. */
struct overrun_note {
    const char *flowop, *type, *thread;
    bool killed;         /* still running when the workers were stopped: that op is not counted */
    double lasted;       /* seconds from the start until the last worker was gone */
    double planned;      /* seconds from the start to the stop */
};

/* The page cache's share of a fileset at the start of a run (cached_bytes of
 * asked_bytes, over every existing file or an even sample of them). */
struct cache_share {
    char *fileset;
    uint64_t bytes;      /* the fileset's existing bytes */
    uint64_t asked_bytes, cached_bytes;
    uint64_t files;      /* files asked */
    bool sampled;
};

/* The share of the asked bytes found in the page cache, 0..1 (0 when none were asked). */
static inline double cache_share_of(const struct cache_share *c)
{
    return c->asked_bytes ? (double)c->cached_bytes / (double)c->asked_bytes : 0;
}

/* Where one thread instance ran: its planned CPUs and memory nodes (NULL:
 * unbound), the CPUs it read back after binding, and whether the binding was
 * applied ("applied", "failed", "planned only", "unbound"), with the reason. */
struct thread_place {
    char *thread;        /* "PROCESS[i].THREAD[j]" */
    char *planned, *nodes;
    char *cpus;
    const char *state;
    char *note;          /* or NULL */
};

/* One rank of a run over many hosts (MPI): its own figures, for the per-rank table. */
struct rank_row {
    char host[64];
    double seconds;      /* its own measured interval */
    uint64_t ops, bytes; /* its IO flowops */
    uint64_t p99_ns;
    double cpu_ns_per_op;
    bool lost;           /* it died mid-run: no figures, only its host */
};

/* The latency log of a run (--latency-log), when it had one. */
struct latlog_summary {
    char *path;          /* the file written, or NULL: no log */
    uint64_t records, dropped, sample;
    char *error;         /* why it could not be written (the file is then removed), or NULL */
};

/* Over many ranks: the IO of every rank up to the moment it learnt that the run
 * stops, and that moment for the first rank (the stonewall) and the last. */
struct run_stonewall {
    double seconds;      /* from the global start to the first rank's stop */
    double lag_seconds;  /* from there to the last rank's snapshot */
    uint64_t ops, bytes; /* summed over the ranks, each at its own snapshot */
};

/* One thread instance that wrote: its time in writes and fsyncs (a checkpoint's
 * writer), in seconds. Over many ranks, named with its rank. */
struct writer_time {
    char thread[96];     /* "PROCESS[i].THREAD[j]", with "rank N:" before it over ranks */
    double seconds;
};

/* One criterion judged after a run: the cli fills it from the results, the
 * reports write it. */
struct criterion_outcome {
    char *expr;          /* as written */
    char *where;         /* "file:line" of its criteria line, or "-C" */
    const char *cmp;     /* "<=", ">=", ... (static) */
    double measured, limit; /* its two sides */
    char *error;         /* why it could not be judged (no data, ...): a FAIL with no values; NULL when judged */
    bool pass;
};

/* A run's steady-state condition (set steadystate, --steadystate) and whether it was met. */
struct steady_result {
    bool asked;
    const char *metric, *unit; /* "iops" and "ops/s", ... (static) */
    double limit_pct;
    uint64_t window_s, warmup_s;
    bool reached;              /* the run ended on it */
    double at_s;               /* then: seconds from the start */
    uint64_t samples;          /* seconds judged (after the warm-up) */
    double mean;               /* of the last window judged (of fewer seconds when the run ended first), in unit */
    double max_dev_pct;        /* its second furthest from that mean, in percent of it */
};

/* A replayed call whose outcome was not the traced one (a replay names its first few). */
struct replay_mismatch {
    uint32_t line;       /* of the trace */
    const char *call;    /* its name (static) */
    char *target;        /* its path, or "fd" (a descriptor's call: its line says which) */
    int64_t traced, got; /* each >= 0, or -errno */
};

/* A replay's client (--clients, --runtime): what its copy of the trace did (replay_clients.c). */
struct replay_client_fig {
    uint64_t calls, mismatches;
    double passes;       /* calls over one pass's calls: a pass cut by the runtime counts its share */
};

struct run_result {
    int index;
    double seconds;
    const char *end;     /* "time", "finished", "no files", "error", "signal", "worker died" */
    char *error;         /* the error message, or NULL */
    struct result_row *rows;
    size_t nrows;
    struct op_stats io;  /* IO and AIO flowops together */
    struct op_stats *io_intended; /* ... those of open-loop threads timed from their intended start, or NULL */
    struct op_stats *replay_start; /* a timed replay: each call's start minus its intended start (its "latency"), or NULL */
    uint64_t reads, writes;
    struct interval_sample *intervals;
    size_t nintervals;
    struct cache_share *cache;   /* one per fileset, in definition order */
    size_t ncache;
    struct run_system system;    /* CPU, memory and devices during the run */
    struct run_meta meta;        /* the variables, command line and file system of the run */
    struct thread_place *placement; /* one per thread instance, in the engine's slot order */
    size_t nplacement;
    struct rank_row *ranks;      /* over many ranks (MPI): one row each, in rank order; */
    size_t nranks;               /* 0 on one rank, whose figures are the run's */
    struct latlog_summary latlog;
    struct run_stonewall stonewall; /* with nranks */
    struct writer_time *writers; /* thread instances that wrote, in slot order */
    size_t nwriters;
    double slowest_writer_s;     /* the most seconds one of them spent writing (0: none wrote) */
    struct criterion_outcome *criteria; /* judged after the run, in the order given */
    size_t ncriteria;
    struct steady_result steady;
    struct sched_row *sched;     /* one per open-loop thread, in script order */
    size_t nsched;
    struct thread_times *times;  /* one per thread of the script, in script order: where its */
    size_t ntimes;               /* wall-clock time went (time_account.h), summed over ranks */
    bool replay;                 /* a replay's run: its rows are a traced process's thread's calls of a kind */
    struct replay_mismatch *mismatches; /* a replay: its first mismatches, in the order they were seen; */
    size_t nmismatches;          /* ... how many are named, */
    uint64_t mismatches_seen;    /* ... of how many in all (this rank's) */
    struct replay_client_fig *clients; /* replay --clients or --runtime: one per client (DIR itself: one), */
    size_t nclients;             /* ... 0 for any other run */
    uint64_t left_out[5];        /* a replay: the calls its trace left out, by kind (trace.h's enum trace_left) */
};

/* The live status line of a run on a terminal (--quiet turns it off). */
struct live_status {
    int run;             /* the run's number in the invocation */
    double elapsed;      /* seconds since the run started */
    double total;        /* its planned length; 0 until a finish condition */
    double ops_per_s, mb_per_s;  /* the IO flowops over the last second */
    uint64_t p99_ns;     /* ... and their p99 latency then */
    uint64_t errors;     /* since the start */
    struct replay_position pos; /* a replay's */
};

struct host_info {
    char hostname[256];
    char kernel[256];
    unsigned cores, pus, numa, packages;
    bool topology_this_system;  /* false: HWLOC_SYNTHETIC or an XML file (nothing was bound) */
    const char *clock;   /* "tsc" or "vdso": what timed the ops; NULL before a run */
};

struct results {
    struct run_result *runs;
    size_t n;
    struct host_info host;
};

void results_free(struct results *r);
/* Forgets the last run's result (a warmup's). */
void results_drop_last(struct results *r);
/* Adds an interval sample; false when out of memory (the sample is dropped). */
bool run_result_add_interval(struct run_result *r, const struct interval_sample *s);
/* Adds a criterion's outcome (expr and where are copied); false when out of memory. */
bool run_result_add_criterion(struct run_result *r, const struct criterion_outcome *o);
/* Whether every criterion judged on the run passed (true with none). */
bool run_result_criteria_pass(const struct run_result *r);

#endif
