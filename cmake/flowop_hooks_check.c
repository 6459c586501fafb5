/* flowop_hooks_check.c: run by the build (CMakeLists.txt), which fails when a flowop type of
 * model/flowop_list.def has no run hook. A type whose file defines no flowop_NAME_hooks at all
 * already fails this program's link (src/flowops/flowop_table.c names each one); this finds
 * hooks that leave out .run, which C cannot refuse where they are defined. */
#include <stdio.h>

#include "flowops/flowop.h"
#include "model/flowop_type.h"

int main(void)
{
    int missing = 0;
    for (size_t id = 0; id < FLOWOP_NTYPES; id++) {
        if (flowop_hook_table[id] != NULL && flowop_hook_table[id]->run != NULL)
            continue;
        fprintf(stderr, "error: flowop type '%s' has no run hook: its hooks flowop_%s_hooks, at the end of its file "
                        "in src/flowops/, need .run\n", flowop_types[id].name, flowop_types[id].name);
        missing++;
    }
    return missing == 0 ? 0 : 1;
}
