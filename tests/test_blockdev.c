/* test_blockdev.c: device resolution (sysstat/blockdev.h) over a made-up /sys:
 * dm-0 on two partitions of two disks; a partition leads to its disk; a loop
 * device whose backing file has no device stops at itself. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysstat/blockdev.h"
#include "check.h"

static void put(const char *root, const char *rel, const char *text)
{
    char path[4096], cmd[8300];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\"", path);
    if (system(cmd) != 0)
        exit(2);
    FILE *f = fopen(path, "w");
    if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
        exit(2);
}

static void link_to(const char *root, const char *rel, const char *target)
{
    char path[4096], cmd[8300];
    snprintf(path, sizeof path, "%s/%s", root, rel);
    snprintf(cmd, sizeof cmd, "mkdir -p \"$(dirname '%s')\" && ln -s '%s' '%s'", path, target, path);
    if (system(cmd) != 0)
        exit(2);
}

/* A device at devices/<parent>/<name> with its class/block and dev/block links. */
static void device(const char *root, const char *dir, const char *name, const char *majmin)
{
    char rel[512], target[512];
    snprintf(rel, sizeof rel, "devices/%s/dev", dir);
    put(root, rel, majmin);
    snprintf(rel, sizeof rel, "class/block/%s", name);
    snprintf(target, sizeof target, "../../devices/%s", dir);
    link_to(root, rel, target);
    snprintf(rel, sizeof rel, "dev/block/%s", majmin);
    link_to(root, rel, target);
}

int main(void)
{
    char root[] = "/tmp/flowbench-sysfs.XXXXXX";
    if (mkdtemp(root) == NULL)
        return 2;
    device(root, "pci0/block/sda", "sda", "8:0");
    put(root, "devices/pci0/block/sda/device/model", "FAST DISK       \n");
    device(root, "pci0/block/sda/sda1", "sda1", "8:1");
    put(root, "devices/pci0/block/sda/sda1/partition", "1\n");
    device(root, "pci1/block/sdb", "sdb", "8:16");
    put(root, "devices/pci1/block/sdb/device/model", "SLOW DISK\n");
    device(root, "pci1/block/sdb/sdb2", "sdb2", "8:18");
    put(root, "devices/pci1/block/sdb/sdb2/partition", "2\n");
    device(root, "virtual/block/dm-0", "dm-0", "253:0");
    link_to(root, "devices/virtual/block/dm-0/slaves/sda1", "../../../pci0/block/sda/sda1");
    link_to(root, "devices/virtual/block/dm-0/slaves/sdb2", "../../../pci1/block/sdb/sdb2");
    device(root, "virtual/block/loop3", "loop3", "7:3");
    put(root, "devices/virtual/block/loop3/loop/backing_file", "/proc/version\n");

    struct blockdev d[8];
    size_t n = blockdev_under(root, 253, 0, d, 8);
    CHECK(n == 5, "dm-0 has itself, two partitions and two disks");
    CHECK(n > 0 && strcmp(d[0].name, "dm-0") == 0 && d[0].holds[0] == '\0', "dm-0 first, holding nothing above it");
    int sda = 0, sda1 = 0, sdb = 0, sdb2 = 0;
    for (size_t i = 0; i < n; i++) {
        sda1 |= strcmp(d[i].name, "sda1") == 0 && strcmp(d[i].holds, "dm-0") == 0;
        sdb2 |= strcmp(d[i].name, "sdb2") == 0 && strcmp(d[i].holds, "dm-0") == 0;
        sda |= strcmp(d[i].name, "sda") == 0 && strcmp(d[i].holds, "sda1") == 0 && strcmp(d[i].model, "FAST DISK") == 0;
        sdb |= strcmp(d[i].name, "sdb") == 0 && strcmp(d[i].holds, "sdb2") == 0 && strcmp(d[i].model, "SLOW DISK") == 0;
    }
    CHECK(sda1 && sdb2, "dm-0's slaves are listed as held by dm-0");
    CHECK(sda && sdb, "each partition leads to its disk, with the disk's model trimmed");

    n = blockdev_under(root, 8, 1, d, 8);
    CHECK(n == 2 && strcmp(d[0].name, "sda1") == 0 && strcmp(d[1].name, "sda") == 0, "a partition, then its disk");
    CHECK(blockdev_under(root, 8, 1, d, 1) == 1, "the list stops at its capacity");
    n = blockdev_under(root, 7, 3, d, 8);
    CHECK(n == 1 && strcmp(d[0].name, "loop3") == 0 && d[0].model[0] == '\0', "a loop over a file on no device is alone");
    CHECK(blockdev_under(root, 0, 42, d, 8) == 0, "major 0 (tmpfs) has no device");
    CHECK(blockdev_under(root, 9, 9, d, 8) == 0, "an unknown device number has none");

    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    CHECK(system(cmd) == 0, "%s removed", root);
    return check_summary();
}
