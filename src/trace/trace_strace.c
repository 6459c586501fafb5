/* trace_strace.c: strace logs: -f with "[pid N]" or bare pid prefixes, -ff
 * files (the thread in the file's name), -ttt times, -T durations, calls split
 * over "<unfinished ...>" and "<... resumed>" lines, -y/-yy paths (octal
 * escapes), signals and exits skipped. Paths are kept beneath the root. A new
 * child's first lines may come before its parent's clone returns (the child ran
 * first): they are held until that clone names it (st_hold). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace_format.h"

#define ST_MAXARGS 8
#define ST_PENDING 256
#define ST_THREADS 8192
#define ST_PENDING_MAX (64u << 10) /* the text of a call left unfinished, at most */
#define CLONE_THREAD_BIT 0x10000u /* <sched.h>'s CLONE_THREAD */

/* One call's pieces: its arguments as text, and what each -yy descriptor named. */
struct st_call {
    char name[32];
    char *arg[ST_MAXARGS];
    int nargs;
    int64_t ret;
    char retpath[4096];      /* -yy: the path of a returned descriptor */
    uint64_t dur_ns;
};

struct st_ctx {
    struct trace *t;
    const struct trace_opts *o;
    const char *path;        /* the log, for messages */
    struct diag *err;
    bool failed;             /* a call was bad input (err says why): the log is refused */
    unsigned ln;             /* the line being read */
    char root[4096];
    size_t rootlen;
    struct { int32_t tid; uint64_t t_ns; char *text; } pending[ST_PENDING]; /* text NULL: a free slot */
    struct { int32_t pid, fd; } handles[1024]; /* O_PATH descriptors: names resolved, nothing opened */
    size_t nhandles;
    struct { int32_t tid, group; } threads[ST_THREADS]; /* clone(CLONE_THREAD): a thread and its process, hashed
                                                          * by tid (0: an empty bucket), at most half full */
    size_t nthreads;
    enum trace_left why;     /* what the call was on, when it is left out */
    uint32_t argpath;        /* the -yy path (kept, beneath the root) of the call's descriptor argument; 0: none */
    struct st_fdset { uint64_t *v; size_t used, cap; } held; /* (pid, fd) + 1 each process was seen to get */
    struct st_fdset standin; /* of those, the ones /dev/null stands in for (st_standin) */
    struct st_fdset seen;    /* (tid, 0) of every thread the log has shown, or a spawn has named */
    struct st_early { char *line; int32_t ftid; unsigned ln; int32_t tid; } *early; /* lines held (st_hold), in order */
    size_t nearly, capearly;
};

#define ST_EARLY_MAX 4096 /* lines held at once; past them, all are read as they came */

/* The descriptors each process was seen to get (an open, a dup, a fork's copy, an inherit made below), as keys
 * pid << 32 | fd, plus one (0: an empty bucket; ST_GONE: a closed one, so that probing goes past it). A
 * call on one it never got, that -yy shows names a file beneath the root, was open before the trace began. */
#define ST_GONE UINT64_MAX

static uint64_t fd_key(int32_t pid, int32_t fd)
{
    return ((uint64_t)(uint32_t)pid << 32 | (uint32_t)fd) + 1;
}

static uint64_t *held_probe(const struct st_fdset *h, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (h->cap - 1);
    uint64_t *gone = NULL;
    while (h->v[i] != 0 && h->v[i] != key) {
        if (h->v[i] == ST_GONE && gone == NULL)
            gone = &h->v[i];
        i = (i + 1) & (h->cap - 1);
    }
    return h->v[i] == 0 && gone != NULL ? gone : &h->v[i];
}

static bool held_has(const struct st_fdset *h, int32_t pid, int32_t fd)
{
    return h->cap != 0 && *held_probe(h, fd_key(pid, fd)) == fd_key(pid, fd);
}

static int held_put(struct st_fdset *h, int32_t pid, int32_t fd)
{
    if (2 * (h->used + 1) > h->cap) {
        struct st_fdset n = { .cap = h->cap ? 2 * h->cap : 256 };
        n.v = calloc(n.cap, sizeof *n.v);
        if (n.v == NULL)
            return -1;
        for (size_t i = 0; i < h->cap; i++)
            if (h->v[i] != 0 && h->v[i] != ST_GONE) {
                *held_probe(&n, h->v[i]) = h->v[i];
                n.used++;
            }
        free(h->v);
        *h = n;
    }
    uint64_t *at = held_probe(h, fd_key(pid, fd));
    if (*at == 0)
        h->used++;
    *at = fd_key(pid, fd);
    return 0;
}

static void held_drop(struct st_fdset *h, int32_t pid, int32_t fd)
{
    if (held_has(h, pid, fd))
        *held_probe(h, fd_key(pid, fd)) = ST_GONE;
}

/* A fork: the child holds what its parent holds. */
static int held_fork(struct st_fdset *h, int32_t parent, int32_t child)
{
    size_t n = 0;
    int32_t *fds = NULL;
    for (size_t i = 0; i < h->cap; i++)
        if (h->v[i] != 0 && h->v[i] != ST_GONE && (int32_t)(uint32_t)((h->v[i] - 1) >> 32) == parent) {
            int32_t *p = realloc(fds, (n + 1) * sizeof *fds);
            if (p == NULL) {
                free(fds);
                return -1;
            }
            fds = p;
            fds[n++] = (int32_t)(uint32_t)(h->v[i] - 1);
        }
    int rc = 0;
    for (size_t k = 0; rc == 0 && k < n; k++)
        rc = held_put(h, child, fds[k]);
    free(fds);
    return rc;
}

static size_t handle_find(const struct st_ctx *c, int32_t pid, int32_t fd)
{
    size_t i = 0;
    while (i < c->nhandles && (c->handles[i].pid != pid || c->handles[i].fd != fd))
        i++;
    return i;
}

/* An O_PATH open (and dups of it, and its close) is a program's way of naming, not a file's use: left out. */
static bool handle_call(struct st_ctx *c, const struct rp_rec *r)
{
    bool opath = r->call == RC_OPEN && (r->flags & O_PATH);
    size_t at = r->fd >= 0 ? handle_find(c, r->pid, r->fd) : c->nhandles;
    bool on_handle = at < c->nhandles;
    if ((opath || (r->call == RC_DUP && on_handle)) && r->fd2 >= 0 && c->nhandles < 1024) {
        c->handles[c->nhandles].pid = r->pid;
        c->handles[c->nhandles++].fd = r->fd2;
    }
    if (r->call == RC_CLOSE && on_handle)
        c->handles[at] = c->handles[--c->nhandles];
    return opath || on_handle;
}

/* How a syscall becomes a call: its row's fill reads the arguments. */
struct st_row {
    const char *name;
    int (*fill)(struct st_ctx *c, const struct st_call *s, struct rp_rec *r);
};

/* "3</a/b>": the number and the path; "AT_FDCWD</a>" and "-100</a>" too. -1: no descriptor there; -2: a
 * number no descriptor can have (past 2^31 - 1), which no strace writes. */
