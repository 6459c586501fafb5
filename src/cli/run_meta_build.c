/* run_meta_build.c: a run's variables (as they stand when it starts: each run of
 * a script has its own), the command line and $dir, handed to the engine in the
 * run description so the reports read them from the results. */
#include "cli/run_meta_build.h"

#include <stdlib.h>
#include <string.h>

static int add_vars(const struct vartab *t, struct run_meta *m)
{
    char buf[4096];
    for (size_t i = 0; i < t->n; i++) {
        if (t->v[i]->kind == VAR_UNSET)
            continue;
        var_format(t->v[i], buf, sizeof buf);
        if (!run_meta_add_var(m, t->v[i]->name, buf))
            return -1;
    }
    return 0;
}

static int add_argv(const struct interp_options *o, struct run_meta *m)
{
    m->argv = calloc(o->argc ? o->argc : 1, sizeof *m->argv);
    if (m->argv == NULL)
        return -1;
    for (; m->argc < o->argc; m->argc++)
        if ((m->argv[m->argc] = strdup(o->argv[m->argc])) == NULL)
            return -1;
    return 0;
}

int run_meta_build(const struct interp *in, struct run_meta *m)
{
    const struct var *dir = vars_find(&in->vars, "dir");
    *m = (struct run_meta){ 0 };
    if (add_vars(&in->vars, m) != 0 || add_argv(&in->opt, m) != 0
        || (dir != NULL && dir->kind == VAR_STR && (m->dir = strdup(dir->s)) == NULL)) {
        run_meta_free(m);
        return -1;
    }
    return 0;
}
