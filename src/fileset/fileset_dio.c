/* fileset_dio.c: what O_DIRECT asks of a fileset's file system: the alignment
 * of buffers and of offsets and sizes, found once when the fileset is in
 * place, and the file system's name for the messages that refuse it. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"
#include "fileset/fileset_pick.h"

#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#define DIO_DEFAULT_ALIGN 4096   /* a page: what O_DIRECT needed before statx could say */

/* The device's logical block size from sysfs (what ioctl BLKSSZGET gives,
 * without opening the device): a partition's is its disk's. 0 if unknown. */
static uint32_t logical_block_size(dev_t dev)
{
    /* a partition's directory has no queue/: its disk's is one level up */
    static const char *const up[] = { "", "../" };
    for (size_t i = 0; i < sizeof up / sizeof up[0]; i++) {
        char path[128];
        unsigned v = 0;
        snprintf(path, sizeof path, "/sys/dev/block/%u:%u/%squeue/logical_block_size", major(dev), minor(dev), up[i]);
        FILE *f = fopen(path, "re");
        if (f == NULL)
            continue;
        int got = fscanf(f, "%u", &v);
        fclose(f);
        if (got == 1 && v > 0)
            return v;
    }
    return 0;
}

/* statx(STATX_DIOALIGN) of name in directory dfd (Linux 6.1; per file): false when the
 * kernel or the file system does not say. */
static bool statx_align(int dfd, const char *name, uint32_t *mem, uint32_t *off)
{
    struct statx st;
    if (dfd < 0 || statx(dfd, name, AT_SYMLINK_NOFOLLOW, STATX_DIOALIGN, &st) != 0 || !(st.stx_mask & STATX_DIOALIGN)
        || st.stx_dio_mem_align == 0 || st.stx_dio_offset_align == 0)
        return false;
    *mem = st.stx_dio_mem_align;
    *off = st.stx_dio_offset_align;
    return true;
}

void fileset_dio_setup(struct fileset_rt *fs, struct shm *shm)
{
    size_t i = 0;
    while (i < fs->nfiles && (fileset_state(fs, shm, FSK_FILE, (int64_t)i) & ENT_EXISTS) == 0)
        i++;
    if (i < fs->nfiles) {
        char buf[FS_NAME_LEN];
        const char *leaf;
        size_t dir;
        int dfd = fileset_entry_dir(fs, FSK_FILE, i, buf, &leaf, &dir);
        bool found = dfd >= 0 && statx_align(dfd, leaf, &fs->dio_mem_align, &fs->dio_offset_align);
        fileset_dir_put(fs, dir, dfd);
        if (found)
            return;
    }
    struct stat st;
    uint32_t lbs = fs->h.open && fstat(fs->h.rootfd, &st) == 0 ? logical_block_size(st.st_dev) : 0;
    /* Without a device (tmpfs, nfs, fuse...) nothing says what O_DIRECT
     * needs, if anything: buffers are aligned anyway, sizes are not judged. */
    fs->dio_mem_align = lbs ? lbs : DIO_DEFAULT_ALIGN;
    fs->dio_offset_align = lbs;
}
