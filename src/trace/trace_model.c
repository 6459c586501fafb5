/* trace_model.c: an editable workload (.f) fitted to a trace: a fileset of
 * the files it used (count, sizes, directory width fitted to its depth), a
 * fileset of leaf directories for its mkdir and rmdir, its processes and
 * threads, its op mix as choose weights (opens, creates, deletes, locks...),
 * creates and deletes balanced so any run length runs whole, I/O size buckets
 * that keep the trace's percentiles, fsync cadence and its pace; every number
 * commented with where it came from (flowbench model, docs/replay.md); and the
 * figures a model is checked against (trace_model.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>

#include "base/fquote.h"
#include "trace/trace.h"
#include "trace/trace_fds.h"
#include "trace/trace_made.h"
#include "trace/trace_model.h"
#include "trace/trace_sizes.h"

/* The kinds of call the mix tells apart; each is a flowop of the model, named as the kind. */
enum kind {
    K_OPEN, K_CLOSE, K_CREATE, K_MISSING, K_READ, K_WRITE, K_STAT, K_UNLINK, K_MKDIR, K_RMDIR, K_RENAME,
    K_CHMOD, K_UTIMES, K_TRUNCATE, K_ACCESS, K_STATFS, K_READDIR, K_FSYNC, K_LOCK, K_UNLOCK, K_NKINDS
};

_Static_assert(K_NKINDS == MODEL_KINDS, "trace_model.h counts the kinds");

/* A kind: its name (the model's flowop), the mix child it becomes (a flowop type and the attributes after
 * its name; NULL: made by a composite), what its count is. */
struct kind_row {
    const char *name;
    const char *flowop;
    const char *attrs;
    const char *from;
};

static const struct kind_row kinds[K_NKINDS] = {
    [K_OPEN] = { "open", NULL, NULL, "opens of a file that was there, and dups" },
    [K_CLOSE] = { "close", NULL, NULL, "closes" },
    [K_CREATE] = { "create", NULL, NULL, "opens that created their file" },
    [K_MISSING] = { "missing", "statmissing", "filesetname=files", "opens, stats, accesses and unlinks of a missing name" },
    [K_READ] = { "read", "read", "filesetname=data, iosize=$rsize, openclose, random", "reads" },
    [K_WRITE] = { "write", "write", "filesetname=data, iosize=$wsize, openclose, random", "writes to files the trace did not create" },
    [K_STAT] = { "stat", "statfile", "filesetname=files", "stats, fstats, seeks and readlinks" },
    /* deletes remove what the run made */
    [K_UNLINK] = { "unlink", "deletefile", "filesetname=made", "unlinks" },
    [K_MKDIR] = { "mkdir", "makedir", "filesetname=dirs", "mkdirs" },
    [K_RMDIR] = { "rmdir", "removedir", "filesetname=dirs", "rmdirs" },
    [K_RENAME] = { "rename", "rename", "filesetname=files", "renames, links and symlinks" },
    [K_CHMOD] = { "chmod", "setattr", "filesetname=files, value=\"chmod\"", "chmods" },
    [K_UTIMES] = { "utimes", "setattr", "filesetname=files, value=\"utimes\"", "utimes calls" },
    [K_TRUNCATE] = { "truncate", "setattr", "filesetname=files, value=\"truncate\"", "truncates" },
    [K_ACCESS] = { "access", "access", "filesetname=files", "access calls that found the name" },
    [K_STATFS] = { "statfs", "statfs", "filesetname=files", "statfs calls" },
    [K_READDIR] = { "readdir", "readdir", "filesetname=files", "getdents calls" },
    [K_FSYNC] = { "fsync", "fsync", "fd=2", "fsyncs and fdatasyncs (of the data file, which the writes change)" },
    [K_LOCK] = { "lock", "lock", "fd=2", "locks taken (fcntl, flock)" },
    [K_UNLOCK] = { "unlock", "unlock", "fd=2", "locks released" },
};

#define HOLD_THREADS 16 /* a trace with more threads has none of its created files held (trace_made.c) */
#define HOLD_MIN 4      /* a file held wrote more times than this */
#define MAX_SHAPES 16 /* process shapes (threads per process) written apart; more are folded into the last */

/* The trace's processes by shape: shapes[i] processes ran threads[i] threads each. */
struct proc_shapes {
    uint64_t threads[MAX_SHAPES], procs[MAX_SHAPES];
    size_t n;
};

struct fit_model {
    uint64_t n[K_NKINDS];
    uint64_t files, made, dirs, procs, threads, calls;
    uint64_t writes_per_fsync, fsyncs, seq, rand;
    double secs, depth;      /* depth: the mean number of directories above a file */
    struct sizes fsize;      /* the files there before the trace: their largest extent */
    struct sizes asize;      /* every file's */
    struct sizes rsize, wsize; /* bytes moved by reads, and by writes to files it did not create */
    struct made written;     /* the writes to the files it created, and those files' classes */
    uint64_t ctouched;       /* ... the files it created and never wrote */
    uint64_t dcreated;       /* opens that created a directory */
    uint64_t max_io;
    struct proc_shapes shapes;
};

static uint64_t tm_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h | 1;
}

/* The names the trace used: whether each is there now, its largest extent, whether the trace made it
 * (and which of the files it created the name holds now: 0 for none). */
struct name {
    uint64_t h;
    uint64_t size;
    uint32_t path, made_file;
    bool exists, made, file;
};

