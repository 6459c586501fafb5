/* flowop.h: the table of every flowop type's hooks, by id. What a type is lives
 * in model/flowop_type.h (its entry in model/flowop_list.def); the hooks' contract
 * is the engine's (engine/flowop_hooks.h); each file of src/flowops/ ends in the
 * hooks of its types, named flowop_NAME_hooks. */
#ifndef FB_FLOWOP_H
#define FB_FLOWOP_H

#include "engine/flowop_hooks.h"
#include "model/flowop_type.h"

/* flowop_hook_table[flowop_type_id(t)] runs type t; the cli lends it to the engine
 * (run_desc.flowops), so that nothing below the cli names a flowop's code. */
extern const struct flowop_hooks *const flowop_hook_table[FLOWOP_NTYPES];

/* createfile's init (create.c): the plain body, or with a slot of its own
 * (fd=) one for the common case and the clock's kind. */
struct worker;
struct op_inst;
int createfile_choose(struct worker *w, struct op_inst *op);

#endif
