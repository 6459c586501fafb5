/* flowop_kind.h: what a flowop type is, without its hooks: its flags, needs, the
 * class the reports label it by and whether it reads or writes (flowop.h has the type). */
#ifndef FB_FLOWOP_KIND_H
#define FB_FLOWOP_KIND_H

/* What a flowop is: the plan, the engine, the reports, help and the docs read these. */
enum flowop_flag {
    FF_IO = 1 << 0,         /* does I/O on files or directories: counts in the IO Summary,
                             * and in limits and finish conditions without a target */
    FF_ASYNC = 1 << 1,      /* asynchronous I/O (with FF_IO) */
    FF_READ = 1 << 2,       /* reads file data: its ops are reads */
    FF_WRITE = 1 << 3,      /* writes file data: its ops are writes */
    FF_SYNC = 1 << 4,       /* a sync point between threads (block, wakeup, semaphores) */
    FF_OWN_SEM = 1 << 5,    /* has a semaphore of its own, that a flowop of type `wakes` posts to */
    FF_LIMIT = 1 << 6,      /* holds its thread to the event generator's rate */
    FF_FINISH = 1 << 7,     /* a met condition ends the run normally */
    FF_TEXT_VALUE = 1 << 8, /* value= may be text, kept as given (print) */
    FF_ENGINE = 1 << 9,     /* its reads and writes go through the thread's I/O engine (ioengine=, iodepth=) */
    FF_TREE = 1 << 10,      /* creates or removes entries of its fileset: ranks sharing a tree each do
                             * this on their own share of the entries (--mpi-shared) */
    FF_COMPUTE = 1 << 11,   /* emulated accelerator work: its time is compute time (accelerator utilisation) */
    FF_DURABLE = 1 << 12,   /* makes written data durable (fsync): counts in a writer's time */
    FF_STEP = 1 << 13,      /* a step every thread that has one meets, on every rank (barrier) */
    FF_SLOT = 1 << 14,      /* opens or closes the file of a descriptor slot (openfile, createfile, closefile):
                             * the file another flowop finds in that slot changes */
};

/* What a flowop needs to be valid; checked when a run starts and by --check. */
enum flowop_need {
    NEED_FILESET = 1 << 0,       /* picks from a fileset: filename= must name one */
    NEED_FILESET_OR_FD = 1 << 1, /* a file descriptor: filename= or an fd slot opened by another flowop */
    NEED_IOSIZE = 1 << 2,        /* iosize= > 0 */
    NEED_TARGET = 1 << 3,        /* target= names a flowop */
    NEED_VALUE = 1 << 4,         /* value= given */
    NEED_RANDOM = 1 << 5,        /* random must be set */
    NEED_LEAFDIRS = 1 << 6,      /* the fileset must have leafdirs */
    USES_TARGET = 1 << 7,        /* target= optional; when given it must name a flowop */
    NEED_FIXED_VALUE = 1 << 8,   /* value=, when given, is a fixed number (no distribution) */
    NEED_RW_TARGET = 1 << 9,     /* the target, when given, reads or writes */
};

/* How the reports label a flowop: derived from its flags (flowop_class). */
enum flowop_class {
    FC_IO,    /* counted in the IO Summary */
    FC_AIO,   /* asynchronous I/O, also in the IO Summary */
    FC_SYNC,  /* block/wakeup/semaphores */
    FC_OTHER, /* hog, delay, limits, finish conditions */
    FC_COMPUTE, /* emulated accelerator compute (compute) */
};

enum flowop_rw { RW_NONE, RW_READ, RW_WRITE };

#endif
