/* trace_links.c: the symbolic links a traced program went through without the
 * log saying so (`stat -L lnk`, `cat lnk` with lnk -> sub/tgt): noted by record
 * after the program has exited, as "# link NAME TEXT" lines, and their texts judged. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/grow.h"
#include "trace/trace.h"

/* A text is kept only when following it from the link's directory stays beneath the root whatever the links
 * on its way hold: it climbs by leading ".." alone, no higher than that directory's depth, then only goes down
 * (each link it meets on the way down was judged alike). Lexical folding alone would let lnk/.. climb out
 * through a link to a shallower place. */
bool trace_link_text_inside(const char *name, const char *text)
{
    if (text[0] == '\0' || text[0] == '/')
        return false;
    size_t depth = 0;
    for (const char *p = strchr(name, '/'); p != NULL; p = strchr(p + 1, '/'))
        depth++;
    bool down = false;
    for (const char *p = text; *p != '\0';) {
        size_t n = strcspn(p, "/");
        bool up = n == 2 && p[0] == '.' && p[1] == '.';
        if (up && (down || depth == 0))
            return false;
        depth -= up;
        down |= !up && n > 0 && !(n == 1 && p[0] == '.');
        p += n + (p[n] == '/');
    }
    return true;
}

int trace_link_join(const char *name, const char *text, char *out, size_t len)
{
    const char *slash = strrchr(name, '/');
    int dn = slash != NULL ? (int)(slash - name) : 0;
    int n = snprintf(out, len, "%.*s%s%s", dn, name, dn > 0 ? "/" : "", text);
    if (n < 0 || (size_t)n >= len)
        return -1;
    return trace_path_fold(out);
}

