/* flowop_types.c: what each flowop type is (its name, flags, needs, attributes
 * and summary), from its entry in model/flowop_list.def; src/flowops/ has how each one runs. */
#include <string.h>

#include "lang/attr.h"
#include "model/flowop_type.h"

/* finishoncount is met at value ops, finishonbytes past value bytes. */
static const struct finish_rule on_count = { FINISH_OPS, false };
static const struct finish_rule on_bytes = { FINISH_BYTES, true };

/* A poster's wakes: the type its target= names. */
#define WAKES(id) &flowop_types[FT_##id]

const struct flowop_type flowop_types[FLOWOP_NTYPES] = {
#define FLOWOP(id, nm, fl, nd, at, wk, fin, sum) \
    [FT_##id] = { .name = #nm, .flags = fl, .needs = nd, .attrs = at, .wakes = wk, .finish = fin, .summary = sum },
#include "model/flowop_list.def"
#undef FLOWOP
};

const size_t flowop_ntypes = FLOWOP_NTYPES;

const struct flowop_type *flowop_type_find(const char *name)
{
    for (size_t i = 0; i < flowop_ntypes; i++)
        if (strcmp(flowop_types[i].name, name) == 0)
            return &flowop_types[i];
    return NULL;
}

const char *const flowop_flag_names[] = {
    "I/O (in the IO summary)", "asynchronous", "reads", "writes", "sync point", "own semaphore",
    "rate limit", "finish condition", "text value", "through the I/O engine",
    "creates or removes entries", "accelerator compute", "makes writes durable",
    "a step all threads and ranks meet", "opens or closes a slot's file",
};

const size_t flowop_nflags = sizeof flowop_flag_names / sizeof flowop_flag_names[0];
_Static_assert(FF_SLOT == 1 << (sizeof flowop_flag_names / sizeof flowop_flag_names[0] - 1),
               "one name per flowop flag, in bit order");
