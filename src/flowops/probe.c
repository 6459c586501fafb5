/* probe.c: flowops that ask about names without touching data: access,
 * statmissing (stat of a name that does not exist) and statfs. */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"

/* What a probe asks of a picked entry: its state, the call, the error that is its answer too. */
struct probe {
    enum fs_presence want;
    const char *name;
    int (*call)(int dir, const char *leaf);
    int answer;              /* an errno that still counts as the op done (0: none) */
};

static int probe_access(int dir, const char *leaf)
{
    return faccessat(dir, leaf, R_OK | W_OK, AT_SYMLINK_NOFOLLOW);
}

static int probe_stat(int dir, const char *leaf)
{
    struct stat sb;
    return fstatat(dir, leaf, &sb, AT_SYMLINK_NOFOLLOW);
}

static const struct probe access_probe = { FS_EXISTING, "access", probe_access, 0 };
/* A missing name's stat fails with ENOENT: that is the op (compilers and shells do it all the time). */
static const struct probe missing_probe = { FS_MISSING, "stat", probe_stat, ENOENT };

static int probe_run(struct worker *w, struct op_inst *op, const struct probe *p)
{
    struct fsat_entry e;
    int rc = fsat_pick(w, op, p->want, &e);
    if (rc != FO_OK)
        return rc;
    uint64_t t0 = op_start(w, e.since);
    rc = p->call(e.dirfd, e.leaf);
    uint64_t t1 = op_now(w);
    int err = rc != 0 ? errno : 0;
    fsat_release(w, &e, p->want, 0);
    if (rc != 0 && err != p->answer)
        return fsat_error(w, op, p->name, &e, err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

static int access_run(struct worker *w, struct op_inst *op)
{
    return probe_run(w, op, &access_probe);
}

static int statmissing_run(struct worker *w, struct op_inst *op)
{
    return probe_run(w, op, &missing_probe);
}

static int statfs_run(struct worker *w, struct op_inst *op)
{
    struct statfs sb;
    uint64_t t0 = op_now(w);
    int rc = fstatfs(fsat_root(op), &sb);
    uint64_t t1 = op_now(w);
    if (rc != 0)
        return op_error(w, op, "statfs", op_fileset(w, op)->root, errno);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_access_hooks = { .run = access_run, .init = fsat_init, .fini = fsat_fini };

const struct flowop_hooks flowop_statmissing_hooks = { .run = statmissing_run, .init = fsat_init, .fini = fsat_fini };

const struct flowop_hooks flowop_statfs_hooks = { .run = statfs_run, .init = fsat_init, .fini = fsat_fini };