struct names {
    struct name *v;
    size_t cap;
    uint32_t nmade;   /* the files created so far */
    uint64_t dirs_made; /* opens that created a directory (dbench's NTCreateX of one) */
};

static struct name *name_at(struct names *s, const struct trace *t, uint32_t path)
{
    uint64_t h = tm_hash(trace_name(t, path));
    size_t i = h & (s->cap - 1);
    while (s->v[i].h != 0 && s->v[i].h != h)
        i = (i + 1) & (s->cap - 1);
    if (s->v[i].h == 0)
        s->v[i] = (struct name){ .h = h, .path = path, .exists = true };
    return &s->v[i];
}

static bool is_missing(const struct rp_rec *r)
{
    return r->ret == -ENOENT || r->ret == -ENOTDIR;
}

/* Calls whose kind depends on their outcome, or that change what the names are. */
static enum kind k_open(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    if (r->ret < 0)
        return is_missing(r) ? K_MISSING : K_OPEN;
    struct name *e = name_at(ns, t, r->path);
    bool created = (r->flags & O_CREAT) && (!e->exists || !e->file);
    e->exists = true;
    e->file |= !(r->flags & O_DIRECTORY);
    e->made |= created;
    bool dir = (r->flags & O_DIRECTORY) != 0;
    ns->dirs_made += created && dir;
    e->made_file = created && !dir ? ++ns->nmade : e->made_file;
    return created ? K_CREATE : K_OPEN;
}

static enum kind k_lookup(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    if (is_missing(r))
        return K_MISSING;
    name_at(ns, t, r->path)->exists = true;
    return r->call == RC_STAT ? K_STAT : K_ACCESS;
}

static enum kind k_unlink(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    if (is_missing(r))
        return K_MISSING;
    struct name *e = name_at(ns, t, r->path);
    e->exists = false;
    e->made_file = 0;
    return K_UNLINK;
}

/* A link is a second name for a file: the model has no link flowop, so it
 * counts with renames, as the replay's report does. */
static enum kind k_link(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    if (r->ret < 0)
        return K_RENAME;
    const struct name *from = name_at(ns, t, r->path);
    bool file = from->file;
    uint32_t made_file = from->made_file;
    struct name *to = name_at(ns, t, r->path2);
    to->exists = true;
    to->file |= file;
    to->made_file = made_file;
    return K_RENAME;
}

/* A rename is a link whose old name goes (first, so a rename onto itself keeps it). */
static enum kind k_rename(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    if (r->ret < 0)
        return K_RENAME;
    struct name *from = name_at(ns, t, r->path);
    uint32_t made_file = from->made_file;
    from->exists = false;
    from->made_file = 0;
    k_link(r, ns, t);
    name_at(ns, t, r->path2)->made_file = made_file;
    return K_RENAME;
}

static enum kind k_lock(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    bool release = r->call == RC_LOCK ? r->flags == F_UNLCK : (r->flags & LOCK_UN) != 0;
    return release ? K_UNLOCK : K_LOCK;
}

/* Each call's kind, or how to tell it; fork, exec, wait, setfd and cloexec (K_NKINDS) are not file calls. */
static const struct {
    enum kind kind;
    enum kind (*tell)(const struct rp_rec *r, struct names *ns, const struct trace *t);
} call_kinds[RC_NCALLS] = {
    [RC_OPEN] = { K_OPEN, k_open }, [RC_DUP] = { K_OPEN, NULL }, [RC_INHERIT] = { K_OPEN, NULL },
    [RC_CLOSE] = { K_CLOSE, NULL }, [RC_READ] = { K_READ, NULL }, [RC_WRITE] = { K_WRITE, NULL },
    [RC_STAT] = { K_STAT, k_lookup }, [RC_ACCESS] = { K_ACCESS, k_lookup }, [RC_FSTAT] = { K_STAT, NULL },
    [RC_LSEEK] = { K_STAT, NULL }, [RC_UNLINK] = { K_UNLINK, k_unlink }, [RC_MKDIR] = { K_MKDIR, NULL },
    [RC_RMDIR] = { K_RMDIR, NULL }, [RC_RENAME] = { K_RENAME, k_rename }, [RC_CHMOD] = { K_CHMOD, NULL },
    [RC_UTIMES] = { K_UTIMES, NULL }, [RC_TRUNCATE] = { K_TRUNCATE, NULL }, [RC_FTRUNCATE] = { K_TRUNCATE, NULL },
    [RC_STATFS] = { K_STATFS, NULL }, [RC_GETDENTS] = { K_READDIR, NULL }, [RC_FSYNC] = { K_FSYNC, NULL },
    [RC_FDATASYNC] = { K_FSYNC, NULL }, [RC_LOCK] = { K_LOCK, k_lock }, [RC_FLOCK] = { K_LOCK, k_lock },
    [RC_LINK] = { K_RENAME, k_link }, [RC_FORK] = { K_NKINDS, NULL }, [RC_EXEC] = { K_NKINDS, NULL },
    /* the model has no link flowop: a symlink makes a name (as a link: with renames), a readlink reads one (a stat) */
    [RC_SYMLINK] = { K_RENAME, NULL }, [RC_READLINK] = { K_STAT, NULL }, [RC_SETFD] = { K_NKINDS, NULL },
    [RC_CLOEXEC] = { K_NKINDS, NULL }, [RC_WAIT] = { K_NKINDS, NULL },
};

static enum kind kind_of(const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    return call_kinds[r->call].tell != NULL ? call_kinds[r->call].tell(r, ns, t) : call_kinds[r->call].kind;
}

