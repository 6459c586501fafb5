/* io_complete.c: requests of a worker's I/O engines once submitted: their
 * completions, which become statistics and errors, reaping and waiting, and
 * the requests' own buffers. What the inline fast path (include/engine/op_io.h)
 * calls; it does not include that header. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "base/data.h"
#include "engine/io_inflight.h"
#include "engine/op_verify.h"
#include "engine/sync.h"
#include "engine/worker.h"

/* Completions taken per reap (on the stack). */
#define REAP_BATCH 64

static const char *const dir_verb[] = { [IO_READ] = "read", [IO_WRITE] = "write", [IO_APPEND] = "append to" };

/* A request's own buffer of len bytes, laid with the op's data pattern when it writes. */
char *op_io_buffer_alloc(struct worker *w, struct op_inst *op, size_t len)
{
    void *p;
    size_t size = op_buffer_need(op, len);
    if (posix_memalign(&p, op->dio_align > 4096 ? op->dio_align : 4096, size) != 0)
        return NULL;
    if (flowop_is(op->op->type, FF_WRITE))
        data_fill(&op->op->data, &w->data_rng, p, size);
    else
        memset(p, 0, size);
    return p;
}

char *op_io_req_buffer(struct worker *w, struct op_inst *op, struct io_req *r, size_t len)
{
    struct op_ring *g = &op->ring;
    size_t i = (size_t)(r - g->reqs);
    if (g->cap[i] < len) {
        free(r->buf);
        g->cap[i] = 0;
        if ((r->buf = op_io_buffer_alloc(w, op, len)) == NULL)
            return NULL;
        g->cap[i] = len;
    }
    if (flowop_is(op->op->type, FF_WRITE))
        data_stamp(&op->op->data, &w->data_rng, r->buf, len);
    return r->buf;
}

/* A short write ends the run. Writing its rest once more (untimed: the run
 * is over anyway) usually yields the reason, e.g. ENOSPC or EFBIG. */
static int short_write(struct worker *w, struct op_inst *op, const struct io_req *r, const struct slot *s)
{
    char path[PATH_MAX];
    slot_path(w, s, path, sizeof path);
    size_t done = (size_t)r->res, left = r->len - done;
    struct iovec iov = { (char *)r->buf + done, left };
    bool at_end = r->dir == IO_APPEND;
    ssize_t n = pwritev2(r->fd, &iov, 1, at_end ? -1 : (off_t)(r->off + done), at_end ? RWF_APPEND : 0);
    if (n < 0)
        return op_error(w, op, dir_verb[r->dir], path, errno);
    return op_fail(w, op, "short %s %s: %zu of %zu bytes", r->dir == IO_READ ? "read" : "write to", path, done,
                   r->len);
}

void op_io_release(struct op_inst *op, struct io_req *r)
{
    op->ring.free[op->ring.nfree++] = r;
}

/* op_io_complete's body, inline in the reap's loop: a completion there
 * costs no call of its own. */
static inline __attribute__((always_inline)) int complete(struct worker *w, struct io_req *r, uint64_t t1)
{
    struct op_inst *op = r->owner;
    struct slot *s = &w->fds[r->key];
    op_io_release(op, r);
    if (r->res < 0) {
        char path[PATH_MAX];
        return op_error(w, op, dir_verb[r->dir], slot_path(w, s, path, sizeof path), (int)-r->res);
    }
    if (r->dir != IO_READ && (size_t)r->res != r->len)
        return short_write(w, op, r, s);
    if (r->dir == IO_READ && op_verify_check(w, op, s, r->buf, r->off, (size_t)r->res) != FO_OK)
        return FO_ERROR;
    if (op->whole) {
        op->whole_bytes += (uint64_t)r->res;
        return FO_OK;
    }
    op_done_lagged(w, op, r->t0, t1, (uint64_t)r->res, r->off, r->lag_ns, r->pass_t0); /* an append's unknown offset is UINT64_MAX: none */
    if (r->dir == IO_READ && !op->op->random && (size_t)r->res < r->len)
        s->offset = r->res == 0 ? 0 : r->off + (uint64_t)r->res; /* at EOF start over: reads loop over the file */
    if (r->dir == IO_APPEND && r->off != UINT64_MAX)
        s->offset = r->off + (uint64_t)r->res;
    return FO_OK;
}

int op_io_complete(struct worker *w, struct io_req *r, uint64_t t1)
{
    return complete(w, r, t1);
}

