/* stat.c: statfile: stat of a fileset entry or fstat of an open slot. */
#include "flowop.h"


const struct flowop_type flowop_statfile = {
    .name = "statfile", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET_OR_FD,
    .summary = "stat an existing file (fstat when slot fd is open)",
};
