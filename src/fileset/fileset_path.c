/* fileset_path.c: names a directory, file or leaf dir of a fileset from its index
 * by walking parent links (no stored strings): its own name ("0000000n", or a
 * file's after the fileset's filenames= pattern), its path
 * relative to the fileset's root ("00000001/.../0000000n", how flowbench reaches it,
 * fileset_root.c), and, for messages only, that path joined to the root. */
#include "fileset/fileset.h"
#include "fileset/fileset_path.h"

#include "base/diag.h"
#include "base/rank_spell.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names: how a serial is spelled ---- */

/* "00" .. "99": serials are formatted two digits at a time (names are made
 * for every open, stat and unlink). */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* Writes serial as at least 8 decimal digits; returns the count written. */
static size_t put_serial(char *out, uint32_t serial)
{
    if (serial >= 100000000u) {   /* 9 or 10 digits: the ones above the last 8 first */
        uint32_t top = serial / 100000000u;
        size_t n = top >= 10 ? 2 : 1;
        memcpy(out, digit_pairs + 2 * top + (2 - n), n);
        return n + put_serial(out + n, serial % 100000000u);
    }
    uint32_t hi = serial / 10000, lo = serial % 10000;
    memcpy(out, digit_pairs + 2 * (hi / 100), 2);
    memcpy(out + 2, digit_pairs + 2 * (hi % 100), 2);
    memcpy(out + 4, digit_pairs + 2 * (lo / 100), 2);
    memcpy(out + 6, digit_pairs + 2 * (lo % 100), 2);
    return 8;
}

/* The highest serial of a file or leaf dir, plus one. */
static uint64_t serial_span(const struct fileset_rt *fs)
{
    uint32_t top = 0;
    for (size_t i = 0; i < fs->nfiles; i++)
        top = fs->files[i].serial > top ? fs->files[i].serial : top;
    for (size_t i = 0; i < fs->nleafdirs; i++)
        top = fs->leafdirs[i].serial > top ? fs->leafdirs[i].serial : top;
    return (uint64_t)top + 1;
}

bool fileset_files_spelt(const struct fileset_rt *fs)
{
    for (size_t i = 0; i < fs->nfiles; i++)
        if (fs->files[i].serial >= fs->nleaf_names)
            return false;
    return true;
}

/* Spells the serials of files and leaf dirs once, up to FS_LEAF_TABLE_MAX of
 * them; a fileset with filenames= spells each name as it goes. */
static int spell_serials(struct fileset_rt *fs, struct diag *err)
{
    free(fs->leaf_names);
    fs->leaf_names = NULL;
    fs->nleaf_names = 0;
    if (fs->named)
        return 0;
    uint64_t n = serial_span(fs);
    n = n < FS_LEAF_TABLE_MAX ? n : FS_LEAF_TABLE_MAX;
    fs->leaf_names = malloc(n * sizeof *fs->leaf_names);
    if (fs->leaf_names == NULL)
        return diag_set(err, fs->plan != NULL ? &fs->plan->loc : NULL, "fileset '%s': out of memory for names",
                        fs->plan != NULL ? fs->plan->name : fs->root);
    for (uint32_t i = 0; i < n; i++)
        fs->leaf_names[i][put_serial(fs->leaf_names[i], i)] = '\0';
    fs->nleaf_names = (uint32_t)n;
    return 0;
}

int fileset_names(struct fileset_rt *fs, struct diag *err)
{
    const char *pat = fs->plan->filenames;
    unsigned rank = fs->plan->name_rank;
    fs->named = pat[0] != '\0';
    if (!fs->named)
        return spell_serials(fs, err);
    pat = rank_spell(pat, rank, 'i', fs->name_pre, sizeof fs->name_pre);
    if (pat == NULL || rank_spell(pat[0] != '\0' ? pat + 2 : pat, rank, '\0', fs->name_post, sizeof fs->name_post) == NULL)
        return diag_set(err, &fs->plan->loc, "fileset '%s': filenames=%s is too long once %%r is spelt", fs->plan->name,
                        fs->plan->filenames);
    return spell_serials(fs, err);
}

/* Writes the name of an entry of kind with serial at out (room: len bytes, the
 * terminator included): "0000000n", or for a file of a fileset with
 * filenames= "<name_pre><serial><name_post>". Its length, or -1 (ENAMETOOLONG). */
static int put_name(const struct fileset_rt *fs, enum fs_kind kind, uint32_t serial, char *out, size_t len)
{
    if (kind == FSK_FILE && fs->named) {
        int n = snprintf(out, len, "%s%u%s", fs->name_pre, serial, fs->name_post);
        return n < 0 || (size_t)n >= len ? (errno = ENAMETOOLONG, -1) : n;
    }
    if (len < 11)
        return errno = ENAMETOOLONG, -1;
    size_t n = put_serial(out, serial);
    out[n] = '\0';
    return (int)n;
}

