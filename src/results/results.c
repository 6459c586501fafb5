/* results.c: lifetime of the measured results kept for the reports. */
#include "results/results.h"

#include <stdlib.h>
#include <string.h>

static void run_result_free(struct run_result *run)
{
    for (size_t k = 0; k < run->nrows; k++) {
        free(run->rows[k].name);
        free(run->rows[k].process);
        free(run->rows[k].thread);
        free(run->rows[k].intended);
    }
    for (size_t k = 0; k < run->nsched; k++) {
        free(run->sched[k].process);
        free(run->sched[k].thread);
    }
    free(run->sched);
    for (size_t k = 0; k < run->ntimes; k++) {
        free(run->times[k].process);
        free(run->times[k].thread);
    }
    free(run->times);
    free(run->io_intended);
    free(run->replay_start);
    for (size_t k = 0; k < run->nmismatches; k++)
        free(run->mismatches[k].target);
    free(run->mismatches);
    free(run->clients);
    free(run->rows);
    free(run->error);
    free(run->intervals);
    free(run->latlog.path);
    free(run->latlog.error);
    for (size_t k = 0; k < run->ncache; k++)
        free(run->cache[k].fileset);
    free(run->cache);
    for (size_t k = 0; k < run->nplacement; k++) {
        struct thread_place *t = &run->placement[k];
        free(t->thread);
        free(t->planned);
        free(t->nodes);
        free(t->cpus);
        free(t->note);
    }
    free(run->placement);
    free(run->ranks);
    free(run->writers);
    for (size_t k = 0; k < run->ncriteria; k++) {
        free(run->criteria[k].expr);
        free(run->criteria[k].where);
        free(run->criteria[k].error);
    }
    free(run->criteria);
    run_system_free(&run->system);
    run_meta_free(&run->meta);
}

void results_drop_last(struct results *r)
{
    if (r->n > 0)
        run_result_free(&r->runs[--r->n]);
}

void results_free(struct results *r)
{
    for (size_t i = 0; i < r->n; i++)
        run_result_free(&r->runs[i]);
    free(r->runs);
    r->runs = NULL;
    r->n = 0;
}

bool run_result_add_interval(struct run_result *r, const struct interval_sample *s)
{
    struct interval_sample *v = realloc(r->intervals, (r->nintervals + 1) * sizeof *v);
    if (v == NULL)
        return false;
    r->intervals = v;
    v[r->nintervals++] = *s;
    return true;
}

bool run_result_add_criterion(struct run_result *r, const struct criterion_outcome *o)
{
    struct criterion_outcome *v = realloc(r->criteria, (r->ncriteria + 1) * sizeof *v);
    if (v == NULL)
        return false;
    r->criteria = v;
    struct criterion_outcome c = *o;
    c.expr = strdup(o->expr);
    c.where = strdup(o->where);
    c.error = o->error != NULL ? strdup(o->error) : NULL;
    if (c.expr == NULL || c.where == NULL || (o->error != NULL && c.error == NULL)) {
        free(c.expr);
        free(c.where);
        free(c.error);
        return false;
    }
    v[r->ncriteria++] = c;
    return true;
}

bool run_result_criteria_pass(const struct run_result *r)
{
    for (size_t i = 0; i < r->ncriteria; i++)
        if (!r->criteria[i].pass)
            return false;
    return true;
}
