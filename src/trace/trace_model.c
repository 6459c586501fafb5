/* trace_model.c: an editable workload (.f) fitted to a trace: a fileset of
 * the files it used (count, size buckets, directory width), its processes and
 * threads, its op mix as choose weights, I/O size buckets, sequential or
 * random access, fsync cadence and its rate; every number commented with
 * where it came from (flowbench model, docs/replay.md). */
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace.h"

#define NB 40 /* power-of-two size classes: 1 B .. 512 GiB */

struct hist {
    uint64_t n[NB];
    uint64_t total;
};

static void hist_add(struct hist *h, uint64_t v)
{
    int b = 0;
    while (b < NB - 1 && (1ull << b) < v)
        b++;
    h->n[b]++;
    h->total++;
}

/* "buckets(4k:30, 64k:70)": whole percentages by the largest remainders, summing to 100. */
static void hist_print(const struct hist *h, FILE *out)
{
    int pct[NB] = { 0 }, sum = 0;
    double rem[NB] = { 0 };
    for (int b = 0; b < NB; b++) {
        double share = h->total ? 100.0 * (double)h->n[b] / (double)h->total : 0;
        pct[b] = (int)share;
        rem[b] = share - pct[b];
        sum += pct[b];
    }
    while (h->total > 0 && sum < 100) {
        int best = 0;
        for (int b = 1; b < NB; b++)
            best = rem[b] > rem[best] ? b : best;
        pct[best]++;
        rem[best] = -1;
        sum++;
    }
    fputs("buckets(", out);
    const char *sep = "";
    for (int b = 0; b < NB; b++)
        if (pct[b] > 0) {
            fprintf(out, "%s%llu:%d", sep, 1ull << b, pct[b]);
            sep = ", ";
        }
    if (h->total == 0)
        fputs("4096:100", out);
    fputc(')', out);
}

/* One row of the mix: the flowop it becomes, its extra attributes, its count. */
struct mix_row {
    const char *flowop, *attrs;
    uint64_t n;
    const char *from;
};

struct fit_model {
    uint64_t files, made, dirs, procs, threads;
    uint64_t writes_per_fsync, fsyncs, seq, rand;
    double secs;
    struct hist fsize, rsize, wsize;
    uint64_t count[RC_NCALLS];
    uint64_t enoent_stats, creates;
};

static uint64_t tm_hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* Distinct files and their largest extent, distinct parent directories. */
struct seen {
    uint64_t *h;
    uint64_t *size;
    bool *made;
    size_t cap;
};

static size_t seen_at(struct seen *s, const char *name)
{
    uint64_t h = tm_hash(name) | 1;
    size_t i = h & (s->cap - 1);
    while (s->h[i] != 0 && s->h[i] != h)
        i = (i + 1) & (s->cap - 1);
    s->h[i] = h;
    return i;
}

static void count_ids(const struct trace *t, struct fit_model *m)
{
    int32_t last_pid = -1, last_tid = -1;
    int32_t *pids = calloc(t->n + 1, sizeof *pids), *tids = calloc(t->n + 1, sizeof *tids);
    size_t np = 0, nt = 0;
    for (size_t i = 0; pids && tids && i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        if (r->pid != last_pid) {
            size_t k = 0;
            while (k < np && pids[k] != r->pid)
                k++;
            if (k == np)
                pids[np++] = r->pid;
            last_pid = r->pid;
        }
        if (r->tid != last_tid) {
            size_t k = 0;
            while (k < nt && tids[k] != r->tid)
                k++;
            if (k == nt)
                tids[nt++] = r->tid;
            last_tid = r->tid;
        }
    }
    m->procs = np ? np : 1;
    m->threads = nt ? nt : 1;
    free(pids);
    free(tids);
}

