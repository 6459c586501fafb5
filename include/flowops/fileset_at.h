/* fileset_at.h: the flowops that name a fileset's entries by path (rename,
 * setattr, access, statmissing, statfs, readdir, openflags) resolve them
 * beneath the fileset's root, opened once per instance, following no link. */
#ifndef FB_FILESET_AT_H
#define FB_FILESET_AT_H

#include <stdint.h>

#include "fileset/fileset.h"

struct worker;
struct op_inst;

/* init/fini hooks: the root of the op's fileset, kept in op->priv. */
int fsat_init(struct worker *w, struct op_inst *op);
void fsat_fini(struct worker *w, struct op_inst *op);
/* The root's descriptor. */
int fsat_root(const struct op_inst *op);

/* An entry picked and held busy for one call, with its path below the root. */
struct fsat_entry {
    struct fileset_rt *fs;
    int64_t idx;
    enum fs_presence was;
    uint64_t since;          /* op_now() before a wait for a busy entry, else 0 */
    const char *rel;         /* beneath the root */
    char buf[4096];
};

/* Picks a file of the op's fileset in state `want` (indexed= or the rotor) and
 * holds it: FO_OK, FO_NORESOURCE when none is, or an error said. */
int fsat_pick(struct worker *w, struct op_inst *op, enum fs_presence want, struct fsat_entry *e);
/* Lets the entry go in state `now`. */
void fsat_release(struct worker *w, const struct fsat_entry *e, enum fs_presence now, int open_delta);

/* The directory holding rel beneath the op's root (beneath_parent), or -1 with errno. */
int fsat_parent(const struct op_inst *op, const char *rel, const char **leaf);

#endif
