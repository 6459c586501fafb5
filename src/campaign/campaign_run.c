/* campaign_run.c: running every point of a campaign by exec'ing flowbench on its
 * thisrun.f, into STATS/HOST-FS-PROFILE-YYYYmmdd-HHMMSS/; resume and interruption. */
#include "campaign/campaign_run.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/beneath.h"
#include "base/diag.h"
#include "base/outfile.h"
#include "base/signals.h"
#include "campaign/index_html.h"
#include "campaign/progress.h"
#include "campaign/results_tree.h"
#include "sysstat/mountinfo.h"

/* Words of the launcher each point's flowbench runs under, at most. */
#define LAUNCH_WORDS 32

/* What one invocation of `flowbench profile` works with. */
struct run_ctx {
    struct campaign *c;
    const struct campaign_run_opts *o;
    char *launch[LAUNCH_WORDS]; /* the launcher's words (into launch_text), then flowbench */
    size_t nlaunch;
    char launch_text[1024];
    char tree[PATH_MAX];
    int treefd;              /* the tree, opened: everything in it is written beneath it */
    char host[128];
    char fs[64];
    enum run_state *state;
    struct progress pg;
    bool criteria_failed;    /* a point's criterion failed: the campaign exits 3 if nothing worse */
};

/* A path from a format; truncation (ENAMETOOLONG) leaves an empty path that no file has. */
__attribute__((format(printf, 3, 4))) static void pathf(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= len)
        buf[0] = '\0';
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The folder of run r (from 1) of point p. */
static void run_dir(const struct run_ctx *x, const struct point *p, unsigned r, char *buf, size_t len)
{
    if (x->c->set.repeats > 1)
        pathf(buf, len, "%s/%s/repeat-%u", x->tree, p->path, r);
    else
        pathf(buf, len, "%s/%s", x->tree, p->path);
}

/* The same folder relative to the tree, for the calls beneath it. */
static void run_rel(const struct run_ctx *x, const struct point *p, unsigned r, char *buf, size_t len)
{
    if (x->c->set.repeats > 1)
        pathf(buf, len, "%s/repeat-%u", p->path, r);
    else
        pathf(buf, len, "%s", p->path);
}

/* Whether name is in the run folder rel of the tree, looked at beneath it. */
static bool has_beneath(const struct run_ctx *x, const char *rel, const char *name)
{
    char path[PATH_MAX];
    pathf(path, sizeof path, "%s/%s", rel, name);
    const char *leaf;
    int dfd = beneath_parent(x->treefd, path, &leaf);
    if (dfd < 0)
        return false;
    struct stat st;
    bool there = fstatat(dfd, leaf, &st, AT_SYMLINK_NOFOLLOW) == 0;
    close(dfd);
    return there;
}

/* The latest tree of this profile on this host and file system, by its name's time. */
static int find_latest(struct run_ctx *x, int rootfd, const char *prefix, struct diag *err)
{
    int fd = fcntl(rootfd, F_DUPFD_CLOEXEC, 0);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (d == NULL) {
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "--resume: cannot read %s: %s", x->c->set.stats, strerror(errno));
    }
    char best[NAME_MAX + 1] = "";
    for (struct dirent *e; (e = readdir(d)) != NULL;)
        if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 && strcmp(e->d_name, best) > 0)
            snprintf(best, sizeof best, "%s", e->d_name);
    closedir(d);
    if (best[0] == '\0')
        return diag_set(err, NULL, "--resume: no results tree %s* in %s to resume", prefix, x->c->set.stats);
    pathf(x->tree, sizeof x->tree, "%s/%s", x->c->set.stats, best);
    x->treefd = results_tree_open(rootfd, best, err);
    return x->treefd >= 0 ? 0 : -1;
}

/* A tree made by an earlier invocation is written into again only as flowbench left it. */
static int resumed_tree(struct run_ctx *x, struct diag *err)
{
    if (x->treefd < 0 || results_tree_check(x->treefd, x->tree, err) == 0)
        return x->treefd >= 0 ? 0 : -1;
    close(x->treefd);
    x->treefd = -1;
    return -1;
}

