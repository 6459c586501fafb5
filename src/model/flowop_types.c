/* flowop_types.c: what each flowop type is (its name, flags, needs, attributes
 * and summary), one row per type; src/flowops/ has how each one runs. */
#include <string.h>

#include "lang/attr.h"
#include "model/flowop_type.h"

/* finishoncount is met at value ops, finishonbytes past value bytes. */
static const struct finish_rule on_count = { FINISH_OPS, false };
static const struct finish_rule on_bytes = { FINISH_BYTES, true };

const struct flowop_type flowop_types[FLOWOP_NTYPES] = {
    [FT_READ] = {
        .name = "read",
        .flags = FF_IO | FF_READ | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA(FO_VERIFY) | FA(FO_OPENCLOSE)
                 | FA(FO_OFFSET) | FA(FO_INPLACE),
        .summary = "read iosize bytes at the current, a random, a given or the previous op's offset (auto-opens the file)",
    },
    [FT_READWHOLEFILE] = {
        .name = "readwholefile",
        .flags = FF_IO | FF_READ | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA(FO_WORKINGSET) | FA(FO_VERIFY) | FA(FO_OPENCLOSE),
        .summary = "read the whole file from offset 0 in iosize chunks",
    },
    [FT_WRITE] = {
        .name = "write",
        .flags = FF_IO | FF_WRITE | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA_DATA | FA(FO_VERIFY)
                 | FA(FO_OPENCLOSE) | FA(FO_OFFSET) | FA(FO_INPLACE),
        .summary = "write iosize bytes at the current, a random, a given or the previous op's offset (auto-opens the file)",
    },
    [FT_WRITEWHOLEFILE] = {
        .name = "writewholefile",
        .flags = FF_IO | FF_WRITE | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA(FO_WORKINGSET) | FA(FO_SRCFD) | FA_DATA | FA(FO_VERIFY) | FA(FO_OPENCLOSE),
        .summary = "write the file's nominal size (or that of the srcfd file) in iosize chunks",
    },
    [FT_APPENDFILE] = {
        .name = "appendfile",
        .flags = FF_IO | FF_WRITE | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA_DATA | FA(FO_VERIFY) | FA(FO_OPENCLOSE),
        .summary = "append iosize bytes at the end of the file",
    },
    [FT_APPENDFILERAND] = {
        .name = "appendfilerand",
        .flags = FF_IO | FF_WRITE | FF_ENGINE,
        .needs = NEED_FILESET_OR_FD | NEED_IOSIZE,
        .attrs = FA_COMMON | FA_OPEN | FA_ENGINE | FA(FO_IOSIZE) | FA_DATA | FA(FO_VERIFY) | FA(FO_OPENCLOSE),
        .summary = "append a random number of bytes in [0, iosize) at the end of the file",
    },
    [FT_CREATEFILE] = {
        .name = "createfile",
        .flags = FF_IO | FF_TREE | FF_SLOT,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA_OPEN,
        .summary = "create a file that does not exist yet and keep it open in the slot",
    },
    [FT_OPENFILE] = {
        .name = "openfile",
        .flags = FF_IO | FF_SLOT,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA_OPEN,
        .summary = "open an existing file into the slot",
    },
    [FT_CLOSEFILE] = {
        .name = "closefile",
        .flags = FF_IO | FF_SLOT,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_FD) | FA(FO_OPENNEXT),
        .summary = "close the file in the slot",
    },
    [FT_DELETEFILE] = {
        .name = "deletefile",
        .flags = FF_IO | FF_TREE,
        .needs = NEED_FILESET_OR_FD,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_FD) | FA(FO_OPENNEXT) | FA(FO_INDEXED) | FA_PICK,
        .summary = "delete an existing file (or the one last bound to slot fd)",
    },
    [FT_STATFILE] = {
        .name = "statfile",
        .flags = FF_IO,
        .needs = NEED_FILESET_OR_FD,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_FD) | FA(FO_OPENNEXT) | FA(FO_INDEXED) | FA_PICK,
        .summary = "stat an existing file (fstat when slot fd is open)",
    },
    [FT_FSYNC] = {
        .name = "fsync",
        .flags = FF_IO | FF_DURABLE,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_FD) | FA(FO_OPENNEXT),
        .summary = "fsync the file in the slot",
    },
    [FT_DROPCACHE] = {
        .name = "dropcache",
        .flags = 0,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_FD),
        .summary = "take the file in slot fd out of the page cache (written back, then dropped): later reads come from the device",
    },
    [FT_FSYNCSET] = {
        .name = "fsyncset",
        .flags = FF_IO | FF_DURABLE,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME),
        .summary = "fsync every open slot that holds a file of the fileset",
    },
    [FT_FSYNCDIR] = {
        .name = "fsyncdir",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME),
        .summary = "fsync every directory of the fileset: its creates and deletes so far become durable",
    },
    [FT_MAKEDIR] = {
        .name = "makedir",
        .flags = FF_IO | FF_TREE,
        .needs = NEED_FILESET | NEED_LEAFDIRS,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED) | FA_PICK,
        .summary = "create a leaf directory that does not exist yet",
    },
    [FT_REMOVEDIR] = {
        .name = "removedir",
        .flags = FF_IO | FF_TREE,
        .needs = NEED_FILESET | NEED_LEAFDIRS,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED) | FA_PICK,
        .summary = "remove an existing leaf directory",
    },
    [FT_LISTDIR] = {
        .name = "listdir",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME),
        .summary = "read every entry of the next directory of the fileset",
    },
    [FT_RENAME] = {
        .name = "rename",
        .flags = FF_IO | FF_TREE,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED),
        .summary = "rename an existing file onto a free name of its fileset (renameat)",
    },
    [FT_SETATTR] = {
        .name = "setattr",
        .flags = FF_IO | FF_TEXT_VALUE,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED) | FA(FO_VALUE) | FA(FO_IOSIZE),
        .summary = "set an existing file's attributes: value=\"chmod\", \"utimes\" (default) or \"truncate\" (to iosize)",
    },
    [FT_ACCESS] = {
        .name = "access",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED),
        .summary = "check read and write access to an existing file (faccessat)",
    },
    [FT_STATMISSING] = {
        .name = "statmissing",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_INDEXED),
        .summary = "stat a name of the fileset that does not exist (ENOENT is the answer)",
    },
    [FT_STATFS] = {
        .name = "statfs",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME),
        .summary = "statfs of the file system holding the fileset",
    },
    [FT_LOCK] = {
        .name = "lock",
        .flags = FF_IO | FF_TEXT_VALUE,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_FD) | FA(FO_VALUE) | FA(FO_IOSIZE),
        .summary = "write-lock the file in the slot: value=\"fcntl\" (default; iosize bytes, 0 all) or \"flock\"",
    },
    [FT_UNLOCK] = {
        .name = "unlock",
        .flags = FF_IO | FF_TEXT_VALUE,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_FD) | FA(FO_VALUE) | FA(FO_IOSIZE),
        .summary = "release the lock taken by lock on the file in the slot (same value=)",
    },
    [FT_READDIR] = {
        .name = "readdir",
        .flags = FF_IO,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_IOSIZE),
        .summary = "one getdents64 of iosize bytes (default 32k) on the next directory of the fileset",
    },
    [FT_OPENFLAGS] = {
        .name = "openflags",
        .flags = FF_IO | FF_TREE | FF_TEXT_VALUE,
        .needs = NEED_FILESET,
        .attrs = FA_COMMON | FA(FO_FILENAME) | FA(FO_FD) | FA(FO_INDEXED) | FA(FO_VALUE),
        .summary = "open a file into the slot with value=\"creat,excl,trunc,append,rdonly|wronly\" (creat: a free name)",
    },
    [FT_REPLAY] = {
        .name = "replay",
        .flags = 0,
        .needs = 0,
        .attrs = FA_COMMON,
        .summary = "one traced thread's calls, one a pass (made by flowbench replay, not written in scripts)",
    },
    [FT_AIOWRITE] = {
        .name = "aiowrite",
        .flags = FF_IO | FF_ASYNC | FF_WRITE,
        .needs = NEED_FILESET_OR_FD | NEED_IOSIZE | NEED_RANDOM,
        .attrs = FA_COMMON | FA_OPEN | FA(FO_IOSIZE) | FA(FO_RANDOM) | FA(FO_WORKINGSET) | FA_DATA | FA_ENGINE,
        .summary = "submit an asynchronous write of iosize bytes at a random offset",
    },
    [FT_AIOWAIT] = {
        .name = "aiowait",
        .flags = FF_IO | FF_ASYNC,
        .needs = 0,
        .attrs = FA_COMMON,
        .summary = "wait for at least one submitted write and reap the completed ones",
    },
    [FT_BLOCK] = {
        .name = "block",
        .flags = FF_SYNC | FF_OWN_SEM,
        .needs = 0,
        .attrs = FA_COMMON,
        .summary = "wait until a wakeup targets this flowop",
    },
    [FT_WAKEUP] = {
        .name = "wakeup",
        .flags = FF_SYNC,
        .needs = NEED_TARGET,
        .wakes = &flowop_types[FT_BLOCK],
        .attrs = FA_COMMON | FA(FO_TARGET),
        .summary = "wake every block flowop named by target",
    },
    [FT_SEMBLOCK] = {
        .name = "semblock",
        .flags = FF_SYNC | FF_OWN_SEM,
        .needs = 0,
        .attrs = FA_COMMON | FA(FO_VALUE) | FA(FO_HIGHWATER),
        .summary = "wait for value posts on this flowop's semaphore",
    },
    [FT_SEMPOST] = {
        .name = "sempost",
        .flags = FF_SYNC,
        .needs = NEED_TARGET,
        .wakes = &flowop_types[FT_SEMBLOCK],
        .attrs = FA_COMMON | FA(FO_VALUE) | FA(FO_TARGET) | FA(FO_BLOCKING),
        .summary = "post value to the semaphore of the semblock named by target",
    },
    [FT_BARRIER] = {
        .name = "barrier",
        .flags = FF_SYNC | FF_STEP,
        .needs = 0,
        .attrs = FA_COMMON,
        .summary = "wait until every thread with a barrier, on every MPI rank, has reached its next one",
    },
    [FT_HOG] = {
        .name = "hog",
        .flags = 0,
        .needs = NEED_VALUE,
        .attrs = FA_COMMON | FA(FO_VALUE),
        .summary = "burn CPU: value iterations over thread memory",
    },
    [FT_DELAY] = {
        .name = "delay",
        .flags = 0,
        .needs = NEED_VALUE,
        .attrs = FA_COMMON | FA(FO_VALUE),
        .summary = "sleep value seconds",
    },
    [FT_COMPUTE] = {
        .name = "compute",
        .flags = FF_COMPUTE,
        .needs = NEED_VALUE,
        .attrs = FA_COMMON | FA(FO_VALUE),
        .summary = "emulated accelerator work: sleep value microseconds, counted as compute time (accel_util)",
    },
    [FT_EVENTLIMIT] = {
        .name = "eventlimit",
        .flags = FF_LIMIT,
        .needs = 0,
        .attrs = FA_COMMON,
        .summary = "take one event from the generator (eventgen rate)",
    },
    [FT_IOPSLIMIT] = {
        .name = "iopslimit",
        .flags = FF_LIMIT,
        .needs = USES_TARGET | NEED_RW_TARGET,
        .attrs = FA_COMMON | FA(FO_TARGET),
        .summary = "limit read+write ops to the event rate",
    },
    [FT_OPSLIMIT] = {
        .name = "opslimit",
        .flags = FF_LIMIT,
        .needs = USES_TARGET,
        .attrs = FA_COMMON | FA(FO_TARGET),
        .summary = "limit ops to the event rate",
    },
    [FT_BWLIMIT] = {
        .name = "bwlimit",
        .flags = FF_LIMIT,
        .needs = USES_TARGET | NEED_RW_TARGET,
        .attrs = FA_COMMON | FA(FO_TARGET),
        .summary = "limit bandwidth to the event rate in MiB/s",
    },
    [FT_FINISHONCOUNT] = {
        .name = "finishoncount",
        .flags = FF_FINISH,
        .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE,
        .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
        .summary = "end the run when the target (or all I/O) reached value ops",
        .finish = &on_count,
    },
    [FT_FINISHONBYTES] = {
        .name = "finishonbytes",
        .flags = FF_FINISH,
        .needs = USES_TARGET | NEED_VALUE | NEED_FIXED_VALUE | NEED_RW_TARGET,
        .attrs = FA_COMMON | FA(FO_TARGET) | FA(FO_VALUE),
        .summary = "end the run when the target (or all I/O) moved more than value bytes",
        .finish = &on_bytes,
    },
    [FT_PRINT] = {
        .name = "print",
        .flags = FF_TEXT_VALUE,
        .needs = NEED_VALUE,
        .attrs = FA_COMMON | FA(FO_VALUE),
        .summary = "print value (a string) each time it runs",
    },
    [FT_TESTRANDVAR] = {
        .name = "testrandvar",
        .flags = 0,
        .needs = NEED_VALUE,
        .attrs = FA_COMMON | FA(FO_VALUE),
        .summary = "draw value and report its mean and spread at the end of the run",
    },
};

const size_t flowop_ntypes = FLOWOP_NTYPES;

const struct flowop_type *flowop_type_find(const char *name)
{
    for (size_t i = 0; i < flowop_ntypes; i++)
        if (strcmp(flowop_types[i].name, name) == 0)
            return &flowop_types[i];
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
