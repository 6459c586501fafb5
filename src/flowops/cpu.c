/* cpu.c: flowops that spend time without I/O: hog (CPU) and delay (sleep). */
#include "flowop.h"


const struct flowop_type flowop_hog = {
    .name = "hog", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "burn CPU: value iterations over thread memory",
};

const struct flowop_type flowop_delay = {
    .name = "delay", .cls = FC_OTHER, .rw = RW_NONE, .needs = NEED_VALUE,
    .summary = "sleep value seconds",
};
