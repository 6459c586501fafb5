/* cmd_foreach.c: FileBench 1.3/1.4's `foreach $v in 1, 2, 4 { commands }`: the
 * commands once per value, with $v set as `set $v = value` would. */
#include "base/signals.h"
#include "cli/command.h"
#include "cli/interp.h"

/* 0, or the status of the first command that failed (its error printed). */
static int run_body(struct interp *in, const struct ast_cmd *body)
{
    for (const struct ast_cmd *b = body; b != NULL && !in->quit; b = b->next) {
        int rc = stop_requested() ? stop_status() : interp_exec_cmd(in, b);
        if (rc != EXIT_OK)
            return rc;
    }
    return 0;
}

int cmd_foreach(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    for (size_t i = 0; i < c->nitems && !in->quit; i++) {
        struct ast_cmd set = { .kind = CMD_SET_VAR, .loc = c->items[i].loc, .var = c->var,
                               .value = c->items[i], .has_value = true };
        if (cmd_set_var(in, &set, err) != 0)
            return -1;
        int rc = run_body(in, c->body);
        if (rc != 0)
            return rc;
    }
    return 0;
}
