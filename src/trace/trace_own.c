/* trace_own.c: flowbench's own trace format: text, a versioned first line,
 * one call a line:
 *   # flowbench-trace 1
 *   TIME PID TID CALL TARGET OFFSET LENGTH FLAGS MODE RESULT DURATION [TARGET2]
 * TIME and DURATION in seconds; TARGET a path beneath the root (\ooo escapes
 * for space, backslash and bytes outside printable ASCII) or fd:N; "-" for
 * an empty field; RESULT a number or -ERRNO (-ENOENT). */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "trace/trace_format.h"

#define OWN_MAGIC "# flowbench-trace "
#define OWN_VERSION 1

static bool own_detect(const char *line)
{
    return strncmp(line, OWN_MAGIC, strlen(OWN_MAGIC)) == 0;
}

/* One name, unescaped in place; -1 on a bad escape. */
static int unescape(char *s)
{
    char *o = s;
    for (char *p = s; *p != '\0'; p++) {
        if (*p != '\\') {
            *o++ = *p;
            continue;
        }
        if (p[1] < '0' || p[1] > '7' || p[2] < '0' || p[2] > '7' || p[3] < '0' || p[3] > '7')
            return -1;
        *o++ = (char)((p[1] - '0') * 64 + (p[2] - '0') * 8 + (p[3] - '0'));
        p += 3;
    }
    *o = '\0';
    return 0;
}

/* A name as a field: its first byte escaped too when the name would read as another field ("fd:N", "-"). */
static void escape(const char *s, FILE *out)
{
    bool other = strncmp(s, "fd:", 3) == 0 || strcmp(s, "-") == 0;
    for (const unsigned char *p = (const unsigned char *)s; *p != '\0'; p++)
        if (*p <= ' ' || *p >= 127 || *p == '\\' || (other && p == (const unsigned char *)s))
            fprintf(out, "\\%03o", *p);
        else
            fputc(*p, out);
}

static int parse_u64(const char *s, uint64_t *v, uint64_t none)
{
    if (strcmp(s, "-") == 0) {
        *v = none;
        return 0;
    }
    char *end;
    errno = 0;
    *v = strtoull(s, &end, 0);
    return errno != 0 || *end != '\0' || s[0] == '-' ? -1 : 0;
}

static int parse_secs(const char *s, uint64_t *ns)
{
    char *end;
    return trace_secs(s, &end, ns) == 0 && *end == '\0' ? 0 : -1;
}

static int parse_id(const char *s, int32_t *v)
{
    char *end;
    return trace_id(s, &end, v) == 0 && *end == '\0' ? 0 : -1;
}

static int parse_result(const char *s, int64_t *v)
{
    if (s[0] == '-' && s[1] == 'E') {
        int e = trace_errno_parse(s + 1);
        *v = -e;
        return e < 0 ? -1 : 0;
    }
    char *end;
    errno = 0;
    *v = strtoll(s, &end, 10);
    return errno != 0 || *end != '\0' ? -1 : 0;
}

/* A target: a path beneath the root, or fd:N. */
static int parse_target(struct trace *t, char *s, struct rp_rec *r, bool second, const char **why)
{
    if (strncmp(s, "fd:", 3) == 0 && !second) {
        char *end;
        long fd = strtol(s + 3, &end, 10);
        *why = "bad descriptor";
        if (*end != '\0' || fd < 0 || fd > INT32_MAX)
            return -1;
        r->fd = (int32_t)fd;
        return 0;
    }
    *why = "bad escape in the path";
    if (unescape(s) != 0)
        return -1;
    *why = "the path escapes the root";
    if (trace_path_fold(s) != 0)
        return -1;
    uint32_t at = trace_str(t, s, strlen(s));
    *why = "out of memory";
    if (at == 0)
        return -1;
    *(second ? &r->path2 : &r->path) = at;
    return 0;
}

