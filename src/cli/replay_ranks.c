/* replay_ranks.c: `flowbench replay` over MPI ranks: one trace for every rank
 * or one per rank (TRACE's %r), each rank beneath its own DIR/rank-NNNN, and
 * one status for the job before anything is laid down (docs/replay.md). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/rank_spell.h"
#include "cli/replay_ranks.h"
#include "dist/dist.h"

int replay_rank_dir(const char *dir, char *out, size_t cap)
{
    char name[32];
    rank_dir_name(name, sizeof name, dist_rank());
    int n = dist_size() > 1 ? snprintf(out, cap, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, name)
                            : snprintf(out, cap, "%s", dir);
    return n >= 0 && (size_t)n < cap ? 0 : -1;
}

/* This rank's directory beneath DIR (fd): absent, 0; a directory, 1; anything
 * else (a link could lead the replay out of DIR) is bad input, -1. */
static int judge(int fd, const char *dir, const char *name, struct diag *err)
{
    struct stat st;
    if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? 0 : diag_set(err, NULL, "%s/%s: %s", dir, name, strerror(errno));
    if (S_ISDIR(st.st_mode))
        return 1;
    diag_set(err, NULL, "%s/%s is not a directory (a link?): not replaying there", dir, name);
    err->bad_input = 1;
    return -1;
}

/* DIR, opened, with this rank's directory there judged (*state: judge's 0 or 1);
 * -1 when DIR cannot be opened or the rank's directory is refused. */
static int open_judged(const char *dir, char *name, size_t len, int *state, struct diag *err)
{
    rank_dir_name(name, len, dist_rank());
    int fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    if ((*state = judge(fd, dir, name, err)) < 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int replay_rank_check(const char *dir, struct diag *err)
{
    if (dist_size() == 1)
        return 0; /* DIR itself */
    char name[32];
    int state, fd = open_judged(dir, name, sizeof name, &state, err);
    if (fd >= 0)
        close(fd);
    return fd < 0 ? -1 : 0;
}

int replay_rank_mkdir(const char *dir, struct diag *err)
{
    if (dist_size() == 1)
        return 0;
    char name[32];
    int state, fd = open_judged(dir, name, sizeof name, &state, err);
    if (fd < 0)
        return -1;
    int rc = 0;
    if (state == 0 && mkdirat(fd, name, 0755) != 0 && errno != EEXIST)
        rc = diag_set(err, NULL, "cannot make %s/%s: %s", dir, name, strerror(errno));
    else if (state == 0 && (state = judge(fd, dir, name, err)) != 1)
        rc = state < 0 ? -1 : diag_set(err, NULL, "%s/%s went away as it was made", dir, name);
    close(fd);
    return rc;
}

/* The figures of the agreement, each combined over the ranks by its own op. */
enum { AG_WORST, AG_FAILED, AG_FIRST, AG_CALLS, AG_N };

int replay_ranks_agree(int status, const char *msg, uint64_t *calls, const char *phase, FILE *err)
{
    int n = dist_size(), rank = dist_rank();
    if (n == 1) {
        if (msg != NULL)
            diag_printf(err, "%s\n", msg);
        return status;
    }
    char host[64] = "unknown";
    if (gethostname(host, sizeof host - 1) != 0)
        snprintf(host, sizeof host, "unknown");
    /* file:line first, as alone: the rank after it */
    if (msg != NULL)
        diag_printf(err, "%s (rank %d of %d, host %s)\n", msg, rank, n, host);
    struct dist_field f[AG_N] = {
        [AG_WORST] = { DIST_MAX, (uint64_t)status },
        [AG_FAILED] = { DIST_SUM, status != 0 },
        [AG_FIRST] = { DIST_MIN, status != 0 ? (uint64_t)rank : UINT64_MAX },
        [AG_CALLS] = { DIST_SUM, *calls },
    };
    struct dist_tally was = dist_tally();
    dist_combine(f, AG_N); /* the agreement */
    dist_tally_say(err, phase, &was, NULL);
    *calls = f[AG_CALLS].v;
    if (rank == 0 && status == 0 && f[AG_WORST].v != 0)
        diag_printf(err, "flowbench replay: error: %" PRIu64 " of %d ranks failed (the first: rank %" PRIu64
                         "); nothing was replayed\n", f[AG_FAILED].v, n, f[AG_FIRST].v);
    return (int)f[AG_WORST].v;
}
