/* fileset_at.h: the flowops that name a fileset's entries (rename, setattr,
 * access, statmissing, statfs, readdir, openflags) reach them beneath the
 * fileset's root, following no link: by the process's descriptor of the
 * entry's directory and its name there; statfs by the root, opened once per instance. */
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

/* An entry picked and held busy for one call: the descriptor of its
 * directory (resolved beneath the root with no link followed, kept by the
 * process: fileset_entry_dir) and its name there, for an *at() call that
 * follows no link in the name. */
struct fsat_entry {
    struct fileset_rt *fs;
    int64_t idx;
    enum fs_presence was;
    uint64_t since;          /* op_now() before a wait for a busy entry, else 0 */
    int dirfd;
    size_t dir;
    const char *leaf;
    char buf[FS_NAME_LEN];   /* the name, where it is not the fileset's table's */
};

/* Picks a file of the op's fileset in state `want` (indexed= or the rotor) and
 * holds it: FO_OK, FO_NORESOURCE when none is, or an error said. */
int fsat_pick(struct worker *w, struct op_inst *op, enum fs_presence want, struct fsat_entry *e);
/* Lets the entry go in state `now` (and its directory's descriptor). */
void fsat_release(struct worker *w, const struct fsat_entry *e, enum fs_presence now, int open_delta);
/* The error of a call on the entry (the path, and what stood in the way). */
int fsat_error(struct worker *w, struct op_inst *op, const char *what, const struct fsat_entry *e, int err);

#endif
