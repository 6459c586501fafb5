/* trace_dbench.c: dbench loadfiles (client.txt): SMB-style calls on paths
 * with backslashes and file numbers, an expected NT_STATUS each, an optional
 * leading timestamp. One call a line, so a replay counts what dbench does. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace_format.h"

/* NT status words and the errno a POSIX call meets instead. */
static const struct { const char *status; int err; } statuses[] = {
    { "NT_STATUS_OK", 0 }, { "NT_STATUS_OBJECT_NAME_NOT_FOUND", ENOENT }, { "NT_STATUS_NO_SUCH_FILE", ENOENT },
    { "NT_STATUS_OBJECT_PATH_NOT_FOUND", ENOENT }, { "NT_STATUS_OBJECT_NAME_COLLISION", EEXIST },
    { "NT_STATUS_NOT_A_DIRECTORY", ENOTDIR }, { "NT_STATUS_FILE_IS_A_DIRECTORY", EISDIR },
    { "NT_STATUS_ACCESS_DENIED", EACCES }, { "NT_STATUS_DIRECTORY_NOT_EMPTY", ENOTEMPTY },
    { "NT_STATUS_END_OF_FILE", 0 }, { "NT_STATUS_NO_MORE_FILES", 0 }, { "NT_STATUS_LOCK_NOT_GRANTED", EAGAIN },
    { "NT_STATUS_RANGE_NOT_LOCKED", 0 }, { "NT_STATUS_INVALID_HANDLE", EBADF },
};

struct db_line {
    char *tok[12];
    int n;
    int err;                 /* the expected status as an errno (0 success) */
};

struct db_op {
    const char *name;
    int nargs;               /* tokens between the op and the status */
    unsigned nums;           /* bit i: token i is a number (an offset, a length, a size, an option) */
    int (*fill)(struct trace *t, const struct db_line *l, struct rp_rec *r);
};

static uint32_t db_path(struct trace *t, const char *quoted)
{
    char buf[4096];
    size_t n = strlen(quoted);
    if (n < 2 || quoted[0] != '"' || quoted[n - 1] != '"' || n - 2 >= sizeof buf)
        return 0;
    size_t o = 0;
    for (size_t i = 1; i + 1 < n; i++)
        buf[o++] = quoted[i] == '\\' ? '/' : quoted[i];
    buf[o] = '\0';
    char *p = buf + strspn(buf, "/");
    if (trace_path_fold(p) != 0)
        return 0;
    return trace_str(t, p, strlen(p));
}

static int32_t db_fnum(const char *s)
{
    char *end;
    long v = strtol(s, &end, 0);
    return *end != '\0' || v < 0 || v > INT32_MAX ? -1 : (int32_t)v;
}

static uint64_t db_num(const char *s)
{
    return strtoull(s, NULL, 0);
}

/* create_options bit 0: a directory; the disposition says whether it is created. */
static int db_create(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    static const int disposition[] = { O_CREAT | O_TRUNC, 0, O_CREAT | O_EXCL, O_CREAT, O_TRUNC, O_CREAT | O_TRUNC };
    uint64_t opts = db_num(l->tok[1]), disp = db_num(l->tok[2]);
    r->call = RC_OPEN;
    r->path = db_path(t, l->tok[0]);
    r->flags = (uint32_t)(disp < 6 ? disposition[disp] : 0);
    r->flags |= (opts & 1) ? O_DIRECTORY | O_RDONLY : O_RDWR;
    r->mode = 0644;
    r->fd2 = l->err == 0 ? db_fnum(l->tok[3]) : -1;
    r->ret = l->err == 0 ? r->fd2 : -l->err;
    return r->path == 0 || (l->err == 0 && r->fd2 < 0) ? -1 : 0;
}

static int db_handle(struct trace *t, const struct db_line *l, struct rp_rec *r, enum rp_call c)
{
    r->call = (uint16_t)c;
    r->fd = db_fnum(l->tok[0]);
    return r->fd < 0 ? -1 : 0;
}

