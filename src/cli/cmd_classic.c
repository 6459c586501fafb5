/* cmd_classic.c: FileBench 1.3/1.4's process control: `create processes`, `sleep`
 * while they exist, `shutdown` and `warmup`. flowbench's workers live only inside a
 * run, so a created process set turns each `sleep N` into a measured run of N s. */
#include <string.h>

#include "cli/command.h"
#include "cli/interp.h"

int cmd_create_processes(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (in->load_depth > 0)
        return 0;
    int rc = cmd_create_files(in, c, err);
    if (rc != 0)
        return rc;
    if (!in->procs_created)
        fprintf(in->out, "create processes: the workers run during each 'sleep N' (a measured period of N s, "
                         "reported by 'stats snap') until 'shutdown processes'\n");
    in->procs_created = true;
    return 0;
}

/* `shutdown processes` ends the periods; `shutdown` alone leaves, as `quit`. */
int cmd_shutdown(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (c->word == NULL)
        return cmd_quit(in, c, err);
    in->procs_created = false;
    return 0;
}

int cmd_warmup(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    int rc = run_warmup(in, c, err);
    if (rc == 0 && in->load_depth == 0 && !in->opt.check_only)
        fprintf(in->out, "warmup: done; not measured, not reported\n");
    return rc;
}
