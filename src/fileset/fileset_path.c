/* fileset_path.c: turns a directory, file or leaf-dir index into its path
 * "<root>/00000001/.../0000000n" by walking parent links (no stored strings). */
#include "fileset/fileset.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* "00" .. "99": serials are formatted two digits at a time (paths are made
 * for every open, stat and unlink). */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes serial as at least 8 decimal digits; returns the count written. */
static size_t put_serial(char *out, uint32_t serial)
{
    char tmp[10];
    size_t n = 10;
    while (serial >= 100) {
        n -= 2;
        memcpy(tmp + n, digit_pairs + 2 * (serial % 100), 2);
        serial /= 100;
    }
    if (serial >= 10) {
        n -= 2;
        memcpy(tmp + n, digit_pairs + 2 * serial, 2);
    } else {
        tmp[--n] = (char)('0' + serial);
    }
    while (n > 2)
        tmp[--n] = '0';
    memcpy(out, tmp + n, 10 - n);
    return 10 - n;
}

/* Appends "/<serial>" at *at, keeping one byte for the terminator. */
static int append(char *buf, size_t len, size_t *at, uint32_t serial)
{
    if (*at + 1 + 10 + 1 > len)
        return -1;
    buf[(*at)++] = '/';
    *at += put_serial(buf + *at, serial);
    return 0;
}

static int dir_path(const struct fileset_rt *fs, size_t dir, char *buf, size_t len, size_t *at)
{
    uint32_t chain[FS_MAX_DEPTH + 1];
    size_t n = 0;
    for (size_t d = dir; d != 0; d = fs->dirs[d].parent) {
        if (d >= fs->ndirs || n == FS_MAX_DEPTH + 1)
            return errno = EINVAL, -1;
        chain[n++] = fs->dirs[d].serial;
    }
    size_t rlen = strlen(fs->root);
    if (rlen + 1 > len)
        return errno = ENAMETOOLONG, -1;
    memcpy(buf, fs->root, rlen + 1);
    *at = rlen;
    while (n > 0)
        if (append(buf, len, at, chain[--n]) != 0)
            return errno = ENAMETOOLONG, -1;
    buf[*at] = '\0';
    return 0;
}

int fileset_dir_path(const struct fileset_rt *fs, size_t dir, char *buf, size_t len)
{
    size_t at;
    return dir_path(fs, dir, buf, len, &at);
}

/* The file or leaf directory at index, or NULL (EINVAL) past the end. */
static const struct fs_entry *entry_of(const struct fileset_rt *fs, enum fs_kind kind, size_t index)
{
    if (kind == FSK_FILE ? index >= fs->nfiles : index >= fs->nleafdirs)
        return errno = EINVAL, NULL;
    return kind == FSK_FILE ? &fs->files[index] : &fs->leafdirs[index];
}

/* Copies pat up to its %i (or its end) into out, %r spelt as rank and %% as
 * one percent; returns where it stopped in pat. */
static const char *spell(const char *pat, unsigned rank, char *out, size_t len)
{
    size_t n = 0;
    for (; *pat != '\0' && !(pat[0] == '%' && pat[1] == 'i'); pat++) {
        if (pat[0] == '%' && pat[1] == 'r')
            n += (size_t)snprintf(out + n, n < len ? len - n : 0, "%u", rank), pat++;
        else if (n + 1 < len)
            out[n++] = *pat, pat += pat[0] == '%' && pat[1] == '%';
    }
    out[n < len ? n : len - 1] = '\0';
    return pat;
}

void fileset_names(struct fileset_rt *fs)
{
    const char *pat = fs->plan->filenames;
    fs->named = pat[0] != '\0';
    if (!fs->named)
        return;
    pat = spell(pat, fs->plan->name_rank, fs->name_pre, sizeof fs->name_pre);
    spell(pat[0] != '\0' ? pat + 2 : pat, fs->plan->name_rank, fs->name_post, sizeof fs->name_post);
}

/* Ends the directory path buf[0, at) with "/<serial>" (a file of a fileset
 * with filenames=: "/<name_pre><serial><name_post>") and the terminator. */
static int end_path(const struct fileset_rt *fs, enum fs_kind kind, char *buf, size_t len, size_t at, uint32_t serial)
{
    if (kind == FSK_FILE && fs->named) {
        int n = snprintf(buf + at, len - at, "/%s%u%s", fs->name_pre, serial, fs->name_post);
        return n < 0 || (size_t)n >= len - at ? (errno = ENAMETOOLONG, -1) : 0;
    }
    if (append(buf, len, &at, serial) != 0)
        return errno = ENAMETOOLONG, -1;
    buf[at] = '\0';
    return 0;
}

int fileset_path(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len)
{
    const struct fs_entry *e = entry_of(fs, kind, index);
    size_t at;
    if (e == NULL || dir_path(fs, e->dir, buf, len, &at) != 0)
        return -1;
    return end_path(fs, kind, buf, len, at, e->serial);
}

const char *fileset_path_cached(const struct fileset_rt *fs, enum fs_kind kind, size_t index,
                                struct fs_path_cache *c)
{
    const struct fs_entry *e = entry_of(fs, kind, index);
    if (e == NULL)
        return NULL;
    if (c->fs != fs || c->dir != e->dir) {
        c->fs = NULL;
        if (dir_path(fs, e->dir, c->buf, sizeof c->buf, &c->dirlen) != 0)
            return NULL;
        c->fs = fs;
        c->dir = e->dir;
    }
    return end_path(fs, kind, c->buf, sizeof c->buf, c->dirlen, e->serial) == 0 ? c->buf : NULL;
}
