/* write.c: flowops that write in place: write (sequential or random) and writewholefile. */
#include "flowop.h"


const struct flowop_type flowop_write = {
    .name = "write", .cls = FC_IO, .rw = RW_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .summary = "write iosize bytes at the current or a random offset (auto-opens the file)",
};

const struct flowop_type flowop_writewholefile = {
    .name = "writewholefile", .cls = FC_IO, .rw = RW_WRITE, .needs = NEED_FILESET_OR_FD,
    .summary = "write the file's nominal size (or that of the srcfd file) in iosize chunks",
};
