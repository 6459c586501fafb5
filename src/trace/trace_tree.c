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
#include "base/signals.h"
#include "trace/trace.h"
#include "trace/trace_tree.h"

enum seen { SEEN_NONE, SEEN_FILE, SEEN_DIR, SEEN_MADE, SEEN_LINK };

struct tree_name {
    const char *s;           /* NULL: an empty bucket */
    enum seen seen;
    uint64_t size;
    uint32_t line;           /* of the call that gave it its size */
    bool written;            /* the trace opens it to write or truncates it: laid down afresh */
    const char *text;        /* SEEN_LINK: the link's contents, as a readlink of it recorded them */
};

struct tree_names {
    struct tree_name *v;
    size_t cap;
};

struct trace_tree {
    struct tree_names n;
    const char *source;      /* the trace's file, for messages */
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
    if (n->v[i].s == NULL)
        n->v[i].s = s;
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

/* The extent a read reached on a file that was there before: the file was at least that long. */
static void grow(struct tree_names *n, const char **fdpath, const uint64_t *fdpos, const struct rp_rec *r)
{
    if (r->fd < 0 || r->fd >= 65536 || fdpath[r->fd] == NULL || r->ret <= 0)
        return;
    struct tree_name *e = name_get(n, fdpath[r->fd]);
    uint64_t end = (r->off != RP_NONE ? r->off : fdpos[r->fd]) + (uint64_t)r->ret;
    if (e->seen == SEEN_FILE && end > e->size) {
        e->size = end;
        e->line = r->line;
    }
}

/* What one call says of the names it uses: how they were before the trace, a
 * size, whether the trace writes to them. */
static void note_call(const struct trace *t, struct tree_names *n, const char **fdpath, uint64_t *fdpos,
                      const struct rp_rec *r)
{
    struct tree_name *e = r->path != 0 ? name_get(n, trace_name(t, r->path)) : NULL;
    if (e != NULL) {
        first_sight(e, r, false);
        if (e->seen == SEEN_LINK && e->text == NULL)
            e->text = trace_name(t, r->path2);
        bool opens_to_write = r->call == RC_OPEN && ((r->flags & O_ACCMODE) != O_RDONLY || (r->flags & O_TRUNC));
        e->written |= opens_to_write || r->call == RC_TRUNCATE;
    }
    if (r->path2 != 0 && (rp_calls[r->call].target & RT_PATH2))
        first_sight(name_get(n, trace_name(t, r->path2)), r, true);
    if (r->call == RC_STAT && e != NULL && e->seen == SEEN_FILE && r->len > e->size) {
        e->size = r->len;
        e->line = r->line;
    }
    if (r->call == RC_OPEN && r->fd2 >= 0 && r->fd2 < 65536) {
        fdpath[r->fd2] = trace_name(t, r->path);
        fdpos[r->fd2] = 0;
    }
    if (r->call == RC_READ)
        grow(n, fdpath, fdpos, r);
    if ((r->call == RC_READ || r->call == RC_WRITE) && r->off == RP_NONE && r->fd >= 0 && r->fd < 65536 && r->ret > 0)
        fdpos[r->fd] += (uint64_t)r->ret;
    if (r->call == RC_LSEEK && r->fd >= 0 && r->fd < 65536 && r->ret >= 0)
        fdpos[r->fd] = (uint64_t)r->ret;
}

int trace_tree_plan(const struct trace *t, struct trace_tree **out, struct diag *err)
{
    *out = NULL;
    struct trace_tree *tr = calloc(1, sizeof *tr);
    if (tr == NULL)
        return diag_set(err, NULL, "out of memory");
    tr->source = t->source;
    tr->n.cap = 1024;
    while (tr->n.cap < 4 * t->n + 16)
        tr->n.cap *= 2;
    tr->n.v = calloc(tr->n.cap, sizeof *tr->n.v);
    const char **fdpath = calloc(65536, sizeof *fdpath);
    uint64_t *fdpos = calloc(65536, sizeof *fdpos);
    int rc = tr->n.v && fdpath && fdpos ? 0 : diag_set(err, NULL, "out of memory");
    for (size_t i = 0; rc == 0 && i < t->n; i++)
        note_call(t, &tr->n, fdpath, fdpos, &t->recs[i]);
    free(fdpath);
    free(fdpos);
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

int trace_tree_lay(const struct trace_tree *tr, const char *dir, uint64_t *files, uint64_t *bytes, struct diag *err)
{
    *files = *bytes = 0;
    const struct tree_names *n = &tr->n;
    char *buf = calloc(1, 1 << 16);
    int root = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    int rc = buf ? 0 : diag_set(err, NULL, "out of memory");
    if (rc == 0 && root < 0)
        rc = diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    /* a name the trace makes needs its parents, down to the first one the trace makes itself */
    for (size_t i = 0; rc == 0 && i < n->cap; i++)
        if (n->v[i].s != NULL && n->v[i].seen == SEEN_MADE && lay_unmade_parents(root, n, n->v[i].s) != 0)
            rc = diag_set(err, NULL, "cannot lay down the parents of %s beneath %s: %s", n->v[i].s, dir,
                          beneath_strerror(errno));
    for (size_t i = 0; rc == 0 && i < n->cap; i++)
        if (n->v[i].s != NULL && (n->v[i].seen == SEEN_FILE || n->v[i].seen == SEEN_DIR || n->v[i].seen == SEEN_LINK)
            && lay_one(root, &n->v[i], buf, 1 << 16, files, bytes) != 0)
            rc = diag_set(err, NULL, "cannot lay down %s beneath %s: %s", n->v[i].s, dir,
                          errno == ENXIO ? "something other than a regular file is there"
                          : errno == EINTR ? "stopped by a signal" : beneath_strerror(errno));
    if (root >= 0)
        close(root);
    free(buf);
    return rc;
}

size_t trace_tree_names(const struct trace_tree *tr, const char ***out)
{
    size_t k = 0;
    *out = malloc((tr->n.cap ? tr->n.cap : 1) * sizeof **out);
    for (size_t i = 0; *out != NULL && i < tr->n.cap; i++)
        if (tr->n.v[i].s != NULL)
            (*out)[k++] = tr->n.v[i].s;
    return k;
}

void trace_tree_free(struct trace_tree *tr)
{
    if (tr == NULL)
        return;
    free(tr->n.v);
    free(tr);
}