static int st_fd(const char *a, int32_t *fd, char *path, size_t len)
{
    path[0] = '\0';
    char *end;
    errno = 0;
    long v = strncmp(a, "AT_FDCWD", 8) == 0 ? AT_FDCWD : strtol(a, &end, 10);
    if (strncmp(a, "AT_FDCWD", 8) == 0)
        end = (char *)a + 8;
    else if (end != a && (errno == ERANGE || v < INT32_MIN || v > INT32_MAX))
        return -2;
    else if (end == a)
        return -1;
    *fd = (int32_t)v;
    if (*end == '<') {
        const char *close = strrchr(end, '>');
        if (close == NULL || (size_t)(close - end - 1) >= len)
            return -1;
        /* -yy decorates sockets and devices: "<char 1:3>" inside; only a plain path counts */
        memcpy(path, end + 1, (size_t)(close - end - 1));
        path[close - end - 1] = '\0';
        char *inner = strchr(path, '<');
        if (inner != NULL)
            *inner = '\0';
    }
    return 0;
}

/* A quoted string with C escapes (\ooo, \xhh, \n ...) into buf. */
static int st_string(const char *a, char *buf, size_t len)
{
    if (a[0] != '"')
        return -1;
    size_t o = 0;
    for (const char *p = a + 1; *p != '"'; p++) {
        if (*p == '\0' || o + 1 >= len)
            return -1;
        if (*p != '\\') {
            buf[o++] = *p;
            continue;
        }
        p++;
        if (*p == '\0')
            return -1; /* a backslash ends the line: no string */
        if (*p >= '0' && *p <= '7') {
            int v = 0;
            for (int k = 0; k < 3 && *p >= '0' && *p <= '7'; k++, p++)
                v = v * 8 + (*p - '0');
            p--;
            buf[o++] = (char)v;
        } else if (*p == 'x') {
            /* one or two hex digits, never past the string's end (nor its closing quote) */
            int v = 0, k = 0;
            for (; k < 2 && isxdigit((unsigned char)p[1]); k++, p++)
                v = v * 16 + (isdigit((unsigned char)p[1]) ? p[1] - '0' : (tolower((unsigned char)p[1]) - 'a' + 10));
            if (k == 0)
                return -1;
            buf[o++] = (char)v;
        } else {
            static const char from[] = "ntrvf", to[] = "\n\t\r\v\f";
            const char *k = strchr(from, *p);
            buf[o++] = k != NULL && *p != '\0' ? to[k - from] : *p;
        }
    }
    buf[o] = '\0';
    return 0;
}

/* An -yy path made relative to the root: kept (its offset), or 0 when outside and not --all. */
static uint32_t st_keep(struct st_ctx *c, const char *abs)
{
    char buf[4096 + 8];
    if (abs[0] != '/')
        return 0;
    if (c->rootlen > 0 && strncmp(abs, c->root, c->rootlen) == 0 && (abs[c->rootlen] == '/' || abs[c->rootlen] == '\0'))
        snprintf(buf, sizeof buf, "%s", abs[c->rootlen] == '/' ? abs + c->rootlen + 1 : ".");
    else if (c->o->all)
        snprintf(buf, sizeof buf, "_abs%s", abs);
    else
        return 0;
    if (trace_path_fold(buf) != 0)
        return 0;
    return trace_str(c->t, buf, strlen(buf));
}

/* dirfd + name as an absolute path, from -yy's directory path. */
static uint32_t st_at(struct st_ctx *c, const char *dirarg, const char *namearg)
{
    char name[4096], dir[4096], abs[8200];
    int32_t fd;
    if (st_string(namearg, name, sizeof name) != 0)
        return 0;
    if (name[0] == '/')
        return st_keep(c, name);
    if (dirarg == NULL) {
        snprintf(abs, sizeof abs, "%s/%s", c->root, name);
        return c->rootlen ? st_keep(c, abs) : 0;
    }
    if (st_fd(dirarg, &fd, dir, sizeof dir) != 0 || dir[0] == '\0')
        return 0;
    if (c->rootlen == 0 && fd == AT_FDCWD) {
        snprintf(c->root, sizeof c->root, "%s", dir); /* the program's working directory, the default root */
        c->rootlen = strlen(c->root);
    }
    snprintf(abs, sizeof abs, "%s/%s", dir, name);
    return st_keep(c, abs);
}

const char *const trace_left_names[5] = { "on pipes", "on sockets", "on terminals and devices",
                                          "outside the root", "other" };
const char *const trace_left_keys[5] = { "pipes", "sockets", "devices", "outside", "other" };

const char *trace_left_say(const struct trace *t, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t k = 0, at = 0; k < sizeof t->left / sizeof t->left[0] && at < len; k++)
        if (t->left[k] != 0)
            at += (size_t)snprintf(buf + at, len - at, "%s%llu %s", at ? ", " : ": ", (unsigned long long)t->left[k],
                                   trace_left_names[k]);
    return buf;
}

/* What -yy shows a descriptor a is: "1<pipe:[123]>", "3<socket:[9]>" (or "<UNIX:[...]>"), "1</dev/pts/0<char
 * 136:0>>", a path (here: one outside the root). */
static enum trace_left st_kind(const char *a, const char *path)
{
    if (strstr(a, "<pipe:[") != NULL)
        return TL_PIPE;
    if (strstr(a, "<char ") != NULL || strstr(a, "<block ") != NULL || strncmp(path, "/dev/", 5) == 0)
        return TL_DEVICE;
    if (strstr(a, ":[") != NULL)
        return TL_SOCKET;
    return path[0] == '/' ? TL_OUTSIDE : TL_OTHER;
}

/* A descriptor argument kept when -yy shows it names something beneath the root. */
static int st_fdarg(struct st_ctx *c, const char *a, struct rp_rec *r)
{
    char path[4096];
    int got = st_fd(a, &r->fd, path, sizeof path);
    if (got == -2) {
        c->failed = true;
        return trace_fail(c->err, c->path, c->ln, "bad descriptor: '%.*s' (0 to 2^31 - 1)",
                          (int)(strcspn(a, "<") < 40 ? strcspn(a, "<") : 40), a);
    }
    if (got != 0 || r->fd < 0)
        return -1; /* AT_FDCWD as a call's descriptor (newfstatat(AT_FDCWD, "", AT_EMPTY_PATH)): the working directory */
    if (path[0] == '\0')
        return 0;
    c->argpath = st_keep(c, path);
    c->why = st_kind(a, path);
    return c->argpath != 0 ? 0 : -1;
}

static uint32_t st_num(const char *a)
{
    uint32_t v = 0;
    trace_flags_parse(a, &v);
    return v;
}