static void add_shape(struct proc_shapes *ps, uint64_t threads)
{
    size_t i = 0;
    while (i < ps->n && ps->threads[i] != threads)
        i++;
    if (i == ps->n && ps->n == MAX_SHAPES)
        i = MAX_SHAPES - 1; /* folded: its threads count as the last shape's */
    else if (i == ps->n)
        ps->threads[ps->n++] = threads;
    ps->procs[i]++;
}

/* Each process's threads (the distinct tids of its calls), then the shapes they make; pids and tids
 * hashed, so that a trace of many costs what it holds. */
static void count_ids(const struct trace *t, struct fit_model *m)
{
    struct trace_ids pids = { 0 }, tids = { 0 };
    uint64_t *threads = calloc(t->n + 1, sizeof *threads); /* by process index */
    for (size_t i = 0; threads != NULL && i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        int64_t p = trace_ids_add(&pids, r->pid);
        size_t known = tids.n;
        if (p < 0 || trace_ids_add(&tids, r->tid) < 0)
            break;
        threads[p] += tids.n > known; /* a tid counts for the process it was first seen in */
    }
    m->procs = pids.n ? pids.n : 1;
    m->threads = tids.n ? tids.n : 1;
    for (size_t p = 0; threads != NULL && p < pids.n; p++)
        add_shape(&m->shapes, threads[p] ? threads[p] : 1);
    if (m->shapes.n == 0)
        add_shape(&m->shapes, 1);
    free(threads);
    trace_ids_free(&pids);
    trace_ids_free(&tids);
}

/* The descriptors of the trace's processes (shared with the replay's compile), and per
 * description the file the trace created that it writes to (0: one it did not create). */
struct fd_walk {
    struct trace_fds fds;
    struct trace_ids pids;   /* a process's table by its pid, hashed: a trace of many pids costs what it holds */
    uint32_t *made_file;
    uint32_t cap;
};

static int32_t proc_of(struct fd_walk *fw, int32_t pid)
{
    return (int32_t)trace_ids_find(&fw->pids, pid);
}

static int fd_walk_init(struct fd_walk *fw, const struct trace *t)
{
    memset(fw, 0, sizeof *fw);
    for (size_t i = 0; i < t->n; i++)
        if (trace_ids_add(&fw->pids, t->recs[i].pid) < 0)
            return -1;
    return fds_init(&fw->fds, (uint32_t)fw->pids.n);
}

static void fd_walk_free(struct fd_walk *fw)
{
    fds_free(&fw->fds);
    trace_ids_free(&fw->pids);
    free(fw->made_file);
}

/* The description r's descriptor refers to, or NULL. */
static struct fd_ent *fd_of(struct fd_walk *fw, const struct rp_rec *r, int32_t fd)
{
    int32_t p = proc_of(fw, r->pid);
    struct fd_ent *e = p >= 0 ? fds_at(&fw->fds, (uint32_t)p, fd) : NULL;
    return e != NULL && e->desc >= 0 ? e : NULL;
}

/* Opens, dups, closes, forks and execs change the tables; an open of a file the trace created (by this
 * open or an earlier one) ties its description to that file. */
static int fd_track(struct fd_walk *fw, const struct rp_rec *r, struct names *ns, const struct trace *t)
{
    int32_t p = proc_of(fw, r->pid);
    if (p < 0)
        return 0;
    struct fd_ent *src = r->call == RC_DUP ? fd_of(fw, r, r->fd) : NULL;
    int32_t slot = 0;
    if (r->call == RC_OPEN && r->ret >= 0 && r->fd2 >= 0)
        slot = fds_open(&fw->fds, (uint32_t)p, r->fd2, r);
    else if (src != NULL && r->fd2 >= 0)
        slot = fds_dup(&fw->fds, (uint32_t)p, r->fd2, src->desc, r->flags);
    else if (r->call == RC_CLOSE)
        fds_close(&fw->fds, (uint32_t)p, r->fd);
    else if (r->call == RC_FORK && proc_of(fw, (int32_t)r->ret) >= 0)
        slot = fds_fork(&fw->fds, (uint32_t)p, (uint32_t)proc_of(fw, (int32_t)r->ret), 0, 0);
    else if (r->call == RC_EXEC)
        fds_exec(&fw->fds, (uint32_t)p);
    else if (r->call == RC_SETFD && r->ret >= 0)
        fds_setfd(&fw->fds, (uint32_t)p, r->fd, r->flags);
    if (slot < 0)
        return -1;
    if (fw->fds.ndescs > fw->cap) {
        uint32_t cap = fw->fds.capdescs;
        uint32_t *v = realloc(fw->made_file, cap * sizeof *v);
        if (v == NULL)
            return -1;
        fw->made_file = v;
        memset(v + fw->cap, 0, (cap - fw->cap) * sizeof *v);
        fw->cap = cap;
    }
    if (r->call == RC_OPEN && r->ret >= 0 && r->fd2 >= 0)
        fw->made_file[fw->fds.ndescs - 1] = name_at(ns, t, r->path)->made_file;
    return 0;
}

