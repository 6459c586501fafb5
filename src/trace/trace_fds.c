/* trace_fds.c: the descriptor tables of a trace's processes (trace_fds.h):
 * opens make descriptions, dups share them, a fork copies the table (the
 * child opens each inherited one in its replay at its first use, after the
 * parent's fork), exec closes what is close-on-exec; and the index of each
 * traced process (its table) by its pid, hashed. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/grow.h"
#include "trace/trace_fds.h"

/* A table's buckets: a power of two, at most half full. */
#define FD_FIRST_CAP 16u

static uint32_t fd_home(const struct fd_table *m, int32_t fd)
{
    return (uint32_t)(((uint64_t)(uint32_t)fd * 0x9e3779b97f4a7c15ull) >> 32) & (m->cap - 1);
}

/* fd's bucket, or the empty one where it would go. */
static struct fd_ent *fd_probe(const struct fd_table *m, int32_t fd)
{
    uint32_t i = fd_home(m, fd);
    while (m->v[i].desc >= 0 && m->v[i].fd != fd)
        i = (i + 1) & (m->cap - 1);
    return &m->v[i];
}

/* The smallest table that holds n entries at most half full. */
static uint32_t fd_cap_for(uint32_t n)
{
    uint32_t cap = FD_FIRST_CAP;
    while (cap < 2 * n + 2)
        cap *= 2;
    return cap;
}

/* m's entries (those exec keeps, when drop_cloexec) moved into a table of cap buckets. */
static int fd_rebuild(struct fd_table *m, uint32_t cap, bool drop_cloexec)
{
    struct fd_table n = { .cap = cap, .nslots = m->nslots };
    n.v = malloc((size_t)cap * sizeof *n.v);
    if (n.v == NULL)
        return -1;
    for (uint32_t k = 0; k < cap; k++)
        n.v[k] = (struct fd_ent){ .fd = -1, .desc = -1, .slot = -1 };
    for (uint32_t k = 0; k < m->cap; k++) {
        if (m->v[k].desc < 0 || (drop_cloexec && m->v[k].cloexec))
            continue;
        *fd_probe(&n, m->v[k].fd) = m->v[k];
        n.count++;
    }
    free(m->v);
    *m = n;
    return 0;
}

int fds_init(struct trace_fds *f, uint32_t nprocs)
{
    memset(f, 0, sizeof *f);
    f->procs = calloc(nprocs ? nprocs : 1, sizeof *f->procs);
    f->nprocs = nprocs;
    return f->procs != NULL ? 0 : -1;
}

void fds_free(struct trace_fds *f)
{
    for (uint32_t p = 0; f->procs != NULL && p < f->nprocs; p++)
        free(f->procs[p].v);
    free(f->procs);
    free(f->descs);
    memset(f, 0, sizeof *f);
}

struct fd_ent *fds_at(struct trace_fds *f, uint32_t p, int32_t fd)
{
    const struct fd_table *m = &f->procs[p];
    if (fd < 0 || m->cap == 0)
        return NULL;
    struct fd_ent *e = fd_probe(m, fd);
    return e->desc >= 0 ? e : NULL;
}

/* fd's entry in p's table, made (desc still -1) when it was not open; NULL out of memory. */
static struct fd_ent *fd_put(struct fd_table *m, int32_t fd)
{
    if (m->cap < fd_cap_for(m->count + 1) && fd_rebuild(m, fd_cap_for(m->count + 1) * 2, false) != 0)
        return NULL;
    struct fd_ent *e = fd_probe(m, fd);
    if (e->desc < 0)
        m->count++;
    e->fd = fd;
    return e;
}

static int32_t fds_bind(struct trace_fds *f, uint32_t p, int32_t fd, int32_t desc, bool cloexec)
{
    struct fd_ent *e = fd < 0 ? NULL : fd_put(&f->procs[p], fd);
    if (e == NULL)
        return -1;
    *e = (struct fd_ent){ .fd = fd, .desc = desc, .slot = (int32_t)f->procs[p].nslots++, .cloexec = cloexec };
    return e->slot;
}

int32_t fds_open(struct trace_fds *f, uint32_t p, int32_t fd, const struct rp_rec *r)
{
    if (f->ndescs == f->capdescs) {
        uint32_t cap = f->capdescs ? f->capdescs * 2 : 256;
        struct fd_desc *v = realloc(f->descs, cap * sizeof *v);
        if (v == NULL)
            return -1;
        f->descs = v;
        f->capdescs = cap;
    }
    f->descs[f->ndescs] = (struct fd_desc){ .path = r->path, .flags = r->flags, .mode = r->mode };
    return fds_bind(f, p, fd, (int32_t)f->ndescs++, (r->flags & O_CLOEXEC) != 0);
}

int32_t fds_dup(struct trace_fds *f, uint32_t p, int32_t fd, int32_t desc, uint32_t flags)
{
    return fds_bind(f, p, fd, desc, (flags & O_CLOEXEC) != 0);
}

/* Removes fd, moving up the entries probed past it (no tombstones), and shrinks a table left mostly empty
 * (a process that once held many descriptors does not make each fork copy its old size). */
