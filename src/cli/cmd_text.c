/* cmd_text.c: commands that print or run text: echo, usage and system. */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "cli/command.h"
#include "cli/interp.h"
#include "cli/expand.h"

/* Adjacent quoted strings are one text. */
static char *joined(const struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    size_t cap = 1;
    for (size_t i = 0; i < c->nstrings; i++)
        cap += strlen(c->strings[i]);
    char *raw = malloc(cap);
    if (raw == NULL) {
        diag_set(err, &c->loc, "out of memory");
        return NULL;
    }
    raw[0] = '\0';
    for (size_t i = 0; i < c->nstrings; i++)
        strcat(raw, c->strings[i]);
    char *text = interp_expand(in, raw);
    free(raw);
    if (text == NULL)
        diag_set(err, &c->loc, "out of memory");
    return text;
}

int cmd_echo(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    char *text = joined(in, c, err);
    if (text == NULL)
        return -1;
    if (in->debug > 0)
        fprintf(in->out, "%s\n", text);
    free(text);
    fflush(in->out);
    return 0;
}

int cmd_usage(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (c->nstrings == 0) {
        if (in->nusage == 0)
            fprintf(in->out, "%s\n", in->workload ? "this workload has no usage text" : "no workload is loaded");
        for (size_t i = 0; i < in->nusage; i++) {
            char *line = interp_expand(in, in->usage[i]);
            fprintf(in->out, "%s\n", line ? line : "");
            free(line);
        }
        return 0;
    }
    size_t cap = 1;
    for (size_t i = 0; i < c->nstrings; i++)
        cap += strlen(c->strings[i]);
    char *raw = malloc(cap);
    char **v = realloc(in->usage, (in->nusage + 1) * sizeof *v);
    if (raw == NULL || v == NULL) {
        free(raw);
        if (v != NULL)
            in->usage = v;
        return diag_set(err, &c->loc, "out of memory");
    }
    raw[0] = '\0';
    for (size_t i = 0; i < c->nstrings; i++)
        strcat(raw, c->strings[i]);
    in->usage = v;
    in->usage[in->nusage++] = raw;
    return 0;
}

int cmd_system(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (in->opt.check_only)
        return 0;
    char *text = joined(in, c, err);
    if (text == NULL)
        return -1;
    fflush(in->out);
    fflush(in->err);
    int rc = system(text);
    free(text);
    if (rc == -1)
        return diag_set(err, &c->loc, "cannot start the shell for 'system'");
    if (WIFEXITED(rc) && WEXITSTATUS(rc) != 0)
        warn_at(in->err, &c->loc, "system command exited with status %d", WEXITSTATUS(rc));
    return 0;
}
