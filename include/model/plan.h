/* plan.h: a run's fully resolved model: every variable bound, every name looked
 * up, every value checked. Built when a run starts (and by --check); the engine
 * reads only this. Composite flowops are expanded per use, with dotted names. */
#ifndef FB_PLAN_H
#define FB_PLAN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "base/data.h"
#include "lang/distribution.h"
#include "model/flowop_type.h"
#include "model/model.h"
#include "model/plan_place.h"
#include "lang/vars.h"

/* A number that is either fixed or drawn from a distribution on each use. */
struct param {
    bool is_dist;
    uint64_t u;
    struct dist dist;
};

static inline uint64_t param_u64(const struct param *p, struct rng *r)
{
    if (!p->is_dist)
        return p->u;
    double s = dist_sample(&p->dist, r);
    if (!(s > 0))
        return 0;
    return s >= 18446744073709549568.0 ? UINT64_MAX : (uint64_t)s;
}

enum quit_mode { QUIT_TIMEOUT, QUIT_ALLDONE, QUIT_FIRSTDONE };

struct ioengine_ops;
struct rp_image;

/* How a flowop's reads and writes reach the kernel. */
struct plan_io {
    const struct ioengine_ops *engine;  /* NULL: the flowop does no engine I/O */
    unsigned depth;                     /* requests in flight (asynchronous engines) */
};

struct plan_fileset {
    char *name;
    char *path;
    bool is_file;
    uint64_t entries, leafdirs;
    struct param size;
    struct param dirwidth;
    double dirgamma;          /* shape; 0 = fixed width and depth */
    bool has_depthrv;
    struct dist depthrv;
    unsigned prealloc;        /* percent */
    bool paralloc, reuse, trusttree, readonly, writeonly, cached;
    bool shared;              /* over MPI ranks: one tree for all (shared, --mpi-shared), else one per rank */
    bool verify;              /* every write to its files stamps block headers */
    uint32_t verify_id;       /* vb_fileset_id of the name: the fileset in those headers */
    char *journal;            /* journal= (or --journal): the durability journal's directory, or NULL */
    char filenames[64];       /* filenames=: the pattern of its files' names (%i, %r, %%), or "": 8-digit serials */
    unsigned name_rank;       /* what %r stands for: the MPI rank of a tree of its own, else 0 */
    struct data_pattern data;  /* what pre-allocation writes */
    struct srcloc loc;
};

/* Where a read or write goes: the slot's sequential offset, offset='s
 * fixed one, or (inplace) where the slot's previous read or write began. */
enum plan_at { PLAN_AT_SLOT, PLAN_AT_OFFSET, PLAN_AT_INPLACE };

struct plan_op {
    const struct flowop_type *type; /* NULL: a composite use, see children */
    char *name;                     /* dotted for flowops inside composites */
    struct srcloc loc;
    int fileset;                    /* index into plan.filesets, or -1 */
    struct param iosize, iters, indexed, value;
    bool has_indexed, has_value, has_iosize;
    char *value_str;                /* value= given as text (print) */
    uint64_t workingset, highwater;
    uint64_t offset;                /* offset=: where each read or write goes (at PLAN_AT_OFFSET) */
    enum plan_at at;                /* where a read or write goes: the slot's offset, offset= or inplace */
    int fd, srcfd;
    bool has_fd, has_srcfd;         /* fd= / srcfd= given (0 is also their default) */
    bool openclose;                 /* openclose: a file picked, opened and closed by every execution */
    bool random, dsync, directio, noreadahead, opennext, blocking;
    bool epoch;                     /* pick=epoch: files drawn in the fileset's epoch order */
    uint64_t picks;                 /* with epoch: the most draws over the run, 0: no limit */
    bool verify;                    /* stamps what it writes, checks what it reads (types with FO_VERIFY only) */
    struct data_pattern data;       /* what it writes: its own attributes over its thread's */
    struct plan_io io;              /* its own ioengine=/iodepth= over its thread's, or --ioengine */
    char *target;                   /* as written */
    int target_op;                  /* limits and finishes: index into the thread's flat list, or -1 */
    struct plan_op *children;
    size_t nchildren;
    bool choose;                    /* a choose composite: each pass runs one child, picked by weight */
    uint64_t choose_total;          /* choose: the children's weights summed (>= 1) */
    uint64_t *choose_cum;           /* choose: children's cumulative weights, choose_cum[n - 1] == choose_total */
    uint64_t weight;                /* a child of a choose composite: its weight= (else 0) */
    uint64_t weight_total;          /* ... and its siblings' total; 0 outside a choose composite */
    size_t flat;                    /* index in the thread's flat list (every op and composite) */
};

