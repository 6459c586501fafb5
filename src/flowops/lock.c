/* lock.c: lock and unlock: a write lock on the file open in the slot, by
 * fcntl (value="fcntl", the default: the first iosize bytes, 0 the whole
 * file) or flock (value="flock"). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/file.h>

#include "flowops/flowop.h"
#include "flowops/slot_call.h"
#include "engine/worker.h"

/* One locking interface: its call to take or to let go of the lock. */
struct lock_kind {
    const char *name;
    int (*call)(int fd, bool take, uint64_t len);
};

static int lock_fcntl(int fd, bool take, uint64_t len)
{
    struct flock l = { .l_type = take ? F_WRLCK : F_UNLCK, .l_whence = SEEK_SET, .l_start = 0, .l_len = (off_t)len };
    return fcntl(fd, F_SETLKW, &l);
}

static int lock_flock(int fd, bool take, uint64_t len)
{
    return flock(fd, take ? LOCK_EX : LOCK_UN);
}

static const struct lock_kind lock_kinds[] = { { "fcntl", lock_fcntl }, { "flock", lock_flock } };

static const struct lock_kind *lock_kind(const struct op_inst *op)
{
    const char *v = op->op->value_str != NULL ? op->op->value_str : "fcntl";
    for (size_t i = 0; i < sizeof lock_kinds / sizeof lock_kinds[0]; i++)
        if (strcmp(lock_kinds[i].name, v) == 0)
            return &lock_kinds[i];
    return NULL;
}

static int lock_init(struct worker *w, struct op_inst *op)
{
    if (lock_kind(op) == NULL)
        return op_fail(w, op, "value=\"%s\": a lock is taken with fcntl or flock", op->op->value_str);
    return FO_OK;
}

static int lock_change(struct worker *w, struct op_inst *op, bool take)
{
    struct slot *s = op_slot(w, op);
    if (s->fd < 0)
        return op_fail(w, op, "%s of slot %d, which is not open", take ? "lock" : "unlock", (int)(s - w->fds));
    const struct lock_kind *k = lock_kind(op);
    uint64_t len = op_iosize(w, op);
    uint64_t t0 = op_now(w);
    int rc = k->call(s->fd, take, len), err = errno;
    return slot_call_end(w, op, s, k->name, rc, err, t0, op_now(w));
}

static int lock_run(struct worker *w, struct op_inst *op)
{
    return lock_change(w, op, true);
}

static int unlock_run(struct worker *w, struct op_inst *op)
{
    return lock_change(w, op, false);
}

const struct flowop_hooks flowop_lock_hooks = { .run = lock_run, .init = lock_init };

const struct flowop_hooks flowop_unlock_hooks = { .run = unlock_run, .init = lock_init };
