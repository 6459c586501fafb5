/* worker_setup.c: a worker thread's set-up and tear-down: its state, its
 * flowops' instances (buffers, I/O engines, the types' init and fini hooks). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine_rt.h"
#include "engine/engine_turns.h"
#include "engine/flowop_hooks.h"
#include "engine/io_inflight.h"
#include "engine/journal.h"
#include "engine/worker.h"
#include "engine/worker_thread.h"
#include "fileset/fileset_path.h"
#include "fileset/fileset_pick.h"

/* The time bucket op's ops end in: its own, or a composite's last child's
 * (a choose's children's when they share one, as a mix of reads does). */
static unsigned char last_bucket(const struct worker *w, const struct plan_op *op)
{
    if (op->type != NULL || op->nchildren == 0)
        return w->ops[op->flat].tb;
    unsigned char b = last_bucket(w, &op->children[op->nchildren - 1]);
    for (size_t c = 0; op->choose && c + 1 < op->nchildren; c++)
        if (last_bucket(w, &op->children[c]) != b)
            return w->ops[op->flat].tb;
    return b;
}

/* Every instance of the thread, in script order; a type's init hook runs
 * once the instance is filled in. -1 when a hook failed (it said why). */
static int init_ops(struct worker *w, const struct plan_op *ops, size_t n, struct op_stats *stats,
                    struct op_stats *intended)
{
    for (size_t i = 0; i < n; i++) {
        struct op_inst *inst = &w->ops[ops[i].flat];
        inst->op = &ops[i];
        /* Every type has hooks with a run: the build checks it (flowop_hooks_check). */
        inst->hooks = ops[i].type != NULL ? w->eng->run->flowops[flowop_type_id(ops[i].type)] : NULL;
        inst->run = inst->hooks != NULL ? inst->hooks->run : NULL;
        inst->drains = ops[i].type != NULL && !flowop_is(ops[i].type, FF_ENGINE);
        inst->st = &stats[ops[i].flat];
        inst->ist = intended != NULL ? &intended[ops[i].flat] : NULL;
        inst->slot = ops[i].openclose ? &w->fds[FB_SLOT_OPENCLOSE] : ops[i].fd > 0 ? &w->fds[ops[i].fd]
                   : ops[i].opennext                                  ? NULL
                                                                      : &w->fds[0];
        inst->sem = -1;
        inst->picks_rotor = !ops[i].epoch && !ops[i].has_indexed;
        bool has_fs = ops[i].fileset >= 0 && (size_t)ops[i].fileset < w->eng->plan->nfilesets;
        inst->rotor = ops[i].opennext && has_fs ? (_Atomic uint64_t *)&w->rotors[ops[i].fileset] : NULL;
        inst->open_flags = has_fs ? op_open_flags(&w->eng->plan->filesets[ops[i].fileset], &ops[i]) : 0;
        inst->fs = has_fs ? worker_fileset(w, ops[i].fileset) : NULL;
        inst->tree_fixed = inst->fs != NULL && inst->fs->nfiles > 0 && !engine_tree_changes(w->eng->plan, ops[i].fileset);
        inst->tb = (unsigned char)time_bucket_of(ops[i].type);
        /* A finish check is a load and a compare: its time stays in the bucket
         * of the flowop before it, not two clock reads per pass to move out and back. */
        if (i > 0 && ops[i].type != NULL && flowop_is(ops[i].type, FF_FINISH))
            inst->tb = last_bucket(w, &ops[i - 1]);
        inst->cpu_countdown = 1; /* its first op is sampled: every flowop that runs has a sample */
        uint32_t off;
        if (ops[i].directio)
            engine_dio_align(w->eng, &ops[i], &inst->dio_align, &off);
        stats_init(inst->st);
        if (inst->ist != NULL)
            stats_init(inst->ist);
        /* Buffers for fixed I/O sizes are made now, so the loop allocates nothing. */
        bool fixed = ops[i].type != NULL && !ops[i].iosize.is_dist && ops[i].iosize.u > 0;
        if (fixed && flowop_is(ops[i].type, FF_WRITE))
            op_write_buffer_grow(w, inst, op_buffer_need(inst, ops[i].iosize.u));
        else if (fixed && w->mem == NULL)
            op_buffer_grow(inst, op_buffer_need(inst, ops[i].iosize.u));
        if (op_io_init(w, inst) != FO_OK)
            return -1;
        if (inst->hooks != NULL && inst->hooks->init != NULL && inst->hooks->init(w, inst) != FO_OK)
            return -1;
        if (init_ops(w, ops[i].children, ops[i].nchildren, stats, intended) != 0)
            return -1;
    }
    return 0;
}

/* A flowop its loop runs as one plain op each time it is reached: no
 * composite, a fixed iters=1. */
static bool plain_once(const struct plan_op *op)
{
    return op->type != NULL && !op->iters.is_dist && op->iters.u == 1;
}