static int db_close(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_handle(t, l, r, RC_CLOSE); }
static int db_flush(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_handle(t, l, r, RC_FSYNC); }
static int db_qfile(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_handle(t, l, r, RC_FSTAT); }

static int db_io(struct trace *t, const struct db_line *l, struct rp_rec *r, enum rp_call c)
{
    r->off = db_num(l->tok[1]);
    r->len = db_num(l->tok[2]);
    if (l->err == 0)
        r->ret = (int64_t)db_num(l->tok[3]);
    return db_handle(t, l, r, c);
}

static int db_read(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_io(t, l, r, RC_READ); }
static int db_write(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_io(t, l, r, RC_WRITE); }

/* The loadfile does not carry the attributes set: replayed as a look at the file. */
static int db_setinfo(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    return db_handle(t, l, r, RC_FSTAT);
}

static int db_lock(struct trace *t, const struct db_line *l, struct rp_rec *r, int type)
{
    r->off = db_num(l->tok[1]);
    r->len = db_num(l->tok[2]);
    r->flags = (uint32_t)type;
    return db_handle(t, l, r, RC_LOCK);
}

static int db_lockx(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_lock(t, l, r, F_WRLCK); }
static int db_unlockx(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_lock(t, l, r, F_UNLCK); }

static int db_named(struct trace *t, const struct db_line *l, struct rp_rec *r, enum rp_call c)
{
    r->call = (uint16_t)c;
    r->path = db_path(t, l->tok[0]);
    r->mode = 0755;
    return r->path == 0 ? -1 : 0;
}

static int db_qpath(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_named(t, l, r, RC_STAT); }
static int db_unlink(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_named(t, l, r, RC_UNLINK); }
static int db_mkdir(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_named(t, l, r, RC_MKDIR); }
static int db_rmdir(struct trace *t, const struct db_line *l, struct rp_rec *r) { return db_named(t, l, r, RC_RMDIR); }

/* Deltree removes a whole tree: flags 1 asks the replay to remove what is beneath too. */
static int db_deltree(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    r->flags = 1;
    return db_named(t, l, r, RC_RMDIR);
}

static int db_rename(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    r->path2 = db_path(t, l->tok[1]);
    return r->path2 == 0 ? -1 : db_named(t, l, r, RC_RENAME);
}

/* A listing of the pattern's directory: found or not, the directory is read. */
static int db_find(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    int rc = db_named(t, l, r, RC_GETDENTS);
    char *name = t->strings + r->path;
    char *slash = strrchr(name, '/');
    if (slash != NULL)
        *slash = '\0';
    else
        strcpy(name, ".");
    r->len = 32768;
    r->ret = l->err == ENOENT ? 0 : r->ret;
    return rc;
}

static int db_fsinfo(struct trace *t, const struct db_line *l, struct rp_rec *r)
{
    r->call = RC_STATFS;
    r->path = trace_str(t, ".", 1);
    return 0;
}

static const struct db_op db_ops[] = {
    { "NTCreateX", 4, 06, db_create }, { "Close", 1, 0, db_close }, { "ReadX", 4, 016, db_read },
    { "WriteX", 4, 016, db_write }, { "Flush", 1, 0, db_flush }, { "QUERY_PATH_INFORMATION", 2, 0, db_qpath },
    { "QUERY_FILE_INFORMATION", 2, 0, db_qfile }, { "QUERY_FS_INFORMATION", 1, 0, db_fsinfo },
    { "SET_FILE_INFORMATION", 2, 0, db_setinfo }, { "FIND_FIRST", 4, 0, db_find }, { "Rename", 2, 0, db_rename },
    { "Unlink", 2, 0, db_unlink }, { "Mkdir", 1, 0, db_mkdir }, { "Rmdir", 1, 0, db_rmdir },
    { "Deltree", 1, 0, db_deltree }, { "LockX", 3, 06, db_lockx }, { "UnlockX", 3, 06, db_unlockx },
};

