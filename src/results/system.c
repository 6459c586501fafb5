/* system.c: lifetime of a run's system figures (results/system.h). */
#include "results/system.h"

#include <stdlib.h>

void run_system_free(struct run_system *s)
{
    for (size_t i = 0; i < s->ndev; i++) {
        free(s->devices[i].model);
        free(s->devices[i].path);
    }
    free(s->devices);
    free(s->dev);
    for (size_t i = 0; i < s->nsamples; i++)
        free(s->samples[i].dev);
    free(s->samples);
    *s = (struct run_system){ 0 };
}

bool run_system_add_device(struct run_system *s, const struct sys_device *d)
{
    struct sys_device *v = realloc(s->devices, (s->ndev + 1) * sizeof *v);
    if (v == NULL)
        return false;
    s->devices = v;
    struct dev_figures *f = realloc(s->dev, (s->ndev + 1) * sizeof *f);
    if (f == NULL)
        return false;
    s->dev = f;
    f[s->ndev] = (struct dev_figures){ 0 };
    v[s->ndev++] = *d;
    return true;
}

bool run_system_add_sample(struct run_system *s, struct sys_sample *x)
{
    struct sys_sample *v = realloc(s->samples, (s->nsamples + 1) * sizeof *v);
    if (v == NULL) {
        free(x->dev);
        x->dev = NULL;
        return false;
    }
    s->samples = v;
    v[s->nsamples++] = *x;
    return true;
}
