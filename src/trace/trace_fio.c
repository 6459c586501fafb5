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

static int fio_parse(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                     struct diag *err)
{
    char line[8192];
    unsigned ln = 0;
    int version = 2;
    struct fio_files files = { .n = 0 };
    while (fgets(line, sizeof line, f) != NULL) {
        ln++;
        if (ln == 1) {
            version = line[12] - '0';
            continue;
        }
        char *tok[6];
        int n = 0;
        for (char *s = strtok(line, " \t\r\n"); s != NULL && n < 6; s = strtok(NULL, " \t\r\n"))
            tok[n++] = s;
        if (n == 0)
            continue;
        struct rp_rec r = { .line = ln, .fd = -1, .fd2 = -1, .off = RP_NONE, .pid = 1, .tid = 1 };
        int at = 0;
        if (version == 3) {
            r.t_ns = strtoull(tok[0], NULL, 10) * 1000000u;
            at = 1;
        }
        if (n < at + 2)
            return trace_fail(err, path, ln, "a file and an action are wanted");
        size_t a = 0;
        while (a < sizeof fio_actions / sizeof fio_actions[0] && strcmp(fio_actions[a].action, tok[at + 1]) != 0)
            a++;
        if (a == sizeof fio_actions / sizeof fio_actions[0])
            return trace_fail(err, path, ln, "unknown call '%s'", tok[at + 1]);
        if (fio_actions[a].io && n != at + 4)
            return trace_fail(err, path, ln, "%s wants an offset and a length", tok[at + 1]);
        if (fio_actions[a].call < 0)
            continue;
        uint32_t name;
        int32_t fd = fio_fd(t, &files, tok[at], &name);
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
        if (fio_actions[a].io) {
            r.off = strtoull(tok[at + 2], NULL, 10);
            r.len = strtoull(tok[at + 3], NULL, 10);
            r.ret = (int64_t)r.len;
        }
        if (trace_add(t, &r) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    t->strict = true;
    return 0;
}

const struct trace_format trace_format_fio = { "fio", fio_detect, fio_parse };
