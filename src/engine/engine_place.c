/* engine_place.c: a run's placement: planned once the slots are known, applied
 * by each worker thread for itself before the start barrier, and what each
 * thread got (read back after binding) kept in the result, with a note for
 * every binding that could not be applied. Nothing here is on the hot path. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_rt.h"

int engine_place_plan(struct engine *e, struct diag *err)
{
    return placement_build(&e->place, e->topo, e->plan, &e->run->opt.bind, err);
}

static const struct place_entry *slot_entry(const struct engine *e, size_t slot)
{
    const struct thread_slot *s = &e->slots[slot];
    return placement_find(&e->place, s->proc, s->proc_inst, s->thread, s->thread_inst);
}

void engine_place_apply(const struct engine *e, size_t slot)
{
    place_apply(e->topo, slot_entry(e, slot), slot_place(e, slot));
}

static char *dup_or_null(const char *s)
{
    return s != NULL ? strdup(s) : NULL;
}

/* One note for a topology that is not this machine's, one per thread for a binding that failed. */
static void note(const struct engine *e, const struct place_outcome *o, const char *label, bool *planned_said)
{
    if (o->state == PLACE_FAILED)
        engine_note(e, "note: placement %s: %s", label, o->note);
    if (o->state == PLACE_PLANNED_ONLY && !*planned_said) {
        engine_note(e, "note: placement %s", o->note);
        *planned_said = true;
    }
}

void engine_place_report(struct engine *e)
{
    struct run_result *r = e->result;
    bool planned_said = false;
    r->placement = calloc(e->nslots ? e->nslots : 1, sizeof *r->placement);
    if (r->placement == NULL)
        return;
    for (size_t s = 0; s < e->nslots; s++) {
        const struct place_outcome *o = slot_place(e, s);
        const struct place_entry *pe = slot_entry(e, s);
        char label[256];
        placement_label(&e->place, pe, label, sizeof label);
        note(e, o, label, &planned_said);
        struct thread_place *t = &r->placement[r->nplacement];
        *t = (struct thread_place){ strdup(label), dup_or_null(pe->cpus), dup_or_null(pe->nodes), strdup(o->cpus),
                                    place_state_name(o->state), o->note[0] ? strdup(o->note) : NULL };
        r->nplacement++;
    }
    fflush(e->run->out);
}
