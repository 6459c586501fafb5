/* setattr.c: setattr: change an existing file's attributes: value="chmod",
 * "utimes" or "truncate" (to iosize bytes), one call each. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452 /* Linux 6.6; the same number on every architecture */
#endif

/* Before Linux 6.6: through an O_PATH descriptor of the name, which is the
 * link itself if one was put there (refused: ELOOP), by its /proc entry. */
static int chmod_node(int dir, const char *leaf, mode_t mode)
{
    struct stat sb;
    int fd = beneath_node(dir, leaf, &sb);
    if (fd < 0)
        return -1;
    char name[32];
    int rc = chmod(beneath_fd_name(fd, name, sizeof name), mode);
    int err = errno;
    close(fd);
    errno = err;
    return rc;
}

/* Alternates the owner's execute bit, so each call changes the mode; set
 * without following a link at the name (fchmodat would follow one put there
 * between the two calls). */
static int setattr_chmod(int dir, const char *leaf, uint64_t size)
{
    struct stat sb;
    if (fstatat(dir, leaf, &sb, AT_SYMLINK_NOFOLLOW) != 0)
        return -1;
    mode_t mode = (sb.st_mode & 07777) ^ S_IXUSR;
    if (syscall(SYS_fchmodat2, dir, leaf, mode, AT_SYMLINK_NOFOLLOW) == 0)
        return 0;
    if (errno == EOPNOTSUPP)   /* what fchmodat2 says of a link at the name */
        errno = ELOOP;
    return errno == ENOSYS ? chmod_node(dir, leaf, mode) : -1;
}

static int setattr_utimes(int dir, const char *leaf, uint64_t size)
{
    return utimensat(dir, leaf, NULL, AT_SYMLINK_NOFOLLOW);
}

/* truncate(2) would follow a link: the name is opened in its directory instead, following none. */
static int do_truncate(int dir, const char *leaf, uint64_t size)
{
    int fd = openat(dir, leaf, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
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
    uint64_t size = op_iosize(w, op);
    uint64_t t0 = op_start(w, e.since);
    rc = k->call(e.dirfd, e.leaf, size);
    uint64_t t1 = op_now(w);
    int err = rc != 0 ? errno : 0;
    fsat_release(w, &e, FS_EXISTING, 0);
    if (rc != 0)
        return fsat_error(w, op, k->name, &e, err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

const struct flowop_hooks flowop_setattr_hooks = { .run = setattr_run, .init = setattr_init, .fini = fsat_fini };