static int fit(const struct trace *t, struct fit_model *m)
{
    memset(m, 0, sizeof *m);
    struct seen files = { .cap = 1024 }, dirs = { .cap = 1024 };
    while (files.cap < 2 * t->n + 16)
        files.cap *= 2;
    dirs.cap = files.cap;
    files.h = calloc(files.cap, sizeof *files.h);
    files.size = calloc(files.cap, sizeof *files.size);
    files.made = calloc(files.cap, sizeof *files.made);
    dirs.h = calloc(dirs.cap, sizeof *dirs.h);
    const char **fdname = calloc(65536, sizeof *fdname);
    uint64_t *fdpos = calloc(65536, sizeof *fdpos);
    if (!files.h || !files.size || !files.made || !dirs.h || !fdname || !fdpos)
        return -1;
    uint64_t writes_since = 0;
    for (size_t i = 0; i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        m->count[r->call]++;
        bool fdok = r->fd >= 0 && r->fd < 65536 && fdname[r->fd] != NULL;
        if (r->call == RC_OPEN && r->ret >= 0 && !(r->flags & O_DIRECTORY)) {
            const char *name = trace_name(t, r->path);
            size_t at = seen_at(&files, name);
            files.made[at] |= (r->flags & O_CREAT) != 0;
            m->creates += (r->flags & O_CREAT) != 0;
            char parent[4096];
            snprintf(parent, sizeof parent, "%s", name);
            char *slash = strrchr(parent, '/');
            seen_at(&dirs, slash ? (*slash = '\0', parent) : ".");
            if (r->fd2 >= 0 && r->fd2 < 65536) {
                fdname[r->fd2] = name;
                fdpos[r->fd2] = 0;
            }
        }
        if (r->call == RC_STAT && r->ret == -2)
            m->enoent_stats++;
        if ((r->call == RC_READ || r->call == RC_WRITE) && r->ret > 0 && fdok) {
            uint64_t off = r->off != RP_NONE ? r->off : fdpos[r->fd];
            bool sequential = off == fdpos[r->fd];
            m->seq += sequential;
            m->rand += !sequential;
            fdpos[r->fd] = off + (uint64_t)r->ret;
            size_t at = seen_at(&files, fdname[r->fd]);
            files.size[at] = fdpos[r->fd] > files.size[at] ? fdpos[r->fd] : files.size[at];
            hist_add(r->call == RC_READ ? &m->rsize : &m->wsize, (uint64_t)r->ret);
            writes_since += r->call == RC_WRITE;
        }
        if (r->call == RC_FSYNC || r->call == RC_FDATASYNC) {
            m->fsyncs++;
            m->writes_per_fsync += writes_since;
            writes_since = 0;
        }
    }
    for (size_t i = 0; i < files.cap; i++)
        if (files.h[i] != 0) {
            m->files++;
            m->made += files.made[i];
            hist_add(&m->fsize, files.size[i]);
        }
    for (size_t i = 0; i < dirs.cap; i++)
        m->dirs += dirs.h[i] != 0;
    m->secs = t->n ? (double)(t->recs[t->n - 1].t_ns + t->recs[t->n - 1].dur_ns) / 1e9 : 0;
    count_ids(t, m);
    free(files.h);
    free(files.size);
    free(files.made);
    free(dirs.h);
    free(fdname);
    free(fdpos);
    return 0;
}

