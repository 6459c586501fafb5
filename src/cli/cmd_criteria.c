/* cmd_criteria.c: `criteria EXPR` and -C EXPR: parsed when read, kept for the
 * rest of the invocation, checked against each run's plan before it starts
 * and judged on its results when it ends (criteria_eval.c). */
#include <stdlib.h>

#include "cli/command.h"
#include "cli/criteria_eval.h"
#include "cli/interp.h"
#include "cli/cmd_criteria.h"

int interp_add_criterion(struct interp *in, const char *text, const struct srcloc *loc, struct diag *err)
{
    struct criterion c;
    if (criterion_parse(&c, text, loc, err) != 0)
        return -1;
    struct criterion *v = realloc(in->criteria, (in->ncriteria + 1) * sizeof *v);
    if (v == NULL) {
        criterion_free(&c);
        return diag_set(err, NULL, "out of memory");
    }
    in->criteria = v;
    v[in->ncriteria++] = c;
    return 0;
}

int cmd_criteria(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return interp_add_criterion(in, c->word, &c->word_loc, err);
}

int interp_exit_status(const struct interp *in, int status)
{
    return status == EXIT_OK && in->criteria_failed ? EXIT_CRITERIA : status;
}
