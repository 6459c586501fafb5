/* engine_dio.c: directio before a run starts: each fileset's O_DIRECT
 * alignment, found once (not a call per op), and the refusal of a fixed I/O
 * size the file system cannot take, rather than EINVAL from every op. */
#include <inttypes.h>

#include "engine/engine_rt.h"
#include "model/flowop_type.h"
#include "sysstat/mountinfo.h"

void engine_dio_align(const struct engine *e, const struct plan_op *op, uint32_t *mem, uint32_t *off)
{
    *mem = *off = 0;
    if (op->fileset >= 0 && (size_t)op->fileset < e->nfs) {
        *mem = e->fs[op->fileset].dio_mem_align;
        *off = e->fs[op->fileset].dio_offset_align;
        return;
    }
    /* fd= with no fileset of its own: any fileset's file may be in the slot. */
    for (size_t i = 0; i < e->nfs; i++) {
        *mem = e->fs[i].dio_mem_align > *mem ? e->fs[i].dio_mem_align : *mem;
        *off = e->fs[i].dio_offset_align > *off ? e->fs[i].dio_offset_align : *off;
    }
    if (*mem == 0)
        *mem = 4096;
}

struct dio_check {
    const struct engine *e;
    struct diag *err;
    int rc;
};

/* Where the op's files live, for a message. */
static const char *dio_where(const struct engine *e, const struct plan_op *op, char *type, size_t len)
{
    const struct fileset_rt *fs = op->fileset >= 0 ? &e->fs[op->fileset] : e->nfs ? &e->fs[0] : NULL;
    mountinfo_fs_name(fs != NULL ? fs->root : ".", type, len);
    return fs != NULL ? fs->root : "its files";
}

static void check_op(const struct plan_op *op, void *ctx)
{
    struct dio_check *c = ctx;
    uint32_t mem, off;
    if (c->rc != 0 || !op->directio || op->iosize.is_dist || op->iosize.u == 0 || !flowop_is(op->type, FF_READ | FF_WRITE))
        return;
    engine_dio_align(c->e, op, &mem, &off);
    if (off == 0 || op->iosize.u % off == 0)
        return;
    char type[32];
    const char *where = dio_where(c->e, op, type, sizeof type);
    c->rc = diag_set(c->err, &op->loc,
                     "flowop %s (%s): directio: iosize %" PRIu64 " is not a multiple of %" PRIu32
                     " bytes, the O_DIRECT alignment of %s (%s)",
                     op->name, op->type->name, op->iosize.u, off, where, type);
}

int engine_dio_setup(struct engine *e, struct diag *err)
{
    for (size_t i = 0; i < e->nfs; i++)
        fileset_dio_setup(&e->fs[i], &e->shm);
    struct dio_check c = { e, err, 0 };
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; engine_selected(e, p) && t < e->plan->procs[p].nthreads; t++)
            plan_each_op(&e->plan->procs[p].threads[t], check_op, &c);
    return c.rc;
}
