/* trace_tree.c: the tree a trace expects before its first call, laid down
 * beneath the replay's directory: every name the trace uses before it makes
 * it (a file at the largest size it was seen at, a directory), and their
 * parents; what the trace creates is left for it to create. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "trace/trace.h"

enum seen { SEEN_NONE, SEEN_FILE, SEEN_DIR, SEEN_MADE, SEEN_LINK };

struct tree_name {
    const char *s;           /* NULL: an empty bucket */
    enum seen seen;
    uint64_t size;
    const char *text;        /* SEEN_LINK: the link's contents, as a readlink of it recorded them */
};

struct tree_names {
    struct tree_name *v;
    size_t cap;
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

/* A link beneath the root holding text as it is (never followed: what it names may be anywhere). */
static int lay_link(int root, const char *path, const char *text)
{
    const char *leaf;
    int dir = beneath_parent(root, path, &leaf);
    int rc = dir < 0 ? -1 : symlinkat(text, dir, leaf);
    int err = errno;
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
    int fd = beneath_open(root, path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return -1;
    for (uint64_t at = 0; at < e->size;) {
        size_t n = e->size - at < bufsize ? (size_t)(e->size - at) : bufsize;
        ssize_t w = pwrite(fd, buf, n, (off_t)at);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        at += (uint64_t)w;
    }
    (*files)++;
    *bytes += e->size;
    return close(fd);
}

/* The extent a read reached on a file that was there before: the file was at least that long. */
static void grow(struct tree_names *n, const char **fdpath, const uint64_t *fdpos, const struct rp_rec *r)
{
    if (r->fd < 0 || r->fd >= 65536 || fdpath[r->fd] == NULL || r->ret <= 0)
        return;
    struct tree_name *e = name_get(n, fdpath[r->fd]);
    uint64_t end = (r->off != RP_NONE ? r->off : fdpos[r->fd]) + (uint64_t)r->ret;
    if (e->seen == SEEN_FILE && end > e->size)
        e->size = end;
}

int trace_lay_tree(const struct trace *t, const char *dir, uint64_t *files, uint64_t *bytes, struct diag *err)
{
    *files = *bytes = 0;
    struct tree_names n = { .cap = 1024 };
    while (n.cap < 4 * t->n + 16)
        n.cap *= 2;
    n.v = calloc(n.cap, sizeof *n.v);
    const char **fdpath = calloc(65536, sizeof *fdpath);
    uint64_t *fdpos = calloc(65536, sizeof *fdpos);
    char *buf = calloc(1, 1 << 16);
    int root = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    int rc = n.v && fdpath && fdpos && buf ? 0 : diag_set(err, NULL, "out of memory");
    if (rc == 0 && root < 0)
        rc = diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    for (size_t i = 0; rc == 0 && i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        if (r->path != 0) {
            struct tree_name *e = name_get(&n, trace_name(t, r->path));
            first_sight(e, r, false);
            if (e->seen == SEEN_LINK && e->text == NULL)
                e->text = trace_name(t, r->path2);
        }
        if (r->path2 != 0 && (rp_calls[r->call].target & RT_PATH2))
            first_sight(name_get(&n, trace_name(t, r->path2)), r, true);
        if (r->call == RC_STAT && r->path != 0 && r->len > 0 && name_get(&n, trace_name(t, r->path))->seen == SEEN_FILE)
            name_get(&n, trace_name(t, r->path))->size = r->len > name_get(&n, trace_name(t, r->path))->size ? r->len : name_get(&n, trace_name(t, r->path))->size;
        if (r->call == RC_OPEN && r->fd2 >= 0 && r->fd2 < 65536) {
            fdpath[r->fd2] = trace_name(t, r->path);
            fdpos[r->fd2] = 0;
        }
        if (r->call == RC_READ)
            grow(&n, fdpath, fdpos, r);
        if ((r->call == RC_READ || r->call == RC_WRITE) && r->off == RP_NONE && r->fd >= 0 && r->fd < 65536 && r->ret > 0)
            fdpos[r->fd] += (uint64_t)r->ret;
        if (r->call == RC_LSEEK && r->fd >= 0 && r->fd < 65536 && r->ret >= 0)
            fdpos[r->fd] = (uint64_t)r->ret;
    }
    /* a name the trace makes needs its parents, down to the first one the trace makes itself */
    for (size_t i = 0; rc == 0 && i < n.cap; i++)
        if (n.v[i].s != NULL && n.v[i].seen == SEEN_MADE && lay_unmade_parents(root, &n, n.v[i].s) != 0)
            rc = diag_set(err, NULL, "cannot lay down the parents of %s beneath %s: %s", n.v[i].s, dir,
                          beneath_strerror(errno));
    for (size_t i = 0; rc == 0 && i < n.cap; i++)
        if (n.v[i].s != NULL && (n.v[i].seen == SEEN_FILE || n.v[i].seen == SEEN_DIR || n.v[i].seen == SEEN_LINK)
            && lay_one(root, &n.v[i], buf, 1 << 16, files, bytes) != 0)
            rc = diag_set(err, NULL, "cannot lay down %s beneath %s: %s", n.v[i].s, dir, beneath_strerror(errno));
    if (root >= 0)
        close(root);
    free(n.v);
    free(fdpath);
    free(fdpos);
    free(buf);
    return rc;
}
