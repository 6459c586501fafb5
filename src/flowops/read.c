/* read.c: flowops that read: read (sequential or random) and readwholefile. */
#include "flowop.h"


const struct flowop_type flowop_read = {
    .name = "read", .cls = FC_IO, .rw = RW_READ, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .summary = "read iosize bytes at the current or a random offset (auto-opens the file)",
};

const struct flowop_type flowop_readwholefile = {
    .name = "readwholefile", .cls = FC_IO, .rw = RW_READ, .needs = NEED_FILESET_OR_FD,
    .summary = "read the whole file from offset 0 in iosize chunks",
};
