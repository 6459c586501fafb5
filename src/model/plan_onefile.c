/* plan_onefile.c: the warning for a fileset flowop that will keep one file: an
 * auto-opening read or write without fd= opens a file into slot 0 once and
 * works on it for the whole run, whatever the fileset holds. */
#include "model/plan.h"

#include <inttypes.h>
#include <stdlib.h>

#include "model/flowop_type.h"
#include "lang/attr.h"

/* A slot-0 flowop's file changes when something in its thread opens or
 * closes slot 0 (openfile/createfile/closefile without fd=, or opennext). */
struct onefile_scan {
    bool slot0_bound;
    const struct plan *p;
    FILE *out;
    const struct srcloc **seen; /* a composite used twice warns once */
    size_t nseen, capseen;
};

static void note_binder(const struct plan_op *op, void *ctx)
{
    struct onefile_scan *sc = ctx;
    if (flowop_is(op->type, FF_SLOT) && (op->fd == 0 || op->opennext))
        sc->slot0_bound = true;
}

/* Keeps one file: could pick per execution (openclose), names a fileset of
 * more than one file, and works on slot 0 that nothing else rebinds. */
static bool keeps_one_file(const struct onefile_scan *sc, const struct plan_op *op)
{
    if ((op->type->attrs & FA(FO_OPENCLOSE)) == 0 || op->fileset < 0 || op->openclose || op->has_fd || op->opennext)
        return false;
    const struct plan_fileset *f = &sc->p->filesets[op->fileset];
    return !f->is_file && f->entries > 1 && !sc->slot0_bound;
}

static bool seen_before(struct onefile_scan *sc, const struct srcloc *loc)
{
    for (size_t i = 0; i < sc->nseen; i++)
        if (sc->seen[i]->file == loc->file && sc->seen[i]->line == loc->line && sc->seen[i]->col == loc->col)
            return true;
    if (sc->nseen == sc->capseen) {
        size_t cap = sc->capseen ? 2 * sc->capseen : 16;
        const struct srcloc **grown = realloc(sc->seen, cap * sizeof *grown);
        if (grown == NULL)
            return false; /* out of memory: a repeated warning is the lesser harm */
        sc->seen = grown;
        sc->capseen = cap;
    }
    sc->seen[sc->nseen++] = loc;
    return false;
}

static void warn_op(const struct plan_op *op, void *ctx)
{
    struct onefile_scan *sc = ctx;
    if (!keeps_one_file(sc, op) || seen_before(sc, &op->loc))
        return;
    const struct plan_fileset *f = &sc->p->filesets[op->fileset];
    warn_at(sc->out, &op->loc,
            "flowop %s '%s' opens one file of fileset '%s' (%" PRIu64 " files) into slot 0 and keeps it for the "
            "whole run; add openclose to pick a file at every execution, or fd= to keep one on purpose",
            op->type->name, op->name, f->name, f->entries);
}

void plan_warn_one_file(const struct plan *p, const bool *procs, FILE *out)
{
    struct onefile_scan sc = { .p = p, .out = out };
    for (size_t i = 0; i < p->nprocs; i++) {
        if (procs != NULL && !procs[i])
            continue;
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            sc.slot0_bound = false;
            plan_each_op(&p->procs[i].threads[t], note_binder, &sc);
            plan_each_op(&p->procs[i].threads[t], warn_op, &sc);
        }
    }
    free(sc.seen);
}
