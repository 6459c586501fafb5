/* cmd_replay.c: `flowbench replay TRACE -D dir=DIR [--mode afap|think|timed]
 * [--speed X] [--over] [--lay-max SIZE] [--root DIR] [output options]`: reads
 * the trace, checks DIR and locks it, lays down the tree the trace expects
 * beneath it, compiles the trace into a plan and runs that as any run
 * (docs/replay.md). Bad input: file:line, exit 2. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/rank_spell.h"
#include "cli/interp.h"
#include "cli/options.h"
#include "cli/replay.h"
#include "cli/replay_clients.h"
#include "cli/replay_dir.h"
#include "cli/replay_ranks.h"
#include "cli/subcommand.h"
#include "dist/dist.h"
#include "fileset/managed_tree.h"
#include "fileset/target_lock.h"
#include "lang/vars.h"
#include "trace/trace.h"
#include "trace/trace_tree.h"

/* --speed's range: beyond it a traced gap overflows or vanishes in the wait. */
#define SPEED_MIN 1e-6
#define SPEED_MAX 1e6
/* Off a terminal, a replay given no --interval prints a progress line this often (seconds). */
#define REPLAY_QUIET_INTERVAL_S 10

static const char *const mode_names[] = { [RP_AFAP] = "afap", [RP_THINK] = "think", [RP_TIMED] = "timed" };

static int usage_error(const char *msg)
{
    return subcommand_refuse("replay", msg);
}

static const char *mode_words(char *buf, size_t len)
{
    return cli_words_join(buf, len, mode_names, sizeof mode_names / sizeof mode_names[0]);
}

static int parse_mode(void *field, const char *s, struct diag *err)
{
    for (int i = 0; i < (int)(sizeof mode_names / sizeof mode_names[0]); i++)
        if (strcmp(mode_names[i], s) == 0) {
            *(int *)field = i;
            return 0;
        }
    return diag_set(err, NULL, "--mode is afap, think or timed");
}

static int parse_speed(void *field, const char *val, struct diag *err)
{
    char *end;
    double v = strtod(val, &end);
    if (end != val && *end == '\0' && isfinite(v) && v >= SPEED_MIN && v <= SPEED_MAX) {
        *(double *)field = v;
        return 0;
    }
    return diag_set(err, NULL, "--speed is a number from 0.000001 to 1000000");
}

static int parse_lay_max(void *field, const char *val, struct diag *err)
{
    if (replay_size_parse(val, field))
        return 0;
    return diag_set(err, NULL, "--lay-max is a size: a whole number of bytes, or with k, m, g or t");
}

static int parse_clients(void *field, const char *val, struct diag *err)
{
    return replay_clients_parse(val, field) ? 0 : diag_set(err, NULL, "--clients is a whole number from 1 to 1024");
}

static int parse_runtime(void *field, const char *val, struct diag *err)
{
    return replay_runtime_parse(val, field) ? 0 : diag_set(err, NULL, "--runtime is a time: seconds, or with s, m or h");
}

static int replay_run(struct interp *in);

#define REQ(f) offsetof(struct replay_req, f)

/* The replay's own options, and (CLI_PASS) the run's options it says more of: those are
 * handed on to the classic command line, as is any other of its options. */
