/* managed_tree.h: a directory flowbench manages as a whole (a replay's DIR):
 * checked under a reused fileset's rules before anything is written there, and
 * the manifest of the names flowbench may have made in it (managed_tree.c). */
#ifndef FB_MANAGED_TREE_H
#define FB_MANAGED_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "model/replay_image.h"

/* In the directory: a first line "# flowbench-replay 1", then every name
 * (relative, any byte but NUL) flowbench laid down or may have made there,
 * each ended by a NUL. Written by flowbench before it lays anything down. */
#define MANAGED_MANIFEST RP_MANIFEST_NAME

/* A directory checked: what its manifest names, and what was there that
 * flowbench did not make (only with MANAGED_OVER). */
struct managed_tree;

/* Whether a directory may hold entries flowbench did not lay down (--over). */
enum managed_foreign { MANAGED_OURS_ONLY, MANAGED_OVER };

/* Walks dir (which exists) beneath it, following no link, before anything is
 * written. Refused (-1, err naming the path, bad input): a FIFO, socket or
 * device anywhere; an entry another user owns; a directory others may write
 * to; a regular file with a name outside dir (more links than names in dir);
 * a symbolic link at a name the manifest does not hold; and, unless MANAGED_OVER, any
 * entry at a name the manifest does not hold. 0 and *out otherwise. */
int managed_tree_check(const char *dir, enum managed_foreign foreign, struct managed_tree **out, struct diag *err);
/* The same for the directory open at dirfd (dir names it in messages; dirfd stays the caller's): it and
 * the manifest written later are that directory, whatever its name has come to mean since. */
int managed_tree_check_at(int dirfd, const char *dir, enum managed_foreign foreign, struct managed_tree **out,
                          struct diag *err);
/* Writes the manifest anew: the names it held that are still there, and names
 * (with their parent directories), less what managed_tree_check found foreign. */
int managed_tree_write(struct managed_tree *mt, const char *const *names, size_t n, struct diag *err);
/* After the run: the manifest anew with only what is there now of what it held and of names (what
 * flowbench laid down and what the run made), so a name looked at and never made is not claimed. */
int managed_tree_settle(struct managed_tree *mt, const char *const *names, size_t n, struct diag *err);
void managed_tree_free(struct managed_tree *mt);

#endif
