/* run_meta.c: lifetime of what a run was (results/run_meta.h). */
#include "results/run_meta.h"

#include <stdlib.h>
#include <string.h>

void run_meta_free(struct run_meta *m)
{
    for (size_t i = 0; i < m->nvars; i++) {
        free(m->vars[i].name);
        free(m->vars[i].value);
    }
    free(m->vars);
    for (size_t i = 0; i < m->argc; i++)
        free(m->argv[i]);
    free(m->argv);
    free(m->dir);
    free(m->filesystem);
    free(m->mount_options);
    free(m->device_model);
    *m = (struct run_meta){ 0 };
}

bool run_meta_add_var(struct run_meta *m, const char *name, const char *value)
{
    struct meta_var *v = realloc(m->vars, (m->nvars + 1) * sizeof *v);
    if (v == NULL)
        return false;
    m->vars = v;
    char *n = strdup(name), *s = strdup(value);
    if (n == NULL || s == NULL) {
        free(n);
        free(s);
        return false;
    }
    v[m->nvars++] = (struct meta_var){ n, s };
    return true;
}

bool run_meta_copy(struct run_meta *dst, const struct run_meta *src)
{
    *dst = (struct run_meta){ 0 };
    for (size_t i = 0; i < src->nvars; i++)
        if (!run_meta_add_var(dst, src->vars[i].name, src->vars[i].value))
            return false;
    dst->argv = calloc(src->argc ? src->argc : 1, sizeof *dst->argv);
    if (dst->argv == NULL)
        return false;
    for (; dst->argc < src->argc; dst->argc++)
        if ((dst->argv[dst->argc] = strdup(src->argv[dst->argc])) == NULL)
            return false;
    return src->dir == NULL || (dst->dir = strdup(src->dir)) != NULL;
}