static int io_seen(struct fit_model *m, struct fd_walk *fw, struct names *ns, const struct trace *t,
                   const struct rp_rec *r)
{
    if (r->ret <= 0)
        return 0;
    uint64_t len = (uint64_t)r->ret;
    m->max_io = len > m->max_io ? len : m->max_io;
    struct fd_ent *e = fd_of(fw, r, r->fd);
    if (e == NULL || fw->fds.descs[e->desc].path == 0) /* no descriptor kept, or /dev/null's stand-in */
        return sizes_add(r->call == RC_READ ? &m->rsize : &m->wsize, len);
    struct fd_desc *d = &fw->fds.descs[e->desc];
    uint64_t off = r->off != RP_NONE ? r->off : d->pos;
    uint32_t made_file = r->call == RC_WRITE ? fw->made_file[e->desc] : 0;
    int rc = made_file ? made_add(&m->written, made_file, d->path, len, off + len)
                       : sizes_add(r->call == RC_READ ? &m->rsize : &m->wsize, len);
    if (rc != 0)
        return rc;
    m->seq += off == d->pos;
    m->rand += off != d->pos;
    if (r->off == RP_NONE)
        d->pos += (uint64_t)r->ret;
    struct name *n = name_at(ns, t, d->path);
    n->size = off + (uint64_t)r->ret > n->size ? off + (uint64_t)r->ret : n->size;
    return 0;
}

/* Why the fit of call r failed: a descriptor the tables do not keep, or memory. */
static int fit_fail(const struct trace *t, const struct rp_rec *r, struct diag *err)
{
    int32_t fd = r->call == RC_OPEN || r->call == RC_DUP ? r->fd2 : r->fd;
    if (r->call != RC_OPEN && r->call != RC_DUP && r->call != RC_FORK)
        return diag_set(err, NULL, "%s:%u: out of memory", t->source, r->line);
    diag_set(err, NULL, "%s:%u: descriptor %d is past the largest kept (or out of memory)", t->source, r->line, fd);
    err->bad_input = 1;
    return -1;
}

static int fit(const struct trace *t, struct fit_model *m, struct diag *err)
{
    memset(m, 0, sizeof *m);
    struct names ns = { .cap = 1024 };
    while (ns.cap < 4 * t->n + 16)
        ns.cap *= 2;
    ns.v = calloc(ns.cap, sizeof *ns.v);
    struct fd_walk fw;
    if (ns.v == NULL || fd_walk_init(&fw, t) != 0) {
        free(ns.v);
        return diag_set(err, NULL, "%s: out of memory", t->source);
    }
    uint64_t writes_since = 0;
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        enum kind k = kind_of(r, &ns, t);
        if (r->call == RC_LSEEK && r->ret >= 0 && fd_of(&fw, r, r->fd) != NULL)
            fw.fds.descs[fd_of(&fw, r, r->fd)->desc].pos = (uint64_t)r->ret;
        if (r->call == RC_READ || r->call == RC_WRITE)
            rc = io_seen(m, &fw, &ns, t, r);
        rc = rc == 0 ? fd_track(&fw, r, &ns, t) : rc;
        if (rc != 0)
            fit_fail(t, r, err);
        if (k == K_NKINDS)
            continue;
        m->n[k]++;
        m->calls++;
        if (r->call == RC_STAT && r->ret >= 0 && r->len > 0 && name_at(&ns, t, r->path)->file)
            name_at(&ns, t, r->path)->size = r->len > name_at(&ns, t, r->path)->size ? r->len : name_at(&ns, t, r->path)->size;
        writes_since += r->call == RC_WRITE;
        if (k == K_FSYNC) {
            m->fsyncs++;
            m->writes_per_fsync += writes_since;
            writes_since = 0;
        }
    }
    fd_walk_free(&fw);
    if (rc == 0 && made_fit(&m->written, t) != 0)
        rc = diag_set(err, NULL, "%s: out of memory", t->source);
    if (rc != 0) {
        free(ns.v);
        return -1;
    }
    m->ctouched = ns.nmade - made_files(&m->written);
    m->dcreated = ns.dirs_made;
    uint64_t depth_sum = 0;
    for (size_t i = 0; i < ns.cap; i++) {
        const struct name *e = &ns.v[i];
        if (e->h == 0 || !e->file)
            continue;
        m->files++;
        m->made += e->made;
        sizes_add(&m->asize, e->size);
        if (!e->made)
            sizes_add(&m->fsize, e->size);
        for (const char *p = trace_name(t, e->path); *p; p++)
            depth_sum += *p == '/';
    }
    m->depth = m->files ? (double)depth_sum / (double)m->files : 0;
    m->secs = t->n ? (double)(t->recs[t->n - 1].t_ns + t->recs[t->n - 1].dur_ns) / 1e9 : 0;
    count_ids(t, m);
    /* a file held open is one a thread: where the trace had many threads, a pass of each thread is many of
     * the trace's; held: a file of more writes than a twentieth of the calls or a hundredth of the writes
     * (git's pack: 8 writes of 128 KiB in 445), which a pick of one composite would bring all at once */
    uint64_t lumpy = m->calls / 20 < m->n[K_WRITE] / 100 ? m->calls / 20 : m->n[K_WRITE] / 100;
    m->written.hold_above = m->threads <= HOLD_THREADS ? (lumpy > HOLD_MIN ? lumpy : HOLD_MIN) : 0;
    free(ns.v);
    return 0;
}

/* What a pick of the mix does, on average: trace: the ops of the trace's kinds; all: every op the thread
 * counts (those and the model's upkeep: refills, the held file's open and close), for the pace. */
struct tally {
    double weight, trace, all;
    double fate;   /* the share of made files an unlink of the trace's ends */
};

