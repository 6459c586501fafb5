/* cmd_define.c: `define fileset|file|process|flowop`: the model module builds
 * the definition (model_define.c) into the invocation's model. */
#include "cli/command.h"
#include "cli/interp.h"

int cmd_define_fileset(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return model_define_fileset(&in->model, &in->vars, c, err);
}

int cmd_define_process(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return model_define_process(&in->model, &in->vars, c, err);
}

int cmd_define_flowop(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return model_define_composite(&in->model, &in->vars, c, err);
}
