/* journal_place.c: where a fileset's durability journal lies: its directory
 * under journal=, and never on the file system of the tree it judges. */
#include "fileset/journal_place.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int journal_dir(const struct plan_fileset *fs, char *buf, size_t len)
{
    int n = snprintf(buf, len, "%s/%s", fs->journal, fs->name);
    return n < 0 || (size_t)n >= len ? (errno = ENAMETOOLONG, -1) : 0;
}

/* The device of path, or of its nearest existing parent (the tree may not be made yet). */
static int device_of(const char *path, dev_t *dev)
{
    char p[PATH_MAX];
    snprintf(p, sizeof p, "%s", path);
    for (;;) {
        struct stat st;
        if (stat(p, &st) == 0)
            return *dev = st.st_dev, 0;
        char *slash = strrchr(p, '/');
        if (slash == NULL || errno != ENOENT)
            return -1;
        if (slash == p)
            slash[1] = '\0';
        else
            *slash = '\0';
    }
}

int journal_check_place(const struct plan_fileset *fs, struct diag *err)
{
    dev_t tree, journal;
    if (device_of(fs->path, &tree) != 0 || device_of(fs->journal, &journal) != 0)
        return diag_set(err, &fs->loc, "journal: cannot tell the file systems of %s and %s apart: %s", fs->path,
                        fs->journal, strerror(errno));
    if (tree != journal)
        return 0;
    return diag_set(err, &fs->loc, "journal: %s is on the same file system as %s (the tree of %s '%s'): a crash or "
                    "power cut would take the journal with the data it judges; put it elsewhere (/dev/shm, another "
                    "disk) or give --journal-force", fs->journal, fs->path, fs->is_file ? "file" : "fileset", fs->name);
}