static void tally_add(struct tally *y, uint64_t weight, double trace, double all)
{
    y->weight += (double)weight;
    y->trace += (double)weight * trace;
    y->all += (double)weight * all;
}

/* Creates and deletes of files (made), and of directories (dirs), balanced pick by pick so that any run
 * length keeps each fileset's population where it started: each created file is deleted again, by one of
 * the trace's unlinks where the trace has one to spare, else by a refill delete of an older file; a trace
 * that deletes more than it creates has its extra unlinks remove a file refilled just before. */
struct churn {
    uint64_t made, gone;   /* files created by the mix; the trace's unlinks */
    uint64_t dmade, dgone; /* directories made (mkdirs and creating opens); rmdirs */
};

static struct churn churn_of(const struct fit_model *m)
{
    size_t written;
    double held_writes;
    made_ops(&m->written, &written, &held_writes);
    return (struct churn){ .made = written + made_held(&m->written) + m->ctouched, .gone = m->n[K_UNLINK],
                           .dmade = m->n[K_MKDIR] + m->dcreated, .dgone = m->n[K_RMDIR] };
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}

/* The population a fileset keeps (prealloc) and its entries: twice it, so creates find free names. */
static uint64_t population(uint64_t made, uint64_t gone, uint64_t threads)
{
    return 2 * (made + gone) + 4 * threads + 64;
}

/* The fileset of files: the trace's files there before, the trace's depth. */
static void write_files(const struct fit_model *m, FILE *out)
{
    uint64_t there = m->files - m->made;
    /* a trace that made every file it used still opened, stat'ed and removed them: some are there from the start */
    bool none = there == 0 && m->n[K_OPEN] + m->n[K_STAT] + m->n[K_UNLINK] + m->n[K_RENAME] > 0;
    uint64_t pre = there + (none ? 1 + m->n[K_CREATE] / 4 : 0);
    uint64_t entries = pre + 1;
    /* a fileset of N entries and width W nests its files about log_W(N) deep: W = N^(1 / depth) */
    double depth = m->depth < 1 ? 1 : m->depth;
    uint64_t width = (uint64_t)ceil(pow((double)entries, 1.0 / depth));
    fprintf(out, "# files: the files there before the trace: %" PRIu64 " (%s), and one free name for lookups that miss\n"
                 "# dirwidth: %" PRIu64 " = entries^(1/%.2f): the trace's files sat %.2f directories deep on average\n"
                 "# size: each file's largest extent read, written or seen by stat; neighbours within 5%% share a "
                 "bucket\n",
            pre, none ? "it made all it used: a quarter of its creates, at the sizes of all its files" : "as traced",
            width, depth, m->depth);
    fprintf(out, "define fileset name=files, path=$dir, entries=%" PRIu64 ", dirwidth=%" PRIu64 ", prealloc=%u, size=",
            entries, width > 1 ? width : 2, (unsigned)(100 * pre / entries));
    struct sizes fs = none ? m->asize : m->fsize;
    sizes_print(&fs, 0, out);
    fputs("\n", out);
    struct churn c = churn_of(m);
    uint64_t pop = population(c.made, c.gone, m->threads);
    uint64_t mwidth = (uint64_t)ceil(pow((double)(2 * pop), 1.0 / depth));
    fprintf(out, "# made: the files the run creates and deletes; every create is matched by a delete (below), so it\n"
                 "# keeps the %" PRIu64 " it starts with (twice the trace's %" PRIu64 " creates and %" PRIu64
                 " unlinks, 4 a thread, and 64) for any run length, and as many free names\n"
                 "# size: the size each of the trace's creates ends at in the model (the classes below): a file there\n"
                 "# from the start is one of them\n"
                 "define fileset name=made, path=$dir, entries=%" PRIu64 ", dirwidth=%" PRIu64 ", prealloc=50, size=",
            pop, c.made, c.gone, 2 * pop, mwidth > 1 ? mwidth : 2);
    struct sizes ms = { 0 };
    for (uint64_t i = 0; i < m->ctouched; i++)
        sizes_add(&ms, 0);
    made_sizes(&m->written, &ms);
    sizes_print(ms.n > 0 ? &ms : &fs, 0, out);
    sizes_free(&ms);
    fputs("\n", out);
    size_t held = made_held(&m->written);
    if (held > 0)
        fprintf(out, "# held: the files written over a pass (below), one a thread, apart from made: each thread has one "
                     "part written whenever the run stops\n"
                     "define fileset name=held, path=$dir, entries=%" PRIu64 ", dirwidth=%" PRIu64 ", prealloc=0\n",
                2 * m->threads * held + 16, mwidth > 1 ? mwidth : 2);
    if (c.dmade + c.dgone > 0) {
        uint64_t dpop = population(c.dmade, c.dgone, m->threads);
        fprintf(out, "# leafdirs: the directories the run makes and removes (%" PRIu64 " made: mkdirs and creating "
                     "opens; %" PRIu64 " removed), balanced as the files are: it keeps the %" PRIu64 " it starts with\n"
                     "define fileset name=dirs, path=$dir, entries=0, dirwidth=%" PRIu64 ", leafdirs=%" PRIu64
                     ", prealloc=50\n",
                c.dmade, c.dgone, dpop, width > 1 ? width : 2, 2 * dpop);
    }
    fputs("\n", out);
}

/* What becomes of a file or directory the mix made: "gone" (files) and "dirgone" (directories). An end
 * deleted by one of the trace's unlinks is what they count; a refill is the model's upkeep. */
