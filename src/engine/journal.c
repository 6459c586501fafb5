/* journal.c: a worker thread's side of the durability journal: the writes it
 * stamped since each file's last durable point, kept in memory (no system
 * call per write), and one appended record per durable point and per delete,
 * in its own file of the journal (no lock: nobody else appends to it). */
#include "engine/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/le.h"
#include "engine/engine_rt.h"

uint64_t journal_generation(struct worker *w)
{
    uint64_t now = clock_realtime_ns();
    w->verify_gen = now > w->verify_gen ? now : w->verify_gen + 1;
    return w->verify_gen;
}

/* The durable points' file grown (twice the size, mapped anew) to hold n
 * more bytes: rare, at a durable point, never on the write path. */
static int grow_log(struct journal_thread *j, size_t n)
{
    size_t cap = j->log_cap;
    while (cap < j->log_used + n)
        cap *= 2;
    if (ftruncate(j->fd, (off_t)cap) != 0)
        return -1;
    void *m = mremap(j->log, j->log_cap, cap, MREMAP_MAYMOVE);
    if (m == MAP_FAILED)
        return -1;
    j->log = m;
    j->log_cap = cap;
    return 0;
}

/* One record stored whole after the last: a crash leaves it whole or cut,
 * and a cut one fails its CRC (the file's unused tail is zeros: the end). */
static int append(struct worker *w, struct op_inst *op, int fileset, uint32_t type, uint32_t len)
{
    struct journal_thread *j = &w->journal[fileset];
    size_t n = jf_seal(j->rec, type, len);
    if (j->log_used + n > j->log_cap && grow_log(j, n) != 0)
        return op_fail(w, op, "journal: cannot grow the journal of fileset %s: %s", w->eng_fs[fileset].plan->name,
                       strerror(errno));
    memcpy(j->log + j->log_used, j->rec, n);
    j->log_used += n;
    return FO_OK;
}

/* A file of the journal, size bytes, mapped shared; NULL with errno set. */
static char *map_file(const char *path, size_t size, int *keep_fd)
{
    int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644); /* never through a link */
    if (fd < 0)
        return NULL;
    void *m = ftruncate(fd, (off_t)size) == 0 ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    int e = errno;
    if (m == MAP_FAILED || keep_fd == NULL)
        close(fd);
    else
        *keep_fd = fd;
    return m == MAP_FAILED ? (errno = e, NULL) : m;
}

/* The writes ring, mapped shared: a note stored there stays when the process is killed. */
static int open_ring(struct worker *w, size_t fs, struct journal_thread *j, const char *dir)
{
    char path[PATH_MAX + 32];
    snprintf(path, sizeof path, "%s/w%05zu.fbj", dir, w->slot_index);
    if ((j->ring = map_file(path, JF_RING_HEAD + (size_t)JOURNAL_RING_SLOTS * JF_SLOT_BYTES, NULL)) == NULL)
        return -1;
    put32(j->ring, JF_RING_MAGIC);
    put32(j->ring + 4, JOURNAL_RING_SLOTS);
    put64(j->ring + 8, w->eng->journal_ids[fs]);
    put32(j->ring + 16, w->eng_fs[fs].plan->verify_id);
    put32(j->ring + 20, (uint32_t)w->slot_index);
    return 0;
}