/* The thread's flowops as the loop's steps (struct worker_step), when each
 * is a plain flowop run once or a choose composite run once of such; else
 * w->steps stays NULL and the loop takes the general path. */
static int make_steps(struct worker *w)
{
    const struct plan_thread *t = w->thread;
    if (t->nops == 0)
        return 0; /* the steps' loop runs one at least */
    for (size_t i = 0; i < t->nops; i++) {
        const struct plan_op *op = &t->ops[i];
        if (plain_once(op))
            continue;
        if (!op->choose || op->iters.is_dist || op->iters.u != 1)
            return 0;
        for (size_t c = 0; c < op->nchildren; c++)
            if (!plain_once(&op->children[c]))
                return 0;
    }
    if ((w->steps = calloc(t->nops ? t->nops : 1, sizeof *w->steps)) == NULL)
        return -1;
    for (size_t i = 0; i < t->nops; i++) {
        const struct plan_op *op = &t->ops[i];
        struct worker_step *st = &w->steps[i];
        if (plain_once(op)) {
            st->inst = &w->ops[op->flat];
            continue;
        }
        st->choose = op;
        if ((st->kids = calloc(op->nchildren ? op->nchildren : 1, sizeof *st->kids)) == NULL)
            return -1;
        for (size_t c = 0; c < op->nchildren; c++)
            st->kids[c] = &w->ops[op->children[c].flat];
    }
    return 0;
}

int worker_init(struct worker *w, struct engine *e, size_t slot)
{
    const struct thread_slot *ts = &e->slots[slot];
    memset(w, 0, sizeof *w);
    w->eng = e;
    w->eng_fs = e->fs;
    w->shm = &e->shm;
    w->sh = e->sh;
    w->proc = &e->plan->procs[ts->proc];
    w->thread = &w->proc->threads[ts->thread];
    w->proc_inst = (unsigned)ts->proc_inst;
    w->thread_inst = (unsigned)ts->thread_inst;
    w->slot_index = slot;
    w->fd_rotor = FB_ROTOR_TOP;
    w->cpu_pub = slot_cpu(e, slot);
    w->clk = e->clock;
    w->cpu_overhead = UINT64_MAX;
    for (int i = 0; i < 16; i++) {
        uint64_t c0 = thread_cpu_ns(), c1 = thread_cpu_ns();
        if (c1 - c0 < w->cpu_overhead)
            w->cpu_overhead = c1 - c0;
    }
    rng_seed(&w->rng, e->seed ^ (RNG_GOLDEN * (slot + 1)));
    rng_seed(&w->data_rng, e->seed ^ (0xd6e8feb86659fd93ull * (slot + 1)));
    rng_seed(&w->cpu_rng, ~e->seed ^ (0xc2b2ae3d27d4eb4full * (slot + 1)));
    for (size_t i = 0; i < FB_NFDS; i++)
        w->fds[i] = (struct slot){ .fd = -1, .fileset = -1, .entry = -1 };
    w->nops = w->thread->nflat;
    w->ops = calloc(w->nops ? w->nops : 1, sizeof *w->ops);
    w->rotors = calloc(e->nfs ? e->nfs : 1, sizeof *w->rotors);
    if (w->ops == NULL || w->rotors == NULL)
        return -1;
    if (w->thread->memsize > 0) {
        w->memsize = w->thread->memsize;
        if (posix_memalign((void **)&w->mem, 4096, w->memsize) != 0)
            return -1;
        memset(w->mem, 0, w->memsize);
    }
    w->sched = slot_sched(e, slot);
    if (make_steps(w) != 0)
        return -1;
    return init_ops(w, w->thread->ops, w->thread->nops, slot_stats(e, slot), slot_intended(e, slot));
}

void worker_free(struct worker *w)
{
    journal_thread_close(w);
    op_io_close_engines(w);   /* before the descriptors: mmap's mappings go with it */
    for (size_t i = 0; i < FB_NFDS; i++)
        if (w->fds[i].fd >= 0)
            close(w->fds[i].fd);
    for (size_t i = 0; w->ops != NULL && i < w->nops; i++) {
        const struct flowop_hooks *h = w->ops[i].hooks;
        if (w->ops[i].op != NULL && h != NULL && h->fini != NULL)
            h->fini(w, &w->ops[i]);
        op_io_fini(&w->ops[i]);
        free(w->ops[i].buf);
    }
    free(w->ops);
    for (size_t i = 0; w->steps != NULL && i < w->thread->nops; i++)
        free(w->steps[i].kids);
    free(w->steps);
    free(w->rotors);
    free(w->mem);
}

bool op_fix_turns(struct worker *w, struct op_inst *op)
{
    if (!op->tree_fixed || !op->fs->h.open || !fileset_files_spelt(op->fs))
        return false;
    struct fs_turn *t = engine_turns_of(w->eng, (size_t)op->op->fileset);
    if (t == NULL)
        return false;
    if (op->rotor == NULL)
        op->rotor = &fileset_shared(op->fs, w->shm)->rotor_existing;
    op->priv = t;
    return true;
}
