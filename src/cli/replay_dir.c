/* replay_dir.c: a replay's DIR before the lay-down: judged as a managed tree
 * (fileset/managed_tree.c), the bytes to lay down measured against a cap and
 * the free space, and the manifest written before the first byte. */
#include "cli/replay_dir.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "base/number.h"
#include "fileset/managed_tree.h"
#include "trace/trace_tree.h"

static const struct unit {
    char letter;
    unsigned shift;
    const char *name;
} units[] = { { 't', 40, "TiB" }, { 'g', 30, "GiB" }, { 'm', 20, "MiB" }, { 'k', 10, "KiB" } };

#define NUNITS (sizeof units / sizeof units[0])

bool replay_size_parse(const char *text, uint64_t *out)
{
    uint64_t n;
    const char *end = number_scan(text, &n);
    if (end == NULL)
        return false;
    unsigned shift = 0;
    for (size_t i = 0; *end != '\0' && i < NUNITS; i++)
        if ((*end | 0x20) == units[i].letter)
            shift = units[i].shift;
    if (*end != '\0' && (shift == 0 || end[1] != '\0'))
        return false;
    if (shift != 0 && n > (UINT64_MAX >> shift))
        return false;
    *out = n << shift;
    return true;
}

/* "1099511627776 bytes (1.0 TiB)" */
static const char *size_words(uint64_t n, char *buf, size_t len)
{
    for (size_t i = 0; i < NUNITS; i++)
        if (n >= (uint64_t)1 << units[i].shift) {
            snprintf(buf, len, "%llu bytes (%.1f %s)", (unsigned long long)n,
                     (double)n / (double)((uint64_t)1 << units[i].shift), units[i].name);
            return buf;
        }
    snprintf(buf, len, "%llu bytes", (unsigned long long)n);
    return buf;
}

static int over_budget(const struct trace_lay_size *sz, const char *why, struct diag *err)
{
    char total[64], big[64];
    diag_set(err, NULL, "%s:%u: laying down the trace's tree would write %s in %llu files (the largest: %s, %s), %s; "
             "nothing was written", sz->source, (unsigned)sz->largest_line, size_words(sz->bytes, total, sizeof total),
             (unsigned long long)sz->files, sz->largest, size_words(sz->largest_bytes, big, sizeof big), why);
    err->bad_input = 1;
    return -1;
}

int replay_dir_budget(const char *dir, const char *top, const struct trace_tree *tr, uint64_t lay_max,
                      struct diag *err)
{
    struct trace_lay_size sz;
    trace_tree_measure(tr, dir, &sz);
    char words[160], cap[64];
    if (sz.bytes > lay_max) {
        snprintf(words, sizeof words, "over --lay-max, %s (give a larger --lay-max if that is meant)",
                 size_words(lay_max, cap, sizeof cap));
        return over_budget(&sz, words, err);
    }
    struct statvfs vfs;
    if (statvfs(top, &vfs) != 0)
        return diag_set(err, NULL, "%s: cannot tell its free space: %s", top, strerror(errno));
    uint64_t free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
    if (sz.bytes > free_bytes / 100 * REPLAY_LAY_FREE_PCT) {
        snprintf(words, sizeof words, "over %d%% of the %s free on the file system of %s", REPLAY_LAY_FREE_PCT,
                 size_words(free_bytes, cap, sizeof cap), top);
        return over_budget(&sz, words, err);
    }
    return 0;
}

int replay_dir_check(const char *dir, bool over, struct managed_tree **mt, struct diag *err)
{
    *mt = NULL;
    struct stat st;
    if (lstat(dir, &st) != 0 && errno == ENOENT)
        return 0;
    return managed_tree_check(dir, over ? MANAGED_OVER : MANAGED_OURS_ONLY, mt, err);
}

int replay_dir_check_at(int dirfd, const char *dir, bool over, struct managed_tree **mt, struct diag *err)
{
    return managed_tree_check_at(dirfd, dir, over ? MANAGED_OVER : MANAGED_OURS_ONLY, mt, err);
}

void replay_dir_say(FILE *out, const char *dir, const struct managed_tree *mt, const struct trace_tree *tr)
{
    struct trace_lay_size sz;
    trace_tree_measure(tr, dir, &sz);
    char words[64];
    fprintf(out, "check: %s %s; laying down would write %s in %llu files\n", dir,
            mt != NULL ? "passes the checks of a managed tree" : "is not there yet (nothing to look at)",
            size_words(sz.bytes, words, sizeof words), (unsigned long long)sz.files);
}

int replay_dir_settle(struct managed_tree *mt, const struct trace_tree *tr, struct diag *err)
{
    if (mt == NULL)
        return 0;
    const char **names;
    size_t n = trace_tree_claimed(tr, &names);
    if (names == NULL)
        return diag_set(err, NULL, "out of memory");
    int rc = managed_tree_settle(mt, names, n, err);
    free(names);
    return rc;
}

int replay_dir_manifest(struct managed_tree *mt, const struct trace_tree *tr, struct diag *err)
{
    if (mt == NULL)
        return diag_set(err, NULL, "the replay's directory went away before its tree was laid down");
    const char **names;
    size_t n = trace_tree_names(tr, &names);
    if (names == NULL)
        return diag_set(err, NULL, "out of memory");
    int rc = managed_tree_write(mt, names, n, err);
    free(names);
    return rc;
}