void fds_close(struct trace_fds *f, uint32_t p, int32_t fd)
{
    struct fd_table *m = &f->procs[p];
    struct fd_ent *e = fds_at(f, p, fd);
    if (e == NULL)
        return;
    uint32_t mask = m->cap - 1, hole = (uint32_t)(e - m->v);
    for (uint32_t j = (hole + 1) & mask; m->v[j].desc >= 0; j = (j + 1) & mask) {
        uint32_t home = fd_home(m, m->v[j].fd);
        /* the entry at j may fill the hole when its home is not in (hole, j], cyclically */
        bool stays = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
        if (!stays) {
            m->v[hole] = m->v[j];
            hole = j;
        }
    }
    m->v[hole] = (struct fd_ent){ .fd = -1, .desc = -1, .slot = -1 };
    m->count--;
    if (m->cap > 4 * fd_cap_for(m->count))
        (void)fd_rebuild(m, fd_cap_for(m->count), false); /* out of memory: it stays as large, still right */
}

int fds_fork(struct trace_fds *f, uint32_t parent, uint32_t child, uint32_t dep_thread, uint32_t dep_seq)
{
    const struct fd_table *from = &f->procs[parent];
    struct fd_table *to = &f->procs[child];
    struct fd_table copy = { .cap = fd_cap_for(from->count), .count = from->count, .nslots = to->nslots };
    copy.v = malloc((size_t)copy.cap * sizeof *copy.v);
    if (copy.v == NULL)
        return -1;
    for (uint32_t k = 0; k < copy.cap; k++)
        copy.v[k] = (struct fd_ent){ .fd = -1, .desc = -1, .slot = -1 };
    for (uint32_t k = 0; k < from->cap; k++) {
        const struct fd_ent *pe = &from->v[k];
        if (pe->desc < 0)
            continue;
        struct fd_ent *ce = fd_probe(&copy, pe->fd);
        *ce = (struct fd_ent){ .fd = pe->fd, .desc = pe->desc, .slot = -1, .cloexec = pe->cloexec, .inherited = true,
                               .dep_thread = dep_thread, .dep_seq = dep_seq, .org_thread = dep_thread,
                               .org_seq = dep_seq };
        if (pe->inherited) {
            ce->org_thread = pe->org_thread;
            ce->org_seq = pe->org_seq;
        }
        f->descs[pe->desc].shared = true;
    }
    free(to->v);
    *to = copy;
    return 0;
}

void fds_setfd(struct trace_fds *f, uint32_t p, int32_t fd, uint32_t flags)
{
    struct fd_ent *e = fds_at(f, p, fd);
    if (e != NULL)
        e->cloexec = (flags & O_CLOEXEC) != 0;
}

int fds_exec(struct trace_fds *f, uint32_t p)
{
    struct fd_table *m = &f->procs[p];
    return m->cap == 0 ? 0 : fd_rebuild(m, m->cap, true);
}

void fds_move(struct trace_fds *f, const struct fd_ent *e, struct rp_rec *r)
{
    struct fd_desc *d = &f->descs[e->desc];
    if (r->call == RC_LSEEK) {
        d->pos = r->ret >= 0 ? (uint64_t)r->ret : d->pos;
        /* on a shared one the replay's reads and writes are positioned and leave its own offset where it was:
         * a seek from the current offset (bash's back over what it read ahead) goes to where the trace's went */
        if (d->shared && r->ret >= 0 && r->flags == SEEK_CUR) {
            r->off = (uint64_t)r->ret;
            r->flags = SEEK_SET;
        }
        return;
    }
    if ((r->call != RC_READ && r->call != RC_WRITE) || r->off != RP_NONE || r->ret <= 0)
        return;
    if (d->shared)
        r->off = d->pos; /* each process's own descriptor does not see the others' moves */
    d->pos += (uint64_t)r->ret;
}

static size_t ids_home(const struct trace_ids *s, int32_t v)
{
    return (size_t)(((uint64_t)(uint32_t)v * 0x9e3779b97f4a7c15ull) >> 32) & (s->scap - 1);
}

/* v's bucket, or the empty one where it would go. */
static uint32_t *ids_probe(const struct trace_ids *s, int32_t v)
{
    size_t i = ids_home(s, v);
    while (s->slot[i] != 0 && s->v[s->slot[i] - 1] != v)
        i = (i + 1) & (s->scap - 1);
    return &s->slot[i];
}

int64_t trace_ids_find(const struct trace_ids *s, int32_t v)
{
    if (s->scap == 0)
        return -1;
    uint32_t at = *ids_probe(s, v);
    return at != 0 ? (int64_t)at - 1 : -1;
}

static int ids_rehash(struct trace_ids *s, size_t scap)
{
    uint32_t *slot = calloc(scap, sizeof *slot);
    if (slot == NULL)
        return -1;
    free(s->slot);
    s->slot = slot;
    s->scap = scap;
    for (size_t i = 0; i < s->n; i++)
        *ids_probe(s, s->v[i]) = (uint32_t)i + 1;
    return 0;
}

int64_t trace_ids_add(struct trace_ids *s, int32_t v)
{
    int64_t i = trace_ids_find(s, v);
    if (i >= 0)
        return i;
    if (2 * (s->n + 1) > s->scap && ids_rehash(s, s->scap ? 2 * s->scap : 64) != 0)
        return -1;
    int32_t *p = grow_room(s->v, &s->cap, s->n, sizeof *p, 64);
    if (p == NULL)
        return -1;
    s->v = p;
    s->v[s->n] = v;
    *ids_probe(s, v) = (uint32_t)s->n + 1;
    return (int64_t)s->n++;
}

void trace_ids_free(struct trace_ids *s)
{
    free(s->v);
    free(s->slot);
}