const struct cli_option replay_options[] = {
    { NULL, 'D', "dir=DIR", CLI_PASS, 0, NULL,
      "the directory every call happens beneath (made if missing; locked while the replay runs)", true, NULL },
    { "mode", 0, "M", CLI_CALL, REQ(mode), parse_mode,
      "afap: each call as soon as its order allows (default); think: the traced gaps kept;\n"
      "timed: each call at its traced time from the start", false, mode_words },
    { "speed", 0, "X", CLI_CALL, REQ(speed), parse_speed,
      "think and timed: the traced times divided by X (0.000001 to 1000000; default 1)", false, NULL },
    { "rt", 0, NULL, CLI_FLAG, REQ(realtime), NULL, "think and timed: replay at real-time priority (root or CAP_SYS_NICE)",
      false, NULL },
    { "root", 0, "DIR", CLI_TEXT, REQ(root), NULL, "an strace log's root (default: its first working directory)", false,
      NULL },
    { "over", 0, NULL, CLI_FLAG, REQ(over), NULL,
      "replay in a DIR that holds files flowbench did not lay down (those the trace only reads are kept)", false, NULL },
    { "lay-max", 0, "SIZE", CLI_CALL, REQ(lay_max), parse_lay_max,
      "the most bytes laying the tree down may write (k, m, g, t: KiB...; default 16g;\n"
      "never over 90% of the free space)", false, NULL },
    { "clients", 0, "N", CLI_CALL, REQ(clients), parse_clients,
      "N copies at once, copy K beneath DIR/client-K (as dbench's clients; 1 to 1024)", false, NULL },
    { "runtime", 0, "T", CLI_CALL, REQ(runtime_ns), parse_runtime,
      "start the trace again until T (seconds; or with s, m, h) has passed", false, NULL },
    { "strict", 0, NULL, CLI_FLAG, REQ(strict), NULL,
      "any mismatch (a call whose outcome was not the traced one) fails the replay: exit 1", false, NULL },
    { "check", 0, NULL, CLI_PASS, 0, NULL, "read the trace and look at DIR; lay down and run nothing", false, NULL },
    { "interval", 0, "S", CLI_PASS, 0, NULL,
      "a line every S seconds: ops/s, MiB/s, latency, and the position in the trace\n"
      "(on a terminal a status line is redrawn each second instead; off one, a line every\n"
      "10 s when no --interval is given; --quiet turns both off)", false, NULL },
    { "quiet", 0, NULL, CLI_PASS, 0, NULL, "no status line and no progress lines", false, NULL },
    { "json", 0, "F", CLI_PASS, 0, NULL, "the replay's results as JSON (as a run's --json)", false, NULL },
    { "csv", 0, "F", CLI_PASS, 0, NULL, "its per-call table as CSV (as a run's --csv)", false, NULL },
    { "report", 0, "DIR", CLI_PASS, 0, NULL, "DIR/index.html of the replay (as a run's --report)", false, NULL },
    { NULL, 'C', "EXPR", CLI_PASS, 0, NULL, "a criterion on the replay's figures (as a run's -C; repeatable)", false,
      NULL },
};
const size_t replay_noptions = sizeof replay_options / sizeof replay_options[0];

/* TRACE first, then the replay's own options; the rest goes on to the classic command line. */
int cmd_replay_main(int argc, char **argv)
{
    struct replay_req r = { .mode = RP_AFAP, .speed = 1, .lay_max = REPLAY_LAY_MAX_DEFAULT, .run = replay_run };
    /* TRACE comes first, as the usage says: an option's value is never taken for it */
    if (argc < 2 || argv[1][0] == '-')
        return usage_error("no TRACE given (it comes first: flowbench replay TRACE ...)");
    r.trace = argv[1];
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    if (rest == NULL)
        return usage_error("out of memory");
    struct cli_parse p = { .rows = replay_options, .n = replay_noptions, .args = &r, .pass = classic_options,
                           .npass = classic_noptions, .rest = rest };
    struct diag err = { 0 };
    /* argv + 1: TRACE stands as getopt's argv[0] */
    if (cli_parse(&p, argc - 1, argv + 1, &err) != 0) {
        free(rest);
        return usage_error(err.msg);
    }
    char prog[] = "flowbench"; /* getopt's argv[0], which its messages name */
    rest[0] = prog;
    int status = main_run(p.nrest, rest, &r);
    free(rest);
    return status;
}

static const char *override_of(const struct interp *in, const char *name)
{
    for (size_t i = 0; i < in->opt.noverrides; i++)
        if (strcmp(in->opt.overrides[i].name, name) == 0)
            return in->opt.overrides[i].value;
    return NULL;
}

/* $dir and the mode become variables of the run: the reports and JSON name
 * them. Set as data, never as F text: a directory's name may hold anything. */
static int set_vars(struct interp *in, const char *dir, const struct replay_req *r)
{
    char speed[32];
    snprintf(speed, sizeof speed, "%g", r->speed);
    const char *const set[][2] = { { "dir", dir }, { "replay_mode", mode_names[r->mode] }, { "replay_speed", speed } };
    for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
        if (vars_set_str(&in->vars, set[i][0], set[i][1]) != 0 || mentions_add_name(&in->mentions, set[i][0]) != 0)
            return -1;
    return 0;
}

