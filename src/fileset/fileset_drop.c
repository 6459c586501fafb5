/* fileset_drop.c: taking a fileset's files out of the page cache: written
 * back, then dropped (posix_fadvise DONTNEED), file by file; what `flush`
 * does without the rights to drop the whole cache, and cached=false at
 * population. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_pick.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int fileset_drop_fd(int fd, const char **what)
{
    /* Dirty pages are not dropped: write them back first. */
    if (fdatasync(fd) != 0) {
        *what = "write back";
        return errno;
    }
    int rc = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
    *what = "drop the cached pages of";
    return rc;
}

int fileset_drop_cache(struct fileset_rt *fs, struct shm *shm, size_t *files, struct diag *err)
{
    char path[PATH_MAX + 512];
    for (size_t i = 0; i < fs->nfiles; i++) {
        if ((fileset_state(fs, shm, FSK_FILE, (int64_t)i) & ENT_EXISTS) == 0)
            continue;
        int fd = fileset_open_entry(fs, FSK_FILE, i, O_RDONLY | O_NONBLOCK, 0);
        if (fd < 0 && errno == ENOENT)
            continue; /* removed behind our back: nothing of it is cached */
        if (fd < 0) {
            fileset_blame(fs, FSK_FILE, i, errno, path, sizeof path);
            return diag_set(err, &fs->plan->loc, "flush: cannot open %s", path);
        }
        if (fileset_path(fs, FSK_FILE, i, path, sizeof path) != 0)
            snprintf(path, sizeof path, "file %zu of %s", i, fs->root);
        const char *what;
        int rc = fileset_drop_fd(fd, &what);
        close(fd);
        if (rc != 0)
            return diag_set(err, &fs->plan->loc, "flush: cannot %s %s: %s", what, path, strerror(rc));
        (*files)++;
    }
    return 0;
}
