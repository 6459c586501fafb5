/* fileset_path.c: turns a directory, file or leaf-dir index into its path
 * "<root>/00000001/.../0000000n" by walking parent links (no stored strings). */
#include "fileset.h"

#include <errno.h>
#include <string.h>

/* Writes serial as at least 8 decimal digits; returns the count written. */
static size_t put_serial(char *out, uint32_t serial)
{
    char tmp[10];
    size_t n = 0;
    do {
        tmp[n++] = (char)('0' + serial % 10);
        serial /= 10;
    } while (serial != 0);
    while (n < 8)
        tmp[n++] = '0';
    for (size_t i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    return n;
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

int fileset_path(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char *buf, size_t len)
{
    const struct fs_entry *e;
    if (kind == FSK_FILE ? index >= fs->nfiles : index >= fs->nleafdirs)
        return errno = EINVAL, -1;
    e = kind == FSK_FILE ? &fs->files[index] : &fs->leafdirs[index];
    size_t at;
    if (dir_path(fs, e->dir, buf, len, &at) != 0)
        return -1;
    if (append(buf, len, &at, e->serial) != 0)
        return errno = ENAMETOOLONG, -1;
    buf[at] = '\0';
    return 0;
}
