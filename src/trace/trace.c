/* trace.c: the in-memory trace every format is read into: its calls, its
 * names, and the format table that picks a reader by the file's content. */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/grow.h"
#include "trace/trace.h"
#include "trace/trace_format.h"

uint32_t trace_str(struct trace *t, const char *s, size_t n)
{
    if (t->slen + n + 1 > t->scap) {
        size_t cap = (t->scap ? t->scap * 2 : 4096) + n + 1;
        char *p = realloc(t->strings, cap);
        if (p == NULL)
            return 0;
        t->strings = p;
        t->scap = cap;
    }
    if (t->slen == 0)
        t->strings[t->slen++] = '\0';
    uint32_t at = (uint32_t)t->slen;
    memcpy(t->strings + at, s, n);
    t->strings[at + n] = '\0';
    t->slen += n + 1;
    return at;
}

int trace_add(struct trace *t, const struct rp_rec *r)
{
    struct rp_rec *p = grow_room(t->recs, &t->cap, t->n, sizeof *p, 1024);
    if (p == NULL)
        return -1;
    t->recs = p;
    t->recs[t->n++] = *r;
    return 0;
}

/* What is wrong with a call's numbers, or NULL: each within what its system call takes (an off_t, a pid_t, a
 * descriptor, a mode), whatever format it came from. lseek and lock offsets may be negative (relative). */
static const char *rec_bad(const struct rp_rec *r)
{
    bool relative = r->call == RC_LSEEK || r->call == RC_LOCK;
    unsigned target = rp_calls[r->call].target;
    if (r->pid < 0 || r->tid < 0)
        return "a pid or tid below 0";
    /* before the slots' check: a result past 2^31 - 1 is in fd2 as a negative number */
    if ((target & RT_NEWFD) && r->ret > INT32_MAX)
        return "a descriptor returned past the largest (2^31 - 1)";
    if (r->fd < -1 || r->fd2 < -1)
        return "a descriptor below 0";
    if (!relative && r->off != RP_NONE && r->off > INT64_MAX)
        return "an offset past the largest a file has (2^63 - 1)";
    if (!relative && r->len > INT64_MAX)
        return "a length or size past the largest a file has (2^63 - 1)";
    if (!relative && r->off != RP_NONE && r->off + r->len > INT64_MAX)
        return "an offset and length ending past the largest a file has (2^63 - 1)";
    if (r->mode > 0177777)
        return "a mode past 0177777 (a type and permission bits)";
    if (r->ret < -4095)
        return "a result below -4095 (a result is a count, or -errno)";
    if ((r->call == RC_FORK || r->call == RC_WAIT) && (r->ret > INT32_MAX || r->ret < -4095))
        return "a child's pid past the largest (2^31 - 1)";
    if (r->t_ns > 10000000000000000000ull || r->dur_ns > 10000000000000000000ull)
        return "a time or duration past 10^10 seconds";
    return NULL;
}

int trace_put(struct trace *t, const struct rp_rec *r, const char *file, struct diag *err)
{
    const char *bad = rec_bad(r);
    if (bad != NULL)
        return trace_fail(err, file, r->line, "%s: %s", rp_calls[r->call].name, bad);
    return trace_add(t, r) == 0 ? 0 : diag_set(err, NULL, "out of memory");
}

void trace_free(struct trace *t)
{
    free(t->recs);
    free(t->strings);
    free(t->links);
    *t = (struct trace){ 0 };
}

int trace_fail(struct diag *err, const char *file, unsigned line, const char *fmt, ...)
{
    char msg[900];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return diag_set(err, NULL, "%s:%u: %s", file, line, msg);
}

/* Folds "." and ".." in place; a ".." above the start, or a leading "/", escapes. */
int trace_path_fold(char *rel)
{
    if (rel[0] == '/')
        return -1;
    char *out = rel;
    for (char *p = rel; *p != '\0';) {
        size_t n = strcspn(p, "/");
        if (n == 0 || (n == 1 && p[0] == '.')) {
            p += n + (p[n] == '/');
            continue;
        }
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            if (out == rel)
                return -1;
            out--;
            while (out > rel && out[-1] != '/')
                out--;
            p += n + (p[n] == '/');
            continue;
        }
        memmove(out, p, n);
        out += n;
        p += n;
        if (*p == '/')
            *out++ = *p++;
    }
    if (out > rel && out[-1] == '/')
        out--;
    *out = '\0';
    if (rel[0] == '\0')
        strcpy(rel, ".");
    return 0;
}

