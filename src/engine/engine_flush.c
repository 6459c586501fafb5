/* engine_flush.c: `flush` and --flush: before a run starts, with its filesets
 * in place, sync and drop the page cache, the whole of it when the kernel lets
 * us (root), else the filesets' own files one by one; a line says which. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "engine/engine_rt.h"

#define DROP_CACHES "/proc/sys/vm/drop_caches"

/* sync, then "3" (page cache, dentries and inodes) into drop_caches: 0, or
 * the errno value that refused it. */
static int drop_all(void)
{
    sync();
    int fd = open(DROP_CACHES, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    int rc = write(fd, "3", 1) == 1 ? 0 : errno;
    if (close(fd) != 0 && rc == 0)
        rc = errno;
    return rc;
}

int engine_flush(struct engine *e, struct diag *err)
{
    int why = drop_all();
    if (why == 0) {
        engine_note(e, "flush: dropped the page cache (" DROP_CACHES ")");
        return 0;
    }
    size_t files = 0;
    for (size_t i = 0; i < e->nfs; i++)
        if (fileset_drop_cache(&e->fs[i], &e->shm, &files, err) != 0)
            return -1;
    bool not_root = geteuid() != 0 && (why == EACCES || why == EPERM);
    engine_note(e, "flush: %s%s; dropped the filesets' pages with posix_fadvise (%zu file%s)",
            not_root ? "not root" : "cannot write " DROP_CACHES ": ",
            not_root ? "" : strerror(why), files, files == 1 ? "" : "s");
    return 0;
}
