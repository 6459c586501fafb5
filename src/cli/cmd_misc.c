/* cmd_misc.c: small commands: sleep, debug, version, help, quit, enable, domultisync. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "lang/criteria.h"
#include "base/signals.h"
#include "lang/eval.h"
#include "lang/keywords.h"
#include "base/hint.h"
#include "cli/interp.h"

int cmd_sleep(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct scope sc = { .vars = &in->vars };
    uint64_t secs;
    if (eval_u64(&c->value, &sc, "sleep", &secs, err) != 0)
        return -1;
    if (secs > 366ull * 24 * 3600)
        return diag_set(err, &c->value.loc, "sleep of %" PRIu64 " s is more than a year", secs);
    if (in->procs_created)
        return run_period(in, c, err); /* the created processes run while the script sleeps */
    if (in->opt.check_only)
        return 0;
    /* Ctrl-C cancels the sleep (the shell prompts again; a script stops). */
    return stop_sleep(secs * 1000000000u) == 0 ? 0 : stop_status();
}

int cmd_debug(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (c->value.i > 10)
        warn_at(in->err, &c->value.loc, "debug level %" PRIu64 " is more than 10; using 10", c->value.i);
    in->debug = c->value.i > 10 ? 10 : (int)c->value.i;
    return 0;
}

int cmd_version(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    fprintf(in->out, "flowbench %s\n", FLOWBENCH_VERSION);
    return 0;
}

int cmd_quit(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    in->quit = true;
    return 0;
}

/* Classic FileBench's multi-client sync never worked; MPI does the job. */
static int refer_to_mpirun(struct diag *err, const struct srcloc *loc, const char *what)
{
    return diag_set(err, loc,
                    "'%s' (classic multi-client synchronisation) is not supported; run the workload on many hosts with "
                    "mpirun instead: mpirun -np N --hostfile HOSTS flowbench -f W.f (a build with -DFLOWBENCH_MPI=ON; "
                    "docs/running.md, \"Many hosts\")", what);
}

int cmd_enable(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (strcmp(c->word, "lathist") == 0) {
        in->lathist = true; /* they are always kept: this prints and writes them */
        return 0;
    }
    if (strcmp(c->word, "multi") == 0) {
        struct attrvals a = { 0 };
        int rc = attrvals_build(&a, &multi_attrs, c->attrs, NULL, err);
        attrvals_free(&a);
        if (rc != 0)
            return -1;
        return refer_to_mpirun(err, &c->loc, "enable multi");
    }
    return diag_set(err, &c->word_loc, "cannot enable '%s' (lathist or multi)", c->word);
}

int cmd_domultisync(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return refer_to_mpirun(err, &c->loc, "domultisync");
}

static void help_commands(FILE *out)
{
    fprintf(out, "Commands (help NAME for more; help flowop, fileset, process, thread, randvar, cvar for attributes):\n");
    for (size_t i = 0; i < ncommands; i++)
        fprintf(out, "  %s\n", commands[i].synopsis);
}

/* The attributes of t whose bit is set in mask (all: ~0u). */
static void help_attrs(FILE *out, const struct attr_table *t, unsigned mask)
{
    if (mask == ~0u)
        fprintf(out, "Attributes of %s:\n", t->entity);
    for (size_t i = 0; i < t->n; i++) {
        const struct attr_spec *s = &t->specs[i];
        if (s->name == NULL || !(mask & FA(i)))
            continue;
        char name[64];
        snprintf(name, sizeof name, "%s%s%s", s->name, s->alias ? "|" : "", s->alias ? s->alias : "");
        fprintf(out, "  %-22s %s%s\n", name, s->help, s->required ? " (required)" : "");
    }
}

/* What a flowop is, from its row's flags: "It is: I/O (in the IO summary), reads". */
static void help_flags(FILE *out, unsigned flags)
{
    if (flags == 0)
        return;
    const char *sep = "It is: ";
    for (size_t i = 0; i < flowop_nflags; i++)
        if (flags & (1u << i)) {
            fprintf(out, "%s%s", sep, flowop_flag_names[i]);
            sep = ", ";
        }
    fputc('\n', out);
}

