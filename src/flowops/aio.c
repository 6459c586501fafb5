/* aio.c: asynchronous writes on libaio: aiowrite submits, aiowait reaps. */
#include "flowop.h"


const struct flowop_type flowop_aiowrite = {
    .name = "aiowrite", .cls = FC_AIO, .rw = RW_WRITE, .needs = NEED_FILESET_OR_FD | NEED_IOSIZE | NEED_RANDOM,
    .summary = "submit an asynchronous write of iosize bytes at a random offset",
};

const struct flowop_type flowop_aiowait = {
    .name = "aiowait", .cls = FC_AIO, .rw = RW_NONE, .needs = 0,
    .summary = "wait for at least one submitted write and reap the completed ones",
};
