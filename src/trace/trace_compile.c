/* trace_compile.c: a trace made into what the engine runs: the image (calls
 * grouped by thread, descriptors as slots of their process, cross-thread
 * orderings as waits) and a plan of one process per traced process, one thread
 * per traced thread, each running a replay flowop whose children are the
 * report's rows, one per kind of call. */
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "trace/trace.h"
#include "trace/trace_fds.h"

/* The last call on a resource (a name or a process's slot): its thread and index. */
struct last {
    uint32_t key;            /* a string offset, or slot | 1 << 31 per process */
    uint32_t proc;
    uint32_t thread, seq;    /* thread + 1 (0: an empty bucket; UINT32_MAX: no call yet) */
};

/* The last call on each resource, open-addressed by (key, proc); cap a power of two. */
struct order {
    struct last *v;
    size_t cap;
};

static struct last *last_of(struct order *o, uint32_t key, uint32_t proc)
{
    uint64_t h = ((uint64_t)key * 0x9e3779b97f4a7c15ull) ^ proc;
    size_t i = (size_t)(h ^ (h >> 29)) & (o->cap - 1);
    while (o->v[i].thread != 0 && (o->v[i].key != key || o->v[i].proc != proc))
        i = (i + 1) & (o->cap - 1);
    if (o->v[i].thread == 0)
        o->v[i] = (struct last){ key, proc, UINT32_MAX, 0 };
    return &o->v[i];
}

/* ROOT's rule: a call waits for the last call of another thread on the same resource. */
static void order_on(struct order *o, uint32_t key, uint32_t proc, struct rp_rec *r, uint32_t thread, uint32_t seq,
                     uint64_t *waits)
{
    struct last *l = last_of(o, key, proc);
    if (l->thread != UINT32_MAX && l->thread != thread + 1 && r->ndeps < 2) {
        r->dep_thread[r->ndeps] = l->thread - 1;
        r->dep_seq[r->ndeps++] = l->seq;
        (*waits)++;
    }
    l->thread = thread + 1; /* 0 marks an empty bucket */
    l->seq = seq;
}

