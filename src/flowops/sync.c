/* sync.c: synchronisation flowops: block/wakeup and the semblock/sempost semaphores. */
#include "flowop.h"


const struct flowop_type flowop_block = {
    .name = "block", .cls = FC_SYNC, .rw = RW_NONE, .needs = 0,
    .summary = "wait until a wakeup targets this flowop",
};

const struct flowop_type flowop_wakeup = {
    .name = "wakeup", .cls = FC_SYNC, .rw = RW_NONE, .needs = NEED_TARGET,
    .summary = "wake every block flowop named by target",
};

const struct flowop_type flowop_semblock = {
    .name = "semblock", .cls = FC_SYNC, .rw = RW_NONE, .needs = 0,
    .summary = "wait for value posts on this flowop's semaphore",
};

const struct flowop_type flowop_sempost = {
    .name = "sempost", .cls = FC_SYNC, .rw = RW_NONE, .needs = NEED_TARGET,
    .summary = "post value to the semaphore of the semblock named by target",
};