/* A failure to lay down or to use DIR, said as the command's: bad input (a
 * link where the rank's directory goes) is exit 2, the rest 1. */
static int failure(struct diag *err)
{
    char msg[sizeof err->msg];
    snprintf(msg, sizeof msg, "%s", err->msg);
    int bad_input = err->bad_input;
    diag_set(err, NULL, "flowbench replay: error: %.990s", msg);
    return bad_input ? EXIT_USAGE : EXIT_RUNFAIL;
}

/* This rank's part of the replay: its trace, read and compiled, and where it runs. */
struct replay_part {
    char trace[4096];
    char top[4096];          /* DIR, as the user gave it, resolved */
    char dir[4096];          /* DIR, or this rank's DIR/rank-NNNN */
    struct trace t;
    struct trace_compiled c;
    struct trace_tree *tree;     /* what is laid down beneath dir */
    struct managed_tree *mt;     /* dir as checked (NULL: not there yet) */
    struct replay_clients *cl;   /* --clients, --runtime: the copies (replay_clients.c), else NULL */
    int topfd;                   /* top, opened once: locked, judged, laid down and replayed beneath */
    int dirfd;                   /* dir, opened once beneath topfd (topfd itself on one rank); -1: not yet */
    uint64_t calls;              /* the calls of every rank's trace (this rank's alone until the ranks agree) */
};

/* real opened once, refused unless what was opened is what the name holds now, no link: every later step
 * goes through this descriptor, so DIR swapped for a link meanwhile (by whoever may write its parent)
 * leads nothing outside it. */
