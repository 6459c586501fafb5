/* replay_calls.c: the calls a trace may hold, a row each: their name in
 * flowbench's trace format, what they name, and the flowop type whose report
 * row counts them when they are replayed. */
#include <string.h>

#include "model/replay_image.h"

const struct rp_call_row rp_calls[RC_NCALLS] = {
    [RC_OPEN] = { "open", RT_PATH | RT_NEWFD, "openflags", 1 },
    [RC_CLOSE] = { "close", RT_FD, "closefile", 0 },
    [RC_READ] = { "read", RT_FD, "read", 0 },
    [RC_WRITE] = { "write", RT_FD, "write", 0 },
    [RC_LSEEK] = { "lseek", RT_FD, "statfile", 0 },
    [RC_FSYNC] = { "fsync", RT_FD, "fsync", 0 },
    [RC_FDATASYNC] = { "fdatasync", RT_FD, "fsync", 0 },
    [RC_STAT] = { "stat", RT_PATH, "statfile", 0 },
    [RC_FSTAT] = { "fstat", RT_FD, "statfile", 0 },
    [RC_UNLINK] = { "unlink", RT_PATH, "deletefile", 1 },
    [RC_MKDIR] = { "mkdir", RT_PATH, "makedir", 1 },
    [RC_RMDIR] = { "rmdir", RT_PATH, "removedir", 1 },
    [RC_RENAME] = { "rename", RT_PATH | RT_PATH2, "rename", 1 },
    [RC_TRUNCATE] = { "truncate", RT_PATH, "setattr", 0 },
    [RC_FTRUNCATE] = { "ftruncate", RT_FD, "setattr", 0 },
    [RC_CHMOD] = { "chmod", RT_PATH, "setattr", 0 },
    [RC_UTIMES] = { "utimes", RT_PATH, "setattr", 0 },
    [RC_ACCESS] = { "access", RT_PATH, "access", 0 },
    [RC_STATFS] = { "statfs", RT_PATH, "statfs", 0 },
    [RC_GETDENTS] = { "getdents", RT_FD, "readdir", 0 },
    [RC_LOCK] = { "lock", RT_FD, "lock", 0 },
    [RC_FLOCK] = { "flock", RT_FD, "lock", 0 },
    [RC_DUP] = { "dup", RT_FD | RT_NEWFD, "openfile", 0 },
    [RC_LINK] = { "link", RT_PATH | RT_PATH2, "rename", 1 }, /* a second name: counted with renames */
    /* result: the child's pid; the child inherits a copy of the descriptors */
    [RC_FORK] = { "fork", 0, NULL, 0 },
    /* closes the descriptors opened with O_CLOEXEC */
    [RC_EXEC] = { "exec", 0, NULL, 0 },
    /* made by the compile, not recorded: a descriptor a child inherited, opened anew in its replay */
    [RC_INHERIT] = { "inherit", RT_PATH | RT_NEWFD, "openfile", 0 },
    /* a link holding the recorded text, made beneath the root and never followed: counted with renames (a name) */
    [RC_SYMLINK] = { "symlink", RT_PATH | RT_TEXT2, "rename", 1 },
    /* the text of a link (as recorded, when the trace has it) */
    [RC_READLINK] = { "readlink", RT_PATH | RT_TEXT2, "statfile", 0 },
    /* fcntl(F_SETFD): flags O_CLOEXEC or 0, whether exec closes the descriptor; touches no file (no row) */
    [RC_SETFD] = { "setfd", RT_FD, NULL, 0 },
    /* made by the compile, not recorded: a descriptor an exec closed (close-on-exec), closed in the replay too */
    [RC_CLOEXEC] = { "cloexec", RT_FD, NULL, 0 },
    /* result: the child's pid, which has ended: the parent's calls after it follow the child's last */
    [RC_WAIT] = { "wait", 0, NULL, 0 },
};

int rp_call_find(const char *name)
{
    for (int i = 0; i < RC_NCALLS; i++)
        if (strcmp(rp_calls[i].name, name) == 0)
            return i;
    return -1;
}
