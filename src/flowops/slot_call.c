/* slot_call.c: the end of a system call timed on a slot's file (slot_call.h). */
#include "flowops/slot_call.h"

#include <limits.h>

#include "engine/worker.h"

int slot_call_end(struct worker *w, struct op_inst *op, const struct slot *s, const char *call, int rc, int err,
                  uint64_t t0, uint64_t t1)
{
    if (rc != 0) {
        char path[PATH_MAX];
        return op_error(w, op, call, slot_path(w, s, path, sizeof path), err);
    }
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}
