/* trace_made.c: the files a trace created, in classes written alike (trace_made.h). A file's
 * size is the sum of its writes, so drawing each write on its own ends a file written in chunks
 * at a sum of unrelated draws; here the files whose writes but the last add up to about the same
 * bytes form a class, written as its median file's writes but the last, then a last write drawn
 * from the class's own: each file ends within a few percent of a size the trace's files ended at,
 * and each write keeps a traced size. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/fquote.h"
#include "base/grow.h"
#include "trace/trace.h"
#include "trace/trace_made.h"
#include "trace/trace_sizes.h"

#define MAX_CLASSES 32  /* a readable mix: the ratio that groups the files grows until this many or fewer */
#define MAX_RUNS 64     /* a median file whose writes are more runs of one size than this: sizes drawn */
#define MAX_HELD 8      /* held files at most, in slots HELD_SLOT.. */

struct made_file {
    uint64_t heads;    /* bytes of its writes but the last, less those that rewrote what it held */
    uint64_t extent;   /* the largest offset a write ended at */
    size_t first;      /* its first write, in the writes sorted by file */
    uint32_t k, path;  /* how many writes; its name */
};

struct made_class {
    size_t first, n;   /* its files, in the files sorted by heads */
    double ratio;      /* its largest heads over its smallest, at most */
};

int made_add(struct made *m, uint32_t file, uint32_t path, uint64_t len, uint64_t end)
{
    struct made_write *w = grow_room(m->writes, &m->capw, m->nw, sizeof *w, 256);
    if (w == NULL)
        return -1;
    m->writes = w;
    m->writes[m->nw++] = (struct made_write){ .file = file, .path = path, .len = len, .end = end };
    return 0;
}

size_t made_writes(const struct made *m)
{
    return m->nw;
}

size_t made_files(const struct made *m)
{
    return m->nfiles;
}

/* A write's place: the writes go in order of their file, each file's in trace order. */
struct at {
    uint32_t file;
    size_t i;
};

