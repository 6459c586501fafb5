/* plan_io.h: which I/O engine, at what depth, each flowop of a plan uses:
 * its own ioengine=/iodepth=, its thread's, or the run's --ioengine. */
#ifndef FB_MODEL_PLAN_IO_H
#define FB_MODEL_PLAN_IO_H

#include "io/ioengine.h"
#include "lang/eval.h"
#include "model/plan.h"

/* Writes an asynchronous flowop (aiowrite) keeps in flight unless its iodepth= says. */
#define PLAN_AIO_DEPTH 4096

/* ioengine= and iodepth= (attribute rows first, first + 1) over what the
 * thread or flowop inherits; type is NULL for a thread. A flowop gets an
 * engine only when its type uses one (FF_ENGINE, FF_ASYNC); an asynchronous
 * flowop (aiowrite) falls back to libaio unless its engine is asynchronous. */
int plan_io_attrs(const struct attrvals *a, int first, const struct scope *sc, const struct plan_io *inherit,
                  const struct flowop_type *type, struct plan_io *out, struct diag *err);
/* --ioengine and --iodepth: every flowop of the run on engine (NULL: keep
 * each one's) and depth (0: keep); asynchronous flowops keep theirs unless
 * engine is asynchronous too. */
void plan_override_io(struct plan *p, const struct ioengine_ops *engine, unsigned depth);

#endif
