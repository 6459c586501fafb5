/* finish.c: finish conditions: finishoncount and finishonbytes end the run normally. */
#include "flowop.h"


const struct flowop_type flowop_finishoncount = {
    .name = "finishoncount", .cls = FC_OTHER, .rw = RW_NONE, .needs = USES_TARGET | NEED_VALUE,
    .summary = "end the run when the target (or all I/O) reached value ops",
};

const struct flowop_type flowop_finishonbytes = {
    .name = "finishonbytes", .cls = FC_OTHER, .rw = RW_NONE, .needs = USES_TARGET | NEED_VALUE,
    .summary = "end the run when the target (or all I/O) moved more than value bytes",
};