/* Stable by time: calls of one thread keep their order. */
static int by_time(const void *a, const void *b)
{
    const struct rp_rec *x = a, *y = b;
    if (x->t_ns != y->t_ns)
        return x->t_ns < y->t_ns ? -1 : 1;
    return x->line < y->line ? -1 : x->line > y->line;
}

/* Times from the first call on. */
static void rebase(struct trace *t)
{
    if (t->n == 0)
        return;
    uint64_t t0 = UINT64_MAX;
    for (size_t i = 0; i < t->n; i++)
        t0 = t->recs[i].t_ns < t0 ? t->recs[i].t_ns : t0;
    for (size_t i = 0; i < t->n; i++)
        t->recs[i].t_ns -= t0;
    for (size_t i = 0; i < t->n; i++)
        t->recs[i].line = t->recs[i].line ? t->recs[i].line : (uint32_t)i;
    qsort(t->recs, t->n, sizeof *t->recs, by_time);
}

static const struct trace_format *detect(const char *path, FILE *f, struct diag *err)
{
    struct trace_lines l = { .f = f, .path = path };
    const struct trace_format *fmt = NULL;
    int got;
    while ((got = trace_next_line(&l, err)) == 1 && l.line[strspn(l.line, " \t\r")] == '\0')
        continue;
    for (size_t i = 0; got == 1 && fmt == NULL && i < trace_nformats; i++)
        if (trace_formats[i]->detect(l.line))
            fmt = trace_formats[i];
    if (got == 1 && fmt == NULL)
        trace_fail(err, path, l.ln, "not a trace flowbench reads (its own format, strace, a dbench loadfile, a fio iolog)");
    if (got == 0)
        trace_fail(err, path, 1, "the trace is empty");
    trace_lines_free(&l);
    return fmt;
}

/* A trace to read: a regular file, opened without waiting (a FIFO or a device at its name is refused,
 * never read: a FIFO with no writer would block the command for good). NULL with err. */
static FILE *open_trace(const char *path, struct diag *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) != 0) {
        diag_set(err, NULL, "%s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(sb.st_mode)) {
        diag_set(err, NULL, "%s: not a regular file (a trace is read from a file, never a FIFO or a device)", path);
        close(fd);
        return NULL;
    }
    FILE *f = fcntl(fd, F_SETFL, 0) == 0 ? fdopen(fd, "r") : NULL;
    if (f == NULL) {
        diag_set(err, NULL, "%s: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

static int load_one(struct trace *t, const char *path, int32_t tid, const struct trace_opts *o, struct diag *err)
{
    FILE *f = open_trace(path, err);
    if (f == NULL)
        return -1;
    const struct trace_format *fmt = detect(path, f, err);
    int rc = -1;
    if (fmt != NULL && fseek(f, 0, SEEK_SET) == 0) {
        t->format = fmt->name;
        rc = fmt->parse(t, f, path, tid, o, err);
    }
    fclose(f);
    return rc;
}

/* strace -ff: PREFIX.PID, one file per thread, the thread in its name. */
static int load_ff(struct trace *t, const char *path, const struct trace_opts *o, struct diag *err)
{
    char pat[4200];
    snprintf(pat, sizeof pat, "%s.[0-9]*", path);
    glob_t g;
    if (glob(pat, 0, NULL, &g) != 0)
        return diag_set(err, NULL, "%s: %s", path, strerror(ENOENT));
    int rc = 0;
    for (size_t i = 0; i < g.gl_pathc && rc == 0; i++) {
        const char *dot = strrchr(g.gl_pathv[i], '.');
        rc = load_one(t, g.gl_pathv[i], (int32_t)strtol(dot + 1, NULL, 10), o, err);
    }
    globfree(&g);
    return rc;
}

int trace_load(struct trace *t, const char *path, const struct trace_opts *o, struct diag *err)
{
    *t = (struct trace){ 0 };
    if (trace_str(t, "", 0) == 0 && t->strings == NULL)
        return diag_set(err, NULL, "out of memory");
    t->source = path;
    struct stat sb;
    int rc = stat(path, &sb) == 0 ? load_one(t, path, 0, o, err) : load_ff(t, path, o, err);
    if (rc == 0)
        rebase(t);
    return rc;
}
