/* json_writer.c: the pretty-printing JSON writer (json_writer.h): escaped UTF-8,
 * numbers exact or null, one member per line unless a container is inline. */
#include "report/json_writer.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "report/report_figures.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t len;
    uint32_t cp;
    if (s[0] < 0x80)
        return 1;
    if ((s[0] & 0xE0) == 0xC0) {
        len = 2;
        cp = s[0] & 0x1F;
    } else if ((s[0] & 0xF0) == 0xE0) {
        len = 3;
        cp = s[0] & 0x0F;
    } else if ((s[0] & 0xF8) == 0xF0) {
        len = 4;
        cp = s[0] & 0x07;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3F);
    }
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (cp < least[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0; /* overlong, out of range or a surrogate */
    return len;
}

/* A JSON string; bytes that are not UTF-8 become U+FFFD. */
static void jw_string(FILE *f, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    fputc('"', f);
    for (size_t i = 0; i < n;) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            fputc('\\', f);
            fputc(c, f);
        } else if (c == '\n') {
            fputs("\\n", f);
        } else if (c == '\t') {
            fputs("\\t", f);
        } else if (c == '\r') {
            fputs("\\r", f);
        } else if (c < 0x20 || c == 0x7F) {
            fprintf(f, "\\u%04x", c);
        } else if (c >= 0x80) {
            size_t len = utf8_len(p + i, n - i);
            if (len == 0) {
                fputs("\\ufffd", f);
                i++;
            } else {
                fwrite(p + i, 1, len, f);
                i += len;
            }
            continue;
        } else {
            fputc(c, f);
        }
        i++;
    }
    fputc('"', f);
}

/* Separator, indentation and key before a member (key NULL in arrays). */
static void jw_member(struct jw *w, const char *key)
{
    int d = w->depth;
    if (w->failed)
        return;
    if (d > 0) {
        if (!w->first[d])
            fputc(',', w->f);
        if (w->inl[d]) {
            if (!w->first[d])
                fputc(' ', w->f);
        } else {
            fputc('\n', w->f);
            for (int i = 0; i < d; i++)
                fputs("  ", w->f);
        }
    }
    w->first[d] = false;
    if (key != NULL) {
        jw_string(w->f, key);
        fputs(": ", w->f);
    }
}

/* A container past JW_DEPTH fails the writer rather than unbalance brackets:
 * nothing more is written and jw_end says so. */
void jw_open(struct jw *w, const char *key, char c, bool inl)
{
    if (w->failed || w->depth + 1 >= JW_DEPTH) {
        w->failed = true;
        return;
    }
    jw_member(w, key);
    fputc(c, w->f);
    w->depth++;
    w->first[w->depth] = true;
    w->inl[w->depth] = inl || (w->depth > 1 && w->inl[w->depth - 1]);
}

void jw_close(struct jw *w, char c)
{
    int d = w->depth;
    if (w->failed || d == 0)
        return;
    if (!w->first[d] && !w->inl[d]) {
        fputc('\n', w->f);
        for (int i = 0; i < d - 1; i++)
            fputs("  ", w->f);
    }
    w->depth = d - 1;
    fputc(c, w->f);
}

/* The value of a member: written only while the writer has not failed. */
static bool jw_value(struct jw *w, const char *key)
{
    jw_member(w, key);
    return !w->failed;
}

void jw_str(struct jw *w, const char *key, const char *s)
{
    if (!jw_value(w, key))
        return;
    if (s == NULL)
        fputs("null", w->f);
    else
        jw_string(w->f, s);
}

void jw_u64(struct jw *w, const char *key, uint64_t v)
{
    if (jw_value(w, key))
        fprintf(w->f, "%" PRIu64, v);
}

void jw_num(struct jw *w, const char *key, double v, int decimals)
{
    char buf[64];
    if (!jw_value(w, key))
        return;
    if (!isfinite(v)) {
        fputs("null", w->f);
        return;
    }
    report_number(buf, sizeof buf, v, decimals);
    fputs(buf, w->f);
}

void jw_exact(struct jw *w, const char *key, double v)
{
    char buf[64];
    if (!jw_value(w, key))
        return;
    if (!isfinite(v)) {
        fputs("null", w->f);
        return;
    }
    report_number_exact(buf, sizeof buf, v);
    fputs(buf, w->f);
}

void jw_bool(struct jw *w, const char *key, bool b)
{
    if (jw_value(w, key))
        fputs(b ? "true" : "false", w->f);
}

void jw_null(struct jw *w, const char *key)
{
    if (jw_value(w, key))
        fputs("null", w->f);
}

int jw_end(struct jw *w)
{
    if (w->failed || w->depth != 0) {
        errno = w->failed ? EOVERFLOW : EINVAL;
        return -1;
    }
    fputc('\n', w->f);
    if (ferror(w->f)) {
        errno = errno ? errno : EIO;
        return -1;
    }
    return 0;
}
