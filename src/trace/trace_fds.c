/* trace_fds.c: the descriptor tables of a trace's processes (trace_fds.h):
 * opens make descriptions, dups share them, a fork copies the table (the
 * child opens each inherited one in its replay at its first use, after the
 * parent's fork), exec closes what is close-on-exec. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace_fds.h"

#define FD_MAX 65536

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
    struct fd_table *m = &f->procs[p];
    if (fd < 0 || fd >= FD_MAX)
        return NULL;
    if ((uint32_t)fd >= m->cap) {
        uint32_t cap = m->cap ? m->cap : 64;
        while (cap <= (uint32_t)fd)
            cap *= 2;
        struct fd_ent *v = realloc(m->v, cap * sizeof *v);
        if (v == NULL)
            return NULL;
        for (uint32_t k = m->cap; k < cap; k++)
            v[k] = (struct fd_ent){ .desc = -1, .slot = -1 };
        m->v = v;
        m->cap = cap;
    }
    return &m->v[fd];
}

static int32_t fds_bind(struct trace_fds *f, uint32_t p, int32_t fd, int32_t desc, bool cloexec)
{
    struct fd_ent *e = fds_at(f, p, fd);
    if (e == NULL)
        return -1;
    *e = (struct fd_ent){ .desc = desc, .slot = (int32_t)f->procs[p].nslots++, .cloexec = cloexec };
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

void fds_close(struct trace_fds *f, uint32_t p, int32_t fd)
{
    struct fd_ent *e = fds_at(f, p, fd);
    if (e != NULL)
        *e = (struct fd_ent){ .desc = -1, .slot = -1 };
}

int fds_fork(struct trace_fds *f, uint32_t parent, uint32_t child, uint32_t dep_thread, uint32_t dep_seq)
{
    struct fd_table *from = &f->procs[parent];
    for (uint32_t fd = 0; fd < from->cap; fd++) {
        struct fd_ent pe = from->v[fd]; /* a copy: growing the child's table may move nothing of the parent's */
        struct fd_ent *ce = fds_at(f, child, (int32_t)fd);
        if (ce == NULL)
            return -1;
        *ce = (struct fd_ent){ .desc = pe.desc, .slot = -1, .cloexec = pe.cloexec, .inherited = pe.desc >= 0,
                               .dep_thread = dep_thread, .dep_seq = dep_seq, .org_thread = dep_thread,
                               .org_seq = dep_seq };
        if (pe.inherited) {
            ce->org_thread = pe.org_thread;
            ce->org_seq = pe.org_seq;
        }
        if (pe.desc >= 0)
            f->descs[pe.desc].shared = true;
    }
    struct fd_table *to = &f->procs[child];
    for (uint32_t fd = from->cap; fd < to->cap; fd++)
        to->v[fd] = (struct fd_ent){ .desc = -1, .slot = -1 };
    return 0;
}

void fds_setfd(struct trace_fds *f, uint32_t p, int32_t fd, uint32_t flags)
{
    struct fd_ent *e = fds_at(f, p, fd);
    if (e != NULL && e->desc >= 0)
        e->cloexec = (flags & O_CLOEXEC) != 0;
}

void fds_exec(struct trace_fds *f, uint32_t p)
{
    struct fd_table *m = &f->procs[p];
    for (uint32_t fd = 0; fd < m->cap; fd++)
        if (m->v[fd].desc >= 0 && m->v[fd].cloexec)
            m->v[fd] = (struct fd_ent){ .desc = -1, .slot = -1 };
}

void fds_move(struct trace_fds *f, const struct fd_ent *e, struct rp_rec *r)
{
    struct fd_desc *d = &f->descs[e->desc];
    if (r->call == RC_LSEEK) {
        d->pos = r->ret >= 0 ? (uint64_t)r->ret : d->pos;
        return;
    }
    if ((r->call != RC_READ && r->call != RC_WRITE) || r->off != RP_NONE || r->ret <= 0)
        return;
    if (d->shared)
        r->off = d->pos; /* each process's own descriptor does not see the others' moves */
    d->pos += (uint64_t)r->ret;
}
