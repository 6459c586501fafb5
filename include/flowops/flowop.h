/* flowop.h: a flowop type is one row {name, class, attributes, handler}; the rows
 * live in src/flowops/, one file per concept, and flowop_types[] lists them all. */
#ifndef FB_FLOWOP_H
#define FB_FLOWOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum flowop_class {
    FC_IO,    /* counted in the IO Summary */
    FC_AIO,   /* asynchronous I/O, also in the IO Summary */
    FC_SYNC,  /* block/wakeup/semaphores */
    FC_OTHER, /* hog, delay, limits, finish conditions */
};

enum flowop_rw { RW_NONE, RW_READ, RW_WRITE };

/* What a flowop needs to be valid; checked when a run starts and by --check. */
enum flowop_need {
    NEED_FILESET = 1 << 0,       /* filename= must name a fileset */
    NEED_FILESET_OR_FD = 1 << 1, /* filename= or an fd slot opened by another flowop */
    NEED_IOSIZE = 1 << 2,        /* iosize= > 0 */
    NEED_TARGET = 1 << 3,        /* target= names a flowop */
    NEED_VALUE = 1 << 4,         /* value= given */
    NEED_RANDOM = 1 << 5,        /* random must be set */
    NEED_LEAFDIRS = 1 << 6,      /* the fileset must have leafdirs */
    USES_TARGET = 1 << 7,        /* target= optional; when given it must name a flowop */
};

struct worker;
struct op_inst;

struct flowop_type {
    const char *name;
    enum flowop_class cls;
    enum flowop_rw rw;
    unsigned needs;        /* enum flowop_need */
    unsigned attrs;        /* the flowop attributes it reads: FA(FO_...) bits (attr.h) */
    bool finishes;         /* a met condition ends the run normally (a finish condition) */
    const char *summary;   /* one line for help and docs */
    int (*run)(struct worker *w, struct op_inst *op);
};

extern const struct flowop_type *const flowop_types[];
extern const size_t flowop_ntypes;
const struct flowop_type *flowop_type_find(const char *name);

#endif