/* The noted link at the first len bytes of name, or NULL (t->links sorted by name). */
static const struct trace_link *link_at(const struct trace *t, const char *name, size_t len)
{
    size_t lo = 0, hi = t->nlinks;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const char *s = trace_name(t, t->links[mid].name);
        int c = strncmp(s, name, len);
        if (c == 0 && s[len] != '\0')
            c = 1;
        if (c == 0)
            return &t->links[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

int trace_link_add(struct trace *t, const char *name, const char *text)
{
    struct trace_link *v = grow_room(t->links, &t->links_cap, t->nlinks, sizeof *v, 16);
    if (v == NULL)
        return -1;
    t->links = v;
    uint32_t nm = trace_str(t, name, strlen(name)), tx = nm != 0 ? trace_str(t, text, strlen(text)) : 0;
    if (tx == 0)
        return -1;
    /* kept sorted by name, for link_at; a name noted again keeps its first text */
    size_t at = t->nlinks;
    while (at > 0 && strcmp(trace_name(t, t->links[at - 1].name), name) >= 0)
        at--;
    if (at < t->nlinks && strcmp(trace_name(t, t->links[at].name), name) == 0)
        return 0;
    memmove(&t->links[at + 1], &t->links[at], (t->nlinks - at) * sizeof *t->links);
    t->links[at] = (struct trace_link){ .name = nm, .text = tx };
    t->nlinks++;
    return 0;
}

/* What rel's leaf is beneath root, judged without following a link on the way or at it: 1 a link (its text
 * into text), 0 a directory (look further down), -1 anything else or nothing. */
static int look(int root, const char *rel, char *text, size_t len)
{
    const char *leaf;
    int dir = beneath_parent(root, rel, &leaf);
    if (dir < 0)
        return -1;
    struct stat st;
    int rc = fstatat(dir, leaf, &st, AT_SYMLINK_NOFOLLOW) != 0 ? -1 : S_ISDIR(st.st_mode) ? 0 : -1;
    if (rc == -1 && S_ISLNK(st.st_mode)) {
        ssize_t n = readlinkat(dir, leaf, text, len - 1);
        if (n >= 0 && (size_t)n < len - 1) {
            text[n] = '\0';
            rc = 1;
        }
    }
    close(dir);
    return rc;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every name a call of t uses (its target, a second path, the name an open went by), sorted, once each. */
static size_t used_names(const struct trace *t, const char ***out)
{
    const char **v = malloc((2 * t->n + 1) * sizeof *v);
    size_t k = 0;
    for (size_t i = 0; v != NULL && i < t->n; i++) {
        const struct rp_rec *r = &t->recs[i];
        if (r->path != 0)
            v[k++] = trace_name(t, r->path);
        if (r->path2 != 0 && ((rp_calls[r->call].target & RT_PATH2) || r->call == RC_OPEN))
            v[k++] = trace_name(t, r->path2);
    }
    *out = v;
    if (v == NULL)
        return 0;
    qsort(v, k, sizeof *v, by_name);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (u == 0 || strcmp(v[u - 1], v[i]) != 0)
            v[u++] = v[i];
    return u;
}

/* Whether a call of t made name a link (a symlink that succeeded): the trace says so already. */
static bool made_by_trace(const struct trace *t, const char *name)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->recs[i].call == RC_SYMLINK && t->recs[i].ret >= 0 && strcmp(trace_name(t, t->recs[i].path), name) == 0)
            return true;
    return false;
}

/* The links on name's way (each prefix, shortest first, up to the first that is not a directory), noted once,
 * and those on the way of the name each leads to (a link to a link; at most 16 deep). */
static int note_name(struct trace *t, int root, const char *name, size_t *refused, int depth)
{
    char prefix[4096], text[4096];
    if (strncmp(name, "_abs/", 5) == 0 || strcmp(name, ".") == 0 || strlen(name) >= sizeof prefix)
        return 0; /* outside the root (--all) is never looked at */
    for (const char *end = name;; end++) {
        if (*end != '/' && *end != '\0')
            continue;
        snprintf(prefix, sizeof prefix, "%.*s", (int)(end - name), name);
        int kind = look(root, prefix, text, sizeof text);
        if (kind < 0)
            return 0;
        if (kind == 1) {
            if (made_by_trace(t, prefix) || link_at(t, prefix, strlen(prefix)) != NULL)
                return 0;
            if (!trace_link_text_inside(prefix, text)) {
                (*refused)++;
                return 0;
            }
            char to[4096], next[4096];
            if (trace_link_add(t, prefix, text) != 0)
                return -1;
            if (depth >= 16 || trace_link_join(prefix, text, to, sizeof to) != 0
                || snprintf(next, sizeof next, "%s%s", to, end) >= (int)sizeof next)
                return 0;
            return note_name(t, root, next, refused, depth + 1);
        }
        if (*end == '\0')
            return 0;
    }
}

int trace_links_note(struct trace *t, const char *root, size_t *refused)
{
    *refused = 0;
    int rootfd = open(root, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (rootfd < 0)
        return -1;
    const char **names;
    size_t n = used_names(t, &names);
    int rc = names != NULL ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = note_name(t, rootfd, names[i], refused, 0);
    free(names);
    close(rootfd);
    return rc;
}

int trace_link_reach(const struct trace *t, const char *name, bool whole, char *out, size_t len)
{
    char cur[4096], next[4096];
    if (snprintf(cur, sizeof cur, "%s", name) >= (int)sizeof cur)
        return 0;
    int changed = 0, hop = 0;
    for (;; hop++) {
        const struct trace_link *l = NULL;
        size_t at = 0;
        for (char *p = strchr(cur, '/'); p != NULL && l == NULL; p = strchr(p + 1, '/'))
            if ((l = link_at(t, cur, (size_t)(p - cur))) != NULL)
                at = (size_t)(p - cur);
        if (l == NULL && whole && (l = link_at(t, cur, strlen(cur))) != NULL)
            at = strlen(cur);
        if (l == NULL || hop == 16)
            break;
        char joined[4096];
        snprintf(next, sizeof next, "%.*s", (int)at, cur);
        if (trace_link_join(next, trace_name(t, l->text), joined, sizeof joined) != 0
            || snprintf(next, sizeof next, "%s%s", joined, cur + at) >= (int)sizeof next || trace_path_fold(next) != 0)
            break;
        memcpy(cur, next, sizeof cur);
        changed = 1;
    }
    if (hop == 16)
        return 0;
    if (changed)
        snprintf(out, len, "%s", cur);
    return changed;
}

static int reroute(struct trace *t, uint32_t *path)
{
    char to[4096];
    if (*path == 0 || !trace_link_reach(t, trace_name(t, *path), false, to, sizeof to))
        return 0;
    uint32_t at = trace_str(t, to, strlen(to));
    if (at == 0)
        return -1;
    *path = at;
    return 0;
}

int trace_links_apply(struct trace *t)
{
    if (t->nlinks == 0)
        return 0;
    for (size_t i = 0; i < t->n; i++) {
        struct rp_rec *r = &t->recs[i];
        bool second = (rp_calls[r->call].target & RT_PATH2) && !(rp_calls[r->call].target & RT_TEXT2);
        if (reroute(t, &r->path) != 0 || (second && reroute(t, &r->path2) != 0))
            return -1;
    }
    return 0;
}
