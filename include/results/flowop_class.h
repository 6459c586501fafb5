/* flowop_class.h: how the results label a flowop's figures: its class (which
 * summary counts it) and whether its ops read or write. */
#ifndef FB_FLOWOP_CLASS_H
#define FB_FLOWOP_CLASS_H

enum flowop_class {
    FC_IO,    /* counted in the IO Summary */
    FC_AIO,   /* asynchronous I/O, also in the IO Summary */
    FC_SYNC,  /* block/wakeup/semaphores */
    FC_OTHER, /* hog, delay, limits, finish conditions */
    FC_COMPUTE, /* emulated accelerator compute (compute) */
};

enum flowop_rw { RW_NONE, RW_READ, RW_WRITE };

#endif
