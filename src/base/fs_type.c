/* fs_type.c: the names of the common file systems by statfs f_type (linux/magic.h). */
#include "base/fs_type.h"

#include <stddef.h>
#include <stdint.h>

static const struct {
    uint32_t magic;
    const char *name;
} fs_types[] = {
    { 0xEF53, "ext4" },          { 0x58465342, "xfs" },        { 0x9123683E, "btrfs" },
    { 0x01021994, "tmpfs" },     { 0x858458f6, "ramfs" },      { 0x6969, "nfs" },
    { 0x794c7630, "overlay" },   { 0x65735546, "fuse" },       { 0xF2F52010, "f2fs" },
    { 0x2fc12fc1, "zfs" },       { 0x4d44, "vfat" },           { 0x5346544e, "ntfs" },
    { 0xFE534D42, "smb2" },      { 0xFF534D42, "cifs" },       { 0x73717368, "squashfs" },
    { 0x9fa0, "proc" },          { 0x62656572, "sysfs" },      { 0x01021997, "9p" },
    { 0xca451a4e, "bcachefs" },  { 0x28cd3d45, "cramfs" },     { 0x00c36400, "ceph" },
};

const char *fs_type_name(unsigned long magic)
{
    for (size_t i = 0; i < sizeof fs_types / sizeof fs_types[0]; i++)
        if ((uint32_t)magic == fs_types[i].magic)
            return fs_types[i].name;
    return NULL;
}
