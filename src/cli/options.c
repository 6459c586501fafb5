/* options.c: parsing a command line by its table of options (options.h), and the
 * usage lines the same table prints. */
#include "cli/options.h"

#include <getopt.h>
#include <stdbool.h>
#include <string.h>

#include "base/diag.h"
#include "cli/interp.h"

enum { LONG_ONLY = 256 };  /* getopt's value of row i without a letter: LONG_ONLY + i */
enum { HELP_COLUMN = 25 }; /* where the help text of every row starts */
enum { MAX_ROWS = 64 };    /* rows of one table: getopt's arrays are on the stack */

static int has_arg(const struct cli_option *o)
{
    return o->arg == NULL ? no_argument : o->arg[0] == '[' ? optional_argument : required_argument;
}

static int store(const struct cli_option *o, void *args, const char *arg)
{
    char *field = (char *)args + o->field;
    switch (o->store) {
    case CLI_FLAG: *(bool *)(void *)field = true; return 0;
    case CLI_TEXT: *(const char **)(void *)field = arg; return 0;
    case CLI_CALL: return o->call(field, arg);
    }
    return -1;
}

int cli_options_parse(const struct cli_option *t, size_t n, int argc, char **argv, void *args)
{
    struct option longopts[MAX_ROWS + 1];
    char letters[3 * MAX_ROWS + 2];
    size_t nl = 0, nc = 0;
    if (n > MAX_ROWS) {
        diag_printf(stderr, "flowbench: error: %zu options, over the %d a table may have\n", n, MAX_ROWS);
        return -1;
    }
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
        if (c == '?' || c == ':') {
            diag_printf(stderr, "flowbench: error: %s: %s\n", argv[optind - 1],
                        c == ':' ? "wants an argument" : "no such option (--help lists them)");
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            if (c == (t[i].letter != 0 ? t[i].letter : LONG_ONLY + (int)i)) {
                if (store(&t[i], args, optarg) != 0)
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

int cli_option_define(void *opt, const char *text)
{
    return interp_add_override(opt, text);
}

int cli_option_workloads(void *opt, const char *dir)
{
    return workload_dirs_add(opt, dir);
}
