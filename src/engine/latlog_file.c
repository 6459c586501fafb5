/* latlog_file.c: the latency log's files, in the master: the run's file and
 * the slots' part files made before the workers start, the merge by time into
 * CSV or the binary form once they are gone, and the binary form read back
 * as CSV (`flowbench latlog2csv`). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/rank_spell.h"
#include "engine/engine_rt.h"
#include "engine/latlog.h"

_Static_assert(sizeof(struct latlog_rec) == 40, "the binary record is 40 bytes");

static const char csv_header[] = "time_ns,lat_ns,flowop,bytes,offset,thread\n";

static void csv_row(FILE *out, const struct latlog_rec *r, const char *flowop, const char *thread)
{
    fprintf(out, "%" PRIu64 ",%" PRIu64 ",%s,%" PRIu64 ",%" PRId64 ",%s\n", r->time_ns, r->lat_ns, flowop, r->bytes,
            r->offset, thread);
}

/* ---- before the run ---- */

/* FILE; FILE.run-N for the invocation's later runs; .rank-NNNN over many ranks. */
static char *run_path(const struct latlog_opts *o, int index)
{
    char run[32] = "", rank[32] = "";
    if (index > 1)
        snprintf(run, sizeof run, ".run-%d", index);
    if (dist_size() > 1 && rank_dir_name(rank + 1, sizeof rank - 1, dist_rank()) == 0)
        rank[0] = '.';
    size_t len = strlen(o->path) + strlen(run) + strlen(rank) + 1;
    char *p = malloc(len);
    if (p != NULL)
        snprintf(p, len, "%s%s%s", o->path, run, rank);
    return p;
}

/* The names the records point at: each slot's thread, and the flowops of
 * each plan thread once (its slots share them from their opbase). */
static int name_slots(struct engine *e, struct latlog_run *l)
{
    l->threads = calloc(e->nslots ? e->nslots : 1, sizeof *l->threads);
    l->opbase = calloc(e->nslots ? e->nslots : 1, sizeof *l->opbase);
    if (l->threads == NULL || l->opbase == NULL)
        return -1;
    for (size_t s = 0; s < e->nslots; s++) {
        const struct thread_slot *ts = &e->slots[s];
        const struct plan_process *p = &e->plan->procs[ts->proc];
        const struct plan_thread *t = &p->threads[ts->thread];
        if (asprintf(&l->threads[s], "%s.%zu/%s.%zu", p->name, ts->proc_inst, t->name, ts->thread_inst) < 0) {
            l->threads[s] = NULL;
            return -1;
        }
        bool seen = false;
        for (size_t o = 0; o < s && !seen; o++)
            if (e->slots[o].proc == ts->proc && e->slots[o].thread == ts->thread) {
                l->opbase[s] = l->opbase[o];
                seen = true;
            }
        if (seen)
            continue;
        const char **v = realloc(l->flowops, (l->nflowops + t->nflat + 1) * sizeof *v);
        if (v == NULL)
            return -1;
        l->flowops = v;
        l->opbase[s] = (uint32_t)l->nflowops;
        for (size_t i = 0; i < t->nflat; i++)
            v[l->nflowops++] = t->flat[i]->name;
    }
    return 0;
}

/* A part file beside the log, unlinked at once: nothing is left behind. */
static int part_file(const char *path)
{
    size_t len = strlen(path) + 16;
    char *tmpl = malloc(len);
    if (tmpl == NULL)
        return -1;
    snprintf(tmpl, len, "%s.partXXXXXX", path);
    int fd = mkostemp(tmpl, O_CLOEXEC);
    if (fd >= 0)
        unlink(tmpl);
    free(tmpl);
    return fd;
}

/* The log replaces what is at its path only once whole: it is written as a new file
 * beside it (base/outfile.h), so a failed or refused run leaves what was there; a
 * link, FIFO or device there is refused. */
static int open_out(struct latlog_run *l, struct diag *err)
{
    if (outfile_open(&l->out, l->path) == 0)
        return 0;
    return diag_set(err, NULL, "--latency-log: cannot write %s: %s", l->path, outfile_strerror(errno));
}