static void write_fate(const char *name, const char *del_made, const char *del_any, uint64_t made, uint64_t gone,
                       FILE *out)
{
    uint64_t by_trace = min_u64(made, gone), refills = made - by_trace;
    fprintf(out, "# %s: of the %" PRIu64 " made, %" PRIu64 " are deleted as the trace's deletes, %" PRIu64
                 " by a refill (the delete of an older one: the population stays as it started)\n",
            name, made, by_trace, refills);
    fprintf(out, "define flowop name=%s%s {\n", name, by_trace && refills ? ", choose" : "");
    bool both = by_trace && refills; /* weight= only among a choose's flowops */
    if (by_trace)
        fprintf(out, both ? "  %s, weight=%" PRIu64 "\n" : "  %s\n", del_made, by_trace);
    if (refills)
        fprintf(out, both ? "  %s, weight=%" PRIu64 "\n" : "  %s\n", del_any, refills);
    fputs("}\n", out);
}

static void write_churn(const struct fit_model *m, FILE *out)
{
    struct churn c = churn_of(m);
    if (c.made > 0)
        write_fate("gone", "flowop deletefile name=unlink, fd=1", "flowop deletefile name=refill, filesetname=made",
                   c.made, c.gone, out);
    /* a held file's, through its own slot: deleted either way (a refill of it is upkeep), so that fileset
     * held keeps one a thread */
    for (unsigned i = 0; i < made_held(&m->written); i++) {
        char name[32], del[64], refill[64];
        snprintf(name, sizeof name, "gone%u", HELD_SLOT + i);
        snprintf(del, sizeof del, "flowop deletefile name=unlink, fd=%u", HELD_SLOT + i);
        snprintf(refill, sizeof refill, "flowop deletefile name=refill, fd=%u", HELD_SLOT + i);
        write_fate(name, del, refill, c.made, c.gone, out);
    }
    if (c.gone > c.made)
        fputs("# deletes beyond the creates: each removes a file refilled just before\n"
              "define flowop name=unlinked {\n  flowop createfile name=refill, filesetname=made, fd=1\n"
              "  flowop closefile name=refill, fd=1\n  flowop deletefile name=unlink, fd=1\n}\n", out);
    if (c.dmade > 0)
        write_fate("dirgone", "flowop removedir name=rmdir, filesetname=dirs",
                   "flowop removedir name=refill, filesetname=dirs", c.dmade, c.dgone, out);
    if (m->n[K_MKDIR] > 0)
        fputs("define flowop name=dirmade {\n  flowop makedir name=mkdir, filesetname=dirs\n"
              "  flowop dirgone name=g\n}\n", out);
    if (m->dcreated > 0)
        fputs("define flowop name=dircreated {\n  flowop makedir name=create, filesetname=dirs\n"
              "  flowop dirgone name=g\n}\n", out);
    if (c.dgone > c.dmade)
        fputs("# rmdirs beyond the directories made: each removes one refilled just before\n"
              "define flowop name=dirremoved {\n  flowop makedir name=refill, filesetname=dirs\n"
              "  flowop removedir name=rmdir, filesetname=dirs\n}\n", out);
}

/* The mix's lines for creates, deletes, mkdirs and rmdirs, tallied. */
static void choose_churn(const struct fit_model *m, struct tally *y, FILE *out)
{
    struct churn c = churn_of(m);
    /* each made thing ends with its fate: a trace delete at the share the trace has them, else a refill */
    double fd = c.made ? (double)min_u64(c.made, c.gone) / (double)c.made : 0;
    double dd = c.dmade ? (double)min_u64(c.dmade, c.dgone) / (double)c.dmade : 0;
    size_t files;
    double held_writes;
    double writes = made_ops(&m->written, &files, &held_writes);
    made_choose(&m->written, out);
    if (files > 0) {
        y->weight += (double)files;
        y->trace += 2 * (double)files + writes + fd * (double)files;
        y->all += 3 * (double)files + writes;
    }
    tally_add(y, (uint64_t)held_writes, 1, 1);
    y->fate = fd;
    if (m->ctouched > 0) {
        fprintf(out, "  flowop created0 name=c0, weight=%" PRIu64 "  # %" PRIu64 " files the trace created and never "
                     "wrote\n", m->ctouched, m->ctouched);
        tally_add(y, m->ctouched, 2 + fd, 3);
    }
    if (c.gone > c.made) {
        fprintf(out, "  flowop unlinked name=u, weight=%" PRIu64 "  # %" PRIu64 " unlinks beyond the %" PRIu64
                     " creates\n", c.gone - c.made, c.gone - c.made, c.made);
        tally_add(y, c.gone - c.made, 1, 3);
    }
    if (m->n[K_MKDIR] > 0) {
        fprintf(out, "  flowop dirmade name=d, weight=%" PRIu64 "  # %" PRIu64 " mkdirs\n", m->n[K_MKDIR], m->n[K_MKDIR]);
        tally_add(y, m->n[K_MKDIR], 1 + dd, 2);
    }
    if (m->dcreated > 0) {
        fprintf(out, "  flowop dircreated name=dc, weight=%" PRIu64 "  # %" PRIu64 " opens that created a directory "
                     "(counted as creates)\n", m->dcreated, m->dcreated);
        tally_add(y, m->dcreated, 1 + dd, 2);
    }
    if (c.dgone > c.dmade) {
        fprintf(out, "  flowop dirremoved name=dr, weight=%" PRIu64 "  # %" PRIu64 " rmdirs beyond the %" PRIu64
                     " directories made\n", c.dgone - c.dmade, c.dgone - c.dmade, c.dmade);
        tally_add(y, c.dgone - c.dmade, 1, 2);
    }
}