static int f_open(struct st_ctx *c, const struct st_call *s, struct rp_rec *r, int at)
{
    if (s->nargs < at + 2)
        return -1;
    r->path = s->ret >= 0 && s->retpath[0] ? st_keep(c, s->retpath) : st_at(c, at ? s->arg[0] : NULL, s->arg[at]);
    /* Opened through a link: -yy shows the file reached, the argument the name opened, kept as the open's
     * second name (the lay-down makes a link of it when it is beside its file; record looks at it for a link
     * elsewhere, since any component of its path may be the link). */
    uint32_t via = r->path != 0 && s->ret >= 0 && s->retpath[0] ? st_at(c, at ? s->arg[0] : NULL, s->arg[at]) : 0;
    if (via != 0 && via != r->path && strcmp(trace_name(c->t, via), trace_name(c->t, r->path)) != 0)
        r->path2 = via;
    r->flags = st_num(s->arg[at + 1]);
    r->mode = s->nargs > at + 2 ? st_num(s->arg[at + 2]) : 0;
    r->fd2 = s->ret >= 0 ? (int32_t)s->ret : -1;
    return r->path ? 0 : -1;
}

static int f_openat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { r->call = RC_OPEN; return f_open(c, s, r, 1); }

static uint64_t st_field(const char *a, const char *name);

/* openat2(dirfd, name, {flags=..., mode=..., resolve=...}, size) */
static int f_openat2(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->call = RC_OPEN;
    if (s->nargs < 3)
        return -1;
    r->path = s->ret >= 0 && s->retpath[0] ? st_keep(c, s->retpath) : st_at(c, s->arg[0], s->arg[1]);
    r->flags = (uint32_t)st_field(s->arg[2], "flags=");
    r->mode = (uint32_t)st_field(s->arg[2], "mode=");
    r->fd2 = s->ret >= 0 ? (int32_t)s->ret : -1;
    return r->path ? 0 : -1;
}
static int f_open0(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { r->call = RC_OPEN; return f_open(c, s, r, 0); }

static int f_creat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->call = RC_OPEN;
    r->path = s->nargs >= 2 ? st_at(c, NULL, s->arg[0]) : 0;
    r->flags = O_CREAT | O_WRONLY | O_TRUNC;
    r->mode = s->nargs >= 2 ? st_num(s->arg[1]) : 0;
    r->fd2 = s->ret >= 0 ? (int32_t)s->ret : -1;
    return r->path ? 0 : -1;
}

static int fd_call(struct st_ctx *c, const struct st_call *s, struct rp_rec *r, enum rp_call call)
{
    r->call = (uint16_t)call;
    return s->nargs >= 1 ? st_fdarg(c, s->arg[0], r) : -1;
}

static int f_close(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return fd_call(c, s, r, RC_CLOSE); }
static int f_fsync(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return fd_call(c, s, r, RC_FSYNC); }
static int f_fdatasync(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return fd_call(c, s, r, RC_FDATASYNC); }
static int f_fstat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return fd_call(c, s, r, RC_FSTAT); }

/* An offset argument: 0 to 2^63 - 1 (past it, or negative, the log is refused: never taken for "no offset"). */
static uint64_t st_offset(struct st_ctx *c, const char *a)
{
    char *end;
    uint64_t v = 0;
    if (trace_size(a, &end, &v) != 0 && !c->failed) {
        trace_fail(c->err, c->path, c->ln, "a bad offset '%.40s' (0 to 2^63 - 1)", a);
        c->failed = true;
    }
    return v;
}

/* read(fd, buf, n), pread64(fd, buf, n, off), readv(fd, iov, cnt): the bytes asked (or moved, for vectors). */
static int rw_call(struct st_ctx *c, const struct st_call *s, struct rp_rec *r, enum rp_call call, bool at, bool vec)
{
    if (s->nargs < (at ? 4 : 3))
        return -1;
    r->len = vec ? (s->ret > 0 ? (uint64_t)s->ret : 0) : strtoull(s->arg[2], NULL, 10);
    r->off = at ? st_offset(c, s->arg[3]) : RP_NONE;
    return fd_call(c, s, r, call);
}

static int f_read(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_READ, false, false); }
static int f_pread(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_READ, true, false); }
static int f_readv(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_READ, false, true); }
static int f_write(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_WRITE, false, false); }
static int f_pwrite(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_WRITE, true, false); }
static int f_writev(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return rw_call(c, s, r, RC_WRITE, false, true); }

static int f_lseek(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 3)
        return -1;
    r->off = strtoull(s->arg[1], NULL, 10);
    r->flags = st_num(s->arg[2]);
    return fd_call(c, s, r, RC_LSEEK);
}

/* key=N (st_size=, statx's stx_size=) from a stat structure: the size the program saw. */
static uint64_t st_size_at(const char *a, const char *key)
{
    const char *p = strstr(a, key);
    return p != NULL ? strtoull(p + strlen(key), NULL, 10) : 0;
}

static uint64_t st_size(const char *a)
{
    return st_size_at(a, "st_size=");
}

static int path_call(struct st_ctx *c, const char *dir, const char *name, struct rp_rec *r, enum rp_call call)
{
    r->call = (uint16_t)call;
    r->path = st_at(c, dir, name);
    return r->path ? 0 : -1;
}

/* newfstatat(fd, "", ..., AT_EMPTY_PATH) is an fstat. */
static int f_fstatat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 4)
        return -1;
    r->len = st_size(s->arg[2]);
    if (strcmp(s->arg[1], "\"\"") == 0)
        return fd_call(c, s, r, RC_FSTAT);
    return path_call(c, s->arg[0], s->arg[1], r, RC_STAT);
}

static int f_stat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->len = s->nargs >= 2 ? st_size(s->arg[1]) : 0;
    return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_STAT) : -1;
}

static int f_statx(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 5)
        return -1;
    r->len = st_size_at(s->arg[4], "stx_size=");
    if (strcmp(s->arg[1], "\"\"") == 0)
        return fd_call(c, s, r, RC_FSTAT);
    return path_call(c, s->arg[0], s->arg[1], r, RC_STAT);
}

static int f_unlinkat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 3)
        return -1;
    return path_call(c, s->arg[0], s->arg[1], r, (st_num(s->arg[2]) & AT_REMOVEDIR) ? RC_RMDIR : RC_UNLINK);
}

static int f_unlink(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_UNLINK) : -1; }
static int f_rmdir(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_RMDIR) : -1; }

static int f_mkdir(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->mode = s->nargs >= 2 ? st_num(s->arg[1]) : 0755;
    return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_MKDIR) : -1;
}

static int f_mkdirat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->mode = s->nargs >= 3 ? st_num(s->arg[2]) : 0755;
    return s->nargs >= 2 ? path_call(c, s->arg[0], s->arg[1], r, RC_MKDIR) : -1;
}

/* rename and link: the second name first (path_call fills the first). */
static int two_names(struct st_ctx *c, struct rp_rec *r, const char *dir1, const char *name1, const char *dir2,
                     const char *name2, enum rp_call call)
{
    r->path2 = st_at(c, dir2, name2);
    return r->path2 ? path_call(c, dir1, name1, r, call) : -1;
}

