/* flowop_hooks.h: the flowop contract on the engine's side: how the worker runs
 * a flowop type. Each file of src/flowops/ ends in the hooks of its types; the
 * cli lends the table of them, by type id, to the engine (run_desc.flowops). */
#ifndef FB_FLOWOP_HOOKS_H
#define FB_FLOWOP_HOOKS_H

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

#endif
