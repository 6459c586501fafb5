/* dir.c: directory flowops: makedir, removedir (leaf directories) and listdir. */
#include "flowop.h"


const struct flowop_type flowop_makedir = {
    .name = "makedir", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET | NEED_LEAFDIRS,
    .summary = "create a leaf directory that does not exist yet",
};

const struct flowop_type flowop_removedir = {
    .name = "removedir", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET | NEED_LEAFDIRS,
    .summary = "remove an existing leaf directory",
};

const struct flowop_type flowop_listdir = {
    .name = "listdir", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET,
    .summary = "read every entry of the next directory of the fileset",
};