int latlog_open(struct engine *e, struct diag *err)
{
    const struct latlog_opts *o = &e->run->opt.latlog;
    if (o->path == NULL)
        return 0;
    struct latlog_run *l = calloc(1, sizeof *l);
    if (l == NULL)
        return diag_set(err, NULL, "out of memory");
    e->latlog = l;
    l->opts = *o;
    l->out = (struct outfile){ .dirfd = -1 };
    if ((l->path = run_path(o, e->run->index)) == NULL || name_slots(e, l) != 0
        || (l->parts = malloc((e->nslots ? e->nslots : 1) * sizeof *l->parts)) == NULL)
        return diag_set(err, NULL, "out of memory");
    if (open_out(l, err) != 0)
        return -1;
    const char *near = l->path; /* beside the log, on its file system */
    for (; l->nparts < e->nslots; l->nparts++)
        if ((l->parts[l->nparts] = part_file(near)) < 0)
            return diag_set(err, NULL, "--latency-log: cannot make a part file beside %s: %s", near,
                            strerror(errno));
    return 0;
}

void latlog_close(struct engine *e)
{
    struct latlog_run *l = e->latlog;
    if (l == NULL)
        return;
    for (size_t i = 0; i < l->nparts; i++)
        close(l->parts[i]);
    if (l->out.f != NULL)
        outfile_discard(&l->out); /* never renamed: the run did not finish its log */
    for (size_t s = 0; l->threads != NULL && s < e->nslots; s++)
        free(l->threads[s]);
    free(l->threads);
    free(l->flowops);
    free(l->opbase);
    free(l->parts);
    free(l->path);
    free(l);
    e->latlog = NULL;
}

/* ---- the merge ---- */

struct part {
    FILE *f;
    struct latlog_rec r;
};

static bool part_next(struct part *p)
{
    return p->f != NULL && fread(&p->r, sizeof p->r, 1, p->f) == 1;
}

static bool before(const struct part *a, const struct part *b)
{
    return a->r.time_ns < b->r.time_ns || (a->r.time_ns == b->r.time_ns && a->r.thread < b->r.thread);
}

/* A min-heap of the parts by their next record. */
static void sift_down(struct part **h, size_t n, size_t i)
{
    for (;;) {
        size_t m = i, l = 2 * i + 1, r = l + 1;
        if (l < n && before(h[l], h[m]))
            m = l;
        if (r < n && before(h[r], h[m]))
            m = r;
        if (m == i)
            return;
        struct part *t = h[i];
        h[i] = h[m];
        h[m] = t;
        i = m;
    }
}

static void put_name(FILE *out, const char *s)
{
    uint16_t len = (uint16_t)strnlen(s, UINT16_MAX);
    fwrite(&len, sizeof len, 1, out);
    fwrite(s, 1, len, out);
}

static void bin_header(FILE *out, const struct latlog_run *l, size_t nthreads)
{
    uint32_t n[2] = { (uint32_t)nthreads, (uint32_t)l->nflowops };
    fwrite(LATLOG_MAGIC, 1, 8, out);
    fwrite(n, sizeof n, 1, out);
    for (size_t s = 0; s < nthreads; s++)
        put_name(out, l->threads[s]);
    for (size_t i = 0; i < l->nflowops; i++)
        put_name(out, l->flowops[i]);
}

/* Writes every part's records in order of time; the count, or -1 on a write error. */
static int64_t merge(struct engine *e, struct latlog_run *l, FILE *out)
{
    struct part *parts = calloc(l->nparts ? l->nparts : 1, sizeof *parts);
    struct part **heap = calloc(l->nparts ? l->nparts : 1, sizeof *heap);
    size_t n = 0;
    int64_t count = -1;
    if (parts == NULL || heap == NULL)
        goto out;
    for (size_t i = 0; i < l->nparts; i++) {
        int fd = dup(l->parts[i]);
        if (fd < 0 || lseek(fd, 0, SEEK_SET) != 0 || (parts[i].f = fdopen(fd, "r")) == NULL) {
            if (fd >= 0)
                close(fd);
            goto out;
        }
        if (part_next(&parts[i]))
            heap[n++] = &parts[i];
    }
    for (size_t i = n / 2; i-- > 0;)
        sift_down(heap, n, i);
    if (l->opts.format == LATLOG_CSV)
        fputs(csv_header, out);
    else
        bin_header(out, l, e->nslots);
    count = 0;
    while (n > 0) {
        const struct latlog_rec *r = &heap[0]->r;
        if (l->opts.format == LATLOG_CSV)
            csv_row(out, r, l->flowops[r->flowop], l->threads[r->thread]);
        else
            fwrite(r, sizeof *r, 1, out);
        count++;
        if (!part_next(heap[0]))
            heap[0] = heap[--n];
        sift_down(heap, n, 0);
    }
out:
    for (size_t i = 0; parts != NULL && i < l->nparts; i++)
        if (parts[i].f != NULL)
            fclose(parts[i].f);
    free(parts);
    free(heap);
    return count;
}