static const struct db_op *db_find_op(const char *name)
{
    for (size_t i = 0; i < sizeof db_ops / sizeof db_ops[0]; i++)
        if (strcmp(db_ops[i].name, name) == 0)
            return &db_ops[i];
    return NULL;
}

static bool is_time(const char *s)
{
    char *end;
    strtod(s, &end);
    return end != s && (*end == ' ' || *end == '\t');
}

static bool db_detect(const char *line)
{
    const char *p = line + strspn(line, " \t");
    if (is_time(p))
        p += strcspn(p, " \t"), p += strspn(p, " \t");
    char word[64];
    size_t n = strcspn(p, " \t\r\n");
    if (n == 0 || n >= sizeof word)
        return false;
    memcpy(word, p, n);
    word[n] = '\0';
    return db_find_op(word) != NULL;
}

/* The row's numbers each within an off_t. */
static bool db_numbers_ok(const struct db_op *d, const struct db_line *l)
{
    for (int i = 0; i < d->nargs; i++) {
        char *end;
        uint64_t v;
        if (((d->nums >> i) & 1) && (trace_size(l->tok[i], &end, &v) != 0 || *end != '\0'))
            return false;
    }
    return true;
}

static int db_status(const char *s)
{
    for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
        if (strcmp(statuses[i].status, s) == 0)
            return statuses[i].err;
    return strncmp(s, "NT_STATUS_", 10) == 0 ? EIO : -1;
}

/* One line: a call (after an optional time), or a comment. */
static int db_line(struct trace *t, char *line, const char *path, unsigned ln, struct diag *err)
{
    char *p = line + strspn(line, " \t");
    if (*p == '#' || *p == '\0' || *p == '\r')
        return 0;
    struct rp_rec r = { .line = ln, .fd = -1, .fd2 = -1, .off = RP_NONE, .pid = 1, .tid = 1 };
    if (is_time(p) && (trace_secs(p, &p, &r.t_ns) != 0 || (*p != ' ' && *p != '\t')))
        return trace_fail(err, path, ln, "bad time (seconds, 0 to 10^10)");
    p += strspn(p, " \t");
    struct db_line l = { .n = 0 };
    char *op = strtok(p, " \t\r");
    for (char *tok = strtok(NULL, " \t\r"); tok != NULL && l.n < 12; tok = strtok(NULL, " \t\r"))
        l.tok[l.n++] = tok;
    const struct db_op *d = op != NULL ? db_find_op(op) : NULL;
    if (d == NULL)
        return trace_fail(err, path, ln, "unknown call '%s'", op != NULL ? op : "");
    if (l.n != d->nargs + 1)
        return trace_fail(err, path, ln, "%s takes %d fields and a status, not %d", op, d->nargs, l.n);
    l.err = db_status(l.tok[d->nargs]);
    if (l.err < 0)
        return trace_fail(err, path, ln, "'%s' is not an NT status", l.tok[d->nargs]);
    r.ret = -l.err;
    if (!db_numbers_ok(d, &l))
        return trace_fail(err, path, ln, "%s: a bad number (offsets and sizes 0 to 2^63 - 1)", op);
    if (d->fill(t, &l, &r) != 0)
        return trace_fail(err, path, ln, "%s: a bad handle or a path escaping the root", op);
    return trace_put(t, &r, path, err);
}

static int db_parse(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                    struct diag *err)
{
    struct trace_lines l = { .f = f, .path = path };
    int got = 0, rc = 0;
    while (rc == 0 && (got = trace_next_line(&l, err)) == 1)
        rc = db_line(t, l.line, path, l.ln, err);
    trace_lines_free(&l);
    if (rc != 0 || got < 0)
        return -1;
    t->strict = true;
    return 0;
}

const struct trace_format trace_format_dbench = { "dbench", db_detect, db_parse };
