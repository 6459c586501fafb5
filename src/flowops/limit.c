/* limit.c: rate limits against the event generator: eventlimit, iopslimit, opslimit, bwlimit. */
#include "flowop.h"


const struct flowop_type flowop_eventlimit = {
    .name = "eventlimit", .cls = FC_OTHER, .rw = RW_NONE, .needs = 0,
    .summary = "take one event from the generator (eventgen rate)",
};

const struct flowop_type flowop_iopslimit = {
    .name = "iopslimit", .cls = FC_OTHER, .rw = RW_NONE, .needs = USES_TARGET | 0,
    .summary = "limit read+write ops to the event rate",
};

const struct flowop_type flowop_opslimit = {
    .name = "opslimit", .cls = FC_OTHER, .rw = RW_NONE, .needs = USES_TARGET | 0,
    .summary = "limit ops to the event rate",
};

const struct flowop_type flowop_bwlimit = {
    .name = "bwlimit", .cls = FC_OTHER, .rw = RW_NONE, .needs = USES_TARGET | 0,
    .summary = "limit bandwidth to the event rate in MiB/s",
};