static int f_renameat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    return s->nargs >= 4 ? two_names(c, r, s->arg[0], s->arg[1], s->arg[2], s->arg[3], RC_RENAME) : -1;
}
static int f_rename(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    return s->nargs >= 2 ? two_names(c, r, NULL, s->arg[0], NULL, s->arg[1], RC_RENAME) : -1;
}
static int f_linkat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    return s->nargs >= 4 ? two_names(c, r, s->arg[0], s->arg[1], s->arg[2], s->arg[3], RC_LINK) : -1;
}
static int f_link(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    return s->nargs >= 2 ? two_names(c, r, NULL, s->arg[0], NULL, s->arg[1], RC_LINK) : -1;
}

/* symlink(text, name), symlinkat(text, dirfd, name): the text kept as recorded, never made a name. */
static int link_text(struct st_ctx *c, struct rp_rec *r, const char *textarg)
{
    char text[4096];
    if (st_string(textarg, text, sizeof text) != 0)
        return -1;
    r->path2 = trace_str(c->t, text, strlen(text));
    return r->path2 != 0 ? 0 : -1;
}

static int f_symlink(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 2 || path_call(c, NULL, s->arg[1], r, RC_SYMLINK) != 0)
        return -1;
    return r->path == 0 ? 0 : link_text(c, r, s->arg[0]);
}

static int f_symlinkat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 3 || path_call(c, s->arg[1], s->arg[2], r, RC_SYMLINK) != 0)
        return -1;
    return r->path == 0 ? 0 : link_text(c, r, s->arg[0]);
}

/* readlink(name, buf, size), readlinkat(dirfd, name, buf, size): the text read kept when it succeeded
 * (so that a replay can lay down the link it read). One that found no link (EINVAL) is a probe of a name
 * (realpath's, of every directory on a path), left out as O_PATH opens are. */
static int readlink_call(struct st_ctx *c, const struct st_call *s, struct rp_rec *r, const char *dir, int at)
{
    if (s->nargs < 3 + at || r->ret == -EINVAL || path_call(c, dir, s->arg[at], r, RC_READLINK) != 0)
        return -1;
    r->len = strtoull(s->arg[at + 2], NULL, 10);
    return r->path == 0 || r->ret < 0 ? 0 : link_text(c, r, s->arg[at + 1]);
}

static int f_readlink(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return readlink_call(c, s, r, NULL, 0); }
static int f_readlinkat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    return s->nargs >= 1 ? readlink_call(c, s, r, s->arg[0], 1) : -1;
}

static int f_ftruncate(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->len = s->nargs >= 2 ? strtoull(s->arg[1], NULL, 10) : 0;
    return fd_call(c, s, r, RC_FTRUNCATE);
}

static int f_truncate(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->len = s->nargs >= 2 ? strtoull(s->arg[1], NULL, 10) : 0;
    return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_TRUNCATE) : -1;
}

/* utimensat(fd, NULL, ...) is futimens: the descriptor's -yy path is the name. */
static int f_utimensat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    char path[4096];
    int32_t fd;
    if (s->nargs < 2)
        return -1;
    r->call = RC_UTIMES;
    /* AT_SYMLINK_NOFOLLOW kept: the call set a link's own times (tar's, on each link it makes) */
    r->flags = s->nargs >= 4 ? st_num(s->arg[3]) & AT_SYMLINK_NOFOLLOW : 0;
    if (strcmp(s->arg[1], "NULL") != 0)
        return path_call(c, s->arg[0], s->arg[1], r, RC_UTIMES);
    if (st_fd(s->arg[0], &fd, path, sizeof path) != 0)
        return -1;
    r->path = st_keep(c, path);
    return r->path ? 0 : -1;
}

static int f_fchmodat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->mode = s->nargs >= 3 ? st_num(s->arg[2]) : 0;
    return s->nargs >= 2 ? path_call(c, s->arg[0], s->arg[1], r, RC_CHMOD) : -1;
}

static int f_fchmod(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    char path[4096];
    int32_t fd;
    if (s->nargs < 2 || st_fd(s->arg[0], &fd, path, sizeof path) != 0)
        return -1;
    r->call = RC_CHMOD;
    r->mode = st_num(s->arg[1]);
    r->path = st_keep(c, path);
    return r->path ? 0 : -1;
}

static int f_chmod(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->mode = s->nargs >= 2 ? st_num(s->arg[1]) : 0;
    return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_CHMOD) : -1;
}

static int f_faccessat(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->flags = s->nargs >= 3 ? st_num(s->arg[2]) : 0;
    return s->nargs >= 2 ? path_call(c, s->arg[0], s->arg[1], r, RC_ACCESS) : -1;
}

static int f_access(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->flags = s->nargs >= 2 ? st_num(s->arg[1]) : 0;
    return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_ACCESS) : -1;
}

static int f_statfs(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return s->nargs >= 1 ? path_call(c, NULL, s->arg[0], r, RC_STATFS) : -1; }

static int f_getdents(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->len = s->nargs >= 3 ? strtoull(s->arg[2], NULL, 10) : 0;
    return fd_call(c, s, r, RC_GETDENTS);
}

static int f_flock(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->flags = s->nargs >= 2 ? st_num(s->arg[1]) : 0;
    return fd_call(c, s, r, RC_FLOCK);
}

static uint64_t st_field(const char *a, const char *name)
{
    const char *p = strstr(a, name);
    uint32_t v = 0;
    if (p == NULL)
        return 0;
    char word[64];
    size_t n = strcspn(p + strlen(name), ",}");
    snprintf(word, sizeof word, "%.*s", (int)(n < 63 ? n : 63), p + strlen(name));
    if (trace_flags_parse(word, &v) == 0)
        return v;
    return strtoull(word, NULL, 0);
}

/* fcntl: the locks and the duplications; the rest changes no file. */
static int f_fcntl(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    if (s->nargs < 2)
        return -1;
    uint32_t cmd = st_num(s->arg[1]);
    if (cmd == F_DUPFD || cmd == F_DUPFD_CLOEXEC) {
        r->fd2 = s->ret >= 0 ? (int32_t)s->ret : -1;
        r->flags = cmd == F_DUPFD_CLOEXEC ? O_CLOEXEC : 0;
        return fd_call(c, s, r, RC_DUP);
    }
    if (cmd == F_SETFD) {
        r->flags = s->nargs >= 3 && (st_num(s->arg[2]) & FD_CLOEXEC) ? O_CLOEXEC : 0;
        return fd_call(c, s, r, RC_SETFD);
    }
    if ((cmd != F_SETLK && cmd != F_SETLKW && cmd != F_OFD_SETLK && cmd != F_OFD_SETLKW) || s->nargs < 3)
        return -1;
    r->flags = (uint32_t)st_field(s->arg[2], "l_type=");
    r->off = st_field(s->arg[2], "l_start=");
    r->len = st_field(s->arg[2], "l_len=");
    return fd_call(c, s, r, RC_LOCK);
}

