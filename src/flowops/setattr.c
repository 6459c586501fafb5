/* setattr.c: setattr: change an existing file's attributes: value="chmod",
 * "utimes" or "truncate" (to iosize bytes), one call each. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "flowops/fileset_at.h"
#include "flowops/flowop.h"
#include "engine/worker.h"

/* One way of setting an attribute: the call on the entry's directory and name. */
struct setattr_kind {
    const char *name;
    int (*call)(int dir, const char *leaf, uint64_t size);
};

/* Alternates the owner's execute bit, so each call changes the mode. */
static int setattr_chmod(int dir, const char *leaf, uint64_t size)
{
    struct stat sb;
    if (fstatat(dir, leaf, &sb, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    return fchmodat(dir, leaf, (sb.st_mode & 07777) ^ S_IXUSR, 0);
}

static int setattr_utimes(int dir, const char *leaf, uint64_t size)
{
    return utimensat(dir, leaf, NULL, AT_SYMLINK_NOFOLLOW);
}

/* truncate(2) would follow a link: the file is opened beneath its directory instead. */
static int do_truncate(int dir, const char *leaf, uint64_t size)
{
    int fd = beneath_open(dir, leaf, O_WRONLY | O_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int rc = ftruncate(fd, (off_t)size);
    int err = errno;
    close(fd);
    errno = err;
    return rc;
}

static const struct setattr_kind setattr_kinds[] = {
    { "chmod", setattr_chmod }, { "utimes", setattr_utimes }, { "truncate", do_truncate },
};

static const struct setattr_kind *setattr_kind(const struct op_inst *op)
{
    const char *v = op->op->value_str != NULL ? op->op->value_str : "utimes";
    for (size_t i = 0; i < sizeof setattr_kinds / sizeof setattr_kinds[0]; i++)
        if (strcmp(setattr_kinds[i].name, v) == 0)
            return &setattr_kinds[i];
    return NULL;
}

static int setattr_init(struct worker *w, struct op_inst *op)
{
    if (setattr_kind(op) == NULL)
        return op_fail(w, op, "value=\"%s\": setattr does chmod, utimes or truncate", op->op->value_str);
    return fsat_init(w, op);
}

static int setattr_run(struct worker *w, struct op_inst *op)
{
    const struct setattr_kind *k = setattr_kind(op);
    struct fsat_entry e;
    int rc = fsat_pick(w, op, FS_EXISTING, &e);
    if (rc != FO_OK)
        return rc;
    const char *leaf;
    uint64_t size = op_iosize(w, op);
    uint64_t t0 = op_start(w, e.since);
    int dir = fsat_parent(op, e.rel, &leaf);
    rc = dir < 0 ? -1 : k->call(dir, leaf, size);
    uint64_t t1 = op_now(w);
    int err = errno;
    if (dir >= 0)
        close(dir);
    fsat_release(w, &e, FS_EXISTING, 0);
    if (rc != 0)
        return op_error(w, op, k->name, e.buf, err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_setattr_hooks = { .run = setattr_run, .init = setattr_init, .fini = fsat_fini };
