/* fsync.c: flowops that flush: fsync of one slot, fsyncset of every slot of a fileset. */
#include "flowop.h"


const struct flowop_type flowop_fsync = {
    .name = "fsync", .cls = FC_IO, .rw = RW_NONE, .needs = 0,
    .summary = "fsync the file in the slot",
};

const struct flowop_type flowop_fsyncset = {
    .name = "fsyncset", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET,
    .summary = "fsync every open slot that holds a file of the fileset",
};
