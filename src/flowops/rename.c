/* rename.c: rename: an existing file of a fileset renamed onto a name of it that is free. */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"

/* Both names held busy across the call; the old one is then free, the new one taken. */
static int rename_run(struct worker *w, struct op_inst *op)
{
    struct fsat_entry from, to;
    int rc = fsat_pick(w, op, FS_EXISTING, &from);
    if (rc != FO_OK)
        return rc;
    rc = fsat_pick(w, op, FS_MISSING, &to);
    if (rc != FO_OK) {
        fsat_release(w, &from, FS_EXISTING, 0);
        return rc;
    }
    uint64_t t0 = op_start(w, from.since);
    rc = renameat(from.dirfd, from.leaf, to.dirfd, to.leaf);
    uint64_t t1 = op_now(w);
    int err = rc != 0 ? errno : 0;
    fsat_release(w, &to, rc == 0 ? FS_EXISTING : FS_MISSING, 0);
    fsat_release(w, &from, rc == 0 ? FS_MISSING : FS_EXISTING, 0);
    if (rc != 0)
        return fsat_error(w, op, "rename", &from, err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_rename_hooks = { .run = rename_run, .init = fsat_init, .fini = fsat_fini };