static int by_file(const void *a, const void *b)
{
    const struct at *x = a, *y = b;
    if (x->file != y->file)
        return x->file < y->file ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

static int by_heads(const void *a, const void *b)
{
    const struct made_file *x = a, *y = b;
    if (x->heads != y->heads)
        return x->heads < y->heads ? -1 : 1;
    if (x->k != y->k)
        return x->k < y->k ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

/* Reorders the writes' sizes by file, marks those that rewrote what the file held (within: its
 * extent then; 0: the write grew the file) and lists the files. */
static int list_files(struct made *m)
{
    struct at *ix = malloc((m->nw + 1) * sizeof *ix);
    uint64_t *l = malloc((m->nw + 1) * sizeof *l);
    m->within = calloc(m->nw + 1, sizeof *m->within);
    m->files = calloc(m->nw + 1, sizeof *m->files);
    if (ix == NULL || l == NULL || m->within == NULL || m->files == NULL) {
        free(ix);
        free(l);
        return -1;
    }
    for (size_t i = 0; i < m->nw; i++)
        ix[i] = (struct at){ .file = m->writes[i].file, .i = i };
    qsort(ix, m->nw, sizeof *ix, by_file);
    for (size_t i = 0; i < m->nw; i++) {
        const struct made_write *w = &m->writes[ix[i].i];
        l[i] = w->len;
        if (i == 0 || w->file != m->writes[ix[i - 1].i].file)
            m->files[m->nfiles++] = (struct made_file){ .first = i, .path = w->path };
        struct made_file *f = &m->files[m->nfiles - 1];
        f->heads += f->k > 0 && m->within[i - 1] == 0 ? l[i - 1] : 0;  /* the previous write was not the last */
        m->within[i] = w->end <= f->extent ? f->extent : 0;
        f->extent = w->end > f->extent ? w->end : f->extent;
        f->k++;
    }
    free(ix);
    m->len = l;
    return 0;
}

/* Runs of files (sorted by heads) whose largest heads is within ratio of their smallest: how many,
 * each kept in classes unless it is NULL. */
static size_t group(const struct made *m, double ratio, struct made_class *classes)
{
    size_t n = 0;
    for (size_t i = 0; i < m->nfiles;) {
        size_t j = i;
        while (j < m->nfiles && (double)m->files[j].heads <= (double)m->files[i].heads * ratio)
            j++;
        if (classes != NULL)
            classes[n] = (struct made_class){ .first = i, .n = j - i, .ratio = ratio };
        n++;
        i = j;
    }
    return n;
}

int made_fit(struct made *m, const struct trace *t)
{
    m->t = t;
    if (m->nw == 0)
        return 0;
    if (list_files(m) != 0)
        return -1;
    qsort(m->files, m->nfiles, sizeof *m->files, by_heads);
    /* 5% apart at most, as the size buckets: a file's size is within 5% of a traced file's */
    double ratio = 1.05;
    while (group(m, ratio, NULL) > MAX_CLASSES)
        ratio *= 1.25;
    m->classes = calloc(MAX_CLASSES, sizeof *m->classes);
    if (m->classes == NULL)
        return -1;
    m->nclasses = group(m, ratio, m->classes);
    return 0;
}

static uint64_t tail_of(const struct made *m, const struct made_file *f)
{
    return m->len[f->first + f->k - 1];
}

/* A file's last write, or where the writes before it left holes, the bytes that make the file as long as
 * the trace's. */
static uint64_t last_write(const struct made *m, const struct made_file *f)
{
    uint64_t tail = tail_of(m, f);
    return f->extent > f->heads + tail ? f->extent - f->heads : tail;
}

static const struct made_file *median(const struct made *m, const struct made_class *c)
{
    return &m->files[c->first + c->n / 2];
}

/* How a class's last write goes: after the others (its size made up to the file's extent where the holes
 * differ from file to file, as dbench's), at offset= past a hole every file of the class left at about one
 * offset (an assembler's object files, written out of order), or as a rewrite within what the file held
 * (a database's header page, dbench's index files), which grows no file. */
enum last_kind { LAST_APPEND, LAST_PAST_HOLE, LAST_REWRITE };

struct last_way {
    enum last_kind kind;
    uint64_t at;       /* LAST_PAST_HOLE: the offset; LAST_REWRITE: the median file's extent then */
};

static uint64_t hole_end(const struct made *m, const struct made_class *c)
{
    const struct made_file *f = median(m, c);
    uint64_t tail = tail_of(m, f);
    if (f->extent <= f->heads + tail)
        return 0;
    uint64_t at = f->extent - tail;
    for (size_t i = 0; i < c->n; i++) {
        const struct made_file *g = &m->files[c->first + i];
        uint64_t model = at + tail_of(m, g);  /* within 5% of its extent, as a class's files end alike */
        if (g->heads > at || (model > g->extent ? model - g->extent : g->extent - model) * 20 > g->extent)
            return 0;
    }
    return at;
}

/* Every file of the class rewrote with its last write (it ended within the file's extent then) and each
 * fits in the median's extent: the median's extent then, else 0. Written as an append, such a write made
 * each file a last write longer than the trace's (dbench's PARADOX indexes at 264193 for 260096). */
static uint64_t rewrite_span(const struct made *m, const struct made_class *c)
{
    const struct made_file *f = median(m, c);
    uint64_t span = m->within[f->first + f->k - 1];
    for (size_t i = 0; span != 0 && i < c->n; i++) {
        const struct made_file *g = &m->files[c->first + i];
        if (m->within[g->first + g->k - 1] == 0 || tail_of(m, g) > span)
            return 0;
    }
    return span;
}

static struct last_way last_way(const struct made *m, const struct made_class *c)
{
    uint64_t at = hole_end(m, c);
    if (at != 0)
        return (struct last_way){ LAST_PAST_HOLE, at };
    uint64_t span = rewrite_span(m, c);
    return span != 0 ? (struct last_way){ LAST_REWRITE, span } : (struct last_way){ LAST_APPEND, 0 };
}

/* File i of class c: its last write in the model, and the size the model's run leaves it at. */
static uint64_t class_last(const struct made *m, const struct made_class *c, struct last_way way, size_t i)
{
    const struct made_file *f = &m->files[c->first + i];
    return way.kind != LAST_APPEND ? tail_of(m, f) : last_write(m, f);
}

static uint64_t class_size(const struct made *m, const struct made_class *c, struct last_way way, size_t i)
{
    if (way.kind == LAST_REWRITE)
        return median(m, c)->heads;
    return (way.kind == LAST_PAST_HOLE ? way.at : median(m, c)->heads) + class_last(m, c, way, i);
}

/* A file's writes but the last, appends apart from rewrites: each kind's sizes, drawn (a database's pages
 * stay page-sized, a log's frame headers header-sized), and how many; the rewrites land at random within
 * the file as long as it was at the median one. */
struct heads {
    struct sizes grew, rewrote;
    uint64_t within;       /* the median rewrite's file extent then */
};

static void heads_of(const struct made *m, const struct made_file *f, struct heads *h)
{
    struct sizes at = { 0 };
    *h = (struct heads){ 0 };
    for (size_t i = 0; i + 1 < f->k; i++) {
        uint64_t within = m->within[f->first + i];
        sizes_add(within ? &h->rewrote : &h->grew, m->len[f->first + i]);
        if (within)
            sizes_add(&at, within);
    }
    if (at.n > 0) {
        sizes_sort(&at);
        h->within = at.v[at.n / 2];
    }
    sizes_free(&at);
}

static void heads_free(struct heads *h)
{
    sizes_free(&h->grew);
    sizes_free(&h->rewrote);
}

/* The writes but the last as flowops of drawn sizes: in a composite (iters, tail "") or, held in a slot,
 * as lines of the mix (weight, tail ", fd=N" and the weight). */
static void head_draws(const struct made *m, const struct made_file *f, const char *tail, unsigned slot, FILE *out)
{
    struct heads h;
    heads_of(m, f, &h);
    fprintf(out, "  # its %" PRIu32 " writes but the last (%" PRIu64 " bytes) are %zu appends and %zu rewrites of unlike "
                 "sizes: each drawn from their own\n", f->k - 1, f->heads, h.grew.n, h.rewrote.n);
    const char *count = *tail ? "weight" : "iters";
    if (h.grew.n > 0) {
        fprintf(out, "  flowop write name=write, fd=%u, iosize=", slot);
        sizes_print(&h.grew, 1, out);
        fprintf(out, ", %s=%zu%s\n", count, h.grew.n, tail);
    }
    if (h.rewrote.n > 0) {
        fprintf(out, "  flowop write name=write, fd=%u, iosize=", slot);
        sizes_print(&h.rewrote, 1, out);
        fprintf(out, ", random, workingset=%" PRIu64 ", %s=%zu%s\n", h.within, count, h.rewrote.n, tail);
    }
    heads_free(&h);
}

/* The median file's writes but the last, a flowop a run of equal sizes (a file of unlike writes
 * past MAX_RUNS runs: its heads split evenly, their sum and count kept). */
static void write_heads(const struct made *m, const struct made_file *f, FILE *out)
{
    size_t runs = 0;
    const uint64_t *len = m->len + f->first, *within = m->within + f->first;
    for (size_t i = 1; i + 1 < f->k; i++)
        runs += len[i] != len[i - 1] || within[i] != within[i - 1];
    if (f->k > 1 && runs + 1 > MAX_RUNS) {
        head_draws(m, f, "", 1, out);
        return;
    }
    for (size_t i = 0; i + 1 < f->k;) {
        size_t j = i;
        while (j + 1 < f->k && len[j] == len[i] && within[j] == within[i])
            j++;
        fprintf(out, "  flowop write name=write, fd=1, iosize=%" PRIu64, len[i]);
        /* a rewrite lands at random within the file as long as it was then: its offset is the median
         * file's, not every file's of the class */
        if (within[i] != 0)
            fprintf(out, ", random, workingset=%" PRIu64, within[i]);
        if (j - i > 1)
            fprintf(out, ", iters=%zu  # its writes %zu..%zu\n", j - i, i + 1, j);
        else
            fprintf(out, "  # its write %zu\n", i + 1);
        i = j;
    }
}

/* The held classes: one file that wrote more than hold_above times (trace_model.c: a share of the trace's
 * calls or writes, where it has at most HOLD_THREADS threads: each thread holds one, in
 * fileset held; with many threads a pass of each thread is many of the trace's, and a short run would end
 * before its held files do). Picked as one composite, its writes
 * came all at once, a few times a run: the shares of a short run swung with those few picks (sqlite's
 * WAL: 52% of the writes for 55%). Held, its file is created at a thread's pass start in a slot of its
 * own, each write but the last is a pick of the mix, and the last and the close end the pass. */
static bool heavy(const struct made *m, size_t c)
{
    uint64_t k = median(m, &m->classes[c])->k;
    return m->hold_above > 0 && m->classes[c].n == 1 && k > m->hold_above;
}

static bool held(const struct made *m, size_t c)
{
    if (!heavy(m, c))
        return false;
    size_t before = 0;
    for (size_t i = 0; i < c; i++)
        before += heavy(m, i);
    return before < MAX_HELD;
}

/* The slot of held class c: HELD_SLOT and on, in class order. */
static unsigned held_slot(const struct made *m, size_t c)
{
    unsigned slot = HELD_SLOT;
    for (size_t i = 0; i < c; i++)
        slot += held(m, i);
    return slot;
}

size_t made_held(const struct made *m)
{
    size_t n = 0;
    for (size_t c = 0; c < m->nclasses; c++)
        n += held(m, c);
    return n;
}

/* Class c's last write, through slot. */
static void last_line(const struct made *m, size_t c, unsigned slot, FILE *out)
{
    struct last_way way = last_way(m, &m->classes[c]);
    fprintf(out, "  flowop write name=write, fd=%u, iosize=$last%zu", slot, c + 1);
    if (way.kind == LAST_PAST_HOLE)
        fprintf(out, ", offset=%" PRIu64 "  # the last: the class's last writes, past the median's hole\n", way.at);
    else if (way.kind == LAST_REWRITE)
        fprintf(out, ", random, workingset=%" PRIu64 "  # the last: the class's last writes, each a rewrite "
                     "within the file\n", way.at);
    else
        fputs("  # the last: the class's last writes\n", out);
}

static void class_comment(const struct made *m, size_t c, FILE *out)
{
    const struct made_class *k = &m->classes[c];
    const struct made_file *f = median(m, k);
    uint64_t lo = m->files[k->first].heads, hi = m->files[k->first + k->n - 1].heads;
    fprintf(out, "  # %zu file%s, %" PRIu64, k->n, k->n > 1 ? "s" : "", lo);
    if (hi != lo)
        fprintf(out, "..%" PRIu64, hi);
    fputs(" bytes before the last write; the median, ", out);
    fquote_put(out, trace_name(m->t, f->path)); /* a traced name: quoted, so it cannot end the comment */
    fprintf(out, ", wrote %" PRIu32 " time%s%s\n", f->k, f->k > 1 ? "s" : "",
            held(m, c) ? " (held: created at a pass's start, written by picks of the mix, closed at its end)" : "");
}

void made_define(const struct made *m, const char *fate, FILE *out)
{
    if (m->nclasses == 0)
        return;
    fprintf(out, "# the %zu files the trace created and wrote (%zu writes), in %zu classes: a class's files wrote\n"
                 "# within %.0f%% of the same bytes before their last write (less those that rewrote what the file\n"
                 "# held); each is written as its median file's writes but the last (a rewrite at random within the\n"
                 "# file as long as it was then, the others end to end), then a last write drawn from the class's own\n"
                 "# last writes (at offset= where every file of the class wrote its last past a hole at about one\n"
                 "# offset; at random within the file where every file's last write rewrote what it held; else one\n"
                 "# that makes up to the file's extent)\n",
            m->nfiles, m->nw, m->nclasses, (m->classes[0].ratio - 1) * 100);
    for (size_t c = 0; c < m->nclasses; c++) {
        const struct made_class *k = &m->classes[c];
        struct last_way way = last_way(m, k);
        struct sizes last = { 0 };
        for (size_t i = 0; i < k->n; i++)
            sizes_add(&last, class_last(m, k, way, i));
        fprintf(out, "set $last%zu=", c + 1);
        sizes_print(&last, 1, out);
        sizes_free(&last);
        fputs("\n", out);
        if (held(m, c)) {
            fprintf(out, "# class %zu is held in slot %u (the threads' passes)\n", c + 1, held_slot(m, c));
            continue;
        }
        fprintf(out, "define flowop name=created%zu {\n", c + 1);
        class_comment(m, c, out);
        fputs("  flowop createfile name=create, filesetname=made, fd=1\n", out);
        write_heads(m, median(m, k), out);
        last_line(m, c, 1, out);
        fprintf(out, "  flowop closefile name=close, fd=1\n%s}\n", fate);
    }
}

void made_held_open(const struct made *m, FILE *out)
{
    for (size_t c = 0; c < m->nclasses; c++) {
        if (!held(m, c))
            continue;
        fputs("  ", out);
        class_comment(m, c, out);
        fprintf(out, "    flowop createfile name=create, filesetname=held, fd=%u\n", held_slot(m, c));
    }
}

void made_held_close(const struct made *m, FILE *out)
{
    for (size_t c = 0; c < m->nclasses; c++) {
        if (!held(m, c))
            continue;
        unsigned slot = held_slot(m, c);
        fputs("  ", out);
        last_line(m, c, slot, out);
        fprintf(out, "    flowop closefile name=close, fd=%u\n    flowop gone%u name=g\n", slot, slot);
    }
}

/* A held class's file is not among them: each thread has one, being written, whenever the run stops. */
int made_sizes(const struct made *m, struct sizes *out)
{
    for (size_t c = 0; c < m->nclasses; c++) {
        if (held(m, c))
            continue;
        struct last_way way = last_way(m, &m->classes[c]);
        for (size_t i = 0; i < m->classes[c].n; i++)
            if (sizes_add(out, class_size(m, &m->classes[c], way, i)))
                return -1;
    }
    return 0;
}

void made_choose(const struct made *m, FILE *out)
{
    for (size_t c = 0; c < m->nclasses; c++) {
        if (!held(m, c)) {
            fprintf(out, "  flowop created%zu name=c%zu, weight=%zu  # %zu of the files the trace created and wrote "
                         "(class %zu)\n",
                    c + 1, c + 1, m->classes[c].n, m->classes[c].n, c + 1);
            continue;
        }
        char tail[64];
        snprintf(tail, sizeof tail, "  # class %zu's, held in slot %u", c + 1, held_slot(m, c));
        head_draws(m, median(m, &m->classes[c]), tail, held_slot(m, c), out);
    }
}

double made_ops(const struct made *m, size_t *files, double *held_writes)
{
    double ops = 0;
    *files = 0;
    *held_writes = 0;
    for (size_t c = 0; c < m->nclasses; c++) {
        double writes = (double)median(m, &m->classes[c])->k; /* write_heads and head_draws keep their count */
        if (held(m, c))
            *held_writes += writes - 1; /* the last ends the pass */
        else {
            ops += (double)m->classes[c].n * writes;
            *files += m->classes[c].n;
        }
    }
    return ops;
}

void made_free(struct made *m)
{
    free(m->writes);
    free(m->len);
    free(m->within);
    free(m->files);
    free(m->classes);
    *m = (struct made){ 0 };
}

int made_lens(const struct made *m, struct sizes *out)
{
    for (size_t i = 0; i < m->nw; i++)
        if (sizes_add(out, m->writes[i].len) != 0)
            return -1;
    return 0;
}

int made_extents(const struct made *m, struct sizes *out)
{
    for (size_t i = 0; i < m->nfiles; i++)
        if (sizes_add(out, m->files[i].extent) != 0)
            return -1;
    return 0;
}
