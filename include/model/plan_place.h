/* plan_place.h: where a thread's instances are to run and where their memory
 * lives, as the script asked (cpus=, bind=, policy=, numa=, membind=, a thread's
 * over its process's) and as --bind defaults it. src/place/ turns it into CPUs. */
#ifndef FB_MODEL_PLAN_PLACE_H
#define FB_MODEL_PLAN_PLACE_H

#include <stdbool.h>
#include "lang/eval.h"

/* The kind of object each instance is bound to; UNSET takes --bind's. */
enum place_kind { PLACE_UNSET, PLACE_NONE, PLACE_PU, PLACE_CORE, PLACE_PACKAGE, PLACE_NUMA };
enum place_policy { PLACE_SPREAD, PLACE_COMPACT };
enum place_mem { MEM_DEFAULT, MEM_LOCAL, MEM_INTERLEAVE, MEM_NODES };

/* A CPU or node list in the kernel's notation ("0-3,8"), as written; text NULL when not given. */
struct place_list {
    char *text;
    struct srcloc loc;
};

struct plan_place {
    struct place_list cpus, numa;
    struct place_list memnodes;    /* membind=LIST (mem MEM_NODES) */
    enum place_kind bind;
    struct srcloc bind_loc;
    bool has_policy;
    enum place_policy policy;
    struct srcloc policy_loc;
    enum place_mem mem;
};

/* --bind KIND[:POLICY]: the bind= (and policy=) of every thread that says none. */
struct place_default {
    enum place_kind bind;          /* PLACE_UNSET: no --bind */
    enum place_policy policy;
};

/* cpus=, bind=, policy=, numa=, membind= (attribute rows first .. first + 4)
 * over what the thread inherits from its process (NULL: nothing). */
int plan_place_attrs(const struct attrvals *a, int first, const struct scope *sc, const struct plan_place *inherit,
                     struct plan_place *out, struct diag *err);
void plan_place_free(struct plan_place *p);
/* Parses --bind's argument; -1 with err set when it is not KIND[:POLICY]. */
int place_default_parse(const char *text, struct place_default *out, struct diag *err);
const char *place_kind_name(enum place_kind k);

#endif