/* A link's text: kept as recorded (escaped as a path is), never resolved. */
static int parse_text(struct trace *t, char *s, struct rp_rec *r)
{
    if (unescape(s) != 0)
        return -1;
    r->path2 = trace_str(t, s, strlen(s));
    return r->path2 != 0 ? 0 : -1;
}

enum { F_TIME, F_PID, F_TID, F_CALL, F_TARGET, F_OFF, F_LEN, F_FLAGS, F_MODE, F_RESULT, F_DUR, F_TARGET2, F_N };

static int own_line(struct trace *t, char *line, const char *path, unsigned ln, struct diag *err)
{
    char *f[F_N];
    int n = 0;
    for (char *tok = strtok(line, " \t\r\n"); tok != NULL && n < F_N; tok = strtok(NULL, " \t\r\n"))
        f[n++] = tok;
    if (n < F_TARGET2)
        return trace_fail(err, path, ln, "%d fields; a call has %d (%s)", n, F_TARGET2,
                          "time pid tid call target offset length flags mode result duration");
    struct rp_rec r = { .line = ln, .fd = -1, .fd2 = -1 };
    int call = rp_call_find(f[F_CALL]);
    if (call < 0)
        return trace_fail(err, path, ln, "unknown call '%s'", f[F_CALL]);
    r.call = (uint16_t)call;
    uint64_t len, mode;
    const char *why = NULL;
    if (parse_secs(f[F_TIME], &r.t_ns) != 0 || parse_secs(f[F_DUR], &r.dur_ns) != 0)
        return trace_fail(err, path, ln, "bad time '%s' or duration '%s'", f[F_TIME], f[F_DUR]);
    if (parse_id(f[F_PID], &r.pid) != 0 || parse_id(f[F_TID], &r.tid) != 0)
        return trace_fail(err, path, ln, "bad pid '%s' or tid '%s'", f[F_PID], f[F_TID]);
    if (parse_u64(f[F_OFF], &r.off, RP_NONE) != 0 || parse_u64(f[F_LEN], &len, 0) != 0)
        return trace_fail(err, path, ln, "bad offset '%s' or length '%s'", f[F_OFF], f[F_LEN]);
    if (strcmp(f[F_FLAGS], "-") != 0 && trace_flags_parse(f[F_FLAGS], &r.flags) != 0)
        return trace_fail(err, path, ln, "bad flags '%s'", f[F_FLAGS]);
    if (parse_u64(f[F_MODE], &mode, 0) != 0 || mode > 0177777 || parse_result(f[F_RESULT], &r.ret) != 0)
        return trace_fail(err, path, ln, "bad mode '%s' or result '%s'", f[F_MODE], f[F_RESULT]);
    unsigned target = rp_calls[call].target;
    /* fork, exec; and an inherit with no name: /dev/null stands in for what was there (docs/replay.md) */
    bool no_target = (target == 0 || call == RC_INHERIT) && strcmp(f[F_TARGET], "-") == 0;
    if (!no_target && parse_target(t, f[F_TARGET], &r, false, &why) != 0)
        return trace_fail(err, path, ln, "%s: '%s'", why, f[F_TARGET]);
    if ((target & RT_FD) && r.fd < 0)
        return trace_fail(err, path, ln, "%s takes a descriptor (fd:N), not '%s'", f[F_CALL], f[F_TARGET]);
    if ((target & RT_PATH) && r.path == 0 && !no_target)
        return trace_fail(err, path, ln, "%s takes a path, not '%s'", f[F_CALL], f[F_TARGET]);
    if ((target & RT_PATH2) && (n <= F_TARGET2 || parse_target(t, f[F_TARGET2], &r, true, &why) != 0))
        return trace_fail(err, path, ln, "%s takes a second path: %s", f[F_CALL], why ? why : "missing");
    if ((target & RT_TEXT2) && n > F_TARGET2 && parse_text(t, f[F_TARGET2], &r) != 0)
        return trace_fail(err, path, ln, "%s: bad escape in its text '%s'", f[F_CALL], f[F_TARGET2]);
    /* an open through a link in its file's directory: the name opened (laid down as that link) */
    if (call == RC_OPEN && n > F_TARGET2 && parse_target(t, f[F_TARGET2], &r, true, &why) != 0)
        return trace_fail(err, path, ln, "open: the name it was opened by: %s: '%s'", why, f[F_TARGET2]);
    if (call == RC_SYMLINK && r.path2 == 0)
        return trace_fail(err, path, ln, "symlink takes the link's text after the duration");
    r.len = len;
    r.mode = (uint32_t)mode;
    if ((target & RT_NEWFD) && r.ret > INT32_MAX)
        return trace_fail(err, path, ln, "%s returns descriptor %lld, past the largest", f[F_CALL], (long long)r.ret);
    if (target & RT_NEWFD)
        r.fd2 = r.ret >= 0 ? (int32_t)r.ret : -1;
    return trace_put(t, &r, path, err);
}