/* The kinds the mix's lines and composites above do not make. */
static bool churned(size_t k)
{
    return k == K_UNLINK || k == K_MKDIR || k == K_RMDIR;
}

static void write_mix(const struct fit_model *m, struct tally *y, FILE *out)
{
    uint64_t writes = m->n[K_WRITE] > made_writes(&m->written) ? m->n[K_WRITE] - made_writes(&m->written) : 0;
    fprintf(out, "# The op mix: each weight is the count of those calls in the trace (%" PRIu64 " calls on files).\n"
                 "# Access: %" PRIu64 " sequential and %" PRIu64 " random reads and writes; the model reads and\n"
                 "# writes at random offsets of one big file (data), so that each moves the bytes the trace's did.\n"
                 "# fsync cadence: %.1f writes per fsync (%" PRIu64 " fsyncs).\n"
                 "# %" PRIu64 " closes traced; the model closes each file it opens or creates.\n",
            m->calls, m->seq, m->rand, m->fsyncs ? (double)m->writes_per_fsync / (double)m->fsyncs : 0.0, m->fsyncs,
            m->n[K_CLOSE]);
    fputs("define flowop name=opened {\n  flowop openfile name=open, filesetname=files, fd=1\n"
          "  flowop closefile name=close, fd=1\n}\n", out);
    write_churn(m, out);
    /* the files it created: in classes written alike (their sizes follow the trace's), or never written */
    made_define(&m->written, "  flowop gone name=g\n", out);
    if (m->ctouched > 0)
        fputs("define flowop name=created0 {\n  flowop createfile name=create, filesetname=made, fd=1\n"
              "  flowop closefile name=close, fd=1\n  flowop gone name=g\n}\n", out);
    fputs("define flowop name=mix, choose {\n", out);
    if (m->n[K_OPEN] > 0) {
        fprintf(out, "  flowop opened name=o, weight=%" PRIu64 "  # %" PRIu64 " %s\n", m->n[K_OPEN], m->n[K_OPEN],
                kinds[K_OPEN].from);
        tally_add(y, m->n[K_OPEN], 2, 2);
    }
    choose_churn(m, y, out);
    for (size_t k = 0; k < K_NKINDS; k++) {
        uint64_t n = k == K_WRITE ? writes : m->n[k];
        if (kinds[k].flowop == NULL || n == 0 || churned(k))
            continue;
        fprintf(out, "  flowop %s name=%s, %s, weight=%" PRIu64 "  # %" PRIu64 " %s\n", kinds[k].flowop, kinds[k].name,
                kinds[k].attrs, n, n, kinds[k].from);
        tally_add(y, n, 1, 1);
    }
    fputs("}\n", out);
    /* the pace: the run's limiter takes one event per op of the thread, after each pick */
    fputs("define flowop name=step {\n  flowop mix name=m\n  flowop opslimit name=pace\n}\n\n", out);
}

/* The one file reads and writes work on: twice the largest I/O, at least 1 MiB. */
static void write_data(const struct fit_model *m, FILE *out)
{
    uint64_t size = 2 * m->max_io > (1u << 20) ? 2 * m->max_io : (1u << 20);
    fprintf(out, "# data: the file reads and writes work on, twice the largest I/O (%" PRIu64 " bytes), at least 1 MiB\n"
                 "define fileset name=data, path=$dir, entries=1, dirwidth=1, prealloc=100, size=%" PRIu64 "\n\n",
            m->max_io, size);
}

#define HOLD_PICKS 100 /* picks of the mix around one open of the held data file (locks and fsyncs act on it) */

/* A thread's pass: picks of the mix (each paced), between the held files' creates and their ends, in a
 * hold of the data file where locks and fsyncs act on it. */
static void write_pass(const struct fit_model *m, bool hold, uint64_t picks, FILE *out)
{
    if (hold)
        fputs("    # locks and fsyncs act on the data file, which each thread holds open over a pass\n"
              "    flowop openfile name=hold, filesetname=data, fd=2\n", out);
    made_held_open(&m->written, out);
    if (picks > 1)
        fprintf(out, "    flowop step name=s, iters=%" PRIu64 "\n", picks);
    else
        fputs("    flowop step name=s\n", out);
    made_held_close(&m->written, out);
    if (hold)
        fputs("    flowop closefile name=release, fd=2\n", out);
}

/* A process definition per shape of the trace's processes: as many threads each as they had. */
static void write_procs(const struct fit_model *m, bool hold, uint64_t picks, FILE *out)
{
    fprintf(out, "# %" PRIu64 " processes and %" PRIu64 " threads traced: a thread of the model per traced thread\n",
            m->procs, m->threads);
    for (size_t i = 0; i < m->shapes.n; i++) {
        fprintf(out, "define process name=app%zu, instances=%" PRIu64 " {  # %" PRIu64 " processes of %" PRIu64
                     " thread%s\n  thread name=t, instances=%" PRIu64 " {\n",
                i + 1, m->shapes.procs[i], m->shapes.procs[i], m->shapes.threads[i],
                m->shapes.threads[i] > 1 ? "s" : "", m->shapes.threads[i]);
        write_pass(m, hold, picks, out);
        fputs("  }\n}\n", out);
    }
}

