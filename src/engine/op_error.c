/* op_error.c: how a worker ends the run with an error: the first error of
 * the run wins and stops it; messages name the flowop, its thread and the file. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "engine/worker.h"

void worker_set_error(struct worker *w, const char *msg)
{
    struct run_shared *sh = w->sh;
    uint32_t expect = 0;
    if (atomic_compare_exchange_strong(&sh->err_taken, &expect, 1)) {
        snprintf(sh->err, sizeof sh->err, "%s", msg);
        engine_stop(w->eng, STOP_ERROR);
    }
}

int op_fail(struct worker *w, struct op_inst *op, const char *fmt, ...)
{
    char msg[768], full[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(full, sizeof full, "flowop %s (%s) in thread %s: %s", op->op->name, op->op->type->name,
             w->thread->name, msg);
    op->st->errors++;
    worker_set_error(w, full);
    return FO_ERROR;
}

int op_error(struct worker *w, struct op_inst *op, const char *what, const char *path, int err)
{
    uint32_t mem, off;
    if (err != EINVAL || !op->op->directio)
        return op_fail(w, op, "%s %s: %s", what, path ? path : "", strerror(err));
    /* A size or offset the checks before the run could not see (a drawn
     * iosize, a sequential offset past a short read at the end). */
    engine_dio_align(w->eng, op->op, &mem, &off);
    if (off == 0)
        return op_fail(w, op, "%s %s: %s (directio: the file system does not say what O_DIRECT needs; buffers are "
                       "aligned to %" PRIu32 " bytes, offsets and sizes may have to be multiples of it)",
                       what, path ? path : "", strerror(err), mem);
    return op_fail(w, op, "%s %s: %s (directio: offsets and sizes must be multiples of %" PRIu32
                   " bytes, buffers aligned to %" PRIu32 ", on this file system)",
                   what, path ? path : "", strerror(err), off, mem);
}

int op_entry_error(struct worker *w, struct op_inst *op, const char *what, struct fileset_rt *fs, enum fs_kind kind,
                   int64_t idx, int err)
{
    char why[PATH_MAX + 512];
    if (err == EINVAL && op->op->directio && fileset_path(fs, kind, (size_t)idx, why, sizeof why) == 0)
        return op_error(w, op, what, why, err);
    fileset_blame(fs, kind, (size_t)idx, err, why, sizeof why);
    return op_fail(w, op, "%s %s", what, why);
}

int op_dir_error(struct worker *w, struct op_inst *op, const char *what, struct fileset_rt *fs, size_t dir, int err)
{
    char why[PATH_MAX + 512];
    fileset_blame_dir(fs, dir, err, why, sizeof why);
    return op_fail(w, op, "%s %s", what, why);
}

const char *slot_path(struct worker *w, const struct slot *s, char *buf, size_t len)
{
    struct fileset_rt *fs = worker_fileset(w, s->fileset);
    if (fs == NULL || s->entry < 0 || fileset_path(fs, FSK_FILE, (size_t)s->entry, buf, len) != 0)
        snprintf(buf, len, "(slot)");
    return buf;
}

int op_fail_wss(struct worker *w, struct op_inst *op, const struct slot *s, uint64_t iosize, uint64_t wss)
{
    char path[PATH_MAX];
    return op_fail(w, op, "iosize %llu is larger than the working set (%llu bytes) of %s", (unsigned long long)iosize,
                   (unsigned long long)wss, slot_path(w, s, path, sizeof path));
}
