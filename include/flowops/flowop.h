/* flowop.h: the flowop contract on the engine's side: how a flowop type runs.
 * What a type is lives in model/flowop_type.h; its hooks are rows here, one file
 * per concept in src/flowops/, listed by id in flowop_hook_table[]. */
#ifndef FB_FLOWOP_H
#define FB_FLOWOP_H

#include "model/flowop_type.h"

struct worker;
struct op_inst;

struct flowop_hooks {
    int (*run)(struct worker *w, struct op_inst *op);
    /* Optional, in the worker thread: init before the start barrier sets up
     * the instance's private state (op_inst.priv) and returns an enum fo_rc,
     * having said why on an error (op_fail); fini after the thread's loop,
     * for every instance that has an op, frees it (priv may be NULL when
     * set-up stopped before this instance). */
    int (*init)(struct worker *w, struct op_inst *op);
    void (*fini)(struct worker *w, struct op_inst *op);
};

/* flowop_hook_table[flowop_type_id(t)] runs type t; the cli lends it to the engine
 * (run_desc.flowops), so that nothing below the cli names a flowop's code. */
extern const struct flowop_hooks *const flowop_hook_table[FLOWOP_NTYPES];

#endif
