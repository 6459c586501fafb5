/* target_lock.h: one flowbench per target directory: an exclusive flock on
 * "<dir>/.flowbench.lock", taken before anything under dir is created or
 * removed and held until the invocation ends (its interpreter owns the set). */
#ifndef FB_TARGET_LOCK_H
#define FB_TARGET_LOCK_H

#include "base/diag.h"
#include "model/replay_image.h"

#define TARGET_LOCK_NAME RP_LOCK_NAME

/* The directories this invocation holds (NULL: none yet). */
struct target_locks;

/* Locks dir (it must exist) for the rest of the invocation unless *set already
 * holds it. Refuses at once, naming dir and the pid of the holder, when another
 * process holds it; loc places the message. */
int target_lock_take(struct target_locks **set, const char *dir, const struct srcloc *loc, struct diag *err);
/* The same for the directory open at dirfd (dir names it in messages): what is locked is that directory,
 * whatever its name has come to mean since. dirfd stays the caller's. */
int target_lock_take_at(struct target_locks **set, int dirfd, const char *dir, const struct srcloc *loc,
                        struct diag *err);
/* Removes the lock files this invocation created, then lets every lock go. */
void target_locks_release(struct target_locks *set);

#endif
