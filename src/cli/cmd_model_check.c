/* cmd_model_check.c: `flowbench model TRACE --check`: runs the model it wrote, briefly, and prints how
 * far the run is from the trace: each kind's share of the calls, the p50/p90/p99 of the bytes reads and
 * writes moved and of the files' sizes (from a run without the model's pace: as many picks as it can
 * make), and the pace (a run with it: the trace's calls per second); each line ok or OFF (docs/replay.md). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/interp.h"
#include "cli/model_check.h"
#include "trace/trace.h"
#include "trace/trace_model.h"

#define SHARE_POINTS 1.0 /* a kind's share of the calls may differ by this many points */
#define SIZE_PCT 10.0    /* a percentile by this many percent */
#define PACE_PCT 5.0     /* the calls per second by this many percent */
#define MIN_FILES 10     /* fewer files than this fix no percentile worth comparing */
#define WIDEST 20        /* a band wider than this many points either side: too few draws to compare */
#define MAX_DEPTH 64     /* directories below a run's fileset, at most, walked for its files */
#define PACED_SECS 5     /* the paced run, at least: each thread's first pick is unpaid, which 2 s of many
                          * threads feel (make's 49: 7% over) */

/* One run's figures: the calls of the trace's kinds in its latency log, their sizes, the files it left. */
struct run_figures {
    uint64_t count[MODEL_KINDS], calls;
    struct sizes reads, writes, there, made;
};

static void run_free(struct run_figures *r)
{
    sizes_free(&r->reads);
    sizes_free(&r->writes);
    sizes_free(&r->there);
    sizes_free(&r->made);
}

/* One record, "time_ns,lat_ns,flowop,bytes,offset,thread": its kind is the flowop's last name. */
static int log_record(char *line, struct run_figures *r)
{
    char *op = strchr(line, ',');
    op = op != NULL ? strchr(op + 1, ',') : NULL;
    char *bytes = op != NULL ? strchr(op + 1, ',') : NULL;
    if (bytes == NULL)
        return 0;
    *bytes++ = '\0';
    char *dot = strrchr(op + 1, '.');
    int k = model_kind(dot != NULL ? dot + 1 : op + 1);
    if (k < 0)
        return 0; /* the model's upkeep: the held file's open and close, its pace, its refills */
    r->count[k]++;
    r->calls++;
    uint64_t n = strtoull(bytes, NULL, 10);
    const char *name = model_kind_name(k);
    if (n > 0 && strcmp(name, "read") == 0)
        return sizes_add(&r->reads, n);
    if (n > 0 && strcmp(name, "write") == 0)
        return sizes_add(&r->writes, n);
    return 0;
}

static int read_log(const char *path, struct run_figures *r)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return -1;
    char line[1024];
    int rc = fgets(line, sizeof line, f) != NULL ? 0 : -1; /* the header */
    while (rc == 0 && fgets(line, sizeof line, f) != NULL)
        rc = log_record(line, r);
    rc |= ferror(f) ? -1 : 0;
    fclose(f);
    return rc;
}

