/* replay_clients.c: replay as a benchmark, as dbench runs its loadfile: --clients N replays N copies of the
 * trace at once, copy K beneath DIR/client-K (each laid down, checked, locked and marked as DIR is, one
 * budget for all), and --runtime T starts each thread's calls again until T has passed (docs/replay.md). */
#include "cli/replay_clients.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "base/number.h"
#include "cli/replay.h"
#include "cli/replay_dir.h"
#include "fileset/managed_tree.h"
#include "fileset/target_lock.h"
#include "results/results.h"
#include "trace/trace.h"
#include "trace/trace_tree.h"

/* --runtime's units, the first letter after the number (none: seconds). */
static const struct {
    char letter;
    double seconds;
} runtime_units[] = { { 's', 1 }, { 'm', 60 }, { 'h', 3600 } };

#define RUNTIME_MAX_S (365.0 * 86400) /* a year: far past any run, short of overflowing the clock */

bool replay_clients_parse(const char *text, uint32_t *n)
{
    uint64_t v;
    const char *end = number_scan(text, &v);
    if (end == NULL || *end != '\0' || v < 1 || v > REPLAY_CLIENTS_MAX)
        return false;
    *n = (uint32_t)v;
    return true;
}

bool replay_runtime_parse(const char *text, uint64_t *ns)
{
    char *end;
    double s = strtod(text, &end);
    if (end == text || !isfinite(s))
        return false;
    for (size_t i = 0; *end != '\0' && i < sizeof runtime_units / sizeof runtime_units[0]; i++)
        if (*end == runtime_units[i].letter && end[1] == '\0') {
            s *= runtime_units[i].seconds;
            end++;
        }
    if (*end != '\0' || !(s >= 0.001) || s > RUNTIME_MAX_S)
        return false;
    *ns = (uint64_t)(s * 1e9);
    return true;
}

void replay_clients_free(struct replay_clients *cl)
{
    if (cl == NULL)
        return;
    for (uint32_t k = 0; k < cl->n; k++) {
        free(cl->dirs[k]);
        managed_tree_free(cl->mt[k]);
    }
    free(cl->dirs);
    free(cl->mt);
    free(cl);
}

/* DIR/client-K, when it is there: a directory (not a link: the replay would follow it out of DIR), judged as
 * a managed tree. Absent: nothing to judge yet. */
static int client_check(const char *dir, bool over, struct managed_tree **mt, struct diag *err)
{
    struct stat st;
    if (lstat(dir, &st) != 0)
        return errno == ENOENT ? 0 : diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    if (!S_ISDIR(st.st_mode)) {
        diag_set(err, NULL, "%s is not a directory (a link?): not replaying there", dir);
        err->bad_input = 1;
        return -1;
    }
    return replay_dir_check(dir, over, mt, err);
}

/* The lay-down of every client, measured against --lay-max and 90% of the free space of top's file system. */
static int clients_budget(const struct replay_clients *cl, const char *top, const struct trace_tree *tree,
                          uint64_t lay_max, struct diag *err)
{
    uint64_t bytes = 0, files = 0;
    struct trace_lay_size sz = { 0 };
    for (uint32_t k = 0; k < cl->n; k++) {
        trace_tree_measure(tree, cl->dirs[k], &sz);
        bytes += sz.bytes;
        files += sz.files;
    }
    struct statvfs vfs;
    if (statvfs(top, &vfs) != 0)
        return diag_set(err, NULL, "%s: cannot tell its free space: %s", top, strerror(errno));
    uint64_t room = (uint64_t)vfs.f_bavail * vfs.f_frsize / 100 * REPLAY_LAY_FREE_PCT;
    if (bytes <= lay_max && bytes <= room)
        return 0;
    diag_set(err, NULL, "%s:%u: laying down the trace's tree for %u clients would write %llu bytes in %llu files "
             "(the largest: %s, %llu bytes), over %s %llu bytes; nothing was written", sz.source,
             (unsigned)sz.largest_line, cl->n, (unsigned long long)bytes, (unsigned long long)files, sz.largest,
             (unsigned long long)sz.largest_bytes,
             bytes > lay_max ? "--lay-max (give a larger --lay-max if that is meant)," : "90% of the free space,",
             (unsigned long long)(bytes > lay_max ? lay_max : room));
    err->bad_input = 1;
    return -1;
}

