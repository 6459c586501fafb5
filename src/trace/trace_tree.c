/* trace_tree.c: the tree a trace expects before its first call, laid down
 * beneath the replay's directory: every name the trace uses before it makes
 * it (a file at the largest size it was seen at, a directory), and their
 * parents; what the trace creates is left for it to create. Measured before
 * the first byte is written, so that a budget can refuse it whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/grow.h"
#include "base/signals.h"
#include "trace/trace.h"
#include "trace/trace_fds.h"
#include "trace/trace_tree.h"

enum seen { SEEN_NONE, SEEN_FILE, SEEN_DIR, SEEN_MADE, SEEN_LINK };

struct tree_name {
    const char *s;           /* NULL: an empty bucket */
    enum seen seen;
    uint64_t size;
    uint32_t line;           /* of the call that gave it its size */
    bool written;            /* the trace opens it to write or truncates it: laid down afresh */
    bool made;               /* a call of the trace made it (its parents are laid down for it) */
    bool changed;            /* a call of the trace changed what the name holds (made, removed, renamed, written) */
    const char *text;        /* SEEN_LINK: the link's contents, as a readlink of it recorded them */
    bool noted;              /* SEEN_LINK from a "# link" line: the program went through it */
    enum seen was;           /* noted: what the calls through it saw (its target's kind) */
    /* What the trace's own writes did to it so far, so that a size seen after them is not taken for the
     * size it had before (a file appended to and then stat'ed would be laid down at its end size, and
     * come out longer by the appends) */
    uint64_t appended;       /* bytes written through O_APPEND descriptors */
    uint64_t wext;           /* the furthest end of a write at a known offset */
    bool remade;             /* truncated, opened with O_TRUNC, removed or replaced: later sizes are not its own */
};

struct tree_names {
    struct tree_name *v;
    size_t cap, used;
};

struct trace_tree {
    struct tree_names n;
    const char *source;      /* the trace's file, for messages */
    char **own;              /* names made here (a name through a noted link, said by its target's name) */
    size_t nown, own_cap;
};

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static struct tree_name *name_get(struct tree_names *n, const char *s)
{
    size_t i = hash(s) & (n->cap - 1);
    while (n->v[i].s != NULL && strcmp(n->v[i].s, s) != 0)
        i = (i + 1) & (n->cap - 1);
    if (n->v[i].s == NULL) {
        n->v[i].s = s;
        n->used++;
    }
    return &n->v[i];
}

static const struct tree_name *name_find(const struct tree_names *n, const char *s)
{
    size_t i = hash(s) & (n->cap - 1);
    while (n->v[i].s != NULL && strcmp(n->v[i].s, s) != 0)
        i = (i + 1) & (n->cap - 1);
    return n->v[i].s != NULL ? &n->v[i] : NULL;
}

/* What the first sight of a name says it was before the trace began. */
static void first_sight(struct tree_name *e, const struct rp_rec *r, bool second)
{
    if (e->seen != SEEN_NONE)
        return;
    bool ok = r->ret >= 0;
    switch ((enum rp_call)r->call) {
    case RC_OPEN:
        e->seen = !ok ? SEEN_MADE : (r->flags & O_DIRECTORY) ? ((r->flags & O_CREAT) ? SEEN_MADE : SEEN_DIR)
                : (r->flags & O_CREAT) ? SEEN_MADE : SEEN_FILE;
        break;
    case RC_MKDIR:
        e->seen = ok ? SEEN_MADE : r->ret == -EEXIST ? SEEN_DIR : SEEN_MADE;
        break;
    case RC_RMDIR:
        if (r->flags & 1)
            break; /* Deltree succeeds on a tree that is not there: it says nothing */
        e->seen = ok ? SEEN_DIR : SEEN_MADE;
        break;
    case RC_GETDENTS:
        e->seen = ok ? SEEN_DIR : SEEN_MADE;
        break;
    case RC_RENAME:
    case RC_LINK:
        e->seen = second || !ok ? SEEN_MADE : SEEN_FILE;
        break;
    case RC_STATFS:
        e->seen = SEEN_DIR;
        break;
    case RC_SYMLINK:
        e->seen = r->ret == -EEXIST ? SEEN_FILE : SEEN_MADE;
        break;
    case RC_READLINK: /* a link there before, laid down with the text read (none recorded: a file) */
        e->seen = ok ? (r->path2 != 0 ? SEEN_LINK : SEEN_FILE) : r->ret == -EINVAL ? SEEN_FILE : SEEN_MADE;
        break;
    default:
        e->seen = ok ? SEEN_FILE : SEEN_MADE;
        break;
    }
}

