/* op_done.c: the slow tails of the fileset bodies that keep no frame (delete,
 * create, a fixed stat): their op recorded beside its row too, or threads to wake. */
#include "engine/worker.h"

int op_done_waking(struct worker *w, struct op_inst *op, struct fileset_rt *fs, uint64_t t0, uint64_t t1)
{
    op_done(w, op, t0, t1, 0);
    struct fs_shared *sh = fileset_shared(fs, w->shm);
    if (atomic_load_explicit(&sh->waits.waiters, memory_order_seq_cst) != 0)
        fileset_wake(sh);
    return FO_OK;
}

int op_done_recorded(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1)
{
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}
