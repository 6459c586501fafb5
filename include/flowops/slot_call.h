/* slot_call.h: the end of one system call a flowop timed on the file of a
 * descriptor slot (fsync, fstat, flock, lockf...): counted, or failed with the
 * file's path; one shape for every flowop that makes such a call. */
#ifndef FB_SLOT_CALL_H
#define FB_SLOT_CALL_H

#include <stdint.h>

struct worker;
struct op_inst;
struct slot;

/* rc and err (errno) of call, timed t0..t1: op_done and FO_OK when rc is 0, else
 * op_error naming call and the slot's path. */
int slot_call_end(struct worker *w, struct op_inst *op, const struct slot *s, const char *call, int rc, int err,
                  uint64_t t0, uint64_t t1);

#endif