/* mkdir beneath the root; one already there is as good. */
static int lay_dir(int root, const char *path)
{
    const char *leaf;
    int dir = beneath_parent(root, path, &leaf);
    int rc = dir < 0 ? -1 : mkdirat(dir, leaf, 0755);
    int err = errno;
    if (dir >= 0)
        close(dir);
    errno = err;
    return rc != 0 && err != EEXIST ? -1 : 0;
}

/* A link beneath the root holding text as it is (never followed: what it names
 * may be anywhere); one a replay here laid down before, with that text, is kept. */
static int lay_link(int root, const char *path, const char *text)
{
    const char *leaf;
    int dir = beneath_parent(root, path, &leaf);
    int rc = dir < 0 ? -1 : symlinkat(text, dir, leaf);
    int err = errno;
    if (rc != 0 && err == EEXIST) {
        char have[4096];
        ssize_t n = readlinkat(dir, leaf, have, sizeof have);
        rc = n >= 0 && (size_t)n == strlen(text) && memcmp(have, text, (size_t)n) == 0 ? 0 : -1;
    }
    if (dir >= 0)
        close(dir);
    errno = err;
    return rc;
}

static int lay_parents(int root, char *path)
{
    for (char *p = strchr(path, '/'); p != NULL; p = strchr(p + 1, '/')) {
        *p = '\0';
        int rc = lay_dir(root, path);
        *p = '/';
        if (rc != 0)
            return -1;
    }
    return 0;
}

static int lay_unmade_parents(int root, const struct tree_names *n, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", name);
    for (char *p = strchr(path, '/'); p != NULL; p = strchr(p + 1, '/')) {
        *p = '\0';
        const struct tree_name *e = name_find(n, path);
        if (e != NULL && e->seen == SEEN_MADE)
            return 0; /* the trace makes this one, and what is below it */
        int rc = lay_dir(root, path);
        *p = '/';
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* What laying a file down does to what is at its name now. A file the trace
 * only reads is never rewritten: kept at its size or more, else grown at its end. */
enum lay_act { LAY_NEW, LAY_KEEP, LAY_GROW, LAY_REWRITE };

static enum lay_act decide(int root, const struct tree_name *e, uint64_t *have)
{
    *have = 0;
    const char *leaf;
    int dir = root < 0 ? -1 : beneath_parent(root, e->s, &leaf);
    struct stat st;
    int rc = dir < 0 ? -1 : fstatat(dir, leaf, &st, AT_SYMLINK_NOFOLLOW);
    if (dir >= 0)
        close(dir);
    if (rc != 0 || !S_ISREG(st.st_mode))
        return rc != 0 ? LAY_NEW : LAY_REWRITE; /* not a file: the open below says what it is */
    *have = (uint64_t)st.st_size;
    if (e->written)
        return LAY_REWRITE;
    return *have >= e->size ? LAY_KEEP : LAY_GROW;
}

/* Bytes from..to of zeros into fd; a stop signal ends it (EINTR). */
static int fill(int fd, uint64_t from, uint64_t to, const char *buf, size_t bufsize)
{
    for (uint64_t at = from; at < to;) {
        if (stop_requested()) {
            errno = EINTR;
            return -1;
        }
        size_t n = to - at < bufsize ? (size_t)(to - at) : bufsize;
        ssize_t w = pwrite(fd, buf, n, (off_t)at);
        if (w == 0)
            errno = ENOSPC;
        if (w <= 0)
            return -1;
        at += (uint64_t)w;
    }
    return 0;
}

/* Opens the file to lay down, never blocking on a FIFO and refusing anything
 * but a regular file (ENXIO's "no such device" said as what it is by the caller). */
static int open_file(int root, const char *path, enum lay_act act)
{
    int flags = O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (act == LAY_GROW ? 0 : O_CREAT | O_TRUNC);
    int fd = beneath_open(root, path, flags, 0644);
    struct stat st;
    if (fd < 0 || (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)))
        return fd;
    close(fd);
    errno = ENXIO;
    return -1;
}

static int lay_file(int root, const struct tree_name *e, const char *buf, size_t bufsize, uint64_t *files,
                    uint64_t *bytes)
{
    uint64_t have;
    enum lay_act act = decide(root, e, &have);
    if (act == LAY_KEEP)
        return 0;
    int fd = open_file(root, e->s, act);
    if (fd < 0)
        return -1;
    uint64_t from = act == LAY_GROW ? have : 0;
    if (fill(fd, from, e->size, buf, bufsize) != 0) {
        int err = errno;
        close(fd);
        errno = err;
        return -1;
    }
    (*files)++;
    *bytes += e->size - from;
    return close(fd);
}

static int lay_one(int root, const struct tree_name *e, const char *buf, size_t bufsize, uint64_t *files, uint64_t *bytes)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", e->s);
    if (strcmp(path, ".") == 0 || lay_parents(root, path) != 0)
        return strcmp(path, ".") == 0 ? 0 : -1;
    if (e->seen == SEEN_DIR)
        return lay_dir(root, path);
    if (e->seen == SEEN_LINK)
        return lay_link(root, path, e->text);
    return lay_file(root, e, buf, bufsize, files, bytes);
}

