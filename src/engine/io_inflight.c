/* io_inflight.c: a worker's I/O engines and each op's ring of requests, set
 * up before the run and torn down after; whole-file I/O. Completions are in
 * io_complete.c, the inline fast path in include/engine/op_io.h. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "engine/io_inflight.h"
#include "engine/op_io.h"
#include "engine/sync.h"
#include "engine/worker.h"



static size_t engine_index(const struct ioengine_ops *ops)
{
    for (size_t i = 0; i < ioengine_count; i++)
        if (ioengines[i] == ops)
            return i;
    return 0;
}

/* ---- set-up ---- */

/* The deepest iodepth among the thread's flowops on engine ops. */
static unsigned thread_depth(const struct worker *w, const struct ioengine_ops *ops)
{
    unsigned depth = 1;
    for (size_t i = 0; i < w->nops; i++) {
        const struct plan_op *p = w->thread->flat[i];
        if (p->type != NULL && flowop_is(p->type, FF_ENGINE) && p->io.engine == ops && p->io.depth > depth)
            depth = p->io.depth;
    }
    return depth;
}

static struct ioengine *thread_engine(struct worker *w, struct op_inst *op, int *rc)
{
    const struct ioengine_ops *ops = op->op->io.engine;
    struct ioengine **slot = &w->ioe[engine_index(ops)];
    if (*slot != NULL)
        return *slot;
    int err = 0;
    *slot = ioengine_prepare(ops, thread_depth(w, ops), FB_NFDS, &err);
    w->ioe_forgets |= *slot != NULL && ops->forget != NULL;
    if (*slot != NULL)
        w->live[w->nlive++] = *slot;
    if (*slot == NULL)
        *rc = op_fail(w, op, "ioengine %s: cannot set up %u requests in flight: %s%s", ops->name,
                      thread_depth(w, ops), strerror(err), ioengine_hint(ops, err));
    return *slot;
}

/* Room in the thread's list of queued, unsent requests for depth more: every
 * request of every ring can be queued at once. */
static int grow_unsent(struct worker *w, unsigned depth)
{
    size_t cap = w->unsent_cap + depth;
    struct io_req **p = realloc(w->unsent, cap * sizeof *p);
    if (p == NULL)
        return -1;
    w->unsent = p;
    w->unsent_cap = (unsigned)cap;
    return 0;
}

static int ring_init(struct worker *w, struct op_inst *op)
{
    struct op_ring *g = &op->ring;
    bool async = ioengine_is(op->ioe->ops, IOE_ASYNC);
    unsigned depth = async ? op->op->io.depth : 1;
    if (depth > op->ioe->depth)
        depth = op->ioe->depth;
    g->reqs = calloc(depth, sizeof *g->reqs);
    g->free = calloc(depth, sizeof *g->free);
    g->cap = calloc(depth, sizeof *g->cap);
    if (g->reqs == NULL || g->free == NULL || g->cap == NULL)
        return op_fail(w, op, "out of memory for %u I/O requests", depth);
    g->depth = depth;
    g->own_buffers = async;
    if (async && op->ioe->ops->commit != NULL && grow_unsent(w, depth) != 0)
        return op_fail(w, op, "out of memory for %u I/O requests", depth);
    for (unsigned i = 0; i < depth; i++)
        g->free[g->nfree++] = &g->reqs[depth - 1 - i];
    bool fixed = !op->op->iosize.is_dist && op->op->iosize.u > 0;
    for (unsigned i = 0; async && fixed && i < depth; i++) {
        if ((g->reqs[i].buf = op_io_buffer_alloc(w, op, op->op->iosize.u)) == NULL)
            return op_fail(w, op, "out of memory for %u buffers of %llu bytes", depth,
                           (unsigned long long)op->op->iosize.u);
        g->cap[i] = op->op->iosize.u;
    }
    return FO_OK;
}

/* The short path a plain read or write takes (enum op_fast): io_prw on an
 * engine that makes it, or the engine's submit_wait when the op's ring is
 * one request with its own buffer made (a fixed size) and the engine can
 * send and wait for one alone; iodepth > 1 keeps the ring. */
static unsigned char fast_call(const struct op_inst *op, bool plain)
{
    const struct ioengine_ops *ops = op->ioe->ops;
    if (!plain)
        return OP_FAST_NONE;
    if (ioengine_is(ops, IOE_PRW))
        return OP_FAST_PRW;
    bool one = ioengine_is(ops, IOE_ASYNC) && ops->submit_wait != NULL && op->ring.depth == 1;
    return one && op->ring.cap[0] >= op->op->iosize.u ? OP_FAST_ENGINE : OP_FAST_NONE;
}

int op_io_init(struct worker *w, struct op_inst *op)
{
    if (op->op->type == NULL || !flowop_is(op->op->type, FF_ENGINE) || op->op->io.engine == NULL)
        return FO_OK;
    int rc = FO_ERROR;
    if ((op->ioe = thread_engine(w, op, &rc)) == NULL)
        return rc;
    const struct flowop_type *t = op->op->type;
    op->sync_read = flowop_is(t, FF_READ) && !flowop_is(t, FF_WRITE) && !ioengine_is(op->ioe->ops, IOE_ASYNC)
                    && !op->op->verify;
    const struct plan_op *p = op->op;
    if ((rc = ring_init(w, op)) != FO_OK)
        return rc;
    bool plain = flowop_is(t, FF_READ) != flowop_is(t, FF_WRITE) && !p->verify && !p->openclose && op->slot != NULL
                 && !p->iosize.is_dist && p->iosize.u > 0 && (p->iosize.u & (p->iosize.u - 1)) == 0
                 && p->at == PLAN_AT_SLOT;
    op->fast_rw = fast_call(op, plain);
    return FO_OK;
}