/* Makes the tree in the results folder: two campaigns started within a second, the
 * second gets -2, -3... */
static int make_tree(struct run_ctx *x, int rootfd, const char *name, struct diag *err)
{
    char leaf[PATH_MAX];
    snprintf(leaf, sizeof leaf, "%s", name);
    for (int n = 2; mkdirat(rootfd, leaf, 0755) != 0; n++) {
        if (errno != EEXIST || n == 100)
            return diag_set(err, NULL, "cannot make the results tree %s/%s: %s", x->c->set.stats, leaf, strerror(errno));
        pathf(leaf, sizeof leaf, "%s-%d", name, n);
    }
    pathf(x->tree, sizeof x->tree, "%s/%s", x->c->set.stats, leaf);
    x->treefd = results_tree_open(rootfd, leaf, err);
    return x->treefd >= 0 ? 0 : -1;
}

/* Names (and on a real run makes) the tree; resume finds the existing one, checked.
 * -1 with err set when there is none to use. */
static int open_tree(struct run_ctx *x, struct diag *err)
{
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s-%s-%s-", x->host, x->fs, x->c->prof.name);
    if (x->o->resume && x->o->resume_tree != NULL) {
        snprintf(x->tree, sizeof x->tree, "%s", x->o->resume_tree);
        if (!exists(x->tree))
            return diag_set(err, NULL, "--resume %s: no such results tree", x->tree);
        x->treefd = results_tree_open(-1, x->tree, err);
        return resumed_tree(x, err);
    }
    char stamp[32];
    time_t now = time(NULL);
    strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", localtime(&now));
    snprintf(x->tree, sizeof x->tree, "%s/%s%s", x->c->set.stats, prefix, stamp);
    if (x->o->dry_run && !x->o->resume)
        return 0;
    int rootfd = results_root_open(x->c->set.stats, err);
    if (rootfd < 0)
        return -1;
    int rc;
    if (x->o->resume) {
        rc = find_latest(x, rootfd, prefix, err);
        if (rc == 0)
            rc = resumed_tree(x, err);
    } else {
        char name[PATH_MAX];
        snprintf(name, sizeof name, "%s%s", prefix, stamp);
        rc = make_tree(x, rootfd, name, err);
    }
    close(rootfd);
    return rc == 0 ? 0 : -1;
}

/* A file of the tree, rel beneath it, written whole through no link. */
static int write_text(const struct run_ctx *x, const char *rel, const char *text)
{
    struct outfile o;
    if (outfile_open_beneath(&o, x->treefd, rel) != 0)
        return -1;
    return outfile_end(&o, fputs(text, o.f) < 0 ? -1 : 0);
}

/* Forks and execs argv with stdout and stderr to out (-1: /dev/null), in its own
 * process group so that the campaign forwards a stop signal once. */
static pid_t spawn(const char *const argv[], int out)
{
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0)
        return pid;
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent)
        _exit(127);
    int in = open("/dev/null", O_RDONLY);
    int fd = out >= 0 ? out : open("/dev/null", O_WRONLY);
    if (in < 0 || fd < 0 || dup2(in, 0) < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
        _exit(127);
    struct sigaction dfl = { .sa_handler = SIG_DFL };
    sigaction(SIGINT, &dfl, NULL);
    sigaction(SIGTERM, &dfl, NULL);
    sigaction(SIGHUP, &dfl, NULL);
    /* exec takes char *const[] only for C's history: it changes no word */
    execvp(argv[0], (char *const *)argv); /* the launcher (mpirun) along PATH; flowbench by its path */
    _exit(127);
}

