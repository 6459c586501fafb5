/* thisrun.c: the exact script of one point (thisrun.f): the personality's text
 * with the point's variables and the campaign's runtime written into it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "campaign/campaign.h"

void point_value_text(const struct prof_value *v, char *buf, size_t len)
{
    if (!v->quoted) {
        snprintf(buf, len, "%s", v->text);
        return;
    }
    size_t n = 0;
    if (len < 3)
        return;
    buf[n++] = '"';
    for (const char *s = v->text; *s && n + 4 < len; s++) {
        if (*s == '"' || *s == '\\')
            buf[n++] = '\\';
        buf[n++] = *s;
    }
    buf[n++] = '"';
    buf[n] = '\0';
}

static const char *skip_ws(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* The point variable a `set $name=` line sets, or NULL. */
static struct point_var *set_line_var(const char *line, const struct point *p)
{
    const char *s = skip_ws(line);
    if (strncmp(s, "set", 3) != 0 || (s[3] != ' ' && s[3] != '\t'))
        return NULL;
    s = skip_ws(s + 3);
    if (*s != '$')
        return NULL;
    const char *name = ++s;
    while (isalnum((unsigned char)*s) || *s == '_')
        s++;
    size_t n = (size_t)(s - name);
    if (*skip_ws(s) != '=')
        return NULL;
    for (size_t i = 0; i < p->nvars; i++)
        if (strlen(p->vars[i].name) == n && strncmp(p->vars[i].name, name, n) == 0)
            return &p->vars[i];
    return NULL;
}

/* 1: a plain `run` or `run N` (its length is the campaign's); 2: another run
 * command (a named run); 0: no run. */
static int run_line(const char *line)
{
    const char *s = skip_ws(line);
    if (strncmp(s, "run", 3) != 0 || isalnum((unsigned char)s[3]) || s[3] == '_')
        return 0;
    s = skip_ws(s + 3);
    while (isdigit((unsigned char)*s))
        s++;
    s = skip_ws(s);
    return *s == '\0' || *s == '\n' || *s == '#' ? 1 : 2;
}

struct buf {
    char *s;
    size_t n, cap;
    bool oom;
};

static void put(struct buf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->n + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap : 4096);
        while (cap < b->n + n + 1)
            cap *= 2;
        char *t = realloc(b->s, cap);
        if (t == NULL) {
            b->oom = true;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void put_set(struct buf *b, const struct point_var *v)
{
    char val[1024], line[1200];
    point_value_text(v->value, val, sizeof val);
    int n = snprintf(line, sizeof line, "set $%s=%s\n", v->name, val);
    put(b, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

static void put_criterion(struct buf *b, const struct prof_value *v)
{
    put(b, "criteria ", 9);
    put(b, v->text, strlen(v->text));
    put(b, "\n", 1);
}

char *thisrun_text(const char *personality, const struct point *p, const struct campaign_settings *set)
{
    struct buf b = { 0 };
    char line[256];
    uint64_t runtime = set->runtime;
    int n = snprintf(line, sizeof line, "# thisrun.f: point %s of a flowbench profile, run for %llu s\n", p->path,
                     (unsigned long long)runtime);
    put(&b, line, (size_t)n);
    for (size_t i = 0; i < set->ncriteria; i++)
        put_criterion(&b, &set->criteria[i]);
    for (size_t i = 0; p->criteria != NULL && i < p->criteria->nv; i++)
        put_criterion(&b, &p->criteria->v[i]);
    bool *has = calloc(p->nvars + 1, sizeof *has);
    if (has == NULL)
        return NULL;
    /* The personality's own set lines are found first, so missing ones go on top. */
    for (const char *s = personality; *s;) {
        const char *e = strchr(s, '\n');
        struct point_var *v = set_line_var(s, p);
        if (v != NULL)
            has[v - p->vars] = true;
        s = e ? e + 1 : s + strlen(s);
    }
    for (size_t i = 0; i < p->nvars; i++)
        if (!has[i])
            put_set(&b, &p->vars[i]);
    free(has);
    bool ran = false;
    for (const char *s = personality; *s;) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) + 1 : strlen(s);
        struct point_var *v = set_line_var(s, p);
        int r = run_line(s);
        ran |= r != 0;
        if (v != NULL) {
            put_set(&b, v);
        } else if (r == 1) {
            n = snprintf(line, sizeof line, "run %llu\n", (unsigned long long)runtime);
            put(&b, line, (size_t)n);
        } else {
            put(&b, s, len);
            if (e == NULL)
                put(&b, "\n", 1);
        }
        s += len;
    }
    if (!ran) {
        n = snprintf(line, sizeof line, "run %llu\n", (unsigned long long)runtime);
        put(&b, line, (size_t)n);
    }
    if (b.oom) {
        free(b.s);
        return NULL;
    }
    return b.s;
}
