/* openflags.c: openflags: open a file of a fileset into the slot with the
 * flags value= lists: "creat", "excl", "trunc", "append", "rdonly", "wronly"
 * (default read-write). With creat it takes a free name, else an existing file. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"

/* The words of value= and the bits they add or, for the access mode, set. */
static const struct { const char *word; int bits; bool access; } open_words[] = {
    { "creat", O_CREAT, false }, { "excl", O_EXCL, false }, { "trunc", O_TRUNC, false },
    { "append", O_APPEND, false }, { "rdonly", O_RDONLY, true }, { "wronly", O_WRONLY, true },
    { "rdwr", O_RDWR, true },
};

/* The flags value= names, or -1 naming the word it does not know in *bad. */
static int parse_open_flags(const char *text, char *bad, size_t badlen)
{
    int flags = O_RDWR;
    for (const char *p = text != NULL ? text : ""; *p != '\0';) {
        size_t n = strcspn(p, ",|");
        size_t i = 0;
        while (i < sizeof open_words / sizeof open_words[0]
               && (strlen(open_words[i].word) != n || strncmp(open_words[i].word, p, n) != 0))
            i++;
        if (n > 0 && i == sizeof open_words / sizeof open_words[0]) {
            snprintf(bad, badlen, "%.*s", (int)n, p);
            return -1;
        }
        if (n > 0)
            flags = open_words[i].access ? (flags & ~O_ACCMODE) | open_words[i].bits : flags | open_words[i].bits;
        p += n + (p[n] != '\0');
    }
    return flags;
}

/* The flags are kept in the instance: priv holds the root, the slot's flags hold nothing of ours. */
static int openflags_init(struct worker *w, struct op_inst *op)
{
    char bad[64];
    if (parse_open_flags(op->op->value_str, bad, sizeof bad) < 0)
        return op_fail(w, op, "value=\"%s\": unknown open flag '%s' (creat, excl, trunc, append, rdonly, wronly, rdwr)",
                       op->op->value_str, bad);
    return fsat_init(w, op);
}

static int openflags_run(struct worker *w, struct op_inst *op)
{
    struct slot *s = op_slot(w, op);
    if (s->fd >= 0)
        return op_fail(w, op, "open without closing slot %d first", (int)(s - w->fds));
    char bad[64];
    int flags = parse_open_flags(op->op->value_str, bad, sizeof bad) | O_CLOEXEC;
    enum fs_presence want = (flags & O_CREAT) ? FS_MISSING : FS_EXISTING;
    struct fsat_entry e;
    int rc = fsat_pick(w, op, want, &e);
    if (rc != FO_OK)
        return rc;
    uint64_t t0 = op_start(w, e.since);
    int fd = openat(e.dirfd, e.leaf, flags | O_NOFOLLOW, 0666);
    uint64_t t1 = op_now(w);
    if (fd < 0) {
        int err = errno;
        fsat_release(w, &e, want, 0);
        return fsat_error(w, op, "open", &e, err);
    }
    fsat_release(w, &e, FS_EXISTING, 1);
    *s = (struct slot){ .fd = fd, .fileset = op->op->fileset, .entry = e.idx,
                        .offset = fileset_seq_start(e.fs, e.idx), .dsync = false };
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_openflags_hooks = { .run = openflags_run, .init = openflags_init, .fini = fsat_fini };
