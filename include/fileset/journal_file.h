/* journal_file.h: one file of a durability journal read as untrusted input:
 * opened without blocking or following a link, refused unless regular, and
 * read through a bounded window (never the whole file into memory). */
#ifndef FB_JOURNAL_FILE_H
#define FB_JOURNAL_FILE_H

#include <stdint.h>
#include <stddef.h>

#include "base/diag.h"
#include "base/journal_format.h"

struct journal_file {
    int fd;
    const char *path;
    uint64_t size;      /* the file's size when opened */
    char *buf;          /* the window: file bytes [base, base + n) */
    size_t cap, n, pos; /* pos: the next record's place in the window */
    uint64_t base;
};

/* Opens path for reading; -1 with err set ("PATH: cannot read...: why") when it
 * cannot be opened or is not a regular file (a FIFO, a device, a link). what
 * names the file in the message ("the journal's manifest"), or NULL. */
int journal_file_open(struct journal_file *f, const char *path, const char *what, struct diag *err);
void journal_file_close(struct journal_file *f);

/* The next record as jf_next() reads it (JF_OK, JF_END, JF_TORN), its file
 * offset in *at; -2 with err set when the file cannot be read. The record
 * points into the window until the next call. */
int journal_file_next(struct journal_file *f, struct jf_record *r, uint64_t *at, struct diag *err);

/* Exactly len bytes at file offset off into buf; -1 with err set. */
int journal_file_pread(struct journal_file *f, char *buf, size_t len, uint64_t off, struct diag *err);

#endif