/* Waits for pid, refreshing the progress line; a stop signal is passed on once. */
static int wait_child(struct run_ctx *x, pid_t pid)
{
    bool forwarded = false;
    signals_arm_run(&pid, 1);
    int st = 0;
    for (uint64_t last = clock_ns();;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            break;
        if (stop_requested() && !forwarded) {
            kill(pid, stop_status() - 128);
            forwarded = true;
        }
        struct timespec ts = { 0, 50 * 1000 * 1000 };
        nanosleep(&ts, NULL);
        if (clock_ns() - last >= 1000000000u) {
            progress_tick(&x->pg);
            last = clock_ns();
        }
    }
    signals_disarm_run();
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static const char *point_dir_value(const struct point *p)
{
    for (size_t i = 0; i < p->nvars; i++)
        if (strcmp(p->vars[i].name, "dir") == 0)
            return p->vars[i].value->text;
    return "";
}

/* flush = "cmd": the user's command with $dir and the file system type. */
static int run_flush_cmd(struct run_ctx *x, const struct point *p)
{
    char script[4096];
    snprintf(script, sizeof script, "%s \"$@\"", x->c->set.flush_cmd);
    const char *argv[] = { "/bin/sh", "-c", script, "flowbench-flush", point_dir_value(p), x->fs, NULL };
    int rc = wait_child(x, spawn(argv, -1));
    if (rc != 0 && !stop_requested())
        diag_printf(stderr, "flowbench: warning: the flush command exited with %d\n", rc);
    return rc;
}

/* The launcher's words, split at blanks (no quoting: a launcher that needs
 * it goes in a script); -1 with err set when they do not fit. */
static int launcher_split(struct run_ctx *x, struct diag *err)
{
    const char *cmd = x->o->launcher != NULL ? x->o->launcher : x->c->set.launcher;
    if (cmd == NULL)
        return 0;
    if (snprintf(x->launch_text, sizeof x->launch_text, "%s", cmd) >= (int)sizeof x->launch_text)
        return diag_set(err, NULL, "the launcher is longer than %zu bytes: put it in a script", sizeof x->launch_text - 1);
    for (char *w = strtok(x->launch_text, " \t"); w != NULL; w = strtok(NULL, " \t")) {
        if (x->nlaunch == LAUNCH_WORDS)
            return diag_set(err, NULL, "the launcher has more than %d words: put it in a script", LAUNCH_WORDS);
        x->launch[x->nlaunch++] = w;
    }
    return x->nlaunch > 0 ? 0 : diag_set(err, NULL, "the launcher is empty");
}

/* argv of a point's flowbench: the launcher's words, flowbench, then args
 * (NULL-terminated); room for LAUNCH_WORDS + 1 + nargs + 1. */
static void point_argv(const struct run_ctx *x, const char **argv, const char *const *args, size_t nargs)
{
    size_t n = 0;
    for (size_t i = 0; i < x->nlaunch; i++)
        argv[n++] = x->launch[i];
    argv[n++] = x->o->self;
    for (size_t i = 0; i < nargs; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
}

/* The log of a point's flowbench, a new file beneath the tree (an old one removed):
 * opened here, not by path in the child, so no link is followed. */
static int open_log(int dfd, const char *name)
{
    if (unlinkat(dfd, name, 0) != 0 && errno != ENOENT)
        return -1;
    return openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
}

/* One measured run: results.json appears only when the run completed. */
static int measured_run(struct run_ctx *x, const struct point *p, const char *dir, const char *rel)
{
    char script[PATH_MAX], part[PATH_MAX], csv[PATH_MAX], out[PATH_MAX], report[PATH_MAX];
    pathf(script, sizeof script, "%s/thisrun.f", dir);
    pathf(report, sizeof report, "%s/report", dir);   /* its run report, which index.html links to */
    pathf(part, sizeof part, "%s/results.json.part", dir);
    pathf(csv, sizeof csv, "%s/results.csv", dir);
    pathf(out, sizeof out, "stats.%s.out", p->config->name);
    if (x->c->set.flush == FLUSH_CMD && run_flush_cmd(x, p) != 0 && stop_requested())
        return 128 + stop_take();
    int dfd = beneath_open(x->treefd, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
    int log = dfd >= 0 ? open_log(dfd, out) : -1;
    if (log < 0) {
        diag_printf(stderr, "flowbench: error: cannot write %s/%s: %s\n", dir, out, beneath_strerror(errno));
        if (dfd >= 0)
            close(dfd);
        return 2;
    }
    const char *args[] = { "-f", script, "--json", part, "--csv", csv, "--interval", "1", "--report", report, "--flush" };
    size_t nargs = sizeof args / sizeof args[0] - (x->c->set.flush == FLUSH_ALWAYS ? 0 : 1);
    const char *argv[LAUNCH_WORDS + 2 + sizeof args / sizeof args[0]];
    point_argv(x, argv, args, nargs);
    int rc = wait_child(x, spawn(argv, log));
    close(log);
    bool kept = rc == 0 || rc == EXIT_CRITERIA_FAILED; /* a failed criterion: the results stand */
    if (kept && renameat(dfd, "results.json.part", dfd, "results.json") != 0)
        rc = 1;
    if (rc != 0 && rc != EXIT_CRITERIA_FAILED)
        unlinkat(dfd, "results.json.part", 0);
    close(dfd);
    return rc;
}

/* warmup = S: the point runs S seconds first, its results not kept. */
static int warmup_run(struct run_ctx *x, const char *dir)
{
    char script[PATH_MAX], secs[32];
    pathf(script, sizeof script, "%s/thisrun.f", dir);
    snprintf(secs, sizeof secs, "%llu", (unsigned long long)x->c->set.warmup);
    const char *args[] = { "-f", script, "--runtime", secs };
    const char *argv[LAUNCH_WORDS + 2 + sizeof args / sizeof args[0]];
    point_argv(x, argv, args, sizeof args / sizeof args[0]);
    return wait_child(x, spawn(argv, -1));
}

static int prepare_dir(const struct run_ctx *x, const char *rel, const char *dir, const struct point *p)
{
    char script[PATH_MAX];
    pathf(script, sizeof script, "%s/thisrun.f", rel);
    if (results_mkdirs(x->treefd, rel) == 0 && write_text(x, script, p->script) == 0)
        return 0;
    diag_printf(stderr, "flowbench: error: cannot write %s/thisrun.f: %s\n", dir, outfile_strerror(errno));
    return -1;
}

/* The runs of point i; 0, 1 (a run failed), 2 (tree error) or 128 + a signal. */
static int run_point(struct run_ctx *x, size_t i, bool *warmed)
{
    const struct point *p = &x->c->points[i];
    unsigned nrep = x->c->set.repeats;
    int worst = 0;
    for (unsigned r = 1; r <= nrep; r++) {
        char dir[PATH_MAX], rel[PATH_MAX];
        run_dir(x, p, r, dir, sizeof dir);
        run_rel(x, p, r, rel, sizeof rel);
        if (has_beneath(x, rel, "results.json")) {
            x->state[i * nrep + r - 1] = RUN_OK; /* completed by an earlier invocation */
            continue;
        }
        if (prepare_dir(x, rel, dir, p) != 0)
            return 2;
        progress_start(&x->pg, i + 1, x->c->npoints, p, r, nrep);
        if (x->c->set.warmup > 0 && !*warmed) {
            *warmed = true;
            if (warmup_run(x, dir) != 0 && stop_requested())
                return 128 + stop_take();
        }
        int rc = measured_run(x, p, dir, rel);
        progress_run_done(&x->pg);
        if (stop_requested())
            return 128 + stop_take();
        /* Exit 3: the run went through and wrote its results; a criterion failed
         * (the summary and index.html say which). */
        x->state[i * nrep + r - 1] = rc == 0 || rc == EXIT_CRITERIA_FAILED ? RUN_OK : RUN_FAILED;
        x->criteria_failed |= rc == EXIT_CRITERIA_FAILED;
        if (rc != 0 && rc != EXIT_CRITERIA_FAILED) {
            progress_end(&x->pg);
            diag_printf(stderr, "flowbench: error: point %s failed (exit %d); see %s/stats.%s.out\n", p->path, rc, dir,
                        p->config->name);
            worst = 1;
        }
    }
    return worst;
}

static size_t runs_left(const struct run_ctx *x)
{
    size_t n = 0;
    for (size_t i = 0; i < x->c->npoints; i++)
        for (unsigned r = 1; r <= x->c->set.repeats; r++) {
            char rel[PATH_MAX];
            run_rel(x, &x->c->points[i], r, rel, sizeof rel);
            n += !has_beneath(x, rel, "results.json");
        }
    return n;
}

static void dry_run(const struct run_ctx *x)
{
    const struct campaign *c = x->c;
    printf("profile %s: %zu point%s x %u repeat%s, %llu s each; results tree %s\n", c->prof.name, c->npoints,
           c->npoints == 1 ? "" : "s", c->set.repeats, c->set.repeats == 1 ? "" : "s",
           (unsigned long long)c->set.runtime, x->tree);
    if (x->nlaunch > 0) {
        printf("  each point's flowbench under:");
        for (size_t i = 0; i < x->nlaunch; i++)
            printf(" %s", x->launch[i]);
        putchar('\n');
    }
    for (size_t i = 0; i < c->npoints; i++) {
        char dir[PATH_MAX];
        printf("  %zu. %s (personality %s)", i + 1, c->points[i].path, c->points[i].personality);
        for (size_t v = 0; v < c->points[i].nvars; v++)
            printf(" %s=%s", c->points[i].vars[v].name, c->points[i].vars[v].value->text);
        for (unsigned r = 1; r <= c->set.repeats; r++) {
            run_dir(x, &c->points[i], r, dir, sizeof dir);
            printf("%s%s%s", r == 1 ? "\n     " : " ", exists(dir) ? "(done) " : "", dir);
        }
        putchar('\n');
    }
    printf("  and %s/summary.json, %s/summary.csv\n", x->tree, x->tree);
}

static int finish(struct run_ctx *x, time_t started, int status)
{
    progress_end(&x->pg);
    struct summary_input s = { x->c, x->tree, x->state, x->host, x->fs, started, time(NULL), x->treefd };
    if (summary_write(&s) != 0 && status == 0)
        status = 1;
    struct diag d = { 0 };
    if (index_html_write_tree(x->tree, NULL, 0, &d) != 0) {
        diag_print(&d, stderr);
        status = status == 0 ? 1 : status;
    }
    printf("results: %s (index.html)\n", x->tree);
    return status;
}

int campaign_run(struct campaign *c, const struct campaign_run_opts *o)
{
    struct run_ctx x = { .c = c, .o = o, .treefd = -1 };
    if (gethostname(x.host, sizeof x.host - 1) != 0)
        snprintf(x.host, sizeof x.host, "localhost");
    x.host[strcspn(x.host, ".")] = '\0';
    if (c->set.filesystem != NULL)
        snprintf(x.fs, sizeof x.fs, "%s", c->set.filesystem);
    else
        mountinfo_fs_name(c->dir, x.fs, sizeof x.fs);
    struct diag err;
    diag_clear(&err);
    if (launcher_split(&x, &err) != 0 || open_tree(&x, &err) != 0) {
        diag_print(&err, stderr);
        return 2;
    }
    if (o->dry_run) {
        dry_run(&x);
        if (x.treefd >= 0)
            close(x.treefd);
        return 0;
    }
    x.state = calloc(c->npoints * c->set.repeats + 1, sizeof *x.state);
    if (x.state == NULL) {
        close(x.treefd);
        return 2;
    }
    time_t started = time(NULL);
    double planned = (double)c->set.runtime + (double)(c->set.warmup + c->set.cooldown) / c->set.repeats + 1.0;
    progress_init(&x.pg, stdout, runs_left(&x), planned);
    int status = 0;
    for (size_t i = 0; i < c->npoints; i++) {
        bool warmed = false;
        size_t before = x.pg.done;
        int rc = run_point(&x, i, &warmed);
        if (rc > 1) {
            status = rc;
            break;
        }
        status |= rc;
        bool ran = x.pg.done > before;
        if (ran && c->set.cooldown > 0 && i + 1 < c->npoints && stop_sleep(c->set.cooldown * 1000000000ull) != 0) {
            status = 128 + stop_take();
            break;
        }
    }
    status = finish(&x, started, status);
    free(x.state);
    close(x.treefd);
    return status == 0 && x.criteria_failed ? EXIT_CRITERIA_FAILED : status;
}