static int open_one(struct worker *w, size_t fs, struct journal_thread *j)
{
    char dir[PATH_MAX], path[PATH_MAX + 32];
    if (journal_dir(w->eng_fs[fs].plan, dir, sizeof dir) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/t%05zu.fbj", dir, w->slot_index);
    j->pend = malloc(JOURNAL_PENDING * sizeof *j->pend);
    j->meta = malloc(JOURNAL_META * sizeof *j->meta);
    j->rec = malloc(JF_HEAD_BYTES + JF_DURABLE_BYTES + (size_t)JOURNAL_PENDING * JF_RANGE_BYTES);
    if (j->pend == NULL || j->meta == NULL || j->rec == NULL)
        return -1;
    j->log_cap = JOURNAL_LOG_START;
    if ((j->log = map_file(path, j->log_cap, &j->fd)) == NULL || open_ring(w, fs, j, dir) != 0)
        return -1;
    char *p = j->log + JF_HEAD_BYTES;
    put64(p, w->eng->journal_ids[fs]);
    put32(p + 8, w->eng_fs[fs].plan->verify_id);
    put32(p + 12, (uint32_t)w->slot_index);
    put64(p + 16, clock_realtime_ns());
    j->log_used = jf_seal(j->log, JF_START, JF_START_BYTES);
    return 0;
}

int journal_thread_open(struct worker *w)
{
    struct engine *e = w->eng;
    w->durable_on_write = e->run->opt.durable_on_write;
    if (e->journal_ids == NULL)
        return 0;
    if ((w->journal = calloc(e->nfs, sizeof *w->journal)) == NULL)
        return -1;
    for (size_t i = 0; i < e->nfs; i++)
        w->journal[i].fd = -1;
    for (size_t i = 0; i < e->nfs; i++)
        if (e->journal_ids[i] != 0 && open_one(w, i, &w->journal[i]) != 0)
            return -1;
    return 0;
}

void journal_thread_close(struct worker *w)
{
    for (size_t i = 0; w->journal != NULL && i < w->eng->nfs; i++) {
        struct journal_thread *j = &w->journal[i];
        if (j->log != NULL) {
            munmap(j->log, j->log_cap);
            /* the unused tail goes: a finished journal ends at its last record */
            if (ftruncate(j->fd, (off_t)j->log_used) != 0)
                j->log_used = 0; /* a tail of zeros also reads as the end */
        }
        if (j->fd >= 0)
            close(j->fd);
        free(w->journal[i].pend);
        free(w->journal[i].meta);
        free(w->journal[i].rec);
        if (w->journal[i].ring != NULL)
            munmap(w->journal[i].ring, JF_RING_HEAD + (size_t)JOURNAL_RING_SLOTS * JF_SLOT_BYTES);
    }
    free(w->journal);
    w->journal = NULL;
}

/* A full table's oldest quarter given up (the table keeps the order of the
 * writes): one move per JOURNAL_PENDING / 4 writes, no allocation. */
static uint64_t give_up_oldest(struct journal_thread *j)
{
    uint32_t n = JOURNAL_PENDING / 4;
    memmove(j->pend, j->pend + n, (j->npend - n) * sizeof *j->pend);
    j->npend -= n;
    return n;
}

uint64_t journal_note_blocks(struct worker *w, const struct slot *s, uint64_t off, uint32_t blocks, uint64_t gen)
{
    struct journal_thread *j = worker_journal(w, s->fileset);
    uint64_t dropped = 0;
    /* a write of more than a range holds is noted as several (a reader refuses larger ranges) */
    for (uint32_t b; j != NULL && blocks > 0; off += (uint64_t)b * 4096u, blocks -= b) {
        b = blocks < JF_MAX_RANGE_BLOCKS ? blocks : JF_MAX_RANGE_BLOCKS;
        char *slot = j->ring + JF_RING_HEAD + (j->ring_next++ % JOURNAL_RING_SLOTS) * JF_SLOT_BYTES;
        jf_slot_put(slot, (uint64_t)s->entry, off, b, gen);
        if (j->npend == JOURNAL_PENDING)
            dropped += give_up_oldest(j);
        j->pend[j->npend++] = (struct journal_pending){ (uint64_t)s->entry, off, gen, b };
    }
    return dropped;
}

/* Moves the pending writes of entry (of generation gen only, unless 0) into
 * the record's ranges, keeping the others; their count. */
static uint32_t take_pending(struct journal_thread *j, uint64_t entry, uint64_t gen, char *ranges)
{
    uint32_t n = 0, kept = 0;
    for (uint32_t i = 0; i < j->npend; i++) {
        const struct journal_pending *p = &j->pend[i];
        if (p->entry != entry || (gen != 0 && p->gen != gen)) {
            j->pend[kept++] = *p;
            continue;
        }
        char *r = ranges + (size_t)n++ * JF_RANGE_BYTES;
        put64(r, p->off);
        put32(r + 8, p->blocks);
        put32(r + 12, 0);
        put64(r + 16, p->gen);
    }
    j->npend = kept;
    return n;
}

int journal_durable_slot(struct worker *w, struct op_inst *op, const struct slot *s, enum jf_why why)
{
    struct journal_thread *j = worker_journal(w, s->fileset);
    char *p = j->rec + JF_HEAD_BYTES;
    /* An fsync makes the file's data durable, whoever wrote it; an O_DSYNC
     * write only itself (the thread's last stamped: verified I/O completes
     * before the next write is stamped). */
    uint64_t only = why == JF_WHY_FSYNC ? 0 : w->verify_gen;
    uint32_t n = take_pending(j, (uint64_t)s->entry, only, p + JF_DURABLE_BYTES);
    if (n == 0)
        return FO_OK;
    put64(p, (uint64_t)s->entry);
    put64(p + 8, clock_realtime_ns());
    put32(p + 16, n);
    put32(p + 20, why);
    return append(w, op, s->fileset, JF_DURABLE, JF_DURABLE_BYTES + n * JF_RANGE_BYTES);
}

/* A create or delete kept until a directory sync makes it durable; a full
 * table gives up its oldest quarter (claimed less). Returns those given up. */
static uint64_t note_meta(struct journal_thread *j, uint64_t entry, uint64_t stamp, uint32_t kind)
{
    uint64_t n = 0;
    if (j->nmeta == JOURNAL_META) {
        n = JOURNAL_META / 4;
        memmove(j->meta, j->meta + n, (j->nmeta - n) * sizeof *j->meta);
        j->nmeta -= (uint32_t)n;
    }
    j->meta[j->nmeta++] = (struct journal_meta){ entry, stamp, kind };
    return n;
}

/* A create's or delete's record, stored before the call that does it: a crash between leaves the record. */
static int meta_record(struct worker *w, struct op_inst *op, int fileset, int64_t entry, uint32_t kind)
{
    struct journal_thread *j = worker_journal(w, fileset);
    char *p = j->rec + JF_HEAD_BYTES;
    uint64_t stamp = journal_generation(w);
    put64(p, (uint64_t)entry);
    put64(p + 8, stamp);
    op->st->journal_dropped += note_meta(j, (uint64_t)entry, stamp, kind);
    return append(w, op, fileset, kind, kind == JF_DELETE ? JF_DELETE_BYTES : JF_CREATE_BYTES);
}

int journal_delete_entry(struct worker *w, struct op_inst *op, int fileset, int64_t entry)
{
    struct journal_thread *j = worker_journal(w, fileset);
    take_pending(j, (uint64_t)entry, 0, j->rec + JF_HEAD_BYTES); /* the file they were written to goes */
    return meta_record(w, op, fileset, entry, JF_DELETE);
}

int journal_create_entry(struct worker *w, struct op_inst *op, int fileset, int64_t entry)
{
    return meta_record(w, op, fileset, entry, JF_CREATE);
}

int journal_dirsync_fileset(struct worker *w, struct op_inst *op, int fileset)
{
    struct journal_thread *j = worker_journal(w, fileset);
    if (j->nmeta == 0)
        return FO_OK;
    char *p = j->rec + JF_HEAD_BYTES;
    put64(p, clock_realtime_ns());
    put32(p + 8, j->nmeta);
    put32(p + 12, 0);
    for (uint32_t i = 0; i < j->nmeta; i++) {
        char *m = p + JF_DIRSYNC_BYTES + (size_t)i * JF_META_BYTES;
        put64(m, j->meta[i].entry);
        put32(m + 8, j->meta[i].kind);
        put32(m + 12, 0);
        put64(m + 16, j->meta[i].stamp);
    }
    uint32_t n = j->nmeta;
    j->nmeta = 0;
    return append(w, op, fileset, JF_DIRSYNC, JF_DIRSYNC_BYTES + n * JF_META_BYTES);
}
