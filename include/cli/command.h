/* command.h: the command table: one row per command kind with its handler and
 * help text; the shell's completion and `help` read the same rows. */
#ifndef FB_COMMAND_H
#define FB_COMMAND_H

#include "lang/ast.h"
#include "base/diag.h"

struct interp;

struct command_def {
    int token;                 /* the keyword's parser token: its word is command_name() */
    enum ast_cmd_kind kind;
    const char *synopsis;
    const char *help;
    /* 0 ok; -1 with err set (EXIT_USAGE) ; 1 run failure already reported */
    int (*exec)(struct interp *in, const struct ast_cmd *c, struct diag *err);
};

extern const struct command_def commands[];
extern const size_t ncommands;
const struct command_def *command_for_kind(enum ast_cmd_kind kind);
/* The command's first word, from the language's keyword table. */
const char *command_name(const struct command_def *c);
/* The i-th word `list` takes ("filesets", ...), NULL past the last: for completion. */
const char *list_topic(size_t i);

/* Handlers, one file per family. */
int cmd_set_var(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_set_randvar(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_set_cvar(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_set_mode(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_set_steady(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_define_randvar(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_define_fileset(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_define_process(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_define_flowop(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_run(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_create_files(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_flush(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_eventgen(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_echo(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_usage(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_system(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_sleep(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_list(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_load(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_debug(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_version(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_help(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_quit(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_enable(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_domultisync(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_stats(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_vars(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_shutdown(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_warmup(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_foreach(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_create_processes(struct interp *in, const struct ast_cmd *c, struct diag *err);
int cmd_criteria(struct interp *in, const struct ast_cmd *c, struct diag *err);

/* Runs the workload for c's length like `run`, its report kept for `stats snap`
 * (a classic period: `sleep N` after `create processes`). */
int run_period(struct interp *in, const struct ast_cmd *c, struct diag *err);
/* Runs the workload for c's length unmeasured: no report, no result, --runtime ignored. */
int run_warmup(struct interp *in, const struct ast_cmd *c, struct diag *err);

#endif