static int f_dup(struct st_ctx *c, const struct st_call *s, struct rp_rec *r)
{
    r->fd2 = s->ret >= 0 ? (int32_t)s->ret : -1;
    r->flags = s->nargs >= 3 && (st_num(s->arg[2]) & O_CLOEXEC) ? O_CLOEXEC : 0; /* dup3's */
    return fd_call(c, s, r, RC_DUP);
}

/* An in-kernel copy, as the read and the write it stands for (each kept when its descriptor is). */
static int copy_call(struct st_ctx *c, const struct st_call *s, struct rp_rec *r, int in, int in_off, int out)
{
    if (s->nargs <= in_off || s->nargs <= out || s->ret < 0)
        return -1; /* a failed copy (EXDEV, EBADF on an O_APPEND target) moved nothing: the program falls back to read and write */
    uint64_t n = s->ret > 0 ? (uint64_t)s->ret : 0;
    struct rp_rec rd = *r;
    rd.call = RC_READ;
    rd.len = n;
    rd.off = s->arg[in_off][0] == '[' ? st_offset(c, s->arg[in_off] + 1) : RP_NONE;
    if (st_fdarg(c, s->arg[in], &rd) == 0 && trace_put(c->t, &rd, c->path, c->err) != 0) {
        c->failed = true;
        return -1;
    }
    r->call = RC_WRITE;
    r->len = n;
    return st_fdarg(c, s->arg[out], r);
}

/* copy_file_range(in, off_in, out, off_out, len, flags), sendfile(out, in, offset, count) */
static int f_copy_file_range(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return copy_call(c, s, r, 0, 1, 2); }
static int f_sendfile(struct st_ctx *c, const struct st_call *s, struct rp_rec *r) { return copy_call(c, s, r, 1, 2, 0); }

static const struct st_row st_rows[] = {
    { "open", f_open0 }, { "openat", f_openat }, { "openat2", f_openat2 }, { "creat", f_creat }, { "close", f_close },
    { "read", f_read }, { "pread64", f_pread }, { "readv", f_readv }, { "write", f_write }, { "pwrite64", f_pwrite },
    { "writev", f_writev }, { "lseek", f_lseek }, { "fsync", f_fsync }, { "fdatasync", f_fdatasync },
    { "stat", f_stat }, { "lstat", f_stat }, { "newfstatat", f_fstatat }, { "fstatat64", f_fstatat },
    { "statx", f_statx }, { "fstat", f_fstat }, { "unlink", f_unlink }, { "unlinkat", f_unlinkat },
    { "mkdir", f_mkdir }, { "mkdirat", f_mkdirat }, { "rmdir", f_rmdir }, { "rename", f_rename },
    { "renameat", f_renameat }, { "renameat2", f_renameat }, { "truncate", f_truncate }, { "ftruncate", f_ftruncate },
    { "chmod", f_chmod }, { "fchmod", f_fchmod }, { "fchmodat", f_fchmodat }, { "utimensat", f_utimensat },
    { "access", f_access }, { "faccessat", f_faccessat }, { "faccessat2", f_faccessat }, { "statfs", f_statfs },
    { "getdents64", f_getdents }, { "getdents", f_getdents }, { "flock", f_flock }, { "fcntl", f_fcntl },
    { "dup", f_dup }, { "dup2", f_dup }, { "dup3", f_dup }, { "link", f_link }, { "linkat", f_linkat },
    { "symlink", f_symlink }, { "symlinkat", f_symlinkat }, { "readlink", f_readlink }, { "readlinkat", f_readlinkat },
    { "copy_file_range", f_copy_file_range }, { "sendfile", f_sendfile }, { "sendfile64", f_sendfile },
};

#define ST_NO_TIME "no time (seconds, 0 to 10^10) at the start of the line (record with strace -ttt)"
#define ST_BAD_PID "a bad pid (1 to 2^31 - 1) at the start of the line"

/* "[pid N] ", "N " or nothing, then "SECONDS.FRACTION ": false (and why) when not, or out of range. */
static bool st_prefix(const char **p, int32_t *tid, uint64_t *t_ns, const char **why)
{
    const char *s = *p;
    char *end;
    *why = ST_BAD_PID;
    if (strncmp(s, "[pid ", 5) == 0) {
        s += 5 + strspn(s + 5, " ");
        if (trace_id(s, &end, tid) != 0 || *tid == 0 || *end != ']')
            return false;
        s = end + 1 + strspn(end + 1, " ");
    }
    size_t digits = strspn(s, "0123456789");
    if (digits > 0 && s[digits] == ' ') { /* a bare pid (no fraction), then the time */
        if (trace_id(s, &end, tid) != 0 || *tid == 0)
            return false;
        s = end + strspn(end, " ");
    }
    *why = ST_NO_TIME;
    if (trace_secs(s, &end, t_ns) != 0 || *end != ' ')
        return false;
    *p = end + 1;
    return true;
}

static bool st_detect(const char *line)
{
    int32_t tid = 0;
    uint64_t t;
    const char *p = line, *why;
    return st_prefix(&p, &tid, &t, &why) && (isalpha((unsigned char)*p) || *p == '<' || *p == '-' || *p == '+');
}

/* Splits "a, b, {c, d}, "e,f")" at the top-level commas, up to the closing parenthesis. */
static const char *st_split(char *args, struct st_call *s)
{
    int depth = 0;
    bool quoted = false;
    char *start = args;
    s->nargs = 0;
    for (char *p = args; *p != '\0'; p++) {
        if (quoted) {
            if (*p == '\\' && p[1] != '\0')
                p++;
            else if (*p == '"')
                quoted = false;
            continue;
        }
        if (*p == '"')
            quoted = true;
        else if (*p == '{' || *p == '[' || *p == '(' || *p == '<')
            depth++;
        else if ((*p == '}' || *p == ']' || *p == '>' || *p == ')') && depth > 0)
            depth--;
        else if ((*p == ',' || *p == ')') && depth == 0) {
            char end = *p;
            *p = '\0';
            if (s->nargs < ST_MAXARGS && (end == ',' || *start != '\0'))
                s->arg[s->nargs++] = start + strspn(start, " ");
            start = p + 1;
            if (end == ')')
                return p + 1;
        }
    }
    return NULL;
}

/* A -T duration "<0.000012>" at lt: 0 (and 0 s when lt holds no number: a -yy path's "<"), -1 out of range. */
static int st_duration(const char *lt, uint64_t *ns)
{
    char *end;
    *ns = 0;
    if (lt == NULL || (!isdigit((unsigned char)lt[1]) && lt[1] != '-' && lt[1] != '.'))
        return 0;
    return trace_secs(lt + 1, &end, ns);
}

