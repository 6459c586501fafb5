/* journal.h: the durability journal of a run (docs/durability.md): the master
 * writes each journaled fileset's manifest before the workers start
 * (journal_begin.c); each worker thread keeps the writes it stamped since its
 * last durable point in memory, and appends one record per durable point
 * (an fsync, an O_DSYNC write) and per delete to its own file (journal.c). */
#ifndef FB_JOURNAL_H
#define FB_JOURNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/journal_format.h"
#include "engine/worker.h"
#include "fileset/journal_place.h"

/* Writes stamped and not yet made durable a thread keeps per fileset (set
 * up once, 32 bytes each); when the table is full the oldest quarter is given
 * up, counted as dropped (the journal claims less, never more, and a file
 * never synced cannot fill the table for good). */
#define JOURNAL_PENDING 16384
/* Creates and deletes kept per fileset until a directory sync, the same way. */
#define JOURNAL_META 4096
/* Slots of a thread's writes ring (journal_format.h): the writes it keeps
 * track of between durable points, whether they became durable or not. */
#define JOURNAL_RING_SLOTS 65536u
/* Bytes the durable points' file starts with (it doubles when full). */
#define JOURNAL_LOG_START (1u << 20)

struct journal_pending {
    uint64_t entry, off, gen;  /* off: the first block's file offset */
    uint32_t blocks;
};

/* A create or delete not yet made durable by a directory sync. */
struct journal_meta {
    uint64_t entry, stamp;
    uint32_t kind;             /* JF_CREATE or JF_DELETE */
};

/* One thread's journal of one fileset: its two files, mapped shared (a
 * record is a store, no system call, and stays when the process is killed),
 * and its pending writes. */
struct journal_thread {
    int fd;                        /* the durable points' file (tNNNNN.fbj); -1: the fileset has no journal */
    char *log;                     /* ... mapped, log_cap bytes of it, the first log_used holding records */
    size_t log_cap, log_used;
    struct journal_pending *pend;
    uint32_t npend;
    struct journal_meta *meta;     /* creates and deletes since the last directory sync */
    uint32_t nmeta;
    char *rec;                     /* room for the largest record */
    char *ring;                    /* the writes ring, mapped shared, or NULL */
    uint64_t ring_next;            /* writes noted in it */
};

struct engine;

/* The master, once the filesets are on disk and before the workers start:
 * for each fileset with a journal, gives the tree a new id, makes what it
 * holds durable (syncfs) and writes the journal's manifest (the files and
 * their sizes now). */
int journal_begin(struct engine *e, struct diag *err);

/* A worker thread: opens its file in each fileset's journal (w->journal, or
 * NULL with none); -1 with errno set. Closing keeps what was appended. */
int journal_thread_open(struct worker *w);
void journal_thread_close(struct worker *w);

/* A generation for the next stamped write: nanoseconds of the real-time
 * clock, later than the thread's previous one, so that generations of every
 * thread and process order the writes to one block (one writer at a time). */
uint64_t journal_generation(struct worker *w);

/* Out of line: a write of blocks [off, off + 4096 * blocks) of the slot's
 * file stamped with gen. Returns the pending writes given up to make room
 * (0 almost always), which the op's row counts (journal_dropped). */
uint64_t journal_note_blocks(struct worker *w, const struct slot *s, uint64_t off, uint32_t blocks, uint64_t gen);
/* Out of line: the slot's file was made durable: an fsync or fdatasync done
 * (every pending write of the file), or an O_DSYNC write completed (that
 * write alone: the thread's last stamped). One record; FO_ERROR when it cannot be appended. */
int journal_durable_slot(struct worker *w, struct op_inst *op, const struct slot *s, enum jf_why why);
/* Out of line: entry of fileset is about to be unlinked (recorded first: a crash between leaves the record). */
int journal_delete_entry(struct worker *w, struct op_inst *op, int fileset, int64_t entry);

/* Out of line: entry of fileset is about to be created (recorded first). */
int journal_create_entry(struct worker *w, struct op_inst *op, int fileset, int64_t entry);
/* Out of line: the directories of fileset were synced: this thread's creates and deletes in it are durable. */
int journal_dirsync_fileset(struct worker *w, struct op_inst *op, int fileset);

static inline struct journal_thread *worker_journal(struct worker *w, int fileset)
{
    if (__builtin_expect(w->journal == NULL, 1) || fileset < 0 || w->journal[fileset].fd < 0)
        return NULL;
    return &w->journal[fileset];
}

/* After an fsync of the slot's file, or a write through it that was durable at completion. */
static inline int journal_durable(struct worker *w, struct op_inst *op, const struct slot *s, enum jf_why why)
{
    return worker_journal(w, s->fileset) == NULL ? FO_OK : journal_durable_slot(w, op, s, why);
}

static inline int journal_delete(struct worker *w, struct op_inst *op, int fileset, int64_t entry)
{
    return worker_journal(w, fileset) == NULL ? FO_OK : journal_delete_entry(w, op, fileset, entry);
}

static inline int journal_create(struct worker *w, struct op_inst *op, int fileset, int64_t entry)
{
    return worker_journal(w, fileset) == NULL ? FO_OK : journal_create_entry(w, op, fileset, entry);
}

static inline int journal_dirsync(struct worker *w, struct op_inst *op, int fileset)
{
    return worker_journal(w, fileset) == NULL ? FO_OK : journal_dirsync_fileset(w, op, fileset);
}

#endif