/* "# left-out pipes=31 outside=783": what the recording left out, by kind (record wrote it; the replay's
 * report says it). */
#define OWN_LEFT "# left-out"

static int own_left(struct trace *t, char *rest, const struct trace_lines *l, struct diag *err)
{
    for (char *tok = strtok(rest, " \t\r\n"); tok != NULL; tok = strtok(NULL, " \t\r\n")) {
        size_t k = 0, n = strcspn(tok, "=");
        while (k < 5 && (strlen(trace_left_keys[k]) != n || strncmp(tok, trace_left_keys[k], n) != 0))
            k++;
        uint64_t v;
        if (k == 5 || tok[n] != '=' || parse_u64(tok + n + 1, &v, 0) != 0 || v > UINT32_MAX * 1024ull)
            return trace_fail(err, l->path, l->ln, "bad '%s' in the left-out line (%s=N ...)", tok, "pipes");
        t->dropped += v - t->left[k];
        t->left[k] = v;
    }
    return 0;
}

/* "# link NAME TEXT": NAME was a link holding TEXT before the program ran, and the program went through it
 * (record looked after it exited). A text that would lead out of the root is refused, as a name escaping it is. */
#define OWN_LINK "# link "

static int own_link(struct trace *t, char *rest, const struct trace_lines *l, struct diag *err)
{
    char *name = strtok(rest, " \t\r\n"), *text = name != NULL ? strtok(NULL, " \t\r\n") : NULL;
    if (text == NULL || strtok(NULL, " \t\r\n") != NULL)
        return trace_fail(err, l->path, l->ln, "a link line is '%sNAME TEXT'", OWN_LINK);
    if (unescape(name) != 0 || unescape(text) != 0)
        return trace_fail(err, l->path, l->ln, "bad escape in the link line");
    if (trace_path_fold(name) != 0 || strcmp(name, ".") == 0)
        return trace_fail(err, l->path, l->ln, "the link's name escapes the root: '%s'", name);
    if (!trace_link_text_inside(name, text))
        return trace_fail(err, l->path, l->ln, "the link %s holds '%s', which leads out of the root", name, text);
    if (trace_link_add(t, name, text) != 0)
        return trace_fail(err, l->path, l->ln, "out of memory");
    return 0;
}

/* One line: the version line, a comment, the end line or a call. */
static int own_next(struct trace *t, struct trace_lines *l, bool *complete, struct diag *err)
{
    char *line = l->line;
    if (!l->newline)
        return trace_fail(err, l->path, l->ln, "the line is cut short (a truncated trace?)");
    if (l->ln == 1 && !own_detect(line))
        return trace_fail(err, l->path, l->ln, "the first line is not '%s%d'", OWN_MAGIC, OWN_VERSION);
    if (l->ln == 1) {
        int v = atoi(line + strlen(OWN_MAGIC));
        if (v != OWN_VERSION)
            return trace_fail(err, l->path, l->ln, "version %d of flowbench's trace format; this flowbench reads %d", v,
                              OWN_VERSION);
        return 0;
    }
    if (strncmp(line, OWN_LEFT, strlen(OWN_LEFT)) == 0)
        return own_left(t, line + strlen(OWN_LEFT), l, err);
    if (strncmp(line, OWN_LINK, strlen(OWN_LINK)) == 0)
        return own_link(t, line + strlen(OWN_LINK), l, err);
    if (strncmp(line, "# end", 5) == 0) {
        *complete = true;
        return 0;
    }
    if (line[0] == '#' || line[strspn(line, " \t\r")] == '\0')
        return 0;
    if (*complete)
        return trace_fail(err, l->path, l->ln, "a call after the trace's end line");
    return own_line(t, line, l->path, l->ln, err);
}