/* The descriptors of each traced process as the trace moves through them (a fork copies its parent's, exec
 * closes what is close-on-exec, dups share a description): a read's extent is on the file its own process
 * read, whatever another process holds at the same number. */
struct tree_walk {
    const struct trace *t;
    struct tree_names *n;
    struct trace_ids pids;
    struct trace_fds fds;
};

/* A size e was seen at (a stat's, a read's extent, an fstat's): if it was there before, it was at least that
 * long, less what the trace's own writes may have added by then. Its size now is at most the larger of its
 * size before and the furthest positioned write, plus the appends: past those, the rest was there before. */
static void sighted(struct tree_name *e, uint64_t size, const struct rp_rec *r)
{
    if (e->seen != SEEN_FILE || e->remade || size <= e->wext + e->appended)
        return;
    uint64_t before = size - e->appended;
    if (before > e->size) {
        e->size = before;
        e->line = r->line;
    }
}

static void seen_size(struct tree_walk *w, const struct fd_desc *d, uint64_t size, const struct rp_rec *r)
{
    if (d->path == 0)
        return; /* /dev/null stands in: no name */
    sighted(name_get(w->n, trace_name(w->t, d->path)), size, r);
}

/* A write of the trace through d, at offset at (unknown for an append). */
static void wrote(struct tree_walk *w, const struct fd_desc *d, uint64_t at, const struct rp_rec *r)
{
    if (d->path == 0 || r->ret <= 0)
        return;
    struct tree_name *e = name_get(w->n, trace_name(w->t, d->path));
    if ((d->flags & O_APPEND) && r->off == RP_NONE)
        e->appended += (uint64_t)r->ret;
    else if (at + (uint64_t)r->ret > e->wext)
        e->wext = at + (uint64_t)r->ret;
}

static void grow(struct tree_walk *w, const struct fd_desc *d, uint64_t at, const struct rp_rec *r)
{
    if (r->ret > 0)
        seen_size(w, d, at + (uint64_t)r->ret, r);
}