void op_io_fini(struct op_inst *op)
{
    struct op_ring *g = &op->ring;
    for (unsigned i = 0; g->own_buffers && i < g->depth; i++)
        free(g->reqs[i].buf);
    free(g->reqs);
    free(g->free);
    free(g->cap);
    *g = (struct op_ring){ 0 };
}

void op_io_close_engines(struct worker *w)
{
    free(w->unsent);
    w->unsent = NULL;
    w->nunsent = w->unsent_cap = 0;
    for (size_t i = 0; i < FB_MAX_IOENGINES; i++)
        if (w->ioe[i] != NULL) {
            w->ioe[i]->ops->cleanup(w->ioe[i]);
            w->ioe[i] = NULL;
        }
    w->ioe_forgets = false;
    w->nlive = 0;
}

void op_io_forget(struct worker *w, const struct slot *s)
{
    if (!w->ioe_forgets)   /* every close asks: most threads have nothing to forget */
        return;
    for (size_t i = 0; i < FB_MAX_IOENGINES; i++)
        if (w->ioe[i] != NULL && w->ioe[i]->ops->forget != NULL)
            w->ioe[i]->ops->forget(w->ioe[i], (unsigned)(s - w->fds));
}

/* ---- whole-file I/O ---- */

/* Sends one chunk of a whole-file op; a synchronous engine completes it here. */
static int whole_chunk(struct worker *w, struct op_inst *op, struct slot *s, enum io_dir dir, uint64_t off,
                       uint64_t len)
{
    struct io_op io = { .s = s, .len = len, .off = off };
    int rc = op_io_prepare(w, op, &io, dir != IO_READ);
    if (rc != FO_OK)
        return rc;
    struct io_req *r = io.req;
    if (dir == IO_WRITE && op_verify_stamp(w, op, s, io.buf, off, len) != FO_OK) {
        op_io_release(op, r);
        return FO_ERROR;
    }
    *r = (struct io_req){ .buf = io.buf, .len = len, .off = off, .fd = s->fd, .key = (unsigned)(s - w->fds),
                          .dir = dir, .owner = op };
    int q = ioengine_queue(op->ioe, r);
    if (q == IOE_COMPLETED)
        return dir == IO_READ ? op_io_complete(w, r, 0) : op_verify_written(w, op, s, op_io_complete(w, r, 0));
    if (q < 0)
        return op_io_submit_fail(w, op, r, -q);
    w->io_inflight++;
    if (op->op->verify || slot_verified(w, s)) {
        rc = op_io_quiesce_own(w, op);   /* the next chunk's partial block merges with what this one wrote */
        return dir == IO_READ ? rc : op_verify_written(w, op, s, rc);
    }
    return FO_OK;
}

/* A synchronous engine reads until a chunk finds the end; an asynchronous
 * one reads the size fstat gives, its chunks in flight together. */
static int whole_read(struct worker *w, struct op_inst *op, struct slot *s, uint64_t chunk)
{
    if (!ioengine_is(op->ioe->ops, IOE_ASYNC)) {
        uint64_t before;
        int rc;
        do {
            before = op->whole_bytes;
            rc = whole_chunk(w, op, s, IO_READ, before, chunk);
        } while (rc == FO_OK && op->whole_bytes > before);
        return rc;
    }
    struct stat st;
    if (fstat(s->fd, &st) != 0) {
        char path[PATH_MAX];
        return op_error(w, op, "stat", slot_path(w, s, path, sizeof path), errno);
    }
    int rc = FO_OK;
    for (uint64_t off = 0; off < (uint64_t)st.st_size && rc == FO_OK; off += chunk)
        rc = whole_chunk(w, op, s, IO_READ, off, chunk);
    return rc;
}

static int whole_write(struct worker *w, struct op_inst *op, struct slot *s, uint64_t size, uint64_t chunk)
{
    int rc = FO_OK;
    for (uint64_t done = 0; done < size && rc == FO_OK; done += chunk)
        rc = whole_chunk(w, op, s, IO_WRITE, s->offset + done, size - done < chunk ? size - done : chunk);
    return rc;
}

int op_io_whole(struct worker *w, struct op_inst *op, struct slot *s, enum io_dir dir, uint64_t size, uint64_t chunk,
                uint64_t *total)
{
    op->whole = true;
    op->whole_bytes = 0;
    int rc = dir == IO_READ ? whole_read(w, op, s, chunk) : whole_write(w, op, s, size, chunk);
    int c = op_io_quiesce_own(w, op);   /* the op is done when all its chunks are */
    rc = rc == FO_OK ? c : rc;
    op->whole = false;
    *total = op->whole_bytes;
    return rc;
}
