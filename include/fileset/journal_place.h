/* journal_place.h: where a fileset's durability journal lies: its directory,
 * and the refusal of one on the tree's own file system (a crash would take both). */
#ifndef FB_JOURNAL_PLACE_H
#define FB_JOURNAL_PLACE_H

#include <stddef.h>

#include "base/diag.h"
#include "model/plan.h"

/* The directory of fileset fs's journal ("<journal>/<name>") into buf; -1 (ENAMETOOLONG) when it does not fit. */
int journal_dir(const struct plan_fileset *fs, char *buf, size_t len);
/* Refuses a journal on the file system of the fileset's tree (--journal-force: do not ask). */
int journal_check_place(const struct plan_fileset *fs, struct diag *err);

#endif