/* The calls of one pass with a report row (fork, exec, wait and cloexec have none): what a pass counts. */
static uint64_t pass_calls(const struct rp_image *im)
{
    uint64_t n = 0;
    for (uint64_t i = 0; i < im->nrecs; i++)
        n += rp_calls[rp_recs(im)[i].call].row_type != NULL;
    return n;
}

static int clients_dirs(struct replay_clients *cl, const char *top, const struct replay_req *r, struct diag *err)
{
    cl->dirs = calloc(cl->n ? cl->n : 1, sizeof *cl->dirs);
    cl->mt = calloc(cl->n ? cl->n : 1, sizeof *cl->mt);
    if (cl->dirs == NULL || cl->mt == NULL)
        return diag_set(err, NULL, "out of memory");
    for (uint32_t k = 0; k < cl->n; k++) {
        size_t len = strlen(top) + 32;
        if ((cl->dirs[k] = malloc(len)) == NULL)
            return diag_set(err, NULL, "out of memory");
        snprintf(cl->dirs[k], len, "%s/client-%u", strcmp(top, "/") == 0 ? "" : top, k + 1);
        if (client_check(cl->dirs[k], r->over, &cl->mt[k], err) != 0)
            return -1;
    }
    return 0;
}

int replay_clients_prepare(const struct replay_req *r, const char *dir, const char *top, const struct trace_tree *tree,
                           struct trace_compiled *c, struct replay_clients **out, struct diag *err)
{
    *out = NULL;
    if (r->clients == 0 && r->runtime_ns == 0)
        return 0;
    c->image->runtime_ns = r->runtime_ns;
    const struct rp_image *im = c->image;
    if ((uint64_t)r->clients * im->nprocs > TRACE_MAX_PROCS || (uint64_t)r->clients * im->nthreads > TRACE_MAX_THREADS) {
        diag_set(err, NULL, "--clients %u of a trace of %u processes and %u threads would run more than %d of "
                 "either; a replay runs each as one of its own", r->clients, im->nprocs, im->nthreads, TRACE_MAX_PROCS);
        err->bad_input = 1;
        return -1;
    }
    struct replay_clients *cl = calloc(1, sizeof *cl);
    if (cl == NULL)
        return diag_set(err, NULL, "out of memory");
    *out = cl;
    cl->n = r->clients;
    cl->pass_calls = pass_calls(im);
    if (cl->n == 0)
        return 0;
    if (clients_dirs(cl, dir, r, err) != 0 || clients_budget(cl, top, tree, r->lay_max, err) != 0)
        return -1;
    return trace_compile_copies(c, cl->n, (const char *const *)cl->dirs, err);
}

/* DIR/client-K made if missing (mode 0755) beneath topfd, DIR as opened once, opened there without following
 * a link, and judged (again) through that descriptor: *fd, the caller's to close. */
