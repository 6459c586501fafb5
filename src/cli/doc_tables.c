/* doc_tables.c: prints the reference tables of docs/language.md from the
 * command, attribute, flowop and cvar tables, so the docs cannot drift. */
#include "cli/doc_tables.h"

#include <inttypes.h>
#include <string.h>

#include "lang/attr.h"
#include "lang/criteria.h"
#include "cli/command.h"
#include "lang/distribution.h"
#include "model/flowop_type.h"

/* Markdown cells cannot hold a bare '|'. */
static void cell(FILE *out, const char *text)
{
    for (; *text != '\0'; text++) {
        if (*text == '|')
            fputc('\\', out);
        fputc(*text, out);
    }
}

static const char *type_name(enum attr_type t)
{
    static const char *const names[] = {
        [AT_INT] = "number", [AT_BOOL] = "boolean", [AT_STR] = "name/string", [AT_NUMRV] = "number or random var",
        [AT_RV] = "random var", [AT_PCT] = "boolean or 0..100", [AT_TABLE] = "table", [AT_VALUE] = "number, random var or string",
        [AT_TEXT] = "string ($variables expanded)",
    };
    return names[t];
}

static void print_attrs(FILE *out, const struct attr_table *t)
{
    fprintf(out, "\n#### %s\n\n| attribute | type | default | meaning |\n|---|---|---|---|\n", t->entity);
    for (size_t i = 0; i < t->n; i++) {
        const struct attr_spec *s = &t->specs[i];
        if (s->name == NULL)
            continue;
        char def[32] = "";
        if (s->required)
            snprintf(def, sizeof def, "required");
        else if (s->type == AT_BOOL)
            snprintf(def, sizeof def, "%s", s->def ? "true" : "false");
        else if (s->type == AT_INT || s->type == AT_NUMRV || s->type == AT_PCT)
            snprintf(def, sizeof def, "%" PRIu64, s->def);
        fprintf(out, "| `%s`%s%s%s | %s | %s | %s |\n", s->name, s->alias ? " (`" : "", s->alias ? s->alias : "",
                s->alias ? "`)" : "", type_name(s->type), def, s->help);
    }
}

/* The attributes whose bits are set, in table order: "`iosize`, `random`", or "-". */
static void flowop_attr_names(FILE *out, unsigned mask)
{
    const char *sep = "";
    for (size_t i = 0; i < flowop_attrs.n; i++)
        if (mask & FA(i)) {
            fprintf(out, "%s`%s`", sep, flowop_attrs.specs[i].name);
            sep = ", ";
        }
    if (sep[0] == '\0')
        fputs("-", out);
}

static const char *class_name(enum flowop_class c)
{
    static const char *const names[] = { [FC_IO] = "IO", [FC_AIO] = "AIO", [FC_SYNC] = "SYNC", [FC_OTHER] = "OTHER", [FC_COMPUTE] = "COMPUTE" };
    return names[c];
}

void doc_tables_print(FILE *out)
{
    fprintf(out, "### Commands\n\n| command | what it does |\n|---|---|\n");
    for (size_t i = 0; i < ncommands; i++) {
        fputs("| `", out);
        cell(out, commands[i].synopsis);
        fputs("` | ", out);
        cell(out, commands[i].help);
        fputs(" |\n", out);
    }
    fprintf(out, "\n### Attributes\n");
    for (size_t i = 0; attr_tables[i] != NULL; i++)
        print_attrs(out, attr_tables[i]);
    fprintf(out, "\n### Flowop types\n\n| flowop | class | counts as | what it does | attributes besides name, iters, weight |\n"
                 "|---|---|---|---|---|\n");
    for (size_t i = 0; i < flowop_ntypes; i++) {
        const struct flowop_type *f = &flowop_types[i];
        enum flowop_rw rw = flowop_rw(f);
        fprintf(out, "| `%s` | %s | %s | %s | ", f->name, class_name(flowop_class(f)),
                rw == RW_READ ? "read" : rw == RW_WRITE ? "write" : "-", f->summary);
        flowop_attr_names(out, f->attrs & ~FA_COMMON);
        fputs(" |\n", out);
    }
    fprintf(out, "\n### Custom variable types\n\n| type | parameters (defaults) | distribution |\n|---|---|---|\n");
    for (size_t i = 0; i < cvar_ntypes; i++) {
        fprintf(out, "| `%s` | ", cvar_types[i].name);
        for (size_t k = 0; k < cvar_types[i].nparams; k++)
            fprintf(out, "%s`%s:%g`", k ? ", " : "", cvar_types[i].params[k].key, cvar_types[i].params[k].def);
        fprintf(out, " | %s |\n", cvar_types[i].summary);
    }
    fprintf(out, "\n### Criteria figures\n\n| figure | takes a flowop | kind | what it measures |\n|---|---|---|---|\n");
    for (size_t i = 0; i < crit_nfigures; i++) {
        const struct crit_figure *f = &crit_figures[i];
        fprintf(out, "| `%s` | %s | %s%s | ", f->name,
                f->arg == CA_NONE ? "no" : f->arg == CA_OPTIONAL ? "optional" : "required", crit_dim_names[f->dim],
                f->dim != CD_TIME ? "" : f->scale == 1 ? " (ns)" : " (s)");
        cell(out, f->help);
        fputs(" |\n", out);
    }
    fprintf(out, "\n### Criteria units and comparisons\n\n| word | meaning |\n|---|---|\n");
    for (size_t i = 0; i < crit_nunits; i++)
        fprintf(out, "| `%s` | %s, x %g%s: %s |\n", crit_units[i].word, crit_dim_names[crit_units[i].dim],
                crit_units[i].factor, crit_units[i].dim == CD_TIME ? " ns" : crit_units[i].dim == CD_SIZE ? " bytes" : "",
                crit_units[i].help);
    for (size_t i = 0; i < crit_ncmps; i++) {
        fputs("| `", out);
        cell(out, crit_cmps[i].word);
        fputs("` | comparison |\n", out);
    }
}
