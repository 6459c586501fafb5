/* debugops.c: flowops for script debugging: print and testrandvar. */
#include "flowop.h"


const struct flowop_type flowop_print = {
    .name = "print", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "print value (a string) each time it runs",
};

const struct flowop_type flowop_testrandvar = {
    .name = "testrandvar", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "draw value and report its mean and spread at the end of the run",
};