/* A name's key: its contents hashed (each occurrence is its own string). */
static uint32_t name_key(const struct trace *t, uint32_t off)
{
    uint64_t h = 1469598103934665603ull;
    for (const char *p = trace_name(t, off); *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    return (uint32_t)(h ^ (h >> 32)) & 0x7fffffffu;
}

static int plan_thread(struct plan_thread *pt, uint32_t index, const bool *used, struct diag *err)
{
    size_t nrows = 0;
    for (size_t c = 0; c <= RC_NCALLS; c++)
        nrows += used[c];
    struct plan_op *op = calloc(1, sizeof *op);
    struct plan_op *kids = calloc(nrows ? nrows : 1, sizeof *kids);
    const struct plan_op **flat = calloc(nrows + 1, sizeof *flat);
    char name[32];
    snprintf(name, sizeof name, "t%u", index);
    pt->name = strdup(name);
    if (op == NULL || kids == NULL || flat == NULL || pt->name == NULL) {
        free(op);
        free(kids);
        free(flat);
        return diag_set(err, NULL, "out of memory");
    }
    *op = (struct plan_op){ .type = flowop_type_find("replay"), .name = strdup("replay"), .fileset = -1,
                            .iters = { .u = 1 }, .has_value = true, .value = { .u = index }, .children = kids,
                            .nchildren = nrows, .fd = 0, .srcfd = 0, .target_op = -1, .flat = 0 };
    flat[0] = op;
    size_t k = 0;
    for (size_t c = 0; c <= RC_NCALLS; c++) {
        if (!used[c])
            continue;
        const char *row = c < RC_NCALLS ? rp_calls[c].row_type : "replay";
        kids[k] = (struct plan_op){ .type = flowop_type_find(row), .name = strdup(c < RC_NCALLS ? rp_calls[c].name : "mismatch"),
                                    .fileset = -1, .iters = { .u = 1 }, .has_value = true, .value = { .u = c },
                                    .target_op = -1, .flat = k + 1 };
        flat[k + 1] = &kids[k];
        k++;
    }
    pt->instances = 1;
    pt->ops = op;
    pt->nops = 1;
    pt->nflat = nrows + 1;
    pt->flat = flat;
    return 0;
}

/* The image: head, threads, processes, calls, names, then the mutable part. */
static struct rp_image *image_build(const struct trace *t, const char *dir, struct rp_rec *recs, size_t nrecs,
                                    const struct rp_thread *th, uint32_t nth, const struct rp_proc *pr, uint32_t npr,
                                    uint64_t nslots_total)
{
    size_t dirlen = strlen(dir) + 1;
    size_t at = (sizeof(struct rp_image) + 63) & ~(size_t)63;
    size_t th_off = at;
    at += nth * sizeof *th;
    size_t pr_off = at;
    at += npr * sizeof *pr;
    at = (at + 63) & ~(size_t)63;
    size_t rec_off = at;
    at += nrecs * sizeof *recs;
    size_t str_off = at;
    at += t->slen + dirlen;
    at = (at + 63) & ~(size_t)63;
    size_t prog_off = at;
    at += RP_PER_THREAD_WORDS * nth * sizeof(uint32_t) + 64; /* progress, waiters, ... (replay_image.h) */
    size_t slots_off = at;
    at += nslots_total * sizeof(int32_t) + 64;
    struct rp_image *im = calloc(1, at);
    if (im == NULL)
        return NULL;
    im->magic = RP_MAGIC;
    im->size = at;
    im->threads_off = th_off;
    im->procs_off = pr_off;
    im->recs_off = rec_off;
    im->strings_off = str_off;
    im->progress_off = prog_off;
    im->nrecs = nrecs;
    im->nthreads = nth;
    im->nprocs = npr;
    memcpy((char *)im + th_off, th, nth * sizeof *th);
    memcpy((char *)im + rec_off, recs, nrecs * sizeof *recs);
    memcpy((char *)im + str_off, t->strings, t->slen);
    memcpy((char *)im + str_off + t->slen, dir, dirlen);
    im->root = (uint32_t)t->slen;
    struct rp_proc *ip = (struct rp_proc *)((char *)im + pr_off);
    uint64_t s = 0;
    for (uint32_t i = 0; i < npr; i++) {
        ip[i] = pr[i];
        ip[i].slots_off = slots_off + s * sizeof(int32_t);
        int32_t *slots = (int32_t *)((char *)im + ip[i].slots_off);
        for (uint32_t k = 0; k < pr[i].nslots; k++)
            slots[k] = -1;
        s += pr[i].nslots;
    }
    return im;
}

/* One client (no --clients): every thread beneath the one root; and a pass's traced length. */
static void image_one_client(struct rp_image *im)
{
    struct rp_thread *th = (struct rp_thread *)((char *)im + im->threads_off);
    for (uint32_t k = 0; k < im->nthreads; k++)
        th[k].root = im->root;
    im->clients = 1;
    im->client_threads = im->nthreads;
    const struct rp_rec *r = rp_recs(im);
    for (uint64_t i = 0; i < im->nrecs; i++)
        if (r[i].t_ns + r[i].dur_ns > im->span_ns)
            im->span_ns = r[i].t_ns + r[i].dur_ns;
}

/* What the walk over the trace's calls builds. */
struct compile_walk {
    struct trace *t;
    struct trace_ids pids, tids;
    struct rp_thread *th;
    size_t *pos;             /* each thread's calls so far */
    size_t *walked;          /* ... of its traced calls, how many the walk has seen */
    size_t *execs;           /* ... its execs */
    uint32_t *fork_thread, *fork_seq; /* each process's fork in its parent: thread + 1 (0: none) and index */
    uint32_t *proc_first, *proc_threads; /* each process's threads (by the pid of their first call), in order:
                                          * proc_threads[proc_first[p] .. proc_first[p + 1]) */
    struct rp_rec *recs;     /* each thread's room: twice its calls (an inherited descriptor's open before a call),
                              * and EXEC_CLOSES for each of its execs (the descriptors it closes) */
    struct trace_fds fds;
    struct order ord;
    bool (*used)[RC_NCALLS + 1]; /* each thread's kinds of call: its report rows (and the mismatch row), so
                                  * that what a thread holds follows what it does */
    uint64_t waits, max_len;
    size_t kept;
    struct start_desc { uint32_t path; int32_t desc; } *starts; /* the files open before the trace began, */
    size_t nstarts, capstarts;                                   /* one description each (start_desc) */
};

#define EXEC_CLOSES 64 /* the descriptors an exec closes in the replay at most (past it they stay open, unused) */

/* file: the name a descriptor shared by processes refers to, ordered as the name is (0: none). */
static void walk_put(struct compile_walk *w, uint32_t ti, struct rp_rec *r, uint32_t file)
{
    uint32_t seq = (uint32_t)w->pos[ti];
    uint32_t pi = w->th[ti].proc;
    if (file != 0)
        order_on(&w->ord, name_key(w->t, file), UINT32_MAX, r, ti, seq, &w->waits);
    if (r->path != 0)
        order_on(&w->ord, name_key(w->t, r->path), UINT32_MAX, r, ti, seq, &w->waits);
    if (r->path2 != 0 && (rp_calls[r->call].target & RT_PATH2))
        order_on(&w->ord, name_key(w->t, r->path2), UINT32_MAX, r, ti, seq, &w->waits);
    if (r->fd >= 0)
        order_on(&w->ord, (uint32_t)r->fd | 1u << 31, pi, r, ti, seq, &w->waits);
    if ((r->call == RC_READ || r->call == RC_WRITE || r->call == RC_GETDENTS) && r->len > w->max_len)
        w->max_len = r->len < (64u << 20) ? r->len : (64u << 20);
    w->used[ti][r->call] = rp_calls[r->call].row_type != NULL;
    w->recs[w->th[ti].first + w->pos[ti]++] = *r;
    w->kept++;
}

/* A descriptor the process got at a fork, opened anew in its replay before its first use (after that fork). */
static void walk_inherit(struct compile_walk *w, uint32_t ti, struct fd_ent *e, const struct rp_rec *at, int32_t fd)
{
    const struct fd_desc *d = &w->fds.descs[e->desc];
    struct rp_rec r = { .t_ns = at->t_ns, .off = RP_NONE, .ret = fd, .path = d->path, .fd = -1,
                        .flags = d->flags & ~(uint32_t)(O_CREAT | O_EXCL | O_TRUNC), .mode = d->mode,
                        .pid = at->pid, .tid = at->tid, .line = at->line, .call = RC_INHERIT, .ndeps = 1,
                        .dep_thread = { e->dep_thread, e->org_thread }, .dep_seq = { e->dep_seq, e->org_seq } };
    if (e->org_thread != e->dep_thread || e->org_seq != e->dep_seq)
        r.ndeps = 2;
    e->slot = (int32_t)w->fds.procs[w->th[ti].proc].nslots++;
    e->inherited = false;
    r.fd2 = e->slot;
    walk_put(w, ti, &r, 0);
}

/* The descriptor a call works on, as its slot; false when it was never opened. */
static bool walk_fd(struct compile_walk *w, uint32_t ti, uint32_t pi, struct rp_rec *r, int32_t *desc)
{
    struct fd_ent *e = fds_at(&w->fds, pi, r->fd);
    *desc = -1;
    if (e == NULL || e->desc < 0)
        return r->path != 0; /* dbench's FIND_FIRST names its directory */
    if (e->inherited)
        walk_inherit(w, ti, e, r, r->fd);
    *desc = e->desc;
    fds_move(&w->fds, e, r);
    int32_t traced = r->fd;
    r->fd = e->slot;
    if (r->call == RC_CLOSE)
        fds_close(&w->fds, pi, traced);
    return true;
}

/* An exec closes the descriptors marked close-on-exec: those the replay opened (a slot) are closed there too (a
 * cloexec call each, made by the compile), so that what they held (a lock, a file's last reference) goes as it
 * went; the room left is what the thread's calls to come may need. */
static int walk_exec(struct compile_walk *w, uint32_t ti, uint32_t pi, const struct rp_rec *at)
{
    size_t room = 2 * w->th[ti].count + EXEC_CLOSES * w->execs[ti];
    size_t need = w->pos[ti] + 2 * (w->th[ti].count - w->walked[ti]) + 1; /* the exec itself */
    const struct fd_table *m = &w->fds.procs[pi];
    for (uint32_t fd = 0; fd < m->cap && need < room; fd++) {
        const struct fd_ent *e = &m->v[fd];
        if (e->desc < 0 || !e->cloexec || e->slot < 0)
            continue;
        struct rp_rec r = { .t_ns = at->t_ns, .off = RP_NONE, .fd = e->slot, .fd2 = -1, .pid = at->pid, .tid = at->tid,
                            .line = at->line, .call = RC_CLOEXEC };
        walk_put(w, ti, &r, 0);
        need++;
    }
    return fds_exec(&w->fds, pi);
}

/* A wait follows the child's last call (of its first two threads with calls kept): the child has ended. */
static void walk_wait(struct compile_walk *w, uint32_t ti, struct rp_rec *r)
{
    int64_t child = r->ret > 0 ? trace_ids_find(&w->pids, (int32_t)r->ret) : -1;
    if (child < 0)
        return;
    for (uint32_t i = w->proc_first[child]; i < w->proc_first[child + 1] && r->ndeps < 2; i++) {
        uint32_t k = w->proc_threads[i];
        if (k == ti || w->pos[k] == 0 || w->th[k].proc != (uint32_t)child)
            continue;
        r->dep_thread[r->ndeps] = k;
        r->dep_seq[r->ndeps++] = (uint32_t)(w->pos[k] - 1);
        w->waits++;
    }
}

/* Whether name is, or is beneath, one of flowbench's own files at the top of DIR: a trace that unlinked
 * the lock would let a second flowbench in, one that wrote the manifest would claim what it names. */
static bool own_name(const char *name)
{
    static const char *const own[] = { RP_LOCK_NAME, RP_MANIFEST_NAME };
    size_t first = strcspn(name, "/");
    for (size_t k = 0; k < sizeof own / sizeof own[0]; k++)
        if (first == strlen(own[k]) && memcmp(name, own[k], first) == 0)
            return true;
    return strncmp(name, RP_MANIFEST_TMP_PREFIX, sizeof RP_MANIFEST_TMP_PREFIX - 1) == 0;
}

static int refuse_own(const struct trace *t, const struct rp_rec *r, struct diag *err)
{
    unsigned target = rp_calls[r->call].target;
    uint32_t names[2] = { (target & RT_PATH) ? r->path : 0,
                          ((target & RT_PATH2) && !(target & RT_TEXT2)) || r->call == RC_OPEN ? r->path2 : 0 };
    for (int k = 0; k < 2; k++)
        if (names[k] != 0 && own_name(trace_name(t, names[k])))
            return diag_set(err, NULL, "%s:%u: %s names flowbench's own file in the replay's directory; a "
                            "replay never touches it", t->source, r->line, trace_name(t, names[k]));
    return 0;
}

/* A file open before the trace began (an inherit of the log's) is one description however many of the traced
 * processes and descriptors hold it: the caller's shell opened it once (`> out.log 2>&1` around the command,
 * or make's children writing make's stdout). Its second holder shares the first's (its reads and writes made
 * at the offsets the trace moved it to); -1 for the first, which opens it; -2 out of memory. */
static int32_t start_desc(struct compile_walk *w, const struct rp_rec *r)
{
    const char *name = trace_name(w->t, r->path);
    for (size_t k = 0; k < w->nstarts; k++)
        if (strcmp(trace_name(w->t, w->starts[k].path), name) == 0) {
            w->fds.descs[w->starts[k].desc].shared = true;
            return w->starts[k].desc;
        }
    struct start_desc *v = grow_room(w->starts, &w->capstarts, w->nstarts, sizeof *v, 8);
    if (v == NULL)
        return -2;
    w->starts = v;
    w->starts[w->nstarts++] = (struct start_desc){ .path = r->path, .desc = (int32_t)w->fds.ndescs };
    return -1;
}

static int walk_call(struct compile_walk *w, size_t i, struct diag *err)
{
    struct trace *t = w->t;
    struct rp_rec r = t->recs[i];
    if (refuse_own(t, &r, err) != 0)
        return -1;
    uint32_t ti = (uint32_t)trace_ids_find(&w->tids, r.tid), pi = (uint32_t)trace_ids_find(&w->pids, r.pid);
    w->walked[ti]++;
    w->th[ti].proc = pi;
    w->th[ti].tid = r.tid;
    unsigned target = rp_calls[r.call].target;
    int32_t desc = -1;
    r.ndeps = 0;
    if (w->pos[ti] == 0 && w->fork_thread[pi] != 0) {
        /* a child's first call follows its fork (the names its parent made before are there) */
        r.dep_thread[0] = w->fork_thread[pi] - 1;
        r.dep_seq[0] = w->fork_seq[pi];
        r.ndeps = 1;
        w->waits++;
    }
    if (r.call == RC_INHERIT && fds_at(&w->fds, pi, r.fd2) != NULL)
        return 0; /* open before the trace began, as the log said at its use; a fork gave it (an earlier line) */
    bool opened = !(target & RT_FD) || walk_fd(w, ti, pi, &r, &desc);
    if (!opened && r.ret < 0)
        r.fd = -1; /* a call that failed on a descriptor never opened (bash closes some): it fails the same way */
    else if (!opened) {
        if (t->strict)
            return diag_set(err, NULL, "%s:%u: descriptor (handle) %d was never opened", t->source, r.line, r.fd);
        t->dropped++;
        return 0;
    }
    if (r.call == RC_INHERIT && r.path != 0 && (desc = start_desc(w, &r)) == -2)
        return diag_set(err, NULL, "out of memory");
    if ((target & RT_NEWFD) && r.fd2 >= 0) {
        int32_t fd = r.fd2;
        r.fd2 = r.call == RC_DUP || desc >= 0 ? fds_dup(&w->fds, pi, fd, desc, r.flags)
                                              : fds_open(&w->fds, pi, fd, &r);
        if (r.fd2 < 0)
            return diag_set(err, NULL, "%s:%u: descriptor %d is past the largest kept (or out of memory)", t->source,
                            r.line, fd);
    }
    int64_t child = r.call == RC_FORK && r.ret > 0 ? trace_ids_find(&w->pids, (int32_t)r.ret) : -1;
    if (child >= 0 && (uint32_t)child != pi && w->fork_thread[child] == 0) {
        w->fork_thread[child] = ti + 1;
        w->fork_seq[child] = (uint32_t)w->pos[ti];
    }
    if (child >= 0 && (uint32_t)child != pi
        && fds_fork(&w->fds, pi, (uint32_t)child, ti, (uint32_t)w->pos[ti]) != 0)
        return diag_set(err, NULL, "out of memory");
    if (r.call == RC_EXEC && r.ret >= 0 && walk_exec(w, ti, pi, &r) != 0)
        return diag_set(err, NULL, "out of memory");
    if (r.call == RC_WAIT)
        walk_wait(w, ti, &r);
    r.unchecked = desc >= 0 && w->fds.descs[desc].path == 0 && r.call != RC_INHERIT; /* a /dev/null stand-in's */
    if (r.call == RC_SETFD && r.ret >= 0)
        fds_setfd(&w->fds, pi, t->recs[i].fd, r.flags);
    walk_put(w, ti, &r, desc >= 0 && w->fds.descs[desc].shared && r.path == 0 ? w->fds.descs[desc].path : 0);
    return 0;
}

static void walk_free(struct compile_walk *w)
{
    trace_ids_free(&w->pids);
    trace_ids_free(&w->tids);
    free(w->th);
    free(w->pos);
    free(w->walked);
    free(w->execs);
    free(w->fork_thread);
    free(w->fork_seq);
    free(w->proc_first);
    free(w->proc_threads);
    free(w->used);
    free(w->recs);
    free(w->ord.v);
    free(w->starts);
    fds_free(&w->fds);
}

/* Each traced process and thread, in the order first seen; a replay runs each process as one of its own and
 * each thread as one of its own, so a trace of more than the caps is refused at the call that passes one. */
static int walk_ids(struct compile_walk *w, struct diag *err)
{
    const struct trace *t = w->t;
    for (size_t i = 0; i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        int64_t p = trace_ids_add(&w->pids, r->pid), k = trace_ids_add(&w->tids, r->tid);
        if (p < 0 || k < 0)
            return diag_set(err, NULL, "out of memory");
        if (p == TRACE_MAX_PROCS)
            return diag_set(err, NULL, "%s:%u: pid %d is the trace's process number %d; a replay runs each traced "
                            "process as one of its own and takes at most %d", t->source, r->line, r->pid,
                            TRACE_MAX_PROCS + 1, TRACE_MAX_PROCS);
        if (k == TRACE_MAX_THREADS)
            return diag_set(err, NULL, "%s:%u: tid %d is the trace's thread number %d; a replay runs each traced "
                            "thread as one of its own and takes at most %d", t->source, r->line, r->tid,
                            TRACE_MAX_THREADS + 1, TRACE_MAX_THREADS);
    }
    return 0;
}

/* Each thread's room for its calls (twice its count, and EXEC_CLOSES an exec), in thread order, and each
 * process's threads. */
static int walk_threads(struct compile_walk *w)
{
    const struct trace *t = w->t;
    uint32_t nth = (uint32_t)w->tids.n, npr = (uint32_t)w->pids.n;
    uint32_t *first_pid = calloc(nth ? nth : 1, sizeof *first_pid), *filled = calloc(npr ? npr : 1, sizeof *filled);
    if (first_pid == NULL || filled == NULL) {
        free(first_pid);
        free(filled);
        return -1;
    }
    for (size_t i = 0; i < t->n; i++) {
        size_t k = (size_t)trace_ids_find(&w->tids, t->recs[i].tid);
        if (w->th[k].count++ == 0)
            first_pid[k] = (uint32_t)trace_ids_find(&w->pids, t->recs[i].pid);
        w->execs[k] += t->recs[i].call == RC_EXEC;
    }
    for (uint32_t k = 1; k < nth; k++)
        w->th[k].first = w->th[k - 1].first + 2 * w->th[k - 1].count + EXEC_CLOSES * w->execs[k - 1];
    for (uint32_t k = 0; k < nth; k++) {
        w->proc_first[first_pid[k] + 1]++;
        w->used[k][RC_NCALLS] = true; /* every thread's mismatch row */
    }
    for (uint32_t p = 0; p < npr; p++)
        w->proc_first[p + 1] += w->proc_first[p];
    for (uint32_t k = 0; k < nth; k++)
        w->proc_threads[w->proc_first[first_pid[k]] + filled[first_pid[k]]++] = k;
    free(first_pid);
    free(filled);
    return 0;
}

static int walk_alloc(struct compile_walk *w)
{
    const struct trace *t = w->t;
    size_t nth = w->tids.n ? w->tids.n : 1, npr = w->pids.n ? w->pids.n : 1;
    w->th = calloc(nth, sizeof *w->th);
    w->pos = calloc(nth, sizeof *w->pos);
    w->walked = calloc(nth, sizeof *w->walked);
    w->execs = calloc(nth, sizeof *w->execs);
    w->fork_thread = calloc(npr, sizeof *w->fork_thread);
    w->fork_seq = calloc(npr, sizeof *w->fork_seq);
    w->proc_first = calloc(npr + 1, sizeof *w->proc_first);
    w->proc_threads = calloc(nth, sizeof *w->proc_threads);
    w->used = calloc(nth, sizeof *w->used);
    size_t execs = 0;
    for (size_t i = 0; i < t->n; i++)
        execs += t->recs[i].call == RC_EXEC;
    w->recs = malloc((t->n ? 2 * t->n + EXEC_CLOSES * execs : 1) * sizeof *w->recs);
    while (w->ord.cap < 4 * t->n + 16)
        w->ord.cap *= 2;
    w->ord.v = calloc(w->ord.cap, sizeof *w->ord.v);
    if (!w->th || !w->pos || !w->walked || !w->execs || !w->fork_thread || !w->fork_seq || !w->proc_first
        || !w->proc_threads || !w->used || !w->recs || !w->ord.v || fds_init(&w->fds, (uint32_t)w->pids.n) != 0)
        return -1;
    return walk_threads(w);
}

/* The plan: a process per traced process, its threads each a replay flowop. */
static int replay_plan_build(struct compile_walk *w, struct trace_compiled *c, struct diag *err)
{
    uint32_t npr = (uint32_t)w->pids.n, nth = (uint32_t)w->tids.n;
    c->plan.procs = calloc(npr ? npr : 1, sizeof *c->plan.procs);
    c->plan.nprocs = npr;
    c->plan.mode = QUIT_ALLDONE;
    c->plan.replay = c->image;
    if (c->plan.procs == NULL)
        return diag_set(err, NULL, "out of memory");
    for (uint32_t p = 0; p < npr; p++) {
        char name[32];
        snprintf(name, sizeof name, "pid%d", w->pids.v[p]);
        struct plan_process *pp = &c->plan.procs[p];
        pp->name = strdup(name);
        pp->instances = 1;
        uint32_t n = 0;
        for (uint32_t k = 0; k < nth; k++)
            n += w->th[k].proc == p;
        pp->threads = calloc(n ? n : 1, sizeof *pp->threads);
        if (pp->name == NULL || pp->threads == NULL)
            return diag_set(err, NULL, "out of memory");
        for (uint32_t k = 0; k < nth; k++)
            if (w->th[k].proc == p && plan_thread(&pp->threads[pp->nthreads++], k, w->used[k], err) != 0)
                return -1;
    }
    return 0;
}

int trace_compile(struct trace *t, const char *dir, enum rp_mode mode, double speed, struct trace_compiled *c,
                  struct diag *err)
{
    memset(c, 0, sizeof *c);
    struct compile_walk w = { .t = t, .ord = { .cap = 1024 }, .max_len = 4096 };
    int rc = walk_ids(&w, err);
    uint32_t nth = (uint32_t)w.tids.n, npr = (uint32_t)w.pids.n;
    if (rc == 0)
        rc = walk_alloc(&w) == 0 ? 0 : diag_set(err, NULL, "out of memory");
    for (size_t i = 0; rc == 0 && i < t->n; i++)
        rc = walk_call(&w, i, err);
    /* calls left out shrink their thread */
    size_t at = 0;
    for (uint32_t k = 0; rc == 0 && k < nth; k++) {
        memmove(&w.recs[at], &w.recs[w.th[k].first], w.pos[k] * sizeof *w.recs);
        w.th[k].first = at;
        w.th[k].count = w.pos[k];
        at += w.pos[k];
    }
    struct rp_proc *pr = calloc(npr ? npr : 1, sizeof *pr);
    uint64_t slots = 0;
    for (uint32_t p = 0; rc == 0 && pr != NULL && p < npr; p++) {
        pr[p].pid = w.pids.v[p];
        pr[p].nslots = w.fds.procs[p].nslots;
        slots += pr[p].nslots;
    }
    c->waits = w.waits;
    if (rc == 0 && (pr == NULL || (c->image = image_build(t, dir, w.recs, w.kept, w.th, nth, pr, npr, slots)) == NULL))
        rc = diag_set(err, NULL, "out of memory");
    if (rc == 0) {
        c->image->mode = (uint32_t)mode;
        c->image->speed = speed > 0 ? speed : 1;
        c->image->max_len = w.max_len;
        image_one_client(c->image);
        rc = replay_plan_build(&w, c, err);
    }
    free(pr);
    walk_free(&w);
    return rc;
}

void trace_compiled_free(struct trace_compiled *c)
{
    c->plan.replay = NULL;
    plan_free(&c->plan);
    free(c->image);
    memset(c, 0, sizeof *c);
}

/* The image of n copies of one: its calls shared, its threads and processes n times (copy k's threads
 * numbered from k * threads, its processes' slots its own), and each copy's directory after the names. */
static struct rp_image *image_copies(const struct rp_image *one, uint32_t n, const char *const *dirs)
{
    size_t dirs_len = 0;
    for (uint32_t k = 0; k < n; k++)
        dirs_len += strlen(dirs[k]) + 1;
    size_t nth = (size_t)one->nthreads * n, npr = (size_t)one->nprocs * n, nslots = 0;
    for (uint32_t p = 0; p < one->nprocs; p++)
        nslots += rp_procs(one)[p].nslots;
    size_t strings = one->progress_off - one->strings_off; /* names and the root, padded */
    size_t at = (sizeof(struct rp_image) + 63) & ~(size_t)63;
    size_t th_off = at, pr_off = (at += nth * sizeof(struct rp_thread));
    at = (at + npr * sizeof(struct rp_proc) + 63) & ~(size_t)63;
    size_t rec_off = at, str_off = (at += one->nrecs * sizeof(struct rp_rec));
    at = (at + strings + dirs_len + 63) & ~(size_t)63;
    size_t prog_off = at, slots_off = (at += RP_PER_THREAD_WORDS * nth * sizeof(uint32_t) + 64);
    at += nslots * n * sizeof(int32_t) + 64;
    struct rp_image *im = calloc(1, at);
    if (im == NULL)
        return NULL;
    *im = (struct rp_image){ .magic = RP_MAGIC, .size = at, .recs_off = rec_off, .threads_off = th_off,
                             .procs_off = pr_off, .strings_off = str_off, .progress_off = prog_off,
                             .nrecs = one->nrecs, .nthreads = (uint32_t)nth, .nprocs = (uint32_t)npr,
                             .root = one->root, .mode = one->mode, .realtime = one->realtime, .speed = one->speed,
                             .max_len = one->max_len, .clients = n, .client_threads = one->nthreads,
                             .runtime_ns = one->runtime_ns, .span_ns = one->span_ns };
    memcpy((char *)im + rec_off, rp_recs(one), one->nrecs * sizeof(struct rp_rec));
    memcpy((char *)im + str_off, rp_str(one, 0), strings);
    struct rp_thread *th = (struct rp_thread *)((char *)im + th_off);
    struct rp_proc *pr = (struct rp_proc *)((char *)im + pr_off);
    size_t dir_at = strings, slot = 0;
    for (uint32_t k = 0; k < n; k++) {
        memcpy((char *)im + str_off + dir_at, dirs[k], strlen(dirs[k]) + 1);
        for (uint32_t i = 0; i < one->nthreads; i++) {
            struct rp_thread *t = &th[k * one->nthreads + i];
            *t = rp_threads(one)[i];
            t->proc += k * one->nprocs;
            t->base = k * one->nthreads;
            t->root = (uint32_t)dir_at;
        }
        for (uint32_t p = 0; p < one->nprocs; p++) {
            struct rp_proc *q = &pr[k * one->nprocs + p];
            *q = rp_procs(one)[p];
            q->slots_off = slots_off + slot * sizeof(int32_t);
            for (uint32_t s = 0; s < q->nslots; s++)
                ((int32_t *)((char *)im + q->slots_off))[s] = -1;
            slot += q->nslots;
        }
        dir_at += strlen(dirs[k]) + 1;
    }
    return im;
}

/* A copy of a replay thread of the plan, as thread index of the image (its rows as the original's). */
static int thread_copy(struct plan_thread *dst, const struct plan_thread *src, uint32_t index, struct diag *err)
{
    bool used[RC_NCALLS + 1] = { false };
    for (size_t i = 0; i < src->ops[0].nchildren; i++)
        if (src->ops[0].children[i].value.u <= RC_NCALLS)
            used[src->ops[0].children[i].value.u] = true;
    return plan_thread(dst, index, used, err);
}

/* The plan of n copies: each process of one as client-K.pidP, its threads those of copy K. */
static int plan_copies(const struct plan *one, uint32_t n, uint32_t nthreads, struct plan *out, struct diag *err)
{
    out->procs = calloc(one->nprocs > 0 ? one->nprocs * n : 1, sizeof *out->procs);
    out->mode = one->mode;
    if (out->procs == NULL)
        return diag_set(err, NULL, "out of memory");
    for (uint32_t k = 0; k < n; k++)
        for (size_t p = 0; p < one->nprocs; p++) {
            const struct plan_process *src = &one->procs[p];
            struct plan_process *pp = &out->procs[out->nprocs++];
            char name[64];
            snprintf(name, sizeof name, "client-%u.%s", k + 1, src->name);
            pp->name = strdup(name);
            pp->instances = 1;
            pp->threads = calloc(src->nthreads ? src->nthreads : 1, sizeof *pp->threads);
            if (pp->name == NULL || pp->threads == NULL)
                return diag_set(err, NULL, "out of memory");
            for (size_t t = 0; t < src->nthreads; t++) {
                uint32_t index = (uint32_t)src->threads[t].ops[0].value.u + k * nthreads;
                if (thread_copy(&pp->threads[pp->nthreads++], &src->threads[t], index, err) != 0)
                    return -1;
            }
        }
    return 0;
}

int trace_compile_copies(struct trace_compiled *c, uint32_t n, const char *const *dirs, struct diag *err)
{
    struct rp_image *im = image_copies(c->image, n, dirs);
    struct plan plan = { 0 };
    if (im == NULL)
        return diag_set(err, NULL, "out of memory");
    if (plan_copies(&c->plan, n, c->image->nthreads, &plan, err) != 0) {
        plan_free(&plan);
        free(im);
        return -1;
    }
    uint64_t waits = c->waits * n;
    trace_compiled_free(c);
    c->image = im;
    c->plan = plan;
    c->plan.replay = im;
    c->waits = waits;
    return 0;
}