/* " = 3</path> <0.000012>" or " = -1 ENOENT (...) <0.0001>"; "= ?" has no result (-1), a bad duration -2. */
static int st_result(const char *p, struct st_call *s)
{
    p = strstr(p, "= ");
    if (p == NULL || p[2] == '?')
        return -1;
    char *end;
    s->ret = strtoll(p + 2, &end, 0);
    s->retpath[0] = '\0';
    if (*end == '<') {
        const char *close = strstr(end, "> ");
        if (close == NULL)
            close = strrchr(end, '>');
        if (close != NULL && (size_t)(close - end - 1) < sizeof s->retpath) {
            memcpy(s->retpath, end + 1, (size_t)(close - end - 1));
            s->retpath[close - end - 1] = '\0';
        }
    }
    if (s->ret == -1 && end[0] == ' ' && end[1] == 'E') {
        char name[32];
        size_t n = strcspn(end + 1, " ");
        snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), end + 1);
        int e = trace_errno_parse(name);
        s->ret = -(e > 0 ? e : EIO);
    }
    return st_duration(strrchr(p, '<'), &s->dur_ns) == 0 ? 0 : -2;
}

static int st_pending_slot(struct st_ctx *c, int32_t tid)
{
    int free_slot = -1;
    for (int i = 0; i < ST_PENDING; i++) {
        if (c->pending[i].tid == tid && c->pending[i].text != NULL)
            return i;
        if (free_slot < 0 && c->pending[i].text == NULL)
            free_slot = i;
    }
    return free_slot;
}

/* tid's bucket, or the empty one where it would go. */
static size_t st_thread_at(const struct st_ctx *c, int32_t tid)
{
    size_t i = (size_t)(((uint64_t)(uint32_t)tid * 0x9e3779b97f4a7c15ull) >> 32) & (ST_THREADS - 1);
    while (c->threads[i].tid != 0 && c->threads[i].tid != tid)
        i = (i + 1) & (ST_THREADS - 1);
    return i;
}

/* Threads of one process share descriptors: the thread group of each thread
 * (a thread never seen made by clone(CLONE_THREAD) leads its own). */
static int32_t st_group(struct st_ctx *c, int32_t tid)
{
    size_t i = st_thread_at(c, tid);
    return c->threads[i].tid == tid && tid != 0 ? c->threads[i].group : tid;
}

/* child is a thread of tid's process (past ST_THREADS / 2 of them, a process of its own). */
static void st_thread_add(struct st_ctx *c, int32_t child, int32_t tid)
{
    size_t i = st_thread_at(c, child);
    if (c->threads[i].tid == 0 && c->nthreads >= ST_THREADS / 2)
        return;
    c->nthreads += c->threads[i].tid == 0;
    c->threads[i].group = st_group(c, tid);
    c->threads[i].tid = child;
}

#define CLONE_FILES_BIT 0x400u /* <sched.h>'s CLONE_FILES */

/* A clone's flags= (raw "0x1200000|17", or names), 0 for fork and vfork. */
static uint64_t st_clone_flags(const char *args)
{
    const char *f = strstr(args, "flags=");
    if (f == NULL)
        return 0;
    f += 6;
    if (isdigit((unsigned char)*f))
        return strtoull(f, NULL, 0);
    char word[512];
    size_t n = strcspn(f, ",}");
    snprintf(word, sizeof word, "%.*s", (int)(n < 511 ? n : 511), f);
    return (strstr(word, "CLONE_THREAD") != NULL ? CLONE_THREAD_BIT : 0)
           | (strstr(word, "CLONE_FILES") != NULL ? CLONE_FILES_BIT : 0);
}

static int st_release(struct st_ctx *c, int32_t tid);

/* clone, clone3, fork, vfork: a child that shares the descriptor table (a
 * thread, CLONE_FILES) joins its maker's process; any other is a process of
 * its own with a copy of the table, which a fork call in its parent gives it. */
static int st_spawn(struct st_ctx *c, const char *text, int32_t tid, uint64_t t_ns, unsigned ln)
{
    const char *res = strstr(text, ") = ");
    int64_t child = res != NULL ? strtoll(res + 4, NULL, 10) : -1;
    if (child > INT32_MAX)
        return trace_fail(c->err, c->path, ln, "a child's pid past the largest (2^31 - 1)");
    if (child <= 0)
        return 0;
    uint64_t flags = st_clone_flags(text);
    if (flags & (CLONE_THREAD_BIT | CLONE_FILES_BIT)) {
        st_thread_add(c, (int32_t)child, tid);
        return st_release(c, (int32_t)child);
    }
    struct rp_rec r = { .t_ns = t_ns, .off = RP_NONE, .ret = child, .fd = -1, .fd2 = -1, .pid = st_group(c, tid),
                        .tid = tid, .line = ln, .call = RC_FORK };
    if (held_fork(&c->held, r.pid, (int32_t)child) != 0 || held_fork(&c->standin, r.pid, (int32_t)child) != 0)
        return trace_fail(c->err, c->path, ln, "out of memory");
    /* the child's lines held so far come after its fork, with the parent's descriptors its own */
    return trace_put(c->t, &r, c->path, c->err) != 0 ? -1 : st_release(c, (int32_t)child);
}

/* Where a line's result is: its last ") = " (the arguments may hold anything), or NULL. */
static const char *st_last_result(const char *text)
{
    const char *res = NULL;
    for (const char *p = strstr(text, ") = "); p != NULL; p = strstr(p + 1, ") = "))
        res = p;
    return res;
}

/* execve, execveat: a success closes the close-on-exec descriptors. */
static int st_exec(struct st_ctx *c, const char *text, int32_t tid, uint64_t t_ns, unsigned ln)
{
    const char *res = st_last_result(text);
    if (res == NULL || strtoll(res + 4, NULL, 10) != 0)
        return 0;
    struct rp_rec r = { .t_ns = t_ns, .off = RP_NONE, .fd = -1, .fd2 = -1, .pid = st_group(c, tid), .tid = tid,
                        .line = ln, .call = RC_EXEC };
    return trace_put(c->t, &r, c->path, c->err);
}

/* A wait that succeeded and saw child end: placed at its return (the child's
 * calls all came before it), not at its start. */
static int st_waited(struct st_ctx *c, const char *text, int64_t child, int32_t tid, uint64_t t_ns, unsigned ln)
{
    const char *res = st_last_result(text);
    if (child <= 0 || res == NULL || strtoll(res + 4, NULL, 10) < 0)
        return 0;
    uint64_t dur;
    if (st_duration(strrchr(res, '<'), &dur) != 0)
        return trace_fail(c->err, c->path, ln, "a bad duration (seconds, 0 to 10^10)");
    uint64_t end = t_ns + dur;
    struct rp_rec r = { .t_ns = end, .off = RP_NONE, .ret = child, .fd = -1, .fd2 = -1, .pid = st_group(c, tid),
                        .tid = tid, .line = ln, .call = RC_WAIT };
    return trace_put(c->t, &r, c->path, c->err);
}

/* wait4: its result is the child's pid. */
static int st_wait4(struct st_ctx *c, const char *text, int32_t tid, uint64_t t_ns, unsigned ln)
{
    const char *res = st_last_result(text);
    return st_waited(c, text, res != NULL ? strtoll(res + 4, NULL, 10) : -1, tid, t_ns, ln);
}

