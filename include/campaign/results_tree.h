/* results_tree.h: the results trees of `flowbench profile`: their root folder checked
 * before use, a resumed tree checked whole, and folders made beneath a tree's root
 * without following a symbolic link. */
#ifndef FB_RESULTS_TREE_H
#define FB_RESULTS_TREE_H

#include "base/diag.h"

/* Makes the folder results trees go to (mkdir -p, mode 0755) and opens it, refusing
 * (after saying why) a symbolic link, a folder of another user (root's excepted) or
 * one anybody may write into without the sticky bit (/tmp's): another user could swap
 * a tree there. The descriptor, or -1 with err set (bad_input for a folder refused). */
int results_root_open(const char *stats, struct diag *err);

/* Opens the tree at path (a symbolic link there refused) or, where dirfd is not -1,
 * at name in dirfd; -1 with err set (bad_input for a link). */
int results_tree_open(int dirfd, const char *path, struct diag *err);

/* Everything in the tree is as flowbench makes it: folders and regular files of
 * ours, one link each, no symbolic link, FIFO, device or socket, no folder anybody
 * may write into. 0, or -1 with err naming the first thing that is not (shown + its path). */
int results_tree_check(int treefd, const char *shown, struct diag *err);

/* mkdir -p rel beneath the tree (mode 0755), following no link; 0 or -1 with errno. */
int results_mkdirs(int treefd, const char *rel);

#endif
