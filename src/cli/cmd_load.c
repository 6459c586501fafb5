/* cmd_load.c: `load NAME|PATH`: define a workload (its runs are skipped) and show its usage. */
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "cli/interp.h"
#include "cli/workload.h"

int cmd_load(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (in->load_depth > 8)
        return diag_set(err, &c->loc, "load nested more than 8 deep");
    char *path = workload_find(in, c->word);
    if (path == NULL)
        return diag_set(err, &c->word_loc, "no workload '%s' (see 'list workloads')", c->word);
    /* A workload starts from a clean slate; -D values still win over its defaults.
     * The workload before it is set aside, and comes back if this one fails. */
    struct interp_saved before;
    interp_set_aside(in, &before);
    if (interp_apply_overrides(in) != 0) {
        free(path);
        interp_put_back(in, &before);
        return diag_set(err, &c->loc, "out of memory");
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    in->workload = strndup(base, strcspn(base, "."));
    in->load_depth++;
    in->load_noted = false;
    int rc = interp_exec_file(in, path, &c->loc);
    in->load_depth--;
    free(path);
    if (rc != 0) {
        interp_put_back(in, &before);
        if (in->load_depth == 0)
            diag_printf(in->err, "flowbench: note: nothing of '%s' was loaded; what was defined before is unchanged\n",
                        c->word);
        return rc;
    }
    interp_saved_free(&before);
    if (in->opt.interactive || in->load_depth > 0 || in->nusage > 0) {
        fprintf(in->out, "loaded workload '%s'\n", in->workload ? in->workload : c->word);
        struct ast_cmd show = { .kind = CMD_USAGE };
        if (in->nusage > 0)
            cmd_usage(in, &show, err);
    }
    return 0;
}