int op_io_sync_failed(struct worker *w, struct op_inst *op, const struct io_req *r, const struct slot *s)
{
    if (r->res >= 0)
        return short_write(w, op, r, s);
    char path[PATH_MAX];
    return op_error(w, op, dir_verb[r->dir], slot_path(w, s, path, sizeof path), (int)-r->res);
}

int op_io_send_failed(struct worker *w, struct op_inst *op, const struct io_req *r, const struct slot *s, int err)
{
    char path[PATH_MAX], what[64];
    snprintf(what, sizeof what, "%s (%s, submit)", dir_verb[r->dir], op->ioe->ops->name);
    return op_error(w, op, what, slot_path(w, s, path, sizeof path), err);
}

int op_io_submit_fail(struct worker *w, struct op_inst *op, struct io_req *r, int err)
{
    op_io_release(op, r);
    return op_io_send_failed(w, op, r, &w->fds[r->key], err);
}

/* An op of the thread on engine e, to name in an error no request names. */
static struct op_inst *engine_user(struct worker *w, const struct ioengine *e)
{
    for (size_t i = 0; i < w->nops; i++)
        if (w->ops[i].ioe == e)
            return &w->ops[i];
    return &w->ops[0];
}

/* Starts what the thread's engines queued: before it waits on one, the
 * requests of every engine are on their way. A request waiting in the ring
 * was not yet the kernel's: its service time starts here, and the wait moves
 * into its lag, so time from the intended start still counts it. */
void op_io_commit_all(struct worker *w, const struct ioengine *sender)
{
    if (w->nunsent > 0) {
        uint64_t now = op_now(w);
        for (unsigned i = 0; i < w->nunsent; i++) {
            struct io_req *r = w->unsent[i];
            r->lag_ns += tick_to_ns(&w->clk, now - r->t0);
            r->t0 = now;
        }
        w->nunsent = 0;
    }
    for (unsigned i = 0; i < w->nlive; i++)
        if (w->live[i] != sender)
            ioengine_commit(w->live[i]);
}

/* The wait has no time limit: every request in flight ends, done or failed
 * by the kernel, and a timed wait arms a timer each time (io_uring at depth
 * 1 ran a fifth slower with one). A signal interrupts it: when stop_ok and
 * the run is stopping, FO_DONE then. */
static inline __attribute__((always_inline)) int reap(struct worker *w, struct ioengine *e, unsigned min, bool stop_ok)
{
    struct io_req *done[REAP_BATCH];
    op_io_commit_all(w, ioengine_is(e->ops, IOE_REAP_SENDS) ? e : NULL);
    if (min > e->inflight)
        min = e->inflight;
    int n;
    while ((n = ioengine_reap(e, min, REAP_BATCH, done, NULL)) <= 0 && min > 0) {
        if (n < 0 && n != -EINTR && n != -ETIME && n != -EAGAIN)
            return op_fail(w, engine_user(w, e), "waiting for I/O (%s): %s", e->ops->name, strerror(-n));
        if (stop_ok && worker_stopping(w))
            return FO_DONE;
    }
    int rc = FO_OK;
    uint64_t t1 = op_now(w);
    for (int i = 0; i < n; i++) {
        w->io_inflight--;
        int c = complete(w, done[i], t1);
        rc = rc == FO_OK ? c : rc;
    }
    return rc;
}

int op_io_reap(struct worker *w, struct ioengine *e, unsigned min, bool stop_ok)
{
    return reap(w, e, min, stop_ok);
}

int op_io_quiesce_own(struct worker *w, struct op_inst *op)
{
    while (op->ring.nfree < op->ring.depth) {
        int rc = op_io_reap(w, op->ioe, 1, false);
        if (rc != FO_OK)
            return rc;
    }
    return FO_OK;
}

int op_io_reap_own(struct worker *w, struct op_inst *op)
{
    while (op->ring.nfree == 0) {
        int rc = reap(w, op->ioe, 1, true); /* inline: the path of every op at a full depth */
        if (rc != FO_OK)
            return rc;
    }
    return FO_OK;
}

struct io_req *op_io_wait_free(struct worker *w, struct op_inst *op, int *rc)
{
    if ((*rc = op_io_reap_own(w, op)) != FO_OK)
        return NULL;
    return op->ring.free[--op->ring.nfree];
}

int op_io_drain(struct worker *w)
{
    int rc = FO_OK;
    for (unsigned i = 0; i < w->nlive; i++)
        while (w->live[i]->inflight > 0) {
            int c = op_io_reap(w, w->live[i], w->live[i]->inflight, false);
            rc = rc == FO_OK ? c : rc;
        }
    return rc;
}
