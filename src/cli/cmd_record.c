/* cmd_record.c: `flowbench record -o APP.trace [--root DIR] [--all] -- CMD
 * [ARGS...]`: runs CMD under strace (every child and thread, the file-level
 * calls only, seccomp-bpf to cut the tracer's cost) and writes what it did in
 * flowbench's own trace format, names beneath --root kept relative. The trace and
 * strace's log go through base/outfile.h: both names checked before CMD runs, the log
 * a new file beside its name that strace writes and flowbench reads by a /proc
 * descriptor link (so no name either opens can be a link or a FIFO), kept under its
 * name only when the conversion fails. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/outfile.h"
#include "cli/interp.h"
#include "cli/options.h"
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

struct record_args {
    const char *out, *root;
    bool all;
};

const struct cli_option record_options[] = {
    { NULL, 'o', "APP.trace", CLI_TEXT, offsetof(struct record_args, out), NULL,
      "the trace to write (a new file, renamed into place once whole)", true, NULL },
    { "root", 0, "DIR", CLI_TEXT, offsetof(struct record_args, root), NULL,
      "names beneath DIR are kept, relative to it (default: the working directory)", false, NULL },
    { "all", 0, NULL, CLI_FLAG, offsetof(struct record_args, all), NULL, "keep names outside --root too, beneath _abs/",
      false, NULL },
};
const size_t record_noptions = sizeof record_options / sizeof record_options[0];

static int record_usage(const char *msg)
{
    return subcommand_refuse("record", msg);
}

/* strace's log of CMD into log (a path strace opens); CMD's exit status, or -1 when
 * strace could not run. */
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
    /* strace's exec failing is told by a byte on a close-on-exec pipe, not by status 127: CMD's own 127 (a
     * command not found) is passed on as CMD's */
    int ex[2];
    if (pipe2(ex, O_CLOEXEC) != 0) {
        free(argv);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        execvp("strace", argv);
        char failed = 1;
        (void)!write(ex[1], &failed, 1);
        _exit(127);
    }
    free(argv);
    close(ex[1]);
    char failed = 0;
    ssize_t got;
    while ((got = read(ex[0], &failed, 1)) < 0 && errno == EINTR)
        ;
    close(ex[0]);
    int st;
    if (pid < 0 || waitpid(pid, &st, 0) < 0 || got == 1)
        return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* An output that cannot be written (opt: what names it), said with why; exit 2. */
static int out_refused(const char *opt, const char *path, int err)
{
    diag_printf(stderr, "flowbench record: error: %s %s: cannot write it: %s\n", opt, path, outfile_strerror(err));
    return EXIT_USAGE;
}

/* strace's log: a new file beside logname (outfile_open), which strace writes and
 * flowbench reads back as /proc/PID/fd/N, a link to that very file whatever is done to
 * its directory meanwhile (a link or a FIFO put in its place is never reached). */
struct strace_log {
    struct outfile o;
    char via[64];
};

static int log_open(struct strace_log *l, const char *logname)
{
    if (outfile_open(&l->o, logname) != 0)
        return -1;
    snprintf(l->via, sizeof l->via, "/proc/%d/fd/%d", (int)getpid(), fileno(l->o.f));
    return 0;
}

/* err's message names the log as the user finds it once kept: logname, not via. */
static void name_log(struct diag *err, const char *via, const char *logname)
{
    size_t n = strlen(via), nl = strlen(logname);
    if (strncmp(err->msg, via, n) != 0)
        return;
    size_t rest = strlen(err->msg + n);
    if (nl + rest >= sizeof err->msg)
        return; /* too long to say otherwise: via stays */
    memmove(err->msg + nl, err->msg + n, rest + 1);
    memcpy(err->msg, logname, nl);
}

/* The trace of log into out; 0, or -1 with err said. */
static int convert(struct trace *t, const char *log, const char *out, const struct trace_opts *o, struct diag *err)
{
    if (trace_load(t, log, o, err) != 0)
        return -1;
    /* the links the program went through that the log does not show (it says where an open arrived, and a
     * stat through a link not at all), looked at now that it has exited */
    size_t refused;
    if (trace_links_note(t, o->root, &refused) != 0)
        return diag_set(err, NULL, "looking for the links the command went through beneath %s: %s", o->root,
                        strerror(errno));
    if (refused != 0)
        fprintf(stderr, "record: %zu link%s beneath %s lead%s out of it: not kept as links\n", refused,
                refused == 1 ? "" : "s", o->root, refused == 1 ? "s" : "");
    struct outfile w;
    if (outfile_open(&w, out) != 0 || outfile_end(&w, trace_write(t, w.f)) != 0)
        return diag_set(err, NULL, "-o %s: cannot write it: %s", out, outfile_strerror(errno));
    return 0;
}

int cmd_record_main(int argc, char **argv)
{
    struct record_args a = { 0 };
    struct diag derr = { 0 };
    /* "+": the options end where the command starts, its own options its own */
    struct cli_parse p = { .rows = record_options, .n = record_noptions, .args = &a, .stop_at_operand = true };
    if (cli_parse(&p, argc, argv, &derr) != 0)
        return record_usage(derr.msg);
    /* the command comes after "--", so that no name of it is taken for an option of record's */
    if (optind < argc && strcmp(argv[optind - 1], "--") != 0)
        return record_usage("unknown option (the command follows --)");
    int i = optind - 1; /* "--" */
    const char *out = a.out, *root = a.root;
    bool all = a.all;
    if (out == NULL || optind >= argc)
        return record_usage(out == NULL ? "-o APP.trace is required" : "no command after --");
    if (strcmp(out, "-") == 0)
        return record_usage("-o -: the trace is a file (strace's log is kept beside it when it cannot be read)");
    char realroot[PATH_MAX];
    if (realpath(root != NULL ? root : ".", realroot) == NULL)
        return record_usage("--root: no such directory");
    char logname[PATH_MAX];
    if (snprintf(logname, sizeof logname, "%s.strace", out) >= (int)sizeof logname)
        return out_refused("-o", out, ENAMETOOLONG);
    /* both names checked before CMD runs: a bad -o does not cost a whole recording */
    if (outfile_check(out) != 0)
        return out_refused("-o", out, errno);
    struct strace_log log;
    if (log_open(&log, logname) != 0)
        return out_refused("strace's log", logname, errno);
    int status = run_traced(log.via, argv + i + 1);
    if (status < 0) {
        outfile_discard(&log.o);
        diag_printf(stderr, "flowbench record: error: cannot run strace (apt-get install strace)\n");
        return EXIT_RUNFAIL;
    }
    struct trace t;
    struct diag err = { 0 };
    struct trace_opts o = { .root = realroot, .all = all };
    int rc = convert(&t, log.via, out, &o, &err);
    name_log(&err, log.via, logname);
    if (rc == 0) {
        outfile_discard(&log.o); /* converted: the log goes */
        char kinds[256];
        trace_left_say(&t, kinds, sizeof kinds);
        fprintf(stderr, "record: %zu calls beneath %s (%llu left out%s) into %s; the command exited %d\n", t.n,
                realroot, (unsigned long long)t.dropped, kinds, out, status);
    } else if (outfile_commit(&log.o) == 0)
        diag_printf(stderr, "flowbench record: error: %s (strace's log kept as %s)\n", err.msg, logname);
    else
        diag_printf(stderr, "flowbench record: error: %s (strace's log not kept: %s: %s)\n", err.msg, logname,
                    outfile_strerror(errno));
    trace_free(&t);
    return rc != 0 ? EXIT_USAGE : status == 0 ? EXIT_OK : EXIT_RUNFAIL;
}
