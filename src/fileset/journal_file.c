/* journal_file.c: reading one journal file as untrusted input, record by
 * record through a window that grows only to the largest record the format
 * allows: a journal file of any size costs a bounded amount of memory. */
#include "fileset/journal_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/le.h"

#define WINDOW (1u << 20)

int journal_file_open(struct journal_file *f, const char *path, const char *what, struct diag *err)
{
    *f = (struct journal_file){ .fd = -1, .path = path };
    /* O_NONBLOCK: a FIFO planted in the journal's place must not hang the open. */
    f->fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (f->fd < 0 || fstat(f->fd, &st) != 0)
        return diag_set(err, NULL, "%s: cannot read%s%s: %s", path, what ? " " : "", what ? what : "",
                        errno == ELOOP ? "a symbolic link (not followed)" : strerror(errno));
    if (!S_ISREG(st.st_mode))
        return diag_set(err, NULL, "%s: cannot read%s%s: not a regular file", path, what ? " " : "", what ? what : "");
    f->size = (uint64_t)st.st_size;
    return 0;
}

void journal_file_close(struct journal_file *f)
{
    if (f->fd >= 0)
        close(f->fd);
    free(f->buf);
    *f = (struct journal_file){ .fd = -1 };
}

int journal_file_pread(struct journal_file *f, char *buf, size_t len, uint64_t off, struct diag *err)
{
    for (size_t got = 0; got < len;) {
        ssize_t r = pread(f->fd, buf + got, len - got, (off_t)(off + got));
        if (r <= 0)
            return diag_set(err, NULL, "%s: byte %llu: cannot read: %s", f->path, (unsigned long long)(off + got),
                            r < 0 ? strerror(errno) : "the file is shorter than it was");
        got += (size_t)r;
    }
    return 0;
}

/* Bytes the record at the window's pos needs to be judged whole or not. */
static size_t needed(const struct journal_file *f)
{
    size_t avail = f->n - f->pos;
    if (avail < JF_HEAD_BYTES)
        return JF_HEAD_BYTES;
    const char *rec = f->buf + f->pos;
    uint32_t len = get32(rec + 8);
    if (get32(rec) != JF_MAGIC || len > JF_MAX_PAYLOAD)
        return 0;  /* no record: jf_next says what it is from the head alone */
    return JF_HEAD_BYTES + len;
}

/* Moves what is left of the window to its start and reads more: at least need bytes when the file has them. */
static int refill(struct journal_file *f, size_t need, struct diag *err)
{
    size_t left = f->n - f->pos;
    if (need > f->cap) {
        size_t cap = f->cap ? f->cap : WINDOW;
        while (cap < need)
            cap *= 2;
        char *b = realloc(f->buf, cap);
        if (b == NULL)
            return diag_set(err, NULL, "out of memory");
        f->buf = b;
        f->cap = cap;
    }
    memmove(f->buf, f->buf + f->pos, left);
    f->base += f->pos;
    f->pos = 0;
    f->n = left;
    uint64_t rest = f->size - (f->base + f->n);
    size_t want = f->cap - f->n < rest ? f->cap - f->n : (size_t)rest;
    if (journal_file_pread(f, f->buf + f->n, want, f->base + f->n, err) != 0)
        return -1;
    f->n += want;
    return 0;
}

int journal_file_next(struct journal_file *f, struct jf_record *r, uint64_t *at, struct diag *err)
{
    size_t need = needed(f);
    if (f->n - f->pos < need && f->base + f->n < f->size && refill(f, need, err) != 0)
        return -2;
    *at = f->base + f->pos;
    return jf_next(f->buf, f->n, &f->pos, r);
}
