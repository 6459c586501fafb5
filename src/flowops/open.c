/* open.c: flowops that bind a file to a descriptor slot: createfile, openfile, closefile. */
#include "flowop.h"


const struct flowop_type flowop_createfile = {
    .name = "createfile", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET,
    .summary = "create a file that does not exist yet and keep it open in the slot",
};

const struct flowop_type flowop_openfile = {
    .name = "openfile", .cls = FC_IO, .rw = RW_NONE, .needs = NEED_FILESET,
    .summary = "open an existing file into the slot",
};

const struct flowop_type flowop_closefile = {
    .name = "closefile", .cls = FC_IO, .rw = RW_NONE, .needs = 0,
    .summary = "close the file in the slot",
};