/* What a call does to its process's descriptors; -1 out of memory. */
static int note_fds(struct tree_walk *w, const struct rp_rec *r)
{
    uint32_t p = (uint32_t)trace_ids_find(&w->pids, r->pid);
    struct fd_ent *e = (rp_calls[r->call].target & RT_FD) ? fds_at(&w->fds, p, r->fd) : NULL;
    int32_t desc = e != NULL ? e->desc : -1;
    if (e != NULL && (r->call == RC_READ || r->call == RC_WRITE || r->call == RC_LSEEK)) {
        struct rp_rec moved = *r;
        uint64_t at = r->off != RP_NONE ? r->off : w->fds.descs[desc].pos;
        fds_move(&w->fds, e, &moved);
        if (r->call == RC_READ)
            grow(w, &w->fds.descs[desc], at, r);
        if (r->call == RC_WRITE)
            wrote(w, &w->fds.descs[desc], at, r);
    }
    if (e != NULL && r->call == RC_FTRUNCATE && r->ret >= 0 && w->fds.descs[desc].path != 0)
        name_get(w->n, trace_name(w->t, w->fds.descs[desc].path))->remade = true;
    if (e != NULL && r->call == RC_FSTAT && r->ret >= 0) /* the size of the file its process held (git mmaps) */
        seen_size(w, &w->fds.descs[desc], r->len, r);
    if (r->call == RC_CLOSE && r->ret >= 0)
        fds_close(&w->fds, p, r->fd);
    if ((rp_calls[r->call].target & RT_NEWFD) && r->fd2 >= 0 && r->ret >= 0) {
        if (r->call == RC_DUP && desc < 0)
            return 0;
        if ((r->call == RC_DUP ? fds_dup(&w->fds, p, r->fd2, desc, r->flags) : fds_open(&w->fds, p, r->fd2, r)) < 0)
            return -1;
    }
    int64_t child = r->call == RC_FORK && r->ret > 0 ? trace_ids_find(&w->pids, (int32_t)r->ret) : -1;
    if (child >= 0 && (uint32_t)child != p && fds_fork(&w->fds, p, (uint32_t)child, 0, 0) != 0)
        return -1;
    if (r->call == RC_EXEC && r->ret >= 0 && fds_exec(&w->fds, p) != 0)
        return -1;
    if (r->call == RC_SETFD && r->ret >= 0)
        fds_setfd(&w->fds, p, r->fd, r->flags);
    return 0;
}

/* Whether a and b are names in one directory (the same text up to and including their last '/'). */
static bool same_dir(const char *a, const char *b)
{
    const char *sa = strrchr(a, '/'), *sb = strrchr(b, '/');
    size_t la = sa != NULL ? (size_t)(sa - a) : 0, lb = sb != NULL ? (size_t)(sb - b) : 0;
    return (sa == NULL) == (sb == NULL) && la == lb && memcmp(a, b, la) == 0;
}

/* What one call says of the names it uses: how they were before the trace, a
 * size, whether the trace writes to them. */
static int note_call(struct tree_walk *w, const struct rp_rec *r)
{
    const struct trace *t = w->t;
    struct tree_name *e = r->path != 0 ? name_get(w->n, trace_name(t, r->path)) : NULL;
    if (e != NULL) {
        /* a link read before the trace changed its name: a stat of it (lstat) may have come first */
        if (r->call == RC_READLINK && r->ret >= 0 && r->path2 != 0 && e->seen == SEEN_FILE && !e->changed)
            e->seen = SEEN_NONE;
        first_sight(e, r, false);
        if (e->seen == SEEN_LINK && e->text == NULL)
            e->text = trace_name(t, r->path2);
        bool opens_to_write = (r->call == RC_OPEN || r->call == RC_INHERIT)
                              && ((r->flags & O_ACCMODE) != O_RDONLY || (r->flags & O_TRUNC));
        e->written |= opens_to_write || r->call == RC_TRUNCATE;
        e->changed |= rp_calls[r->call].modifies || opens_to_write || r->call == RC_TRUNCATE;
        /* what is at the name afterwards is not what was there before the trace, in size at least */
        e->remade |= r->ret >= 0
                     && (r->call == RC_TRUNCATE || r->call == RC_UNLINK || r->call == RC_RENAME
                         || ((r->call == RC_OPEN || r->call == RC_INHERIT) && (r->flags & O_TRUNC)));
    }
    if (r->call == RC_OPEN && r->path2 != 0 && r->ret >= 0 && same_dir(trace_name(t, r->path), trace_name(t, r->path2))) {
        /* opened through a link beside its file: the link was there, holding the file's last name */
        struct tree_name *l = name_get(w->n, trace_name(t, r->path2));
        if (l->seen == SEEN_NONE) {
            const char *to = trace_name(t, r->path), *slash = strrchr(to, '/');
            l->seen = SEEN_LINK;
            l->text = slash != NULL ? slash + 1 : to;
        }
    }
    if (e != NULL && r->ret >= 0)
        e->made |= (r->call == RC_OPEN && (r->flags & O_CREAT)) || r->call == RC_MKDIR || r->call == RC_SYMLINK;
    if (r->path2 != 0 && (rp_calls[r->call].target & RT_PATH2)) {
        struct tree_name *e2 = name_get(w->n, trace_name(t, r->path2));
        first_sight(e2, r, true);
        e2->changed = true;
        e2->remade |= r->ret >= 0; /* replaced by a rename or a link: another file's sizes from here */
        e2->made |= r->ret >= 0;
    }
    if (r->call == RC_STAT && e != NULL)
        sighted(e, r->len, r);
    return note_fds(w, r);
}