static int pin_dir(const char *real, int *fd, struct diag *err)
{
    struct stat a, b;
    *fd = open(real, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (*fd >= 0 && fstat(*fd, &a) == 0 && lstat(real, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
        return 0;
    int e = errno;
    bool opened = *fd >= 0;
    if (opened)
        close(*fd);
    *fd = -1;
    return diag_set(err, NULL, "flowbench replay: error: %s changed as it was opened (%s): something else is "
                    "replacing it; nothing was written", real, opened ? "another directory is there now"
                                                                      : strerror(e));
}

/* This rank's directory beneath topfd: rank-NNNN, made by replay_rank_mkdir. */
static int pin_rank_dir(struct replay_part *p, struct diag *err)
{
    if (p->dirfd >= 0)
        return 0;
    const char *leaf = strrchr(p->dir, '/');
    p->dirfd = openat(p->topfd, leaf != NULL ? leaf + 1 : p->dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    return p->dirfd >= 0 ? 0 : diag_set(err, NULL, "%s: %s", p->dir, strerror(errno));
}

/* DIR, made if missing (its last component only, mode 0755, as mkdir does; --check
 * makes nothing), resolved into real. The checks that follow judge it as any DIR. */
static int resolve_dir(const char *dir, char *real, bool check_only, int *fd, struct diag *err)
{
    if (realpath(dir, real) != NULL)
        return pin_dir(real, fd, err);
    int e = errno;
    if (e == ENOENT && !check_only && (mkdir(dir, 0755) == 0 || errno == EEXIST) && realpath(dir, real) != NULL)
        return pin_dir(real, fd, err);
    if (e == ENOENT && !check_only)
        e = errno;
    diag_set(err, NULL, "flowbench replay: error: %s: %s%s", dir, strerror(e),
             check_only && e == ENOENT ? " (a replay makes it; --check looks at it once it is there)" : "");
    return -1;
}

/* Reads and compiles this rank's trace, and checks DIR (made if missing, and
 * locked, unless --check) and the lay-down's budget; lays nothing down. 0, or
 * the exit status with err. */
static int part_load(struct interp *in, const char *dir, struct replay_part *p, struct diag *err)
{
    const struct replay_req *r = in->opt.replay;
    char *real = p->top;
    if (resolve_dir(dir, real, in->opt.check_only, &p->topfd, err) != 0)
        return EXIT_USAGE;
    if (dist_size() == 1)
        p->dirfd = p->topfd;
    if (replay_rank_dir(real, p->dir, sizeof p->dir) != 0
        || rank_spell(r->trace, (unsigned)dist_rank(), '\0', p->trace, sizeof p->trace) == NULL) {
        diag_set(err, NULL, "flowbench replay: error: the trace's or the directory's name is too long");
        return EXIT_USAGE;
    }
    if (replay_rank_check(real, err) != 0)
        return failure(err);
    /* One flowbench in DIR at a time, from before it is looked at (over ranks, each its own: part_run) */
    if (!in->opt.check_only && dist_size() == 1 && target_lock_take_at(&in->locks, p->topfd, real, NULL, err) != 0)
        return failure(err);
    if (set_vars(in, real, r) != 0) {
        diag_set(err, NULL, "flowbench replay: error: cannot set the run's variables");
        return EXIT_USAGE;
    }
    struct trace_opts o = { .root = r->root, .all = false };
    if (trace_load(&p->t, p->trace, &o, err) != 0
        || trace_compile(&p->t, p->dir, (enum rp_mode)r->mode, r->speed, &p->c, err) != 0)
        return EXIT_USAGE;
    p->c.image->realtime = r->realtime && r->mode != RP_AFAP;
    if (trace_tree_plan(&p->t, &p->tree, err) != 0)
        return EXIT_RUNFAIL;
    if (replay_clients_prepare(r, p->dir, p->top, p->tree, &p->c, &p->cl, err) != 0)
        return failure(err);
    if (p->cl != NULL && p->cl->n > 0)
        return EXIT_OK; /* each client's directory is checked and budgeted there */
    if (p->dirfd >= 0 ? replay_dir_check_at(p->dirfd, p->dir, r->over, &p->mt, err) != 0
                      : replay_dir_check(p->dir, r->over, &p->mt, err) != 0)
        return failure(err);
    return replay_dir_budget(p->dir, p->top, p->tree, r->lay_max, err) != 0 ? EXIT_USAGE : EXIT_OK;
}

/* Every rank's status at one point, the worst on every rank (replay_ranks_agree),
 * with the calls of every rank's trace summed in the same agreement. */
static int agree(const struct interp *in, struct replay_part *p, int status, const char *msg, const char *phase)
{
    p->calls = p->c.image != NULL ? p->c.image->nrecs : 0;
    return replay_ranks_agree(status, status != EXIT_OK ? msg : NULL, &p->calls, phase, in->err);
}

/* Over many ranks, what every rank replays and where, and the calls of all of them. */
static void say_ranks(const struct interp *in, const struct replay_part *p)
{
    if (dist_size() == 1)
        return;
    uint64_t calls = p->calls;
    const char *pattern = in->opt.replay->trace;
    bool own = rank_spell_has(pattern);
    fprintf(in->out, "replay: %d ranks, each %s %s%s beneath %s/rank-NNNN; %llu calls in all\n", dist_size(),
            own ? "its own trace" : "the trace", pattern, own ? " (%r: the rank)" : "", p->top,
            (unsigned long long)calls);
}

/* --strict: a run with any mismatch is a failed one, exit 1 (each rank judges its own calls: the
 * launcher's status is a failure when any rank's is). */
static int strict_status(const struct interp *in, const struct run_result *run)
{
    uint64_t seen = run != NULL ? run->mismatches_seen : 0;
    if (!in->opt.replay->strict || seen == 0)
        return EXIT_OK;
    diag_printf(in->err, "flowbench replay: %llu mismatches%s (--strict: exit 1)\n", (unsigned long long)seen,
                dist_size() > 1 ? " on this rank" : "");
    return EXIT_RUNFAIL;
}

/* Lays down this rank's tree and runs its replay. */
static int part_run(struct interp *in, struct replay_part *p, struct diag *err)
{
    const struct replay_req *r = in->opt.replay;
    uint64_t files = 0, bytes = 0;
    int status = EXIT_OK;
    bool clients = p->cl != NULL && p->cl->n > 0; /* DIR/client-K each laid down as DIR is */
    if (dist_size() > 1) { /* the rank's directory as looked at before it was made (by its name) is judged again */
        managed_tree_free(p->mt);
        p->mt = NULL;
    }
    if (replay_rank_mkdir(p->top, err) != 0 || pin_rank_dir(p, err) != 0
        || target_lock_take_at(&in->locks, p->dirfd, p->dir, NULL, err) != 0
        || (!clients && p->mt == NULL && replay_dir_check_at(p->dirfd, p->dir, r->over, &p->mt, err) != 0)
        || (clients ? replay_clients_lay(p->cl, p->dirfd, p->tree, r->over, &in->locks, &files, &bytes, err) != 0
                    : replay_dir_manifest(p->mt, p->tree, err) != 0
                          || trace_tree_lay_at(p->tree, p->dirfd, p->dir, &files, &bytes, err) != 0))
        status = failure(err);
    p->c.image->root_fd1 = (uint32_t)p->dirfd + 1;
    /* No rank starts while another could not lay its tree down */
    status = agree(in, p, status, err->msg, "replay-laid");
    if (status != EXIT_OK)
        return status;
    say_ranks(in, p);
    char kinds[256];
    fprintf(in->out, "replay: %s trace %s: %zu calls (%llu left out%s), %zu processes, %u threads, %llu "
                     "cross-thread waits; mode %s, speed %g; laid down %llu files, %llu bytes under %s\n",
            p->t.format, p->trace, (size_t)p->c.image->nrecs, (unsigned long long)p->t.dropped,
            trace_left_say(&p->t, kinds, sizeof kinds), p->c.plan.nprocs,
            p->c.image->nthreads, (unsigned long long)p->c.waits, mode_names[r->mode], r->speed,
            (unsigned long long)files, (unsigned long long)bytes, p->dir);
    if (run_built_plan(in, &p->c.plan, err) != 0)
        return EXIT_RUNFAIL;
    /* the manifest written before the first byte claimed every name the trace uses; now only what is there */
    if (clients ? replay_clients_settle(p->cl, p->tree, err) != 0 : replay_dir_settle(p->mt, p->tree, err) != 0)
        return failure(err);
    struct run_result *run = in->results.n > 0 ? &in->results.runs[in->results.n - 1] : NULL;
    replay_clients_report(in->out, p->cl, run);
    for (size_t k = 0; run != NULL && k < sizeof run->left_out / sizeof run->left_out[0]; k++)
        run->left_out[k] = p->t.left[k];
    return strict_status(in, run);
}

/* Lays down the tree and runs the compiled trace, on this rank. */
static int replay_run(struct interp *in)
{
    const char *dir = override_of(in, "dir");
    /* -D dir is the replay's own: never "no such variable", whatever stops the replay before $dir is set */
    if (mentions_add_name(&in->mentions, "dir") != 0)
        return EXIT_USAGE;
    /* off a terminal (or over ranks, where none is drawn) a long replay says where it is every so often */
    if (in->opt.run.interval == 0 && !in->opt.run.quiet && (dist_size() > 1 || !isatty(fileno(in->out))))
        in->opt.run.interval = REPLAY_QUIET_INTERVAL_S;
    if (dir == NULL) {
        diag_printf(in->err,
                    "flowbench replay: error: -D dir=DIR is required: the directory everything happens beneath\n");
        return EXIT_USAGE;
    }
    struct replay_part *p = calloc(1, sizeof *p);
    if (p == NULL)
        return EXIT_USAGE;
    p->topfd = p->dirfd = -1;
    struct diag err = { 0 };
    /* A bad trace on any rank is every rank's exit 2, before anything is written */
    int status = part_load(in, dir, p, &err);
    status = agree(in, p, status, err.msg, "replay-loaded");
    if (status == EXIT_OK && in->opt.check_only) {
        /* --check: the trace is read and compiled; nothing is laid down or run */
        say_ranks(in, p);
        fprintf(in->out, "check: %s trace %s is valid: %zu calls (%llu left out), %zu processes, %u threads\n",
                p->t.format, p->trace, (size_t)p->c.image->nrecs, (unsigned long long)p->t.dropped, p->c.plan.nprocs,
                p->c.image->nthreads);
        if (p->cl != NULL && p->cl->n > 0)
            replay_clients_say(in->out, p->cl, p->tree);
        else
            replay_dir_say(in->out, p->dir, p->mt, p->tree);
    } else if (status == EXIT_OK) {
        status = part_run(in, p, &err);
    }
    managed_tree_free(p->mt);
    replay_clients_free(p->cl);
    trace_tree_free(p->tree);
    trace_compiled_free(&p->c);
    trace_free(&p->t);
    if (p->dirfd >= 0 && p->dirfd != p->topfd)
        close(p->dirfd);
    if (p->topfd >= 0)
        close(p->topfd);
    free(p);
    return status;
}