/* The file or leaf directory at index, or NULL (EINVAL) past the end. */
static const struct fs_entry *entry_of(const struct fileset_rt *fs, enum fs_kind kind, size_t index)
{
    if (kind == FSK_FILE ? index >= fs->nfiles : index >= fs->nleafdirs)
        return errno = EINVAL, NULL;
    return kind == FSK_FILE ? &fs->files[index] : &fs->leafdirs[index];
}

int fileset_entry_name(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char name[FS_NAME_LEN])
{
    const struct fs_entry *e = entry_of(fs, kind, index);
    if (e == NULL)
        return -1;
    return put_name(fs, kind, e->serial, name, FS_NAME_LEN) < 0 ? -1 : 0;
}

const char *fileset_leaf_spelt(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char buf[FS_NAME_LEN])
{
    return fileset_entry_name(fs, kind, index, buf) == 0 ? buf : NULL;
}

int fileset_dir_name(const struct fileset_rt *fs, size_t dir, char name[FS_NAME_LEN])
{
    if (dir == 0 || dir >= fs->ndirs)
        return errno = EINVAL, -1;
    name[put_serial(name, fs->dirs[dir].serial)] = '\0';
    return 0;
}

/* ---- paths relative to the root ---- */

/* Appends "<serial>" (after a '/' unless at the start) at *at, keeping one
 * byte for the terminator. */
static int append(char *buf, size_t len, size_t *at, uint32_t serial)
{
    if (*at + 1 + 10 + 1 > len)
        return errno = ENAMETOOLONG, -1;
    if (*at > 0)
        buf[(*at)++] = '/';
    *at += put_serial(buf + *at, serial);
    return 0;
}

/* The directories from the root down to dir (excluded root), as serials. */
static int dir_rel(const struct fileset_rt *fs, size_t dir, char *buf, size_t len, size_t *at)
{
    uint32_t chain[FS_MAX_DEPTH + 1];
    size_t n = 0;
    for (size_t d = dir; d != 0; d = fs->dirs[d].parent) {
        if (d >= fs->ndirs || n == FS_MAX_DEPTH + 1)
            return errno = EINVAL, -1;
        chain[n++] = fs->dirs[d].serial;
    }
    *at = 0;
    while (n > 0)
        if (append(buf, len, at, chain[--n]) != 0)
            return -1;
    return 0;
}

int fileset_dir_relpath(const struct fileset_rt *fs, size_t dir, char *buf, size_t len)
{
    size_t at;
    if (len < 2 || dir_rel(fs, dir, buf, len, &at) != 0)
        return len < 2 ? (errno = ENAMETOOLONG, -1) : -1;
    if (at == 0)
        buf[at++] = '.';   /* the root itself */
    buf[at] = '\0';
    return 0;
}

int fileset_relpath(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len)
{
    const struct fs_entry *e = entry_of(fs, kind, index);
    size_t at;
    if (e == NULL || dir_rel(fs, e->dir, buf, len, &at) != 0)
        return -1;
    if (at > 0) {
        if (at + 1 >= len)
            return errno = ENAMETOOLONG, -1;
        buf[at++] = '/';
    }
    return put_name(fs, kind, e->serial, buf + at, len - at) < 0 ? -1 : 0;
}

/* ---- joined to the root, for messages ---- */

/* Puts "<root>/" before the relative path rel already in buf (moved up). */
static int join_root(const struct fileset_rt *fs, char *buf, size_t len)
{
    size_t rlen = strlen(fs->root), n = strlen(buf);
    if (rlen + 1 + n + 1 > len)
        return errno = ENAMETOOLONG, -1;
    memmove(buf + rlen + 1, buf, n + 1);
    memcpy(buf, fs->root, rlen);
    buf[rlen] = '/';
    return 0;
}

int fileset_path(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len)
{
    return fileset_relpath(fs, kind, index, buf, len) == 0 ? join_root(fs, buf, len) : -1;
}

int fileset_dir_path(const struct fileset_rt *fs, size_t dir, char *buf, size_t len)
{
    if (dir == 0) {
        size_t rlen = strlen(fs->root);
        if (rlen + 1 > len)
            return errno = ENAMETOOLONG, -1;
        memcpy(buf, fs->root, rlen + 1);
        return 0;
    }
    return fileset_dir_relpath(fs, dir, buf, len) == 0 ? join_root(fs, buf, len) : -1;
}
