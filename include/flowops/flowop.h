/* flowop.h: the flowop contract. A flowop type is one row: its name, what it is
 * (flags, flowop_kind.h), what it needs and accepts, its handler and optional
 * per-instance hooks. The rows live in src/flowops/, one file per concept, and
 * flowop_types[] lists them all; nothing asks a flowop's name what it is. */
#ifndef FB_FLOWOP_H
#define FB_FLOWOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flowops/flowop_kind.h"

struct worker;
struct op_inst;

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

struct flowop_type {
    const char *name;
    unsigned flags;        /* enum flowop_flag */
    unsigned needs;        /* enum flowop_need */
    unsigned attrs;        /* the flowop attributes it reads: FA(FO_...) bits (attr.h) */
    const struct flowop_type *wakes; /* FF_SYNC posters: the type its target= names, in any thread */
    const char *summary;   /* one line for help and docs */
    const struct finish_rule *finish; /* FF_FINISH: its condition */
    int (*run)(struct worker *w, struct op_inst *op);
    /* Optional, in the worker thread: init before the start barrier sets up
     * the instance's private state (op_inst.priv) and returns an enum fo_rc,
     * having said why on an error (op_fail); fini after the thread's loop,
     * for every instance that has an op, frees it (priv may be NULL when
     * set-up stopped before this instance). */
    int (*init)(struct worker *w, struct op_inst *op);
    void (*fini)(struct worker *w, struct op_inst *op);
};

extern const struct flowop_type *const flowop_types[];
extern const size_t flowop_ntypes;
const struct flowop_type *flowop_type_find(const char *name);

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