static void fit_free(struct fit_model *m)
{
    sizes_free(&m->fsize);
    sizes_free(&m->asize);
    sizes_free(&m->rsize);
    sizes_free(&m->wsize);
    made_free(&m->written);
}

int trace_model_write(const struct trace *t, const char *source, FILE *out, struct diag *err)
{
    struct fit_model m;
    if (fit(t, &m, err) != 0)
        return -1;
    if (m.calls == 0) { /* an empty choose is no workload: say why rather than write one that will not parse */
        fit_free(&m);
        diag_set(err, NULL, "%s:%u: the trace holds no call on a file (%zu calls in all): nothing to model",
                 t->source, t->n > 0 ? t->recs[t->n - 1].line : 1u, t->n);
        err->bad_input = 1;
        return -1;
    }
    double calls_per_s = m.secs > 0 ? (double)m.calls / m.secs : 0;
    uint64_t secs = (uint64_t)ceil(m.secs > 1 ? m.secs : 1);
    bool hold = m.n[K_LOCK] + m.n[K_UNLOCK] + m.n[K_FSYNC] > 0; /* these act on a held file */
    /* the trace's name quoted: a line break or a quote in it neither ends the comment nor starts a command */
    fputs("# A model of ", out);
    fquote_put(out, source);
    fprintf(out, " (%s trace: %zu calls over %.3f s), by flowbench model.\n"
                 "# Every number says where it came from; edit freely (docs/replay.md).\n"
                 "set $dir=/tmp\n\n", t->format, t->n, m.secs);
    write_files(&m, out);
    write_data(&m, out);
    fputs("# I/O sizes: the bytes each read and write moved (writes: to files it did not create); neighbours within\n"
          "# 5% share a bucket\nset $rsize=", out);
    sizes_print(&m.rsize, 4096, out);
    fputs("\nset $wsize=", out);
    sizes_print(&m.wsize, 4096, out);
    fputs("\n\n", out);
    struct tally y = { 0 };
    write_mix(&m, &y, out);
    /* a pass: the trace's picks where files are held (each held file once a pass, as in the trace), else
     * HOLD_PICKS of them (the data file's hold), else one */
    size_t held = made_held(&m.written);
    uint64_t picks = held > 0 ? (uint64_t)llround(y.weight) : hold ? HOLD_PICKS : 1;
    picks = picks ? picks : 1;
    y.all += ((hold ? 2.0 : 0) + 4.0 * (double)held) / (double)picks * y.weight;
    y.trace += (3.0 + y.fate) * (double)held / (double)picks * y.weight;
    write_procs(&m, hold, picks, out);
    /* the limiter counts every op of a thread, upkeep too: the rate asked is the trace's calls/s scaled up by
     * the upkeep, so the trace's kinds come at the trace's pace */
    double upkeep = y.trace > 0 ? y.all / y.trace : 1;
    uint64_t rate = (uint64_t)llround(calls_per_s * upkeep);
    fprintf(out, "\n# the pace: the trace's %.1f calls/s on files (%" PRIu64 " over %.3f s), times %.4f for the model's "
                 "upkeep\n# (refills and the held file's opens: %.4f ops a pick, %.4f of them the trace's kinds), for "
                 "all the threads together\neventgen rate=%" PRIu64 "\n",
            calls_per_s, m.calls, m.secs, upkeep, y.weight > 0 ? y.all / y.weight : 0,
            y.weight > 0 ? y.trace / y.weight : 0, rate ? rate : 1);
    fprintf(out, "\n# the trace lasted %.3f s\nrun %" PRIu64 "\n", m.secs, secs);
    fit_free(&m);
    if (ferror(out))
        return diag_set(err, NULL, "writing the model: %s", strerror(errno ? errno : EIO));
    return 0;
}

int model_kind(const char *name)
{
    for (int k = 0; k < K_NKINDS; k++)
        if (strcmp(kinds[k].name, name) == 0)
            return k;
    return -1;
}

const char *model_kind_name(int kind)
{
    return kind >= 0 && kind < K_NKINDS ? kinds[kind].name : "?";
}

/* The sizes moves from one list to another (from is left empty). */
static int sizes_take(struct sizes *to, struct sizes *from)
{
    for (size_t i = 0; i < from->n; i++)
        if (sizes_add(to, from->v[i]) != 0)
            return -1;
    sizes_free(from);
    return 0;
}

int trace_model_figures(const struct trace *t, struct model_figures *f, struct diag *err)
{
    struct fit_model m;
    *f = (struct model_figures){ 0 };
    if (fit(t, &m, err) != 0)
        return -1;
    memcpy(f->count, m.n, sizeof f->count);
    f->calls = m.calls;
    f->secs = m.secs;
    int rc = sizes_take(&f->reads, &m.rsize) | sizes_take(&f->writes, &m.wsize) | sizes_take(&f->there, &m.fsize);
    rc |= made_lens(&m.written, &f->writes) | made_extents(&m.written, &f->made);
    for (uint64_t i = 0; rc == 0 && i < m.ctouched; i++)
        rc = sizes_add(&f->made, 0);
    fit_free(&m);
    if (rc != 0) {
        model_figures_free(f);
        return diag_set(err, NULL, "%s: out of memory", t->source);
    }
    return 0;
}

void model_figures_free(struct model_figures *f)
{
    sizes_free(&f->reads);
    sizes_free(&f->writes);
    sizes_free(&f->there);
    sizes_free(&f->made);
}
