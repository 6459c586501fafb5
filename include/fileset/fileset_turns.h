/* fileset_turns.h: the files of a tree no flowop of the run changes, each
 * with what an *at() call on it needs, found once before the run: a fixed
 * body's turn is then one load and a test (stat.c, open.c). */
#ifndef FB_FILESET_TURNS_H
#define FB_FILESET_TURNS_H

#include <stddef.h>

#include "base/shm.h"
#include "fileset/fileset.h"

/* dfd is its directory's kept descriptor (O_PATH, resolved beneath the root),
 * leaf its name there; else one of these, and leaf NULL. */
#define FS_TURN_MISSING (-1) /* the file does not exist (not preallocated) */
#define FS_TURN_UNKEPT (-2)  /* its directory is past the descriptor budget */

struct fs_turn {
    const char *leaf;
    int dfd;
};

/* The table of fs's nfiles files (their names all spelt, fileset_files_spelt,
 * and its root open), their directories kept now, each asked for once, while
 * the budget lasts; the caller owns it (free). NULL when out of memory. Only
 * for a tree that stays as it is: a file's presence is read once, here. */
struct fs_turn *fileset_turns_make(struct fileset_rt *fs, const struct shm *shm);

#endif