/* A log that could not be written whole replaces nothing (its new file is
 * removed by latlog_close); the run says so (JSON latency_log.error) and fails. */
static int latlog_failed(struct engine *e, struct latlog_run *l, int errnum)
{
    char msg[512];
    snprintf(msg, sizeof msg, "cannot write %s: %s; it is left as it was", l->path, outfile_strerror(errnum));
    diag_printf(e->run->err, "flowbench: error: --latency-log: %s\n", msg);
    e->result->latlog = (struct latlog_summary){ .path = strdup(l->path), .sample = l->opts.sample,
                                                 .error = strdup(msg) };
    return -1;
}

int latlog_finish(struct engine *e)
{
    struct latlog_run *l = e->latlog;
    if (l == NULL)
        return 0;
    errno = 0;
    int64_t n = merge(e, l, l->out.f);
    bool failed = outfile_end(&l->out, n < 0 ? -1 : 0) != 0;
    const _Atomic uint64_t *drop = shm_at(&e->shm, e->latlog_drop_off);
    uint64_t dropped = 0;
    for (size_t s = 0; s < e->nslots; s++)
        dropped += atomic_load(&drop[s]);
    if (failed)
        return latlog_failed(e, l, errno != 0 ? errno : EIO);
    struct latlog_summary *m = &e->result->latlog;
    *m = (struct latlog_summary){ .path = strdup(l->path), .records = (uint64_t)n, .dropped = dropped,
                                  .sample = l->opts.sample };
    return 0;
}

/* ---- reading the binary form ---- */

static char *get_name(FILE *in)
{
    uint16_t len;
    if (fread(&len, sizeof len, 1, in) != 1)
        return NULL;
    char *s = malloc((size_t)len + 1);
    if (s != NULL && fread(s, 1, len, in) != len) {
        free(s);
        return NULL;
    }
    if (s != NULL)
        s[len] = '\0';
    return s;
}

static void free_names(char **v, size_t n)
{
    for (size_t i = 0; v != NULL && i < n; i++)
        free(v[i]);
    free(v);
}

static char **get_names(FILE *in, size_t n)
{
    char **v = calloc(n ? n : 1, sizeof *v);
    for (size_t i = 0; v != NULL && i < n; i++)
        if ((v[i] = get_name(in)) == NULL) {
            free_names(v, i);
            return NULL;
        }
    return v;
}

int latlog_bin_to_csv(FILE *in, FILE *out, struct diag *err)
{
    char magic[8];
    uint32_t n[2];
    if (fread(magic, 1, 8, in) != 8 || memcmp(magic, LATLOG_MAGIC, 8) != 0 || fread(n, sizeof n, 1, in) != 1)
        return diag_set(err, NULL, "not a binary latency log (it begins with %s)", LATLOG_MAGIC);
    char **threads = get_names(in, n[0]);
    char **flowops = threads != NULL ? get_names(in, n[1]) : NULL;
    int rc = flowops == NULL ? diag_set(err, NULL, "the names of the latency log are cut short") : 0;
    struct latlog_rec r;
    size_t got;
    if (rc == 0)
        fputs(csv_header, out);
    while (rc == 0 && (got = fread(&r, 1, sizeof r, in)) > 0) {
        if (got != sizeof r || r.thread >= n[0] || r.flowop >= n[1])
            rc = diag_set(err, NULL, "a record of the latency log is cut short or names no thread or flowop");
        else
            csv_row(out, &r, flowops[r.flowop], threads[r.thread]);
    }
    free_names(threads, n[0]);
    free_names(flowops, n[1]);
    return rc;
}
