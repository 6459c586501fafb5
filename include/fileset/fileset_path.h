/* fileset_path.h: the name an op gives its entry's *at() call, from the
 * fileset's table of spelt serials, inline; spelt by fileset_path.c otherwise.
 * (Names and paths for every other use are in fileset.h.) */
#ifndef FB_FILESET_PATH_H
#define FB_FILESET_PATH_H

#include "fileset/fileset.h"

/* The entry's name spelt into buf: NULL (errno) past the end. fileset_leaf's slow path. */
const char *fileset_leaf_spelt(const struct fileset_rt *fs, enum fs_kind kind, size_t index, char buf[FS_NAME_LEN]);

static inline const struct fs_entry *fileset_entries(const struct fileset_rt *fs, enum fs_kind kind, size_t *n)
{
    *n = kind == FSK_FILE ? fs->nfiles : fs->nleafdirs;
    return kind == FSK_FILE ? fs->files : fs->leafdirs;
}

/* The name of a file or leaf dir in its directory, for an *at() call: the
 * table's (no copy), else spelt into buf; NULL (errno) past the end. */
static inline const char *fileset_leaf(const struct fileset_rt *fs, enum fs_kind kind, size_t index,
                                       char buf[FS_NAME_LEN])
{
    size_t n;
    const struct fs_entry *e = fileset_entries(fs, kind, &n);
    if (index < n && e[index].serial < fs->nleaf_names)
        return fs->leaf_names[e[index].serial];
    return fileset_leaf_spelt(fs, kind, index, buf);
}

/* Whether every file's name is in the table (no filenames=, no serial past
 * it): then a turn table can hold every name (fileset_turns.h). */
bool fileset_files_spelt(const struct fileset_rt *fs);

#endif