/* How an open-loop thread spaces its passes (rate_process=): the engine's
 * pace table (pace.c) has a row for each, in this order. */
enum rate_process { RP_LINEAR, RP_POISSON, RP_N };
extern const char *const rate_process_names[RP_N];

struct plan_thread {
    char *name;
    uint64_t instances, memsize, ioprio;
    uint64_t rate;                  /* rate=: passes per second of each instance (open loop), 0: closed loop */
    enum rate_process rate_process; /* rate_process=: how those passes are spaced */
    bool useism;
    bool has_verify, verify;        /* verify= given, and its value: its flowops' default */
    struct data_pattern data;       /* what its flowops write unless they say */
    struct plan_io io;              /* its flowops' engine unless they say */
    struct plan_place place;        /* where its instances run: its attributes over its process's */
    struct plan_op *ops;
    size_t nops;
    size_t nflat;                   /* ops in the thread counting composite children */
    const struct plan_op **flat;    /* every op (and composite) by its flat index */
    struct srcloc loc;
};

struct plan_process {
    char *name;
    uint64_t instances;
    uint64_t nice;
    uint64_t rate;                  /* rate=: its threads' unless they say (0: none) */
    enum rate_process rate_process; /* rate_process=: its threads' unless they say */
    struct plan_place place;        /* its threads' placement unless they say */
    struct plan_thread *threads;
    size_t nthreads;
    struct srcloc loc;
};

struct plan {
    struct plan_fileset *filesets;
    size_t nfilesets;
    struct plan_process *procs;
    size_t nprocs;
    enum quit_mode mode;
    uint64_t eventrate;      /* 0 = limits are off */
    const struct rp_image *replay; /* a trace's calls (flowbench replay), copied into the run's shared region; NULL: none */
};


int plan_build(struct plan *out, const struct model *m, const struct vartab *vars,
               enum quit_mode mode, const struct ast_value *eventrate, struct diag *err);
void plan_free(struct plan *p);
/* Over many ranks (MPI): every fileset's path becomes path/rank-NNNN, this rank's
 * own directory (plan_rank.c), except shared ones (all of them with all_shared:
 * --mpi-shared), which every rank uses as they are; -1 when out of memory. */
int plan_under_rank(struct plan *p, int rank, bool all_shared);
/* Prints what a run would create and remove, and the thread layout (--check). */
/* procs: the processes a phase runs (NULL: all); kept: the filesets stay as the run before left them. */
void plan_describe(const struct plan *p, const bool *procs, bool kept, FILE *out);
/* Warns (file:line:col) at each flowop of the processes run (procs; NULL: all)
 * that will keep one file of a fileset for the whole run: an auto-opening read
 * or write without fd=, opennext or openclose, on a slot 0 nothing rebinds. */
void plan_warn_one_file(const struct plan *p, const bool *procs, FILE *out);
/* Calls fn for every leaf flowop (composites expanded), in script order. */
void plan_each_op(const struct plan_thread *t, void (*fn)(const struct plan_op *op, void *ctx), void *ctx);

/* --journal DIR: the journal of every fileset with verify (over its journal=);
 * an error when none has verify. */
int plan_set_journal(struct plan *p, const char *journal, struct diag *err);

#endif