static int own_parse(struct trace *t, FILE *f, const char *path, int32_t tid, const struct trace_opts *o,
                     struct diag *err)
{
    struct trace_lines l = { .f = f, .path = path };
    bool complete = false;
    int got = 0, rc = 0;
    while (rc == 0 && (got = trace_next_line(&l, err)) == 1)
        rc = own_next(t, &l, &complete, err);
    unsigned ln = l.ln;
    trace_lines_free(&l);
    if (rc != 0 || got < 0)
        return -1;
    if (!complete)
        return trace_fail(err, path, ln + 1, "no '# end' line: the trace is truncated");
    t->strict = true;
    if (trace_links_apply(t) != 0)
        return trace_fail(err, path, ln, "out of memory");
    return 0;
}

static void put_u64(FILE *out, uint64_t v, uint64_t none)
{
    if (v == none)
        fputs(" -", out);
    else
        fprintf(out, " %" PRIu64, v);
}

int trace_write(const struct trace *t, FILE *out)
{
    fprintf(out, "%s%d\n# time pid tid call target offset length flags mode result duration [target2]\n", OWN_MAGIC,
            OWN_VERSION);
    if (t->dropped != 0) {
        fputs(OWN_LEFT, out);
        for (size_t k = 0; k < 5; k++)
            if (t->left[k] != 0)
                fprintf(out, " %s=%" PRIu64, trace_left_keys[k], t->left[k]);
        fputc('\n', out);
    }
    for (size_t i = 0; i < t->nlinks; i++) {
        fputs(OWN_LINK, out);
        escape(trace_name(t, t->links[i].name), out);
        fputc(' ', out);
        escape(trace_name(t, t->links[i].text), out);
        fputc('\n', out);
    }
    for (size_t i = 0; i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        fprintf(out, "%" PRIu64 ".%09" PRIu64 " %d %d %s ", r->t_ns / 1000000000u, r->t_ns % 1000000000u, r->pid,
                r->tid, rp_calls[r->call].name);
        if (r->path != 0)
            escape(trace_name(t, r->path), out);
        else if (rp_calls[r->call].target == 0 || r->call == RC_INHERIT)
            fputs("-", out);
        else
            fprintf(out, "fd:%d", r->fd);
        put_u64(out, r->off, RP_NONE);
        put_u64(out, r->len, 0);
        char fl[256];
        if (r->call == RC_OPEN || r->call == RC_INHERIT)
            fprintf(out, " %s", trace_open_flags(r->flags, fl, sizeof fl));
        else if (r->flags != 0)
            fprintf(out, " %#x", r->flags);
        else
            fputs(" -", out);
        if (r->mode != 0)
            fprintf(out, " %#o", r->mode);
        else
            fputs(" -", out);
        if (r->ret < 0 && strerrorname_np((int)-r->ret) != NULL)
            fprintf(out, " -%s", strerrorname_np((int)-r->ret));
        else
            fprintf(out, " %" PRId64, r->ret);
        fprintf(out, " %" PRIu64 ".%09" PRIu64, r->dur_ns / 1000000000u, r->dur_ns % 1000000000u);
        if (r->path2 != 0) {
            fputc(' ', out);
            escape(trace_name(t, r->path2), out);
        }
        fputc('\n', out);
    }
    fputs("# end\n", out);
    return ferror(out) ? -1 : 0;
}

const struct trace_format trace_format_own = { "flowbench", own_detect, own_parse };
