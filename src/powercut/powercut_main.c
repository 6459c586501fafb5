/* powercut_main.c: flowbench-powercut, a disk with a volatile write cache served over
 * FUSE for a loop device, whose power can be cut: the options, the mount, the loop. */
#define FUSE_USE_VERSION 35
#include <errno.h>
#include <fuse.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/diag.h"
#include "powercut/disk.h"
#include "powercut/powercut_fs.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: flowbench-powercut [-f] [-m MIB] IMAGE MOUNTPOINT\n"
            "\n"
            "Serves IMAGE as MOUNTPOINT/disk, a disk with a volatile write cache, for a loop device\n"
            "(losetup -f --show MOUNTPOINT/disk). Writes stay in memory until the loop device flushes\n"
            "(an fsync of MOUNTPOINT/disk, which it sends for every cache flush and FUA write); only\n"
            "then do they reach IMAGE. After a cut IMAGE holds exactly the flushed writes: detach the\n"
            "loop device, unmount, and mount IMAGE itself (the file system replays its journal).\n"
            "\n"
            "The control file:\n");
    disk_command_help(out);
    fprintf(out,
            "  cat MOUNTPOINT/control                      the state (running or cut) and the counters\n"
            "  fusermount3 -u MOUNTPOINT                   stop; without a cut the cache goes to IMAGE first\n"
            "\n"
            "options:\n"
            "  -f, --foreground   stay in the foreground (else it returns once mounted)\n"
            "  -m, --max-cache MIB  the cache's bound (default 1024): a write that would cache more\n"
            "                     first flushes the cache to IMAGE, as a drive with a full cache does\n"
            "  -h, --help         this message\n"
            "      --version      print the version\n"
            "\n"
            "Exit status: 0 ok, 1 the mount or the disk failed, 2 usage.\n");
}

/* -m MIB: the cache's bound in blocks, or -1 (said). */
static long long max_cache(const char *arg)
{
    char *end;
    errno = 0;
    long long mib = strtoll(arg, &end, 10);
    if (errno || end == arg || *end || mib < 1 || mib > (1ll << 30)) {
        fprintf(stderr, "flowbench-powercut: error: -m %s: give the cache's bound in MiB (1 or more)\n", arg);
        return -1;
    }
    return mib * (1 << 20) / WCACHE_BLOCK;
}

/* Parses the options; returns the index of IMAGE in argv, or -1 (usage printed). */
static int parse_options(int argc, char **argv, int *foreground, long long *max_blocks)
{
    enum { OPT_VERSION = 256 };
    static const struct option opts[] = {
        {"foreground", no_argument, NULL, 'f'},
        {"max-cache", required_argument, NULL, 'm'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, OPT_VERSION},
        {NULL, 0, NULL, 0},
    };
    int c;
    while ((c = getopt_long(argc, argv, "fm:h", opts, NULL)) != -1) {
        switch (c) {
        case 'f': *foreground = 1; break;
        case 'm': if ((*max_blocks = max_cache(optarg)) < 0) return -1; break;
        case 'h': usage(stdout); exit(0);
        case OPT_VERSION: printf("flowbench-powercut %s\n", FLOWBENCH_VERSION); exit(0);
        default: usage(stderr); return -1;
        }
    }
    if (argc - optind != 2) {
        fprintf(stderr, "flowbench-powercut: error: %s\n",
                argc - optind < 2 ? "give IMAGE and MOUNTPOINT" : "too many arguments");
        usage(stderr);
        return -1;
    }
    return optind;
}

static int check_mountpoint(const char *mnt)
{
    struct stat st;
    if (stat(mnt, &st) != 0) {
        fprintf(stderr, "flowbench-powercut: error: mount point %s: %s\n", mnt, strerror(errno));
        return -1;
    }
    if (!S_ISDIR(st.st_mode)) {
        fprintf(stderr, "flowbench-powercut: error: mount point %s is not a directory\n", mnt);
        return -1;
    }
    return 0;
}

/* Mounts, serves requests one at a time (the order they come in is the disk's order)
 * until unmounted or signalled, then unmounts. */
static int serve(struct pc_disk *d, const char *argv0, const char *mnt, int foreground)
{
    struct fuse_args args = FUSE_ARGS_INIT(0, NULL);
    if (fuse_opt_add_arg(&args, argv0) != 0 || fuse_opt_add_arg(&args, "-o") != 0 ||
        fuse_opt_add_arg(&args, "fsname=flowbench-powercut,subtype=flowbench-powercut") != 0) {
        fprintf(stderr, "flowbench-powercut: error: out of memory\n");
        return -1;
    }
    struct fuse *f = powercut_fs_new(&args, d);
    fuse_opt_free_args(&args);
    if (!f) {
        fprintf(stderr, "flowbench-powercut: error: libfuse could not make the file system\n");
        return -1;
    }
    int rc = -1;
    if (fuse_mount(f, mnt) != 0) {
        fprintf(stderr, "flowbench-powercut: error: cannot mount on %s (is /dev/fuse there, and are you root?)\n",
                mnt);
    } else {
        if (fuse_daemonize(foreground) == 0 && fuse_set_signal_handlers(fuse_get_session(f)) == 0) {
            rc = fuse_loop(f) == 0 ? 0 : -1;
            fuse_remove_signal_handlers(fuse_get_session(f));
        }
        fuse_unmount(f);
    }
    fuse_destroy(f);
    return rc;
}

int main(int argc, char **argv)
{
    int foreground = 0;
    long long max_blocks = WCACHE_MAX_BLOCKS;
    int first = parse_options(argc, argv, &foreground, &max_blocks);
    if (first < 0)
        return 2;
    const char *image = argv[first], *mnt = argv[first + 1];
    struct pc_disk disk;
    struct diag err;
    if (disk_open(&disk, image, &err) != 0) {
        fprintf(stderr, "flowbench-powercut: error: image %s\n", err.msg);
        return 2;
    }
    disk.cache.max_blocks = (size_t)max_blocks;
    if (check_mountpoint(mnt) != 0) {
        disk_shutdown(&disk);
        return 2;
    }
    int rc = serve(&disk, argv[0], mnt, foreground);
    int cut = disk.cut;
    int64_t written = disk_shutdown(&disk);
    if (written < 0) {
        fprintf(stderr, "flowbench-powercut: error: %s: writing the cache at shutdown: %s\n", disk.image,
                strerror((int)-written));
        return 1;
    }
    if (!cut && written > 0)
        fprintf(stderr, "flowbench-powercut: stopped without a cut: wrote the %lld cached blocks to %s\n",
                (long long)written, disk.image);
    return rc == 0 ? 0 : 1;
}
