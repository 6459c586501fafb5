/* options.c: parsing a command line by its table of options (options.h), and the
 * usage lines the same table prints. */
#include "cli/options.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "cli/interp.h"
#include "cli/workload.h"

enum { LONG_ONLY = 256 };  /* getopt's value of row i without a letter: LONG_ONLY + i */
enum { HELP_COLUMN = 25 }; /* where the help text of every row starts */
enum { MAX_ROWS = 64 };    /* rows of one table: getopt's arrays are on the stack */

static int has_arg(const struct cli_option *o)
{
    return o->arg == NULL ? no_argument : o->arg[0] == '[' ? optional_argument : required_argument;
}

static int store(const struct cli_option *o, void *args, const char *arg, struct diag *err)
{
    char *field = (char *)args + o->field;
    switch (o->store) {
    case CLI_FLAG: *(bool *)(void *)field = true; return 0;
    case CLI_TEXT: *(const char **)(void *)field = arg; return 0;
    case CLI_CALL: return o->call(field, arg, err);
    }
    return diag_set(err, NULL, "option --%s: no way to store it", o->name != NULL ? o->name : "?");
}

int cli_options_parse(const struct cli_option *t, size_t n, int argc, char **argv, void *args, struct diag *err)
{
    struct option longopts[MAX_ROWS + 1];
    char letters[3 * MAX_ROWS + 2];
    size_t nl = 0, nc = 0;
    if (n > MAX_ROWS)
        return diag_set(err, NULL, "%zu options, over the %d a table may have", n, MAX_ROWS);
    letters[nc++] = ':'; /* a missing argument is ':', told apart from an unknown option */
    for (size_t i = 0; i < n; i++) {
        int val = t[i].letter != 0 ? t[i].letter : LONG_ONLY + (int)i;
        if (t[i].name != NULL)
            longopts[nl++] = (struct option){ t[i].name, has_arg(&t[i]), NULL, val };
        if (t[i].letter != 0) {
            letters[nc++] = t[i].letter;
            for (int k = 0; k < has_arg(&t[i]); k++)
                letters[nc++] = ':';
        }
    }
    longopts[nl] = (struct option){ 0 };
    letters[nc] = '\0';
    optind = 1;
    for (int c; (c = getopt_long(argc, argv, letters, longopts, NULL)) != -1;) {
        if (c == '?' || c == ':')
            return diag_set(err, NULL, "%s: %s", argv[optind - 1],
                            c == ':' ? "wants an argument" : "no such option (--help lists them)");
        for (size_t i = 0; i < n; i++)
            if (c == (t[i].letter != 0 ? t[i].letter : LONG_ONLY + (int)i)) {
                if (store(&t[i], args, optarg, err) != 0)
                    return -1;
                break;
            }
    }
    return 0;
}

/* "  -f, --file FILE", "      --check", "  -D NAME=VALUE": what a row's line starts with. */
static int usage_term(FILE *out, const struct cli_option *o)
{
    char letter[4] = "  ";
    if (o->letter != 0)
        snprintf(letter, sizeof letter, "-%c", o->letter);
    const char *sep = o->name == NULL ? "" : o->letter != 0 ? ", " : "  ";
    const char *space = o->arg != NULL && o->arg[0] != '[' ? " " : "";
    return fprintf(out, "  %s%s%s%s%s%s", letter, sep, o->name != NULL ? "--" : "", o->name != NULL ? o->name : "",
                   o->arg != NULL ? space : "", o->arg != NULL ? o->arg : "");
}

void cli_options_usage(FILE *out, const struct cli_option *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i].help == NULL)
            continue;
        int w = usage_term(out, &t[i]);
        fprintf(out, "%*s", w < HELP_COLUMN ? HELP_COLUMN - w : 2, "");
        for (const char *s = t[i].help, *nl; s != NULL; s = nl != NULL ? nl + 1 : NULL) {
            nl = strchr(s, '\n');
            fprintf(out, "%*s%.*s\n", s == t[i].help ? 0 : HELP_COLUMN, "",
                    nl != NULL ? (int)(nl - s) : (int)strlen(s), s);
        }
    }
}

/* -D NAME=VALUE (or $NAME=VALUE) onto the interpreter's options. */
int cli_option_define(void *opt, const char *text, struct diag *err)
{
    struct interp_options *o = opt;
    const char *eq = strchr(text, '=');
    const char *name = text[0] == '$' ? text + 1 : text;
    if (eq == NULL || eq == name)
        return diag_set(err, NULL, "-D wants NAME=VALUE, got '%s'", text);
    for (const char *p = name; p < eq; p++)
        if (!(p[0] == '_' || (p[0] >= 'a' && p[0] <= 'z') || (p[0] >= 'A' && p[0] <= 'Z') || (p > name && p[0] >= '0' && p[0] <= '9')))
            return diag_set(err, NULL, "-D: '%.*s' is not a variable name", (int)(eq - name), name);
    struct override *v = realloc(o->overrides, (o->noverrides + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(err, NULL, "-D %s: out of memory", text);
    o->overrides = v;
    v[o->noverrides].name = strndup(name, (size_t)(eq - name));
    v[o->noverrides].value = strdup(eq + 1);
    o->noverrides++;
    return 0;
}

int cli_option_workloads(void *opt, const char *dir, struct diag *err)
{
    return workload_dirs_add(opt, dir) == 0 ? 0 : diag_set(err, NULL, "--workloads %s: out of memory", dir);
}
