/* trace_fio.c: fio iologs, version 2 ("FILE ACTION [OFFSET LENGTH]") and 3
 * (the same after a time in milliseconds). A file's name is kept beneath the
 * root by its last component; each file is one descriptor. */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace_format.h"

static bool fio_detect(const char *line)
{
    return strncmp(line, "fio version 2 iolog", 19) == 0 || strncmp(line, "fio version 3 iolog", 19) == 0;
}

/* The actions and the calls they become. */
static const struct { const char *action; int call; bool io; } fio_actions[] = {
    { "open", RC_OPEN, false }, { "close", RC_CLOSE, false }, { "read", RC_READ, true }, { "write", RC_WRITE, true },
    { "sync", RC_FSYNC, false }, { "datasync", RC_FDATASYNC, false }, { "add", -1, false }, { "wait", -1, false },
    { "trim", -1, true },
};

/* Files by name: the descriptor of each is 3 + its index. */
struct fio_files {
    uint32_t names[1024];
    size_t n;
};

static int32_t fio_fd(struct trace *t, struct fio_files *fs, const char *name, uint32_t *path)
{
    const char *base = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    for (size_t i = 0; i < fs->n; i++)
        if (strcmp(trace_name(t, fs->names[i]), base) == 0) {
            *path = fs->names[i];
            return (int32_t)(3 + i);
        }
    if (fs->n == sizeof fs->names / sizeof fs->names[0] || *base == '\0' || strcmp(base, "..") == 0)
        return -1;
    fs->names[fs->n] = trace_str(t, base, strlen(base));
    *path = fs->names[fs->n];
    return (int32_t)(3 + fs->n++);
}

/* v3's time: whole milliseconds, up to 10^10 seconds. */
static int fio_time(const char *s, uint64_t *ns)
{
    char *end;
    uint64_t ms;
    if (trace_size(s, &end, &ms) != 0 || *end != '\0' || ms > 10000000000000ull)
        return -1;
    *ns = ms * 1000000u;
    return 0;
}

static int fio_number(const char *s, uint64_t *v)
{
    char *end;
    return trace_size(s, &end, v) == 0 && *end == '\0' ? 0 : -1;
}

/* One call line (the version line read); 0 also for an action that is no call. */
static int fio_line(struct trace *t, struct fio_files *files, int version, char *line, const char *path, unsigned ln,
                    struct diag *err)
{
    char *tok[6];
    int n = 0;
    for (char *s = strtok(line, " \t\r"); s != NULL && n < 6; s = strtok(NULL, " \t\r"))
        tok[n++] = s;
    if (n == 0)
        return 0;
    struct rp_rec r = { .line = ln, .fd = -1, .fd2 = -1, .off = RP_NONE, .pid = 1, .tid = 1 };
    int at = version == 3;
    if (at && fio_time(tok[0], &r.t_ns) != 0)
        return trace_fail(err, path, ln, "bad time '%s' (whole milliseconds, 0 to 10^13)", tok[0]);
    if (n < at + 2)
        return trace_fail(err, path, ln, "a file and an action are wanted");
    size_t a = 0;
    while (a < sizeof fio_actions / sizeof fio_actions[0] && strcmp(fio_actions[a].action, tok[at + 1]) != 0)
        a++;
    if (a == sizeof fio_actions / sizeof fio_actions[0])
        return trace_fail(err, path, ln, "unknown call '%s'", tok[at + 1]);
    if (fio_actions[a].io && n != at + 4)
        return trace_fail(err, path, ln, "%s wants an offset and a length", tok[at + 1]);
    if (fio_actions[a].io && (fio_number(tok[at + 2], &r.off) != 0 || fio_number(tok[at + 3], &r.len) != 0))
        return trace_fail(err, path, ln, "bad offset '%s' or length '%s' (0 to 2^63 - 1)", tok[at + 2], tok[at + 3]);
    if (fio_actions[a].call < 0)
        return 0;
    uint32_t name;
    int32_t fd = fio_fd(t, files, tok[at], &name);
    if (fd < 0)
        return trace_fail(err, path, ln, "bad file name '%s'", tok[at]);
    r.call = (uint16_t)fio_actions[a].call;
    if (r.call == RC_OPEN) {
        r.path = name;
        r.flags = O_RDWR;
        r.fd2 = fd;
        r.ret = fd;
    } else {
        r.fd = fd;
    }
    if (fio_actions[a].io)
        r.ret = (int64_t)r.len;
    return trace_put(t, &r, path, err);
}

static int fio_parse(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                     struct diag *err)
{
    struct trace_lines l = { .f = f, .path = path };
    int version = 0, got = 0, rc = 0; /* the first line that is not blank says it (detected: "fio version N iolog") */
    struct fio_files files = { .n = 0 };
    while (rc == 0 && (got = trace_next_line(&l, err)) == 1) {
        if (version == 0 && l.line[strspn(l.line, " \t\r")] != '\0')
            version = l.line[12] - '0';
        else if (version != 0)
            rc = fio_line(t, &files, version, l.line, path, l.ln, err);
    }
    trace_lines_free(&l);
    if (rc != 0 || got < 0)
        return -1;
    t->strict = true;
    return 0;
}

const struct trace_format trace_format_fio = { "fio", fio_detect, fio_parse };