/* The regular files beneath directory fd (flowbench's own marks left out): their sizes. Takes fd. */
static int walk_sizes(int fd, int depth, struct sizes *out)
{
    DIR *d = fdopendir(fd);
    if (d == NULL) {
        close(fd);
        return -1;
    }
    int rc = 0;
    struct dirent *e;
    while (rc == 0 && (e = readdir(d)) != NULL) {
        struct stat st;
        if (e->d_name[0] == '.' || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            continue; /* ".", "..", .flowbench marks, or gone meanwhile */
        if (S_ISREG(st.st_mode))
            rc = sizes_add(out, (uint64_t)st.st_size);
        else if (S_ISDIR(st.st_mode) && depth < MAX_DEPTH) {
            int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            rc = sub < 0 ? -1 : walk_sizes(sub, depth + 1, out);
        }
    }
    closedir(d);
    return rc;
}

/* dir/name into buf, or -1 (ENAMETOOLONG) when it does not fit. */
static int path_in(char *buf, const char *dir, const char *name)
{
    int n = snprintf(buf, PATH_MAX, "%s/%s", dir, name);
    if (n < 0 || n >= PATH_MAX) {
        errno = ENAMETOOLONG;
        return -1;
    }
    return 0;
}

static int fileset_sizes(const char *dir, const char *fileset, struct sizes *out)
{
    char path[PATH_MAX];
    if (path_in(path, dir, fileset) != 0)
        return -1;
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return errno == ENOENT ? 0 : -1; /* a model without the fileset */
    return walk_sizes(fd, 0, out);
}

/* Removes directory name of parent and what is beneath it (the check's own runs). */
static void remove_tree(int parent, const char *name, int depth)
{
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (d == NULL) {
        if (fd >= 0)
            close(fd);
        unlinkat(parent, name, 0);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (unlinkat(dirfd(d), e->d_name, 0) != 0 && errno == EISDIR && depth < MAX_DEPTH)
            remove_tree(dirfd(d), e->d_name, depth + 1);
    }
    closedir(d);
    unlinkat(parent, name, AT_REMOVEDIR);
}

/* Runs flowbench on model beneath dir for secs seconds, its latency log into log, its output into out. */
static int run_model(const char *self, const char *model, const char *dir, unsigned secs, const char *log,
                     const char *out)
{
    char dirarg[PATH_MAX + 8], runtime[32];
    snprintf(dirarg, sizeof dirarg, "dir=%s", dir);
    snprintf(runtime, sizeof runtime, "%u", secs);
    if (mkdir(dir, 0700) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
        if (fd < 0 || dup2(fd, 1) < 0 || dup2(fd, 2) < 0)
            _exit(127);
        const char *argv[] = { self, "-f", model, "-D", dirarg, "--runtime", runtime, "--latency-log", log, NULL };
        execv(self, (char *const *)argv);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* The model's text without its pace (the eventgen line): a run as fast as it goes, for many draws. */
static int copy_unpaced(const char *from, const char *to)
{
    FILE *in = fopen(from, "r"), *out = in != NULL ? fopen(to, "w") : NULL;
    if (out == NULL) {
        if (in != NULL)
            fclose(in);
        return -1;
    }
    char line[4096];
    bool at_start = true;
    while (fgets(line, sizeof line, in) != NULL) {
        if (!(at_start && strncmp(line, "eventgen rate=", 14) == 0))
            fputs(line, out);
        at_start = strchr(line, '\n') != NULL;
    }
    int rc = ferror(in) || ferror(out) ? -1 : 0;
    fclose(in);
    return fclose(out) != 0 ? -1 : rc;
}

/* Nearest rank, as flowbench's own percentiles; s sorted. */
static uint64_t pct(const struct sizes *s, int p)
{
    if (s->n == 0)
        return 0;
    size_t rank = (size_t)ceil((double)p / 100 * (double)s->n);
    return s->v[rank > 0 ? rank - 1 : 0];
}

/* The percentiles of the trace a model's pth of n draws may match: two either side, or the 99% Wilson
 * score interval of a proportion p of n where that is wider (few draws move a percentile further). */
static void band(int p, size_t n, int *lo, int *hi)
{
    double z = 2.576, q = p / 100.0, dn = (double)n;
    double mid = (q + z * z / (2 * dn)) / (1 + z * z / dn);
    double half = z / (1 + z * z / dn) * sqrt(q * (1 - q) / dn + z * z / (4 * dn * dn));
    int l = (int)floor(100 * (mid - half)), h = (int)ceil(100 * (mid + half));
    *lo = l < p - 2 ? l : p - 2;
    *lo = *lo < 1 ? 1 : *lo;
    *hi = h > p + 2 ? h : p + 2;
    *hi = *hi > 100 ? 100 : *hi;
}

/* One population's p50, p90 and p99: the number of lines off. */
static int compare_sizes(const char *what, struct sizes *t, struct sizes *r, bool files, FILE *out)
{
    if (t->n == 0 || (files && t->n < MIN_FILES)) {
        fprintf(out, "%-11s not compared: the trace has %zu%s\n", what, t->n, files ? " such files (fewer than 10)" : "");
        return 0;
    }
    sizes_sort(t);
    sizes_sort(r);
    int off = 0;
    static const int ps[] = { 50, 90, 99 };
    for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
        int p = ps[i], lo, hi;
        if (r->n == 0) {
            fprintf(out, "%-11s p%d trace %llu model none OFF\n", what, p, (unsigned long long)pct(t, p));
            off++;
            continue;
        }
        band(p, r->n, &lo, &hi);
        if (p - lo > WIDEST || hi - p > WIDEST) {
            fprintf(out, "%-11s p%d not compared: the model's run drew %zu, which fix it only to p%d..p%d\n", what, p,
                    r->n, lo, hi);
            continue;
        }
        uint64_t b = pct(r, p);
        bool bad = true;
        for (int q = lo; q <= hi && bad; q++) {
            double a = (double)pct(t, q), tol = SIZE_PCT / 100 * (a > 1 ? a : 1);
            bad = fabs((double)b - a) > tol;
        }
        off += bad;
        fprintf(out, "%-11s p%d trace %llu model %llu (of %zu, p%d..p%d) %s\n", what, p, (unsigned long long)pct(t, p),
                (unsigned long long)b, r->n, lo, hi, bad ? "OFF" : "ok");
    }
    return off;
}

static int compare_shares(const struct model_figures *t, const struct run_figures *r, FILE *out)
{
    int off = 0;
    /* A trace of n calls fixes a share only to one call, 100/n points: a short one's
     * closes of inherited descriptors (a shell's), which the model does not make, are
     * one call of 35, 2.9 points. */
    double within = t->calls ? fmax(SHARE_POINTS, 100.0 / (double)t->calls) : SHARE_POINTS;
    for (int k = 0; k < MODEL_KINDS; k++) {
        if (t->count[k] == 0 && r->count[k] == 0)
            continue;
        double a = t->calls ? 100.0 * (double)t->count[k] / (double)t->calls : 0;
        double b = r->calls ? 100.0 * (double)r->count[k] / (double)r->calls : 0;
        bool bad = fabs(a - b) > within || r->calls == 0;
        off += bad;
        fprintf(out, "share %-9s trace %6.2f%% model %6.2f%% %s\n", model_kind_name(k), a, b, bad ? "OFF" : "ok");
    }
    return off;
}

/* The paced run's calls of the trace's kinds a second against the trace's. */
static int compare_pace(const struct model_figures *t, const struct run_figures *r, unsigned secs, FILE *out)
{
    double want = t->secs > 0 ? (double)t->calls / t->secs : 0, got = (double)r->calls / secs;
    bool bad = want > 0 && fabs(got - want) > PACE_PCT / 100 * want;
    fprintf(out, "pace        trace %.1f calls/s model %.1f (%llu in %u s) %s\n", want, got,
            (unsigned long long)r->calls, secs, bad ? "OFF" : "ok");
    return bad;
}

/* Runs model (written at path) beneath dir: the mix run, then the paced one; their figures. */
static int check_runs(const char *self, const char *path, const char *dir, unsigned secs, unsigned paced_secs,
                      struct run_figures *mix, struct run_figures *paced)
{
    char f[PATH_MAX], d[PATH_MAX], log[PATH_MAX], out[PATH_MAX];
    if (path_in(f, dir, "mix.f") | path_in(d, dir, "mix") | path_in(log, dir, "mix.csv") | path_in(out, dir, "mix.out"))
        return diag_printf(stderr, "flowbench model: error: --check: %s: %s\n", dir, strerror(errno)), -1;
    if (copy_unpaced(path, f) != 0)
        return diag_printf(stderr, "flowbench model: error: --check: cannot write %s: %s\n", f, strerror(errno)), -1;
    int rc = run_model(self, f, d, secs, log, out);
    if (rc == 0)
        rc = read_log(log, mix) | fileset_sizes(d, "files", &mix->there) | fileset_sizes(d, "made", &mix->made);
    if (rc != 0)
        return diag_printf(stderr, "flowbench model: error: --check: the model's run failed (%d): see %s\n", rc, out), -1;
    if (path_in(d, dir, "paced") | path_in(log, dir, "paced.csv") | path_in(out, dir, "paced.out"))
        return diag_printf(stderr, "flowbench model: error: --check: %s: %s\n", dir, strerror(errno)), -1;
    rc = run_model(self, path, d, paced_secs, log, out);
    if (rc == 0)
        rc = read_log(log, paced);
    if (rc != 0)
        return diag_printf(stderr, "flowbench model: error: --check: the model's paced run failed (%d): see %s\n", rc,
                           out), -1;
    return 0;
}

int model_check(const struct trace *t, const char *model, const struct model_check_opts *o, FILE *out)
{
    char self[PATH_MAX], dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return diag_printf(stderr, "flowbench model: error: --check: cannot read /proc/self/exe: %s\n",
                           strerror(errno)), EXIT_RUNFAIL;
    self[n] = '\0';
    snprintf(dir, sizeof dir, "%s/flowbench-check.XXXXXX", o->parent != NULL ? o->parent : "/tmp");
    if (mkdtemp(dir) == NULL)
        return diag_printf(stderr, "flowbench model: error: --check: cannot make a directory in %s: %s\n",
                           o->parent != NULL ? o->parent : "/tmp", strerror(errno)), EXIT_RUNFAIL;
    struct model_figures tf;
    struct diag err = { 0 };
    struct run_figures mix = { 0 }, paced = { 0 };
    if (trace_model_figures(t, &tf, &err) != 0) {
        diag_printf(stderr, "flowbench model: error: %s\n", err.msg);
        remove_tree(AT_FDCWD, dir, 0);
        return EXIT_RUNFAIL;
    }
    unsigned paced_secs = o->secs > PACED_SECS ? o->secs : PACED_SECS;
    int rc = check_runs(self, model, dir, o->secs, paced_secs, &mix, &paced);
    if (rc == 0) {
        fprintf(out, "check: the model run %u s as fast as it goes (the figures of the mix), then %u s at its pace\n",
                o->secs, paced_secs);
        int off = compare_shares(&tf, &mix, out);
        off += compare_sizes("read", &tf.reads, &mix.reads, false, out);
        off += compare_sizes("write", &tf.writes, &mix.writes, false, out);
        off += compare_sizes("size(there)", &tf.there, &mix.there, true, out);
        off += compare_sizes("size(made)", &tf.made, &mix.made, true, out);
        off += compare_pace(&tf, &paced, paced_secs, out);
        fprintf(out, "calls: trace %llu model %llu; %d figure%s off\n", (unsigned long long)tf.calls,
                (unsigned long long)mix.calls, off, off == 1 ? "" : "s");
        rc = off > 0 ? 1 : 0;
    }
    model_figures_free(&tf);
    run_free(&mix);
    run_free(&paced);
    if (rc >= 0 && !o->keep)
        remove_tree(AT_FDCWD, dir, 0);
    else
        diag_printf(stderr, "flowbench model: --check: the runs are kept in %s\n", dir);
    return rc < 0 ? EXIT_RUNFAIL : rc;
}
