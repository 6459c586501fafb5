/* delete.c: deletefile: unlinking files of a fileset. */
#include "flowop.h"


const struct flowop_type flowop_deletefile = {
    .name = "deletefile", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET_OR_FD,
    .summary = "delete an existing file (or the one last bound to slot fd)",
};