int trace_model_write(const struct trace *t, const char *source, FILE *out)
{
    struct fit_model m;
    if (fit(t, &m) != 0)
        return -1;
    uint64_t entries = m.files + 1;
    unsigned prealloc = 100;
    uint64_t width = m.dirs ? (m.files + m.dirs - 1) / m.dirs : m.files;
    bool random = m.rand > m.seq;
    double calls_per_s = m.secs > 0 ? (double)t->n / m.secs : 0;
    uint64_t rate = (uint64_t)ceil(calls_per_s / (double)m.threads);
    fprintf(out, "# A model of %s (%s trace: %zu calls over %.3f s), by flowbench model.\n"
                 "# Every number says where it came from; edit freely (docs/replay.md).\n"
                 "set $dir=/tmp\n\n", source, t->format, t->n, m.secs);
    fprintf(out, "# entries: the %" PRIu64 " files the trace opened (%" PRIu64
                 " of them it created), and one more free name\n"
                 "# prealloc: %u%%: the mix below acts on files that exist (%" PRIu64 " were there before the "
                 "trace; model creation by adding createfile)\n"
                 "# dirwidth: %" PRIu64 " = %" PRIu64 " files over %" PRIu64 " directories\n"
                 "# size: each file's largest extent read or written, in power-of-two buckets\n",
            m.files, m.made, prealloc, m.files - m.made, width, m.files, m.dirs);
    fprintf(out, "define fileset name=files, path=$dir, entries=%" PRIu64 ", dirwidth=%" PRIu64 ", prealloc=%u, size=",
            entries, width ? width : 1, prealloc);
    hist_print(&m.fsize, out);
    fputs("\n\n", out);
    const struct mix_row rows[] = {
        { "read", "iosize=$rsize", m.count[RC_READ], "reads" },
        { "write", "iosize=$wsize", m.count[RC_WRITE], "writes" },
        { "statfile", "", m.count[RC_STAT] + m.count[RC_FSTAT] - m.enoent_stats, "stat and fstat calls that found the file" },
        { "statmissing", "", m.enoent_stats, "stats of a missing name (ENOENT)" },
        { "deletefile", "", m.count[RC_UNLINK], "unlinks" },
        { "rename", "", m.count[RC_RENAME], "renames" },
        { "setattr", "value=\"chmod\"", m.count[RC_CHMOD], "chmods" },
        { "setattr", "value=\"utimes\"", m.count[RC_UTIMES], "utimes calls" },
        { "setattr", "value=\"truncate\"", m.count[RC_TRUNCATE] + m.count[RC_FTRUNCATE], "truncates" },
        { "access", "", m.count[RC_ACCESS], "access calls" },
        { "statfs", "", m.count[RC_STATFS], "statfs calls" },
        { "readdir", "", m.count[RC_GETDENTS], "getdents calls" },
        { "fsyncset", "", m.count[RC_FSYNC] + m.count[RC_FDATASYNC], "fsyncs and fdatasyncs" },
    };
    fputs("# I/O sizes: the bytes each read and write moved, in power-of-two buckets\nset $rsize=", out);
    hist_print(&m.rsize, out);
    fputs("\nset $wsize=", out);
    hist_print(&m.wsize, out);
    fprintf(out, "\n\n# The op mix: each weight is the count of those calls in the trace.\n"
                 "# Access: %" PRIu64 " sequential and %" PRIu64 " random reads and writes: %s.\n"
                 "# fsync cadence: %.1f writes per fsync (%" PRIu64 " fsyncs).\n"
                 "# opens and closes: %" PRIu64 " opens, as openclose below (an open and its close).\n",
            m.seq, m.rand, random ? "random" : "sequential",
            m.fsyncs ? (double)m.writes_per_fsync / (double)m.fsyncs : 0.0, m.fsyncs, m.count[RC_OPEN]);
    fputs("define flowop name=openclose {\n  flowop openfile name=o, filesetname=files, fd=1\n"
          "  flowop closefile name=c, fd=1\n}\ndefine flowop name=mix, choose {\n", out);
    if (m.count[RC_OPEN] > 0)
        fprintf(out, "  flowop openclose name=oc, weight=%" PRIu64 "  # %" PRIu64 " opens\n", m.count[RC_OPEN],
                m.count[RC_OPEN]);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        if (rows[i].n == 0)
            continue;
        fprintf(out, "  flowop %s name=m%zu, filesetname=files%s%s%s, weight=%" PRIu64 "  # %" PRIu64 " %s\n",
                rows[i].flowop, i, rows[i].attrs[0] ? ", " : "", rows[i].attrs,
                random && (i == 0 || i == 1) ? ", random" : "", rows[i].n, rows[i].n, rows[i].from);
    }
    fputs("}\n\n", out);
    fprintf(out, "# %" PRIu64 " processes and %" PRIu64 " threads traced; rate: %.1f calls/s over the trace, "
                 "shared by the threads\n"
                 "define process name=app, instances=%" PRIu64 " {\n"
                 "  thread name=t, instances=%" PRIu64 ", rate=%" PRIu64 " {\n    flowop mix name=m\n  }\n}\n\n",
            m.procs, m.threads, calls_per_s, m.procs, (m.threads + m.procs - 1) / m.procs, rate ? rate : 1);
    fprintf(out, "# the trace lasted %.3f s\nrun %" PRIu64 "\n", m.secs, (uint64_t)ceil(m.secs > 1 ? m.secs : 1));
    return ferror(out) ? -1 : 0;
}