static void help_flowops(FILE *out)
{
    help_attrs(out, &flowop_attrs, ~0u);
    fprintf(out, "Flowop types:\n");
    for (size_t i = 0; i < flowop_ntypes; i++)
        fprintf(out, "  %-16s %s\n", flowop_types[i].name, flowop_types[i].summary);
}

static void help_cvars(FILE *out)
{
    help_attrs(out, &cvar_attrs, ~0u);
    fprintf(out, "Custom variable types (parameters with defaults):\n");
    for (size_t i = 0; i < cvar_ntypes; i++) {
        fprintf(out, "  %-18s %s (", cvar_types[i].name, cvar_types[i].summary);
        for (size_t k = 0; k < cvar_types[i].nparams; k++)
            fprintf(out, "%s%s:%g", k ? ";" : "", cvar_types[i].params[k].key, cvar_types[i].params[k].def);
        fprintf(out, ")\n");
    }
}

/* The criteria language: the command, its figures and units. */
static void help_criteria(FILE *out)
{
    const struct command_def *cmd = command_for_kind(CMD_CRITERIA);
    fprintf(out, "%s\n    %s\nFigures (without a flowop: the IO flowops together):\n", cmd->synopsis, cmd->help);
    for (size_t i = 0; i < crit_nfigures; i++)
        fprintf(out, "  %-20s %s (%s)%s\n", crit_figures[i].name, crit_figures[i].help, crit_dim_names[crit_figures[i].dim],
                crit_figures[i].arg == CA_NONE ? "" : "; NAME(flowop) for one flowop");
    fprintf(out, "Units after a number (a time or a size must match the figure's kind):");
    for (size_t i = 0; i < crit_nunits; i++)
        fprintf(out, " %s (%s, x %g)", crit_units[i].word, crit_dim_names[crit_units[i].dim], crit_units[i].factor);
    fprintf(out, "\n[PROCESS, ...] before the expression: judged only on runs of those processes (a phase).\n");
    fprintf(out, "Example: criteria p99(r1) <= 5ms, criteria [writer] ops_per_sec >= 0.95 * $target\n");
}

int cmd_help(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    FILE *out = in->out;
    if (c->word == NULL) {
        help_commands(out);
        return 0;
    }
    const char *w = c->word;
    if (strcmp(w, "flowop") == 0 || strcmp(w, "flowops") == 0) {
        help_flowops(out);
        return 0;
    }
    if (strcmp(w, "cvar") == 0) {
        help_cvars(out);
        return 0;
    }
    if (strcmp(w, "criteria") == 0) {
        help_criteria(out);
        return 0;
    }
    for (size_t i = 0; attr_tables[i] != NULL; i++)
        if (strcmp(attr_tables[i]->entity, w) == 0) {
            help_attrs(out, attr_tables[i], ~0u);
            return 0;
        }
    const struct flowop_type *ft = flowop_type_find(w);
    if (ft != NULL) {
        fprintf(out, "flowop %s: %s\n", ft->name, ft->summary);
        help_flags(out, ft->flags);
        fprintf(out, "Its attributes:\n");
        help_attrs(out, &flowop_attrs, ft->attrs);
        return 0;
    }
    bool found = false;
    for (size_t i = 0; i < ncommands; i++)
        if (strcmp(command_name(&commands[i]), w) == 0) {
            fprintf(out, "%s\n    %s\n", commands[i].synopsis, commands[i].help);
            found = true;
        }
    if (found)
        return 0;
    const char *hint = lex_closest_command(w);
    if (hint != NULL)
        return diag_set(err, &c->word_loc, "no help on '%s'; did you mean '%s'?", w, hint);
    return diag_set(err, &c->word_loc, "no help on '%s' (try 'help')", w);
}
