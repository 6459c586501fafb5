/* trace_formats.c: the formats a trace is read from, a row each (tried in
 * order on the first line), and what they share: lines read whole, numbers
 * checked for range, the flag and errno words. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "trace/trace_format.h"

extern const struct trace_format trace_format_own;
extern const struct trace_format trace_format_fio;
extern const struct trace_format trace_format_strace;
extern const struct trace_format trace_format_dbench;

const struct trace_format *const trace_formats[] = {
    &trace_format_own, &trace_format_fio, &trace_format_strace, &trace_format_dbench,
};
const size_t trace_nformats = sizeof trace_formats / sizeof trace_formats[0];

int trace_next_line(struct trace_lines *l, struct diag *err)
{
    l->len = 0;
    l->newline = false;
    bool nul = false;
    int ch;
    while ((ch = getc_unlocked(l->f)) != EOF && ch != '\n') {
        nul |= ch == '\0';
        if (l->len == TRACE_LINE_MAX)
            return trace_fail(err, l->path, l->ln + 1, "the line is longer than %u bytes", TRACE_LINE_MAX);
        if (l->len + 1 >= l->cap) {
            size_t cap = l->cap ? 2 * l->cap : 4096;
            char *p = realloc(l->line, cap);
            if (p == NULL)
                return diag_set(err, NULL, "out of memory");
            l->line = p;
            l->cap = cap;
        }
        l->line[l->len++] = (char)ch;
    }
    if (ferror(l->f))
        return diag_set(err, NULL, "%s: %s", l->path, strerror(errno));
    if (ch == EOF && l->len == 0)
        return 0;
    l->ln++;
    l->newline = ch == '\n';
    if (nul)
        return trace_fail(err, l->path, l->ln, "a NUL byte in the line (not a text trace)");
    if (l->line == NULL && (l->line = malloc(l->cap = 64)) == NULL)
        return diag_set(err, NULL, "out of memory");
    l->line[l->len] = '\0';
    return 1;
}

void trace_lines_free(struct trace_lines *l)
{
    free(l->line);
    l->line = NULL;
    l->cap = l->len = 0;
}

int trace_secs(const char *s, char **end, uint64_t *ns)
{
    if (!isdigit((unsigned char)*s) && *s != '.')
        return -1; /* no sign, no "inf", no "nan" */
    double d = strtod(s, end);
    if (*end == s || !isfinite(d) || d < 0 || d > 1e10)
        return -1;
    *ns = (uint64_t)(d * 1e9 + 0.5);
    return 0;
}

int trace_id(const char *s, char **end, int32_t *v)
{
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    long long n = strtoll(s, end, 10);
    if (errno != 0 || n > INT32_MAX)
        return -1;
    *v = (int32_t)n;
    return 0;
}

int trace_size(const char *s, char **end, uint64_t *v)
{
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    unsigned long long n = strtoull(s, end, 0);
    if (errno != 0 || n > INT64_MAX)
        return -1;
    *v = n;
    return 0;
}

/* Words for flag bits and small constants, as strace prints them. */
static const struct { const char *name; uint32_t value; } flag_words[] = {
    { "O_RDONLY", O_RDONLY }, { "O_WRONLY", O_WRONLY }, { "O_RDWR", O_RDWR }, { "O_CREAT", O_CREAT },
    { "O_EXCL", O_EXCL }, { "O_TRUNC", O_TRUNC }, { "O_APPEND", O_APPEND }, { "O_NONBLOCK", O_NONBLOCK },
    { "O_DSYNC", O_DSYNC }, { "O_SYNC", O_SYNC }, { "O_DIRECT", O_DIRECT }, { "O_DIRECTORY", O_DIRECTORY },
    { "O_NOFOLLOW", O_NOFOLLOW }, { "O_NOATIME", O_NOATIME }, { "O_CLOEXEC", O_CLOEXEC },
    { "O_LARGEFILE", 0100000 }, { "O_NOCTTY", O_NOCTTY }, { "O_PATH", O_PATH },
    { "F_RDLCK", F_RDLCK }, { "F_WRLCK", F_WRLCK }, { "F_UNLCK", F_UNLCK },
    { "LOCK_SH", LOCK_SH }, { "LOCK_EX", LOCK_EX }, { "LOCK_UN", LOCK_UN }, { "LOCK_NB", LOCK_NB },
    { "SEEK_SET", SEEK_SET }, { "SEEK_CUR", SEEK_CUR }, { "SEEK_END", SEEK_END },
    { "F_OK", F_OK }, { "R_OK", R_OK }, { "W_OK", W_OK }, { "X_OK", X_OK },
    { "AT_FDCWD", (uint32_t)AT_FDCWD }, { "AT_REMOVEDIR", AT_REMOVEDIR }, { "AT_EMPTY_PATH", AT_EMPTY_PATH },
    { "AT_SYMLINK_NOFOLLOW", AT_SYMLINK_NOFOLLOW },
    { "F_DUPFD", F_DUPFD }, { "F_DUPFD_CLOEXEC", F_DUPFD_CLOEXEC }, { "F_SETLK", F_SETLK },
    { "F_SETFD", F_SETFD }, { "FD_CLOEXEC", FD_CLOEXEC },
    { "F_SETLKW", F_SETLKW }, { "F_OFD_SETLK", F_OFD_SETLK }, { "F_OFD_SETLKW", F_OFD_SETLKW },
};

/* "A|B|0x40|0644": -1 on a word it does not know. */
int trace_flags_parse(const char *text, uint32_t *out)
{
    uint32_t v = 0;
    for (const char *p = text; *p != '\0';) {
        size_t n = strcspn(p, "|");
        char word[64];
        if (n == 0 || n >= sizeof word)
            return -1;
        memcpy(word, p, n);
        word[n] = '\0';
        char *end;
        unsigned long num = strtoul(word, &end, 0);
        if (*end == '\0') {
            v |= (uint32_t)num;
        } else {
            size_t i = 0;
            while (i < sizeof flag_words / sizeof flag_words[0] && strcmp(flag_words[i].name, word) != 0)
                i++;
            if (i == sizeof flag_words / sizeof flag_words[0])
                return -1;
            v |= flag_words[i].value;
        }
        p += n + (p[n] == '|');
    }
    *out = v;
    return 0;
}

int trace_errno_parse(const char *name)
{
    for (int e = 1; e < 134; e++) {
        const char *n = strerrorname_np(e);
        if (n != NULL && strcmp(n, name) == 0)
            return e;
    }
    return -1;
}

/* The access mode and the open flags a replay acts on, as words. */
const char *trace_open_flags(uint32_t flags, char *buf, size_t len)
{
    static const uint32_t shown[] = { O_CREAT, O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY, O_DSYNC, O_SYNC, O_DIRECT, O_CLOEXEC };
    static const char *const acc[] = { "O_RDONLY", "O_WRONLY", "O_RDWR", "O_RDWR" };
    size_t at = (size_t)snprintf(buf, len, "%s", acc[flags & O_ACCMODE]);
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
        if ((flags & shown[i]) != shown[i])
            continue;
        for (size_t k = 0; k < sizeof flag_words / sizeof flag_words[0]; k++)
            if (flag_words[k].value == shown[i] && strncmp(flag_words[k].name, "O_", 2) == 0 && at < len) {
                at += (size_t)snprintf(buf + at, len - at, "|%s", flag_words[k].name);
                break;
            }
    }
    return buf;
}
