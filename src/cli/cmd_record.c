/* cmd_record.c: `flowbench record -o APP.trace [--root DIR] [--all] -- CMD
 * [ARGS...]`: runs CMD under strace (every child and thread, the file-level
 * calls only, seccomp-bpf to cut the tracer's cost) and writes what it did in
 * flowbench's own trace format, names beneath --root kept relative. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"
#include "cli/interp.h"
#include "cli/subcommand.h"
#include "trace/trace.h"

/* The calls recorded ("?" lets strace skip one this architecture lacks). */
static const char record_calls[] =
    "?open,openat,?openat2,?creat,close,read,pread64,readv,write,pwrite64,writev,lseek,fsync,fdatasync,?stat,"
    "?lstat,newfstatat,?statx,fstat,?unlink,unlinkat,?mkdir,mkdirat,?rmdir,?rename,?renameat,renameat2,truncate,"
    "ftruncate,?chmod,fchmod,fchmodat,utimensat,?access,faccessat,?faccessat2,statfs,getdents64,flock,fcntl,dup,"
    "?dup2,dup3,?link,linkat,?symlink,symlinkat,?readlink,readlinkat,clone,?clone3,?fork,?vfork,execve,?execveat,"
    "wait4,waitid,"
    "?copy_file_range,?sendfile";

static int record_usage(const char *msg)
{
    diag_printf(stderr, "flowbench record: error: %s\n"
                        "usage: flowbench record -o APP.trace [--root DIR] [--all] -- CMD [ARGS...]\n", msg);
    return EXIT_USAGE;
}

/* strace's log of CMD into log; CMD's exit status, or -1 when strace could not run. */
static int run_traced(const char *log, char **cmd)
{
    const char *fixed[] = { "strace", "-f", "-ttt", "-T", "-yy", "-X", "raw", "--seccomp-bpf", "-qq", "-e",
                            "trace=", "-o", log, "--" };
    size_t nf = sizeof fixed / sizeof fixed[0], nc = 0;
    while (cmd[nc] != NULL)
        nc++;
    char **argv = calloc(nf + nc + 1, sizeof *argv);
    char trace_arg[sizeof record_calls + 8];
    if (argv == NULL)
        return -1;
    snprintf(trace_arg, sizeof trace_arg, "trace=%s", record_calls);
    for (size_t i = 0; i < nf; i++)
        argv[i] = (char *)fixed[i];
    argv[10] = trace_arg;
    for (size_t i = 0; i < nc; i++)
        argv[nf + i] = cmd[i];
    pid_t pid = fork();
    if (pid == 0) {
        execvp("strace", argv);
        _exit(127);
    }
    free(argv);
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) < 0)
        return -1;
    if (WIFEXITED(st) && WEXITSTATUS(st) == 127)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

int cmd_record_main(int argc, char **argv)
{
    const char *out = NULL, *root = NULL;
    bool all = false;
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            root = argv[++i];
        else if (strcmp(argv[i], "--all") == 0)
            all = true;
        else
            return record_usage("unknown option (the command follows --)");
    }
    if (out == NULL || i + 1 >= argc)
        return record_usage(out == NULL ? "-o APP.trace is required" : "no command after --");
    char realroot[PATH_MAX];
    if (realpath(root != NULL ? root : ".", realroot) == NULL)
        return record_usage("--root: no such directory");
    char log[PATH_MAX];
    snprintf(log, sizeof log, "%s.strace", out);
    int status = run_traced(log, argv + i + 1);
    if (status < 0) {
        diag_printf(stderr, "flowbench record: error: cannot run strace (apt-get install strace)\n");
        return EXIT_RUNFAIL;
    }
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = realroot, .all = all };
    int rc = trace_load(&t, log, &o, &err);
    FILE *f = rc == 0 ? fopen(out, "w") : NULL;
    if (rc == 0 && (f == NULL || trace_write(&t, f) != 0))
        rc = diag_set(&err, NULL, "%s: %s", out, strerror(errno));
    if (f != NULL && fclose(f) != 0 && rc == 0)
        rc = diag_set(&err, NULL, "%s: %s", out, strerror(errno));
    if (rc != 0)
        diag_printf(stderr, "flowbench record: error: %s (strace's log kept: %s)\n", err.msg, log);
    else {
        unlink(log);
        fprintf(stderr, "record: %zu calls beneath %s (%llu left out) into %s; the command exited %d\n", t.n, realroot,
                (unsigned long long)t.dropped, out, status);
    }
    trace_free(&t);
    return rc != 0 ? EXIT_USAGE : status == 0 ? EXIT_OK : EXIT_RUNFAIL;
}
