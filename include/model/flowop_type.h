/* flowop_type.h: what a flowop type is, without how it runs: its name, flags,
 * needs, the attributes it reads, its class; the plan, help and docs read these. */
#ifndef FB_FLOWOP_TYPE_H
#define FB_FLOWOP_TYPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/flowop_class.h"

/* What a flowop does: the plan, the engine, help and the docs read these. */
enum flowop_flag {
    FF_IO = 1 << 0,         /* does I/O on files or directories: counts in the IO Summary,
                             * and in limits and finish conditions without a target */
    FF_ASYNC = 1 << 1,      /* asynchronous I/O (with FF_IO) */
    FF_READ = 1 << 2,       /* reads file data: its ops are reads */
    FF_WRITE = 1 << 3,      /* writes file data: its ops are writes */
    FF_SYNC = 1 << 4,       /* a sync point between threads (block, wakeup, semaphores) */
    FF_OWN_SEM = 1 << 5,    /* has a semaphore of its own, that a flowop of type `wakes` posts to */
    FF_LIMIT = 1 << 6,      /* holds its thread to the event generator's rate */
    FF_FINISH = 1 << 7,     /* a met condition ends the run normally */
    FF_TEXT_VALUE = 1 << 8, /* value= may be text, kept as given (print) */
    FF_ENGINE = 1 << 9,     /* its reads and writes go through the thread's I/O engine (ioengine=, iodepth=) */
    FF_TREE = 1 << 10,      /* creates or removes entries of its fileset: ranks sharing a tree each do
                             * this on their own share of the entries (--mpi-shared) */
    FF_COMPUTE = 1 << 11,   /* emulated accelerator work: its time is compute time (accelerator utilisation) */
    FF_DURABLE = 1 << 12,   /* makes written data durable (fsync): counts in a writer's time */
    FF_STEP = 1 << 13,      /* a step every thread that has one meets, on every rank (barrier) */
    FF_SLOT = 1 << 14,      /* opens or closes the file of a descriptor slot (openfile, createfile, closefile):
                             * the file another flowop finds in that slot changes */
};

/* What a flowop needs to be valid; checked when a run starts and by --check. */
enum flowop_need {
    NEED_FILESET = 1 << 0,       /* picks from a fileset: filename= must name one */
    NEED_FILESET_OR_FD = 1 << 1, /* a file descriptor: filename= or an fd slot opened by another flowop */
    NEED_IOSIZE = 1 << 2,        /* iosize= > 0 */
    NEED_TARGET = 1 << 3,        /* target= names a flowop */
    NEED_VALUE = 1 << 4,         /* value= given */
    NEED_RANDOM = 1 << 5,        /* random must be set */
    NEED_LEAFDIRS = 1 << 6,      /* the fileset must have leafdirs */
    USES_TARGET = 1 << 7,        /* target= optional; when given it must name a flowop */
    NEED_FIXED_VALUE = 1 << 8,   /* value=, when given, is a fixed number (no distribution) */
    NEED_RW_TARGET = 1 << 9,     /* the target, when given, reads or writes */
};

/* FF_FINISH: what a finish condition counts over its target (or over the I/O
 * of the run without one) and when it is met. The worker checks it on its own
 * rank; over many ranks (MPI) the engine also checks the sum over every rank. */
enum finish_count { FINISH_OPS, FINISH_BYTES };
struct finish_rule {
    enum finish_count count;
    bool strict;           /* met past value, not at it */
};

static inline bool finish_met(const struct finish_rule *f, uint64_t n, uint64_t value)
{
    return f->strict ? n > value : n >= value;
}

/* Every flowop type, in the order of help and the docs (model/flowop_list.def): its row in
 * flowop_types[] and, on the engine's side, in the table of hooks that run it. */
enum flowop_id {
#define FLOWOP(id, ...) FT_##id,
#include "model/flowop_list.def"
#undef FLOWOP
    FLOWOP_NTYPES
};

struct flowop_type {
    const char *name;
    unsigned flags;        /* enum flowop_flag */
    unsigned needs;        /* enum flowop_need */
    unsigned attrs;        /* the flowop attributes it reads: FA(FO_...) bits (attr.h) */
    const struct flowop_type *wakes; /* FF_SYNC posters: the type its target= names, in any thread */
    const char *summary;   /* one line for help and docs */
    const struct finish_rule *finish; /* FF_FINISH: its condition */
};

extern const struct flowop_type flowop_types[FLOWOP_NTYPES];
extern const size_t flowop_ntypes;
const struct flowop_type *flowop_type_find(const char *name);

static inline enum flowop_id flowop_type_id(const struct flowop_type *t)
{
    return (enum flowop_id)(t - flowop_types);
}

/* One word per flag, in bit order, for help and the docs. */
extern const char *const flowop_flag_names[];
extern const size_t flowop_nflags;

static inline bool flowop_is(const struct flowop_type *t, unsigned flags)
{
    return t != NULL && (t->flags & flags) != 0;
}

static inline enum flowop_class flowop_class(const struct flowop_type *t)
{
    if (flowop_is(t, FF_IO))
        return flowop_is(t, FF_ASYNC) ? FC_AIO : FC_IO;
    if (flowop_is(t, FF_COMPUTE))
        return FC_COMPUTE;
    return flowop_is(t, FF_SYNC) ? FC_SYNC : FC_OTHER;
}

static inline enum flowop_rw flowop_rw(const struct flowop_type *t)
{
    return flowop_is(t, FF_READ) ? RW_READ : flowop_is(t, FF_WRITE) ? RW_WRITE : RW_NONE;
}

#endif
