/* flowop_table.c: the list of every flowop type and the words for their flags,
 * for the parser, the plan, help, completion and docs. */
#include <string.h>

#include "flowops/flowop.h"

extern const struct flowop_type flowop_read;
extern const struct flowop_type flowop_readwholefile;
extern const struct flowop_type flowop_write;
extern const struct flowop_type flowop_writewholefile;
extern const struct flowop_type flowop_appendfile;
extern const struct flowop_type flowop_appendfilerand;
extern const struct flowop_type flowop_createfile;
extern const struct flowop_type flowop_openfile;
extern const struct flowop_type flowop_closefile;
extern const struct flowop_type flowop_deletefile;
extern const struct flowop_type flowop_statfile;
extern const struct flowop_type flowop_fsync;
extern const struct flowop_type flowop_dropcache;
extern const struct flowop_type flowop_fsyncset;
extern const struct flowop_type flowop_fsyncdir;
extern const struct flowop_type flowop_makedir;
extern const struct flowop_type flowop_removedir;
extern const struct flowop_type flowop_listdir;
extern const struct flowop_type flowop_rename;
extern const struct flowop_type flowop_setattr;
extern const struct flowop_type flowop_access;
extern const struct flowop_type flowop_statmissing;
extern const struct flowop_type flowop_statfs;
extern const struct flowop_type flowop_lock;
extern const struct flowop_type flowop_unlock;
extern const struct flowop_type flowop_readdir;
extern const struct flowop_type flowop_openflags;
extern const struct flowop_type flowop_replay;
extern const struct flowop_type flowop_aiowrite;
extern const struct flowop_type flowop_aiowait;
extern const struct flowop_type flowop_block;
extern const struct flowop_type flowop_wakeup;
extern const struct flowop_type flowop_semblock;
extern const struct flowop_type flowop_sempost;
extern const struct flowop_type flowop_barrier;
extern const struct flowop_type flowop_hog;
extern const struct flowop_type flowop_delay;
extern const struct flowop_type flowop_compute;
extern const struct flowop_type flowop_eventlimit;
extern const struct flowop_type flowop_iopslimit;
extern const struct flowop_type flowop_opslimit;
extern const struct flowop_type flowop_bwlimit;
extern const struct flowop_type flowop_finishoncount;
extern const struct flowop_type flowop_finishonbytes;
extern const struct flowop_type flowop_print;
extern const struct flowop_type flowop_testrandvar;

const struct flowop_type *const flowop_types[] = {
    &flowop_read,
    &flowop_readwholefile,
    &flowop_write,
    &flowop_writewholefile,
    &flowop_appendfile,
    &flowop_appendfilerand,
    &flowop_createfile,
    &flowop_openfile,
    &flowop_closefile,
    &flowop_deletefile,
    &flowop_statfile,
    &flowop_fsync,
    &flowop_dropcache,
    &flowop_fsyncset,
    &flowop_fsyncdir,
    &flowop_makedir,
    &flowop_removedir,
    &flowop_listdir,
    &flowop_rename,
    &flowop_setattr,
    &flowop_access,
    &flowop_statmissing,
    &flowop_statfs,
    &flowop_lock,
    &flowop_unlock,
    &flowop_readdir,
    &flowop_openflags,
    &flowop_replay,
    &flowop_aiowrite,
    &flowop_aiowait,
    &flowop_block,
    &flowop_wakeup,
    &flowop_semblock,
    &flowop_sempost,
    &flowop_barrier,
    &flowop_hog,
    &flowop_delay,
    &flowop_compute,
    &flowop_eventlimit,
    &flowop_iopslimit,
    &flowop_opslimit,
    &flowop_bwlimit,
    &flowop_finishoncount,
    &flowop_finishonbytes,
    &flowop_print,
    &flowop_testrandvar,
};

const size_t flowop_ntypes = sizeof flowop_types / sizeof flowop_types[0];

const struct flowop_type *flowop_type_find(const char *name)
{
    for (size_t i = 0; i < flowop_ntypes; i++)
        if (strcmp(flowop_types[i]->name, name) == 0)
            return flowop_types[i];
    return NULL;
}

const char *const flowop_flag_names[] = {
    "I/O (in the IO summary)", "asynchronous", "reads", "writes", "sync point", "own semaphore",
    "rate limit", "finish condition", "text value", "through the I/O engine",
    "creates or removes entries", "accelerator compute", "makes writes durable",
    "a step all threads and ranks meet", "opens or closes a slot's file",
};

const size_t flowop_nflags = sizeof flowop_flag_names / sizeof flowop_flag_names[0];
_Static_assert(FF_SLOT == 1 << (sizeof flowop_flag_names / sizeof flowop_flag_names[0] - 1),
               "one name per flowop flag, in bit order");