/* waitid: the child's pid is the si_pid= of the siginfo it filled. */
static int st_waitid(struct st_ctx *c, const char *text, int32_t tid, uint64_t t_ns, unsigned ln)
{
    const char *si = strstr(text, "si_pid=");
    return st_waited(c, text, si != NULL ? strtoll(si + 7, NULL, 0) : -1, tid, t_ns, ln);
}

/* Calls that change processes rather than files. */
static const struct {
    const char *name;
    int (*take)(struct st_ctx *c, const char *text, int32_t tid, uint64_t t_ns, unsigned ln);
} st_procs[] = {
    { "clone", st_spawn }, { "clone3", st_spawn }, { "fork", st_spawn }, { "vfork", st_spawn },
    { "execve", st_exec }, { "execveat", st_exec }, { "wait4", st_wait4 }, { "waitid", st_waitid },
};

/* A call that used a descriptor its process never got in the log, naming a file beneath the root (a shell's
 * "> out.log" around the traced command: its stdout): an inherit before it, the file opened anew at replay.
 * Its access is not in the log: read and write (the lay-down makes it a regular file). */
static int st_inherit(struct st_ctx *c, const struct rp_rec *r)
{
    if (!(rp_calls[r->call].target & RT_FD) || r->fd < 0 || r->ret < 0 || c->argpath == 0
        || held_has(&c->held, r->pid, r->fd))
        return 0;
    /* a nanosecond before its call, so that sorting by time keeps it first (strace's times are microseconds) */
    struct rp_rec in = { .t_ns = r->t_ns > 0 ? r->t_ns - 1 : 0, .off = RP_NONE, .ret = r->fd, .path = c->argpath, .fd = -1, .fd2 = r->fd,
                         .flags = O_RDWR, .pid = r->pid, .tid = r->tid, .line = r->line, .call = RC_INHERIT };
    return held_put(&c->held, r->pid, r->fd) != 0 ? trace_fail(c->err, c->path, r->line, "out of memory")
           : trace_put(c->t, &in, c->path, c->err);
}

/* What the call did to its process's descriptors (a call left out too: what a left-out open returned is held,
 * its calls left out with it). A new descriptor stands in where its source did (a dup), else not. */
static int st_held(struct st_ctx *c, const struct rp_rec *r)
{
    if (r->call == RC_CLOSE && r->fd >= 0) {
        held_drop(&c->held, r->pid, r->fd);
        held_drop(&c->standin, r->pid, r->fd);
    }
    if (!(rp_calls[r->call].target & RT_NEWFD) || r->fd2 < 0 || r->ret < 0)
        return 0;
    bool via = r->call == RC_DUP && r->fd >= 0 && held_has(&c->standin, r->pid, r->fd);
    held_drop(&c->standin, r->pid, r->fd2);
    if (held_put(&c->held, r->pid, r->fd2) != 0 || (via && held_put(&c->standin, r->pid, r->fd2) != 0))
        return trace_fail(c->err, c->path, r->line, "out of memory");
    return 0;
}

/* A call on a descriptor that -yy shows is a terminal or device, or a file outside the root, that its process
 * never got in the log (open before the trace began: a terminal's stdin and stdout, `> /tmp/x` around the
 * command): /dev/null stands in for it (an inherit with no name before its first use), and the call, and
 * those after it there, are kept, made on /dev/null at replay. True when the call is on a stand-in. Pipes and
 * sockets stay left out (counted by kind): no one replaying process has the other end. */
static bool st_standin(struct st_ctx *c, const struct rp_rec *r)
{
    if (!(rp_calls[r->call].target & RT_FD) || r->fd < 0 || c->argpath != 0)
        return false;
    if (held_has(&c->standin, r->pid, r->fd))
        return true;
    if ((c->why != TL_DEVICE && c->why != TL_OUTSIDE) || held_has(&c->held, r->pid, r->fd))
        return false;
    struct rp_rec in = { .t_ns = r->t_ns > 0 ? r->t_ns - 1 : 0, .off = RP_NONE, .ret = r->fd, .fd = -1, .fd2 = r->fd,
                         .flags = O_RDWR, .pid = r->pid, .tid = r->tid, .line = r->line, .call = RC_INHERIT };
    if (held_put(&c->held, r->pid, r->fd) != 0 || held_put(&c->standin, r->pid, r->fd) != 0
        || trace_put(c->t, &in, c->path, c->err) != 0) {
        c->failed = true;
        return false;
    }
    return true;
}

static int st_call_line(struct st_ctx *c, char *text, int32_t tid, uint64_t t_ns, unsigned ln, struct diag *err,
                        const char *path)
{
    struct st_call s = { .nargs = 0 };
    size_t n = strcspn(text, "(");
    if (text[n] != '(' || n >= sizeof s.name)
        return trace_fail(err, path, ln, "not a system call: '%.40s'", text);
    memcpy(s.name, text, n);
    s.name[n] = '\0';
    for (size_t k = 0; k < sizeof st_procs / sizeof st_procs[0]; k++)
        if (strcmp(st_procs[k].name, s.name) == 0)
            return st_procs[k].take(c, text, tid, t_ns, ln);
    size_t row = 0;
    while (row < sizeof st_rows / sizeof st_rows[0] && strcmp(st_rows[row].name, s.name) != 0)
        row++;
    if (row == sizeof st_rows / sizeof st_rows[0])
        return 0; /* a call that touches no file: left out */
    const char *rest = st_split(text + n + 1, &s);
    if (rest == NULL)
        return trace_fail(err, path, ln, "%s: the arguments are cut short (a truncated log?)", s.name);
    int res = st_result(rest, &s);
    if (res == -2)
        return trace_fail(err, path, ln, "%s: a bad duration (seconds, 0 to 10^10)", s.name);
    if (res != 0)
        return 0;
    struct rp_rec r = { .t_ns = t_ns, .dur_ns = s.dur_ns, .off = RP_NONE, .ret = s.ret, .fd = -1, .fd2 = -1,
                        .pid = st_group(c, tid), .tid = tid, .line = ln };
    c->ln = ln;
    c->argpath = 0;
    c->why = TL_OUTSIDE; /* a name outside the root, unless a descriptor says what it was */
    int filled = st_rows[row].fill(c, &s, &r);
    if (c->failed)
        return -1;
    if (handle_call(c, &r))
        return 0;
    if (filled != 0 && st_standin(c, &r))
        filled = 0;
    if (c->failed)
        return -1;
    if (filled != 0) {
        c->t->dropped++;
        c->t->left[c->why]++;
        return st_held(c, &r);
    }
    if (r.call == RC_OPEN && r.ret < 0)
        r.fd2 = -1;
    if (st_inherit(c, &r) != 0 || st_held(c, &r) != 0)
        return -1;
    return trace_put(c->t, &r, path, err);
}