static int client_open(struct replay_clients *cl, uint32_t k, int topfd, bool over, int *fd, struct diag *err)
{
    const char *leaf = strrchr(cl->dirs[k], '/') + 1;
    if (mkdirat(topfd, leaf, 0755) != 0 && errno != EEXIST)
        return diag_set(err, NULL, "cannot make %s: %s", cl->dirs[k], strerror(errno));
    *fd = openat(topfd, leaf, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (*fd < 0)
        return diag_set(err, NULL, "%s: %s (a link?): not replaying there", cl->dirs[k], strerror(errno));
    managed_tree_free(cl->mt[k]);
    cl->mt[k] = NULL;
    return replay_dir_check_at(*fd, cl->dirs[k], over, &cl->mt[k], err);
}

int replay_clients_lay(struct replay_clients *cl, int topfd, const struct trace_tree *tree, bool over,
                       struct target_locks **locks, uint64_t *files, uint64_t *bytes, struct diag *err)
{
    for (uint32_t k = 0; k < cl->n; k++) {
        uint64_t f = 0, b = 0;
        int fd = -1;
        int rc = client_open(cl, k, topfd, over, &fd, err) != 0
                 || target_lock_take_at(locks, fd, cl->dirs[k], NULL, err) != 0
                 || replay_dir_manifest(cl->mt[k], tree, err) != 0
                 || trace_tree_lay_at(tree, fd, cl->dirs[k], &f, &b, err) != 0;
        if (fd >= 0)
            close(fd);
        if (rc != 0)
            return -1;
        *files += f;
        *bytes += b;
    }
    return 0;
}

int replay_clients_settle(const struct replay_clients *cl, const struct trace_tree *tree, struct diag *err)
{
    for (uint32_t k = 0; cl != NULL && k < cl->n; k++)
        if (replay_dir_settle(cl->mt[k], tree, err) != 0)
            return -1;
    return 0;
}

void replay_clients_say(FILE *out, const struct replay_clients *cl, const struct trace_tree *tree)
{
    for (uint32_t k = 0; k < cl->n; k++)
        replay_dir_say(out, cl->dirs[k], cl->mt[k], tree);
}

/* A client's figures from the run's rows: its processes are client-K.*. */
struct client_sum {
    uint64_t calls, mismatches;
};

static struct client_sum client_sum(const struct run_result *run, const char *prefix)
{
    struct client_sum s = { 0 };
    size_t plen = strlen(prefix);
    for (size_t i = 0; i < run->nrows; i++) {
        const struct result_row *row = &run->rows[i];
        if (row->process == NULL || strncmp(row->process, prefix, plen) != 0)
            continue;
        if (strcmp(row->name, "mismatch") == 0)
            s.mismatches += row->st.ops;
        else
            s.calls += row->st.ops;
    }
    return s;
}

static void say(FILE *out, const char *who, struct client_sum s, uint64_t pass_calls, double secs)
{
    fprintf(out, "replay %s: %llu calls, %.2f passes, %.0f ops/s, %llu mismatches\n", who,
            (unsigned long long)s.calls, pass_calls ? (double)s.calls / (double)pass_calls : 0.0,
            secs > 0 ? (double)s.calls / secs : 0.0, (unsigned long long)s.mismatches);
}

/* A client's figures into the run's, for the JSON (none when out of memory: the text has them). */
static void keep(struct run_result *run, struct client_sum s, uint64_t pass_calls)
{
    if (run->clients == NULL)
        return;
    run->clients[run->nclients++] = (struct replay_client_fig){
        .calls = s.calls, .mismatches = s.mismatches, .passes = pass_calls ? (double)s.calls / (double)pass_calls : 0
    };
}

void replay_clients_report(FILE *out, const struct replay_clients *cl, struct run_result *run)
{
    if (cl == NULL || run == NULL)
        return;
    free(run->clients);
    run->nclients = 0;
    run->clients = calloc(cl->n ? cl->n : 1, sizeof *run->clients);
    struct client_sum all = { 0 };
    for (uint32_t k = 0; k < cl->n; k++) {
        char prefix[32], who[32];
        snprintf(prefix, sizeof prefix, "client-%u.", k + 1);
        snprintf(who, sizeof who, "client-%u", k + 1);
        struct client_sum s = client_sum(run, prefix);
        say(out, who, s, cl->pass_calls, run->seconds);
        keep(run, s, cl->pass_calls);
        all.calls += s.calls;
        all.mismatches += s.mismatches;
    }
    if (cl->n == 0) {
        all = client_sum(run, "");
        keep(run, all, cl->pass_calls);
    }
    char who[48];
    snprintf(who, sizeof who, "%u client%s merged", cl->n ? cl->n : 1, cl->n > 1 ? "s" : "");
    say(out, who, all, cl->pass_calls * (cl->n ? cl->n : 1), run->seconds);
}
