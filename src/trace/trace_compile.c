/* trace_compile.c: a trace made into what the engine runs: the image (calls
 * grouped by thread, descriptors as slots of their process, cross-thread
 * orderings as waits) and a plan of one process per traced process, one thread
 * per traced thread, each running a replay flowop whose children are the
 * report's rows, one per kind of call. */
#include <stdlib.h>
#include <string.h>

#include "trace/trace.h"

struct ids {
    int32_t *v;
    size_t n;
};

static int64_t id_find(const struct ids *s, int32_t v)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->v[i] == v)
            return (int64_t)i;
    return -1;
}

static int64_t id_add(struct ids *s, int32_t v)
{
    int64_t i = id_find(s, v);
    if (i >= 0)
        return i;
    int32_t *p = realloc(s->v, (s->n + 1) * sizeof *p);
    if (p == NULL)
        return -1;
    s->v = p;
    s->v[s->n] = v;
    return (int64_t)s->n++;
}

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

/* Per process: traced descriptor -> slot, a fresh slot for each open. */
struct fdmap {
    int32_t *fd;             /* -1: not open; grown to the largest descriptor seen */
    uint32_t cap, nslots;
};

#define FD_MAX 65536

/* The entry of fd, grown into; NULL past FD_MAX or out of memory. */
static int32_t *fd_entry(struct fdmap *m, int32_t fd)
{
    if (fd < 0 || fd >= FD_MAX)
        return NULL;
    if ((uint32_t)fd >= m->cap) {
        uint32_t cap = m->cap ? m->cap : 64;
        while (cap <= (uint32_t)fd)
            cap *= 2;
        int32_t *v = realloc(m->fd, cap * sizeof *v);
        if (v == NULL)
            return NULL;
        for (uint32_t k = m->cap; k < cap; k++)
            v[k] = -1;
        m->fd = v;
        m->cap = cap;
    }
    return &m->fd[fd];
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
    at += 2 * nth * sizeof(uint32_t) + 64; /* progress, then waiters (replay_image.h) */
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

int trace_compile(struct trace *t, const char *dir, enum rp_mode mode, double speed, struct trace_compiled *c,
                  struct diag *err)
{
    memset(c, 0, sizeof *c);
    struct ids pids = { 0 }, tids = { 0 };
    for (size_t i = 0; i < t->n; i++)
        if (id_add(&pids, t->recs[i].pid) < 0 || id_add(&tids, t->recs[i].tid) < 0)
            return diag_set(err, NULL, "out of memory");
    uint32_t nth = (uint32_t)tids.n, npr = (uint32_t)pids.n;
    struct rp_thread *th = calloc(nth ? nth : 1, sizeof *th);
    struct rp_proc *pr = calloc(npr ? npr : 1, sizeof *pr);
    struct fdmap *maps = calloc(npr ? npr : 1, sizeof *maps);
    struct rp_rec *recs = malloc((t->n ? t->n : 1) * sizeof *recs);
    size_t *pos = calloc(nth ? nth : 1, sizeof *pos);
    bool *used = calloc(RC_NCALLS + 1, sizeof *used);
    struct order ord = { .cap = 1024 };
    while (ord.cap < 4 * t->n + 16)
        ord.cap *= 2;
    ord.v = calloc(ord.cap, sizeof *ord.v);
    int rc = th && pr && maps && recs && pos && used && ord.v ? 0 : diag_set(err, NULL, "out of memory");
    for (uint32_t p = 0; rc == 0 && p < npr; p++) {
        pr[p].pid = pids.v[p];
    }
    /* each thread's calls together, in their order */
    for (size_t i = 0; rc == 0 && i < t->n; i++)
        th[id_find(&tids, t->recs[i].tid)].count++;
    for (uint32_t k = 1; rc == 0 && k < nth; k++)
        th[k].first = th[k - 1].first + th[k - 1].count;
    uint64_t max_len = 4096;
    size_t kept = 0;
    for (size_t i = 0; rc == 0 && i < t->n; i++) {
        struct rp_rec r = t->recs[i];
        uint32_t ti = (uint32_t)id_find(&tids, r.tid), pi = (uint32_t)id_find(&pids, r.pid);
        struct fdmap *m = &maps[pi];
        th[ti].proc = pi;
        th[ti].tid = r.tid;
        unsigned target = rp_calls[r.call].target;
        if (target & RT_FD) {
            int32_t *e = fd_entry(m, r.fd);
            if ((e == NULL || *e < 0) && r.path == 0) {
                if (t->strict)
                    rc = diag_set(err, NULL, "%s:%u: descriptor (handle) %d was never opened", t->source, r.line, r.fd);
                else
                    t->dropped++;
                continue;
            }
            r.fd = e != NULL && *e >= 0 ? *e : -1;
        }
        if (r.call == RC_CLOSE && r.fd >= 0)
            *fd_entry(m, t->recs[i].fd) = -1; /* there: it was just found open */
        if ((target & RT_NEWFD) && r.fd2 >= 0) {
            int32_t *e = fd_entry(m, r.fd2);
            if (e == NULL) {
                rc = diag_set(err, NULL, "%s:%u: descriptor %d is past %d (or out of memory)", t->source, r.line,
                              r.fd2, FD_MAX - 1);
                continue;
            }
            *e = (int32_t)m->nslots;
            r.fd2 = (int32_t)m->nslots++;
        }
        uint32_t seq = (uint32_t)pos[ti];
        r.ndeps = 0;
        if (r.path != 0)
            order_on(&ord, name_key(t, r.path), UINT32_MAX, &r, ti, seq, &c->waits);
        if (r.path2 != 0)
            order_on(&ord, name_key(t, r.path2), UINT32_MAX, &r, ti, seq, &c->waits);
        if (r.fd >= 0)
            order_on(&ord, (uint32_t)r.fd | 1u << 31, pi, &r, ti, seq, &c->waits);
        if ((r.call == RC_READ || r.call == RC_WRITE || r.call == RC_GETDENTS) && r.len > max_len)
            max_len = r.len < (64u << 20) ? r.len : (64u << 20);
        used[r.call] = true;
        recs[th[ti].first + pos[ti]++] = r;
        kept++;
    }
    /* calls left out shrink their thread */
    size_t at = 0;
    for (uint32_t k = 0; rc == 0 && k < nth; k++) {
        memmove(&recs[at], &recs[th[k].first], pos[k] * sizeof *recs);
        th[k].first = at;
        th[k].count = pos[k];
        at += pos[k];
    }
    uint64_t slots = 0;
    for (uint32_t p = 0; rc == 0 && p < npr; p++) {
        pr[p].nslots = maps[p].nslots;
        slots += maps[p].nslots;
    }
    used[RC_NCALLS] = true;
    if (rc == 0 && (c->image = image_build(t, dir, recs, kept, th, nth, pr, npr, slots)) == NULL)
        rc = diag_set(err, NULL, "out of memory");
    if (rc == 0) {
        c->image->mode = (uint32_t)mode;
        c->image->speed = speed > 0 ? speed : 1;
        c->image->max_len = max_len;
        c->plan.procs = calloc(npr ? npr : 1, sizeof *c->plan.procs);
        c->plan.nprocs = npr;
        c->plan.mode = QUIT_ALLDONE;
        c->plan.replay = c->image;
        rc = c->plan.procs == NULL ? diag_set(err, NULL, "out of memory") : 0;
    }
    for (uint32_t p = 0; rc == 0 && p < npr; p++) {
        char name[32];
        snprintf(name, sizeof name, "pid%d", pr[p].pid);
        struct plan_process *pp = &c->plan.procs[p];
        pp->name = strdup(name);
        pp->instances = 1;
        uint32_t n = 0;
        for (uint32_t k = 0; k < nth; k++)
            n += th[k].proc == p;
        pp->threads = calloc(n ? n : 1, sizeof *pp->threads);
        if (pp->name == NULL || pp->threads == NULL) {
            rc = diag_set(err, NULL, "out of memory");
            break;
        }
        for (uint32_t k = 0; rc == 0 && k < nth; k++)
            if (th[k].proc == p)
                rc = plan_thread(&pp->threads[pp->nthreads++], k, used, err);
    }
    free(pids.v);
    free(tids.v);
    free(th);
    free(pr);
    for (uint32_t p = 0; maps != NULL && p < npr; p++)
        free(maps[p].fd);
    free(maps);
    free(recs);
    free(pos);
    free(used);
    free(ord.v);
    return rc;
}

void trace_compiled_free(struct trace_compiled *c)
{
    c->plan.replay = NULL;
    plan_free(&c->plan);
    free(c->image);
    memset(c, 0, sizeof *c);
}