/* A call's first part, kept until its "<... resumed>" line. */
static int st_unfinished(struct st_ctx *c, const char *p, const char *unf, int32_t tid, uint64_t t_ns, unsigned ln)
{
    int slot = st_pending_slot(c, tid);
    if (slot < 0)
        return trace_fail(c->err, c->path, ln, "too many calls unfinished at once");
    if ((size_t)(unf - p) > ST_PENDING_MAX)
        return trace_fail(c->err, c->path, ln, "an unfinished call longer than %u bytes", ST_PENDING_MAX);
    free(c->pending[slot].text);
    c->pending[slot].tid = tid;
    c->pending[slot].t_ns = t_ns; /* the call began here; it ends at its resumption */
    c->pending[slot].text = strndup(p, (size_t)(unf - p));
    return c->pending[slot].text != NULL ? 0 : diag_set(c->err, NULL, "out of memory");
}

/* Its resumption: the two parts joined, read as one call. */
static int st_resumed(struct st_ctx *c, const char *p, int32_t tid, unsigned ln)
{
    const char *resumed = strstr(p, " resumed>");
    int slot = st_pending_slot(c, tid);
    if (resumed == NULL || slot < 0 || c->pending[slot].text == NULL || c->pending[slot].tid != tid)
        return trace_fail(c->err, c->path, ln, "a resumed call that never started");
    size_t head = strlen(c->pending[slot].text), tail = strlen(resumed + 9);
    char *joined = malloc(head + tail + 1);
    if (joined == NULL)
        return diag_set(c->err, NULL, "out of memory");
    memcpy(joined, c->pending[slot].text, head);
    memcpy(joined + head, resumed + 9, tail + 1);
    free(c->pending[slot].text);
    c->pending[slot].text = NULL;
    int rc = st_call_line(c, joined, tid, c->pending[slot].t_ns, ln, c->err, c->path);
    free(joined);
    return rc;
}

/* A spawn (clone, fork...) begun and not yet returned: its child may be any thread not seen yet. */
static bool st_spawning(const struct st_ctx *c)
{
    for (int i = 0; i < ST_PENDING; i++) {
        const char *text = c->pending[i].text;
        if (text == NULL)
            continue;
        size_t n = strcspn(text, "(");
        for (size_t k = 0; k < sizeof st_procs / sizeof st_procs[0]; k++)
            if (st_procs[k].take == st_spawn && strlen(st_procs[k].name) == n && strncmp(st_procs[k].name, text, n) == 0)
                return true;
    }
    return false;
}

static int st_line(struct st_ctx *c, char *line, int32_t ftid, unsigned ln, const char *path, struct diag *err);

/* tid seen, and its held lines read now, in their order. Each is sought from the start again: reading one
 * may release another thread's lines (its spawn's return), which moves those after them. */
static int st_release(struct st_ctx *c, int32_t tid)
{
    if (held_put(&c->seen, tid, 0) != 0)
        return diag_set(c->err, NULL, "out of memory");
    for (;;) {
        size_t i = 0;
        while (i < c->nearly && c->early[i].tid != tid)
            i++;
        if (i == c->nearly)
            return 0;
        struct st_early e = c->early[i];
        memmove(&c->early[i], &c->early[i + 1], (c->nearly - i - 1) * sizeof *c->early);
        c->nearly--;
        int rc = st_line(c, e.line, e.ftid, e.ln, c->path, c->err);
        free(e.line);
        if (rc != 0)
            return rc;
    }
}

/* Every held line, each thread's in its order (the end of the log, or too many held). */
static int st_release_all(struct st_ctx *c)
{
    int rc = 0;
    while (rc == 0 && c->nearly > 0)
        rc = st_release(c, c->early[0].tid);
    return rc;
}

/* A line of tid, a thread not seen yet: held (1) while a spawn is unfinished, since tid may be its child,
 * whose descriptors are its parent's only once the spawn's return is read (strace -f prints a child that
 * ran first before its parent's clone returns); else tid is seen from here on (0), its held lines read first. */
static int st_hold(struct st_ctx *c, const char *line, int32_t ftid, unsigned ln, int32_t tid)
{
    if (!st_spawning(c))
        return st_release(c, tid);
    if (c->nearly == ST_EARLY_MAX)
        return st_release_all(c) != 0 ? -1 : st_release(c, tid);
    if (c->nearly == c->capearly) {
        size_t cap = c->capearly ? 2 * c->capearly : 16;
        struct st_early *e = realloc(c->early, cap * sizeof *e);
        if (e == NULL)
            return diag_set(c->err, NULL, "out of memory");
        c->early = e;
        c->capearly = cap;
    }
    char *copy = strdup(line);
    if (copy == NULL)
        return diag_set(c->err, NULL, "out of memory");
    c->early[c->nearly++] = (struct st_early){ .line = copy, .ftid = ftid, .ln = ln, .tid = tid };
    return 1;
}

/* One line, whole: its prefix, then a call, its first part or its resumption; signals and exits skipped. */
static int st_line(struct st_ctx *c, char *line, int32_t ftid, unsigned ln, const char *path, struct diag *err)
{
    const char *p = line, *why;
    int32_t tid = ftid;
    uint64_t t_ns = 0;
    if (!st_prefix(&p, &tid, &t_ns, &why))
        return trace_fail(err, path, ln, "%s", why);
    if (!held_has(&c->seen, tid, 0)) {
        int held = st_hold(c, line, ftid, ln, tid);
        if (held != 0)
            return held < 0 ? -1 : 0;
    }
    if (*p == '-' || *p == '+')
        return 0;
    const char *unf = strstr(p, " <unfinished ...>");
    if (unf != NULL)
        return st_unfinished(c, p, unf, tid, t_ns, ln);
    if (strncmp(p, "<... ", 5) == 0)
        return st_resumed(c, p, tid, ln);
    return st_call_line(c, line + (p - line), tid, t_ns, ln, err, path);
}

static int st_parse(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                    struct diag *err)
{
    struct st_ctx *c = calloc(1, sizeof *c);
    if (c == NULL)
        return diag_set(err, NULL, "out of memory");
    c->t = t;
    c->o = o;
    c->path = path;
    c->err = err;
    if (o->root != NULL) {
        snprintf(c->root, sizeof c->root, "%s", o->root);
        c->rootlen = strlen(c->root);
        while (c->rootlen > 1 && c->root[c->rootlen - 1] == '/')
            c->root[--c->rootlen] = '\0';
    }
    struct trace_lines l = { .f = f, .path = path };
    int got = 0, rc = 0;
    while (rc == 0 && (got = trace_next_line(&l, err)) == 1)
        rc = l.line[0] != '\0' ? st_line(c, l.line, tid, l.ln, path, err) : 0;
    if (rc == 0 && got == 0)
        rc = st_release_all(c); /* threads no spawn named: read as they came */
    trace_lines_free(&l);
    for (size_t i = 0; i < c->nearly; i++)
        free(c->early[i].line);
    free(c->early);
    free(c->held.v);
    free(c->standin.v);
    free(c->seen.v);
    for (int i = 0; i < ST_PENDING; i++)
        free(c->pending[i].text);
    free(c);
    return rc != 0 || got < 0 ? -1 : 0;
}

const struct trace_format trace_format_strace = { "strace", st_detect, st_parse };
