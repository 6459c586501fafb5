/* stat.c: statfile: stat of a fileset entry or fstat of an open slot. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>

#include "base/sys_call.h"
#include "flowops/flowop.h"
#include "flowops/slot_call.h"
#include "engine/worker.h"
#include "fileset/fileset_root.h"

/* Out of line: inlined, its eight-argument call made statfile_run save registers on every
 * stat of a picked file, the common case (18 instructions a stat, bench/ledger). */
__attribute__((noinline)) static int fstat_slot(struct worker *w, struct op_inst *op, const struct slot *s)
{
    struct stat sb;
    uint64_t t0 = op_now(w);
    int rc = fstat(s->fd, &sb), err = errno;
    return slot_call_end(w, op, s, "fstat", rc, err, t0, op_now(w));
}

/* Stats an existing file picked like openfile does; holding it busy keeps a
 * deletefile from removing it between the pick and the stat. plain: the op
 * has a fileset and takes the rotor's turn (known before the run). */
static inline __attribute__((always_inline)) int stat_of(struct worker *w, struct op_inst *op, bool plain)
{
    struct fileset_rt *fs = op_fileset(w, op);
    if (!plain && fs == NULL)
        return op_fail(w, op, "slot %d is not open and no fileset is named", op->op->fd);
    uint64_t since;
    int64_t idx = plain ? op_pick(w, fs, FSK_FILE, FS_EXISTING, FS_FROM_ROTOR, 0, op->rotor, &since)
                        : op_pick_own(w, op, fs, FSK_FILE, FS_EXISTING, &since);
    if (idx < 0)
        return op_pick_failed(idx);
    struct stat sb;
    char buf[FS_NAME_LEN];
    const char *leaf;
    size_t dir;
    uint64_t t0 = op_start(w, since);
    int dfd = fileset_entry_at(fs, FSK_FILE, (size_t)idx, buf, &leaf, &dir);
    long rc = dfd < 0 ? -errno : sys_fstatat(dfd, leaf, &sb, AT_SYMLINK_NOFOLLOW);
    uint64_t t1 = op_now(w);
    int err = (int)-rc;
    fileset_entry_put(fs, dir, dfd);
    fileset_unhold(fs, w->shm, FSK_FILE, idx);
    if (rc == 0 && !S_ISREG(sb.st_mode))   /* a link put in its place: stat'ed, not followed, and refused */
        rc = -1, err = ELOOP;   /* op_entry_error names what is there */
    if (rc != 0)
        return op_entry_error(w, op, "stat", fs, FSK_FILE, idx, err);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* A stat of file idx that failed (rc: -errno, or 0 for what is not a regular file). */
__attribute__((noinline, cold)) static int stat_failed(struct worker *w, struct op_inst *op, int64_t idx, long rc)
{
    return op_entry_error(w, op, "stat", op->fs, FSK_FILE, idx, rc != 0 ? (int)-rc : ELOOP);
}

/* stat_fixed's file idx when its directory's descriptor is not kept (past
 * the budget): named as stat_of names it, still not held. */
__attribute__((noinline)) static int stat_unkept(struct worker *w, struct op_inst *op, int64_t idx)
{
    struct fileset_rt *fs = op->fs;
    struct stat sb;
    char buf[FS_NAME_LEN];
    const char *leaf;
    size_t dir;
    uint64_t t0 = op_now(w);
    int dfd = fileset_entry_dir(fs, FSK_FILE, (size_t)idx, buf, &leaf, &dir);
    long rc = dfd < 0 ? -errno : sys_fstatat(dfd, leaf, &sb, AT_SYMLINK_NOFOLLOW);
    uint64_t t1 = op_now(w);
    fileset_dir_put(fs, dir, dfd);
    if (rc != 0 || !S_ISREG(sb.st_mode))
        return stat_failed(w, op, idx, rc);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

static int stat_picked(struct worker *w, struct op_inst *op)
{
    return stat_of(w, op, false);
}

static int stat_rotor(struct worker *w, struct op_inst *op)
{
    return stat_of(w, op, true);
}

static int statfile_run(struct worker *w, struct op_inst *op)
{
    if (op->op->fd > 0) {
        struct slot *s = op_slot(w, op);
        if (s->fd >= 0)
            return fstat_slot(w, op, s);
    }
    return stat_picked(w, op);
}

/* op_done and FO_OK, with no call but a tail call (op_done_recorded): the
 * fixed body then keeps no frame and saves no register (bench/ledger). */
static inline int stat_done(struct worker *w, struct op_inst *op, uint64_t t0, uint64_t t1)
{
    if (__builtin_expect(op->records != 0, 0))
        return op_done_recorded(w, op, t0, t1);
    stats_add(op->st, tick_to_ns(&w->clk, t1 - t0), 0);
    return FO_OK;
}

/* A stat on a tree that no flowop of the run changes (op_inst.tree_fixed):
 * the file at the rotor's turn is not held, since no one can remove it, and
 * is named by its turn's row (op_turn, fileset_turns.h): its directory's kept
 * descriptor and its leaf. A missing file (a fileset not wholly
 * preallocated) takes stat_rotor, which goes on to one that exists; a file
 * whose directory is past the budget, stat_unkept. tsc: the worker's clock
 * is the TSC. */
static inline __attribute__((always_inline)) int stat_fixed(struct worker *w, struct op_inst *op, bool tsc)
{
    size_t i;
    const struct fs_turn *t = op_turn(op, &i);
    if (__builtin_expect(t->dfd < 0, 0))
        return t->dfd == FS_TURN_MISSING ? stat_rotor(w, op) : stat_unkept(w, op, (int64_t)i);
    uint64_t t0 = tick_now_as(tsc);
    long rc = sys_fstatat(t->dfd, t->leaf, &w->sb, AT_SYMLINK_NOFOLLOW);
    /* A failed stat records no latency: tested before the second reading, as
     * bench/floor.c does, rc need not outlive it (one saved register less) */
    if (__builtin_expect(rc != 0, 0))
        return stat_failed(w, op, (int64_t)i, rc);
    uint64_t t1 = tick_now_as(tsc);
    if (!S_ISREG(w->sb.st_mode))   /* a link put in its place: stat'ed, not followed, and refused */
        return stat_failed(w, op, (int64_t)i, 0);
    return stat_done(w, op, t0, t1);
}

static int stat_fixed_tsc(struct worker *w, struct op_inst *op)
{
    return stat_fixed(w, op, true);
}

static int stat_fixed_vdso(struct worker *w, struct op_inst *op)
{
    return stat_fixed(w, op, false);
}

/* Without fd= the stat is always of a picked file: the loop calls stat_picked
 * itself, or stat_rotor when its fileset and order are the common ones, and
 * stat_fixed when, besides, nothing of the run changes its tree. */
static int statfile_init(struct worker *w, struct op_inst *op)
{
    if (op->op->fd > 0)
        return FO_OK;
    op->run = op->fs == NULL || !op->picks_rotor ? stat_picked : stat_rotor;
    if (op->run == stat_rotor && op_fix_turns(w, op))
        op->run = w->clk.tsc ? stat_fixed_tsc : stat_fixed_vdso;
    return FO_OK;
}

const struct flowop_hooks flowop_statfile_hooks = { .init = statfile_init, .run = statfile_run };