/* A copy of s the tree keeps (freed with it); NULL out of memory. */
static const char *own_name(struct trace_tree *tr, const char *s)
{
    char **v = grow_room(tr->own, &tr->own_cap, tr->nown, sizeof *v, 16);
    if (v == NULL)
        return NULL;
    tr->own = v;
    return (tr->own[tr->nown] = strdup(s)) != NULL ? tr->own[tr->nown++] : NULL;
}

/* Marks the links the recording noted ("# link" lines) that were there before the program ran. */
static void mark_noted(struct trace_tree *tr, const struct trace *t)
{
    for (size_t i = 0; i < t->nlinks; i++) {
        struct tree_name *e = name_get(&tr->n, trace_name(t, t->links[i].name));
        if (e->seen == SEEN_MADE)
            continue; /* the program made it: its own calls lay it down */
        e->was = e->seen;
        e->seen = SEEN_LINK;
        e->text = trace_name(t, t->links[i].text);
        e->noted = true;
    }
}

/* The file (or directory) each noted link leads to is laid down as what the calls through it saw. */
static int lay_targets(struct trace_tree *tr, const struct trace *t)
{
    struct tree_names *n = &tr->n;
    char to[4096];
    for (size_t i = 0; i < n->cap; i++) {
        const struct tree_name *e = &n->v[i];
        if (e->s == NULL || !e->noted || e->was == SEEN_NONE || e->was == SEEN_LINK
            || !trace_link_reach(t, e->s, true, to, sizeof to) || n->used * 4 >= n->cap * 3)
            continue;
        const char *s = own_name(tr, to);
        if (s == NULL)
            return -1;
        e = &n->v[i];
        struct tree_name *d = name_get(n, s);
        if (d->seen == SEEN_NONE)
            d->seen = e->was == SEEN_DIR ? SEEN_DIR : SEEN_FILE;
        if (d->seen == SEEN_FILE && e->size > d->size) {
            d->size = e->size;
            d->line = e->line;
        }
    }
    return 0;
}

/* A name beneath which the trace uses another was a directory, whatever its first sight said (git's
 * access(".git/refs") before it lists it). */
static void parents_are_dirs(struct tree_names *n)
{
    char path[4096];
    for (size_t i = 0; i < n->cap; i++) {
        if (n->v[i].s == NULL)
            continue;
        snprintf(path, sizeof path, "%s", n->v[i].s);
        for (char *p = strchr(path, '/'); p != NULL; p = strchr(p + 1, '/')) {
            *p = '\0';
            struct tree_name *e = (struct tree_name *)name_find(n, path);
            if (e != NULL && e->seen == SEEN_FILE)
                e->seen = SEEN_DIR;
            *p = '/';
        }
    }
}

int trace_tree_plan(const struct trace *t, struct trace_tree **out, struct diag *err)
{
    *out = NULL;
    struct trace_tree *tr = calloc(1, sizeof *tr);
    if (tr == NULL)
        return diag_set(err, NULL, "out of memory");
    tr->source = t->source;
    tr->n.cap = 1024;
    while (tr->n.cap < 4 * t->n + 2 * t->nlinks + 16)
        tr->n.cap *= 2;
    tr->n.v = calloc(tr->n.cap, sizeof *tr->n.v);
    struct tree_walk w = { .t = t, .n = &tr->n };
    int rc = tr->n.v != NULL ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < t->n; i++)
        rc = trace_ids_add(&w.pids, t->recs[i].pid) < 0 ? -1 : 0;
    if (rc == 0)
        rc = fds_init(&w.fds, (uint32_t)w.pids.n);
    for (size_t i = 0; rc == 0 && i < t->n; i++)
        rc = note_call(&w, &t->recs[i]);
    fds_free(&w.fds);
    trace_ids_free(&w.pids);
    if (rc == 0) {
        mark_noted(tr, t);
        rc = lay_targets(tr, t);
    }
    if (rc == 0)
        parents_are_dirs(&tr->n);
    if (rc != 0)
        diag_set(err, NULL, "out of memory");
    if (rc != 0) {
        trace_tree_free(tr);
        return -1;
    }
    *out = tr;
    return 0;
}

