/* append.c: flowops that grow a file at its end: appendfile and appendfilerand. */
#include "flowop.h"


const struct flowop_type flowop_appendfile = {
    .name = "appendfile", .cls = FC_IO, .rw = RW_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .summary = "append iosize bytes at the end of the file",
};

const struct flowop_type flowop_appendfilerand = {
    .name = "appendfilerand", .cls = FC_IO, .rw = RW_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
    .summary = "append a random number of bytes in [0, iosize) at the end of the file",
};
