/* flowop_table.c: the hooks that run each flowop type, indexed by its id, one per
 * entry of model/flowop_list.def; the cli lends this table to the engine. A type whose
 * file defines no flowop_NAME_hooks is an undefined reference when flowbench links, and
 * hooks without .run fail the build's flowop_hooks_check (cmake/flowop_hooks_check.c). */
#include "flowops/flowop.h"

#define FLOWOP(id, nm, ...) extern const struct flowop_hooks flowop_##nm##_hooks;
#include "model/flowop_list.def"
#undef FLOWOP

const struct flowop_hooks *const flowop_hook_table[FLOWOP_NTYPES] = {
#define FLOWOP(id, nm, ...) [FT_##id] = &flowop_##nm##_hooks,
#include "model/flowop_list.def"
#undef FLOWOP
};