static bool is_file(const struct tree_name *e)
{
    return e->s != NULL && e->seen == SEEN_FILE && strcmp(e->s, ".") != 0;
}

int trace_tree_measure(const struct trace_tree *tr, const char *dir, struct trace_lay_size *sz)
{
    *sz = (struct trace_lay_size){ .source = tr->source };
    int root = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC); /* absent (a rank's, not made yet): all is new */
    for (size_t i = 0; i < tr->n.cap; i++) {
        const struct tree_name *e = &tr->n.v[i];
        uint64_t have;
        enum lay_act act = is_file(e) ? decide(root, e, &have) : LAY_KEEP;
        if (act == LAY_KEEP)
            continue;
        uint64_t write = e->size - (act == LAY_GROW ? have : 0);
        sz->files++;
        sz->bytes += write;
        if (sz->largest == NULL || write > sz->largest_bytes) {
            sz->largest = e->s;
            sz->largest_bytes = write;
            sz->largest_line = e->line;
        }
    }
    if (root >= 0)
        close(root);
    return 0;
}

/* Whether a directory on name's way is a noted link (one that loops: the calls beneath it failed, and nothing
 * can be laid down through it). */
static bool under_noted(const struct tree_names *n, const char *name)
{
    char pre[4096];
    for (const char *p = strchr(name, '/'); p != NULL; p = strchr(p + 1, '/')) {
        snprintf(pre, sizeof pre, "%.*s", (int)(p - name), name);
        const struct tree_name *e = name_find(n, pre);
        if (e != NULL && e->noted)
            return true;
    }
    return false;
}

int trace_tree_lay_at(const struct trace_tree *tr, int root, const char *dir, uint64_t *files, uint64_t *bytes,
                      struct diag *err)
{
    *files = *bytes = 0;
    const struct tree_names *n = &tr->n;
    char *buf = calloc(1, 1 << 16);
    int rc = buf ? 0 : diag_set(err, NULL, "out of memory");
    /* a name the trace makes needs its parents, down to the first one the trace makes itself */
    for (size_t i = 0; rc == 0 && i < n->cap; i++)
        if (n->v[i].s != NULL && n->v[i].seen == SEEN_MADE && n->v[i].made && !under_noted(n, n->v[i].s)
            && lay_unmade_parents(root, n, n->v[i].s) != 0)
            rc = diag_set(err, NULL, "cannot lay down the parents of %s beneath %s: %s", n->v[i].s, dir,
                          beneath_strerror(errno));
    for (size_t i = 0; rc == 0 && i < n->cap; i++)
        if (n->v[i].s != NULL && (n->v[i].seen == SEEN_FILE || n->v[i].seen == SEEN_DIR || n->v[i].seen == SEEN_LINK)
            && !under_noted(n, n->v[i].s) && lay_one(root, &n->v[i], buf, 1 << 16, files, bytes) != 0)
            rc = diag_set(err, NULL, "cannot lay down %s beneath %s: %s", n->v[i].s, dir,
                          errno == ENXIO ? "something other than a regular file is there"
                          : errno == EINTR ? "stopped by a signal" : beneath_strerror(errno));
    free(buf);
    return rc;
}

/* The names, all or only those flowbench lays down or the trace acts on. */
static size_t collect(const struct trace_tree *tr, bool claimed_only, const char ***out)
{
    size_t k = 0;
    *out = malloc((tr->n.cap ? tr->n.cap : 1) * sizeof **out);
    for (size_t i = 0; *out != NULL && i < tr->n.cap; i++) {
        const struct tree_name *e = &tr->n.v[i];
        if (e->s != NULL && (!claimed_only || e->seen != SEEN_NONE || e->made || e->changed))
            (*out)[k++] = e->s;
    }
    return k;
}

size_t trace_tree_names(const struct trace_tree *tr, const char ***out)
{
    return collect(tr, false, out);
}

size_t trace_tree_claimed(const struct trace_tree *tr, const char ***out)
{
    return collect(tr, true, out);
}

void trace_tree_free(struct trace_tree *tr)
{
    if (tr == NULL)
        return;
    for (size_t i = 0; i < tr->nown; i++)
        free(tr->own[i]);
    free(tr->own);
    free(tr->n.v);
    free(tr);
}
