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
enum { MAX_ROWS = 64 };    /* rows of one command line: getopt's arrays are on the stack */
enum { SYNOPSIS_WIDTH = 100 }; /* where a synopsis's line is wrapped */

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
    case CLI_PASS: break; /* handed on (cli_parse), never stored here */
    }
    return diag_set(err, NULL, "option --%s: no way to store it", o->name != NULL ? o->name : "?");
}

/* Whether a row of t has o's long name or letter: then o, another command's, is shadowed. */
static bool shadowed(const struct cli_option *o, const struct cli_option *t, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((o->name != NULL && t[i].name != NULL && strcmp(o->name, t[i].name) == 0)
            || (o->letter != 0 && o->letter == t[i].letter))
            return true;
    return false;
}

/* getopt's arrays for the rows; row i is getopt's letter, or LONG_ONLY + i. */
static void getopt_arrays(const struct cli_option *const *rows, size_t n, const char *mode, struct option *longopts,
                          char *letters)
{
    size_t nl = 0, nc = 0;
    while (*mode != '\0')
        letters[nc++] = *mode++;
    letters[nc++] = ':'; /* a missing argument is ':', told apart from an unknown option */
    for (size_t i = 0; i < n; i++) {
        int val = rows[i]->letter != 0 ? rows[i]->letter : LONG_ONLY + (int)i;
        if (rows[i]->name != NULL)
            longopts[nl++] = (struct option){ rows[i]->name, has_arg(rows[i]), NULL, val };
        if (rows[i]->letter != 0) {
            letters[nc++] = rows[i]->letter;
            for (int k = 0; k < has_arg(rows[i]); k++)
                letters[nc++] = ':';
        }
    }
    longopts[nl] = (struct option){ 0 };
    letters[nc] = '\0';
}

/* The tokens argv[*from..optind-1] into rest: a handed-on option as it was given. */
static void hand_on(struct cli_parse *p, char **argv, int *from)
{
    for (; *from < optind; ++*from)
        p->rest[p->nrest++] = argv[*from];
}

static int found(struct cli_parse *p, const struct cli_option *o, bool pass, char **argv, int *from,
                 struct diag *err)
{
    if (pass || o->store == CLI_PASS) {
        if (p->rest == NULL)
            return diag_set(err, NULL, "option %s: nothing to hand it on to", argv[optind - 1]);
        hand_on(p, argv, from);
        return 0;
    }
    *from = optind;
    return store(o, p->args, optarg, err);
}

int cli_parse(struct cli_parse *p, int argc, char **argv, struct diag *err)
{
    const struct cli_option *rows[MAX_ROWS];
    struct option longopts[MAX_ROWS + 1];
    char letters[3 * MAX_ROWS + 3];
    size_t n = 0;
    for (size_t i = 0; i < p->n + p->npass; i++) {
        const struct cli_option *o = i < p->n ? &p->rows[i] : &p->pass[i - p->n];
        if (i >= p->n && shadowed(o, p->rows, p->n))
            continue;
        if (n == MAX_ROWS)
            return diag_set(err, NULL, "over the %d options a command line may have", MAX_ROWS);
        rows[n++] = o;
    }
    /* handing on keeps the order ("-": operands in place); "+": the options end at the first operand */
    getopt_arrays(rows, n, p->rest != NULL ? "-" : p->stop_at_operand ? "+" : "", longopts, letters);
    /* 0, not 1: glibc reads the mode ("-", "+") again only then, and replay's parse comes
     * before the classic one's in one process */
    optind = 0;
    int from = 1;
    p->nrest = 0;
    if (p->rest != NULL)
        p->rest[p->nrest++] = argv[0];
    for (int c; (c = getopt_long(argc, argv, letters, longopts, NULL)) != -1;) {
        if (c == '?' || c == ':')
            return diag_set(err, NULL, "%s: %s", argv[optind - 1],
                            c == ':' ? "wants an argument" : "no such option (--help lists them)");
        if (c == 1 && p->rest != NULL) { /* an operand, in its place */
            p->rest[p->nrest++] = optarg;
            from = optind;
            continue;
        }
        for (size_t i = 0; i < n; i++)
            if (c == (rows[i]->letter != 0 ? rows[i]->letter : LONG_ONLY + (int)i)) {
                if (found(p, rows[i], i >= p->n, argv, &from, err) != 0) /* the own rows come first */
                    return -1;
                break;
            }
    }
    for (int i = optind; p->rest != NULL && i < argc; i++)
        p->rest[p->nrest++] = argv[i];
    return 0;
}

int cli_options_parse(const struct cli_option *t, size_t n, int argc, char **argv, void *args, struct diag *err)
{
    struct cli_parse p = { .rows = t, .n = n, .args = args };
    return cli_parse(&p, argc, argv, err);
}

/* What a row's argument reads as: its values from their table, or its name. */
static const char *arg_text(const struct cli_option *o, char *buf, size_t len)
{
    return o->words != NULL ? o->words(buf, len) : o->arg;
}

/* "  -f, --file FILE", "      --check", "  -D NAME=VALUE": what a row's line starts with. */
static int usage_term(FILE *out, const struct cli_option *o)
{
    char letter[4] = "  ", words[256];
    const char *arg = arg_text(o, words, sizeof words);
    if (o->letter != 0)
        snprintf(letter, sizeof letter, "-%c", o->letter);
    const char *sep = o->name == NULL ? "" : o->letter != 0 ? ", " : "  ";
    const char *space = arg != NULL && arg[0] != '[' ? " " : "";
    return fprintf(out, "  %s%s%s%s%s%s", letter, sep, o->name != NULL ? "--" : "", o->name != NULL ? o->name : "",
                   arg != NULL ? space : "", arg != NULL ? arg : "");
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

/* "-f W.f", "--json FILE", "--resume[=TREE]": a row as the synopsis and completion
 * spell it (the letter when it has one); with_optional: an optional argument too. */
static void spell(char *buf, size_t len, const struct cli_option *o, bool letter, bool with_optional)
{
    char words[256];
    const char *arg = arg_text(o, words, sizeof words);
    if (arg != NULL && arg[0] == '[' && !with_optional)
        arg = NULL;
    const char *space = arg != NULL && arg[0] != '[' ? " " : "";
    if (letter)
        snprintf(buf, len, "-%c%s%s", o->letter, arg != NULL ? space : "", arg != NULL ? arg : "");
    else
        snprintf(buf, len, "--%s%s%s", o->name, arg != NULL ? space : "", arg != NULL ? arg : "");
}

int cli_options_synopsis(FILE *out, const struct cli_option *t, size_t n, int col, int indent)
{
    for (size_t i = 0; i < n; i++) {
        char term[320];
        if (t[i].help == NULL)
            continue;
        spell(term, sizeof term, &t[i], t[i].letter != 0, true);
        int w = (int)strlen(term) + (t[i].required ? 1 : 3);
        if (col + w > SYNOPSIS_WIDTH && col > indent)
            col = fprintf(out, "\n%*s", indent, "") - 1;
        col += fprintf(out, t[i].required ? " %s" : " [%s]", term);
    }
    return col;
}

void cli_options_complete(FILE *out, const struct cli_option *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char term[320];
        if (t[i].help == NULL)
            continue;
        for (int letter = 0; letter < 2; letter++) {
            if (letter ? t[i].letter == 0 : t[i].name == NULL)
                continue;
            spell(term, sizeof term, &t[i], letter, false);
            fprintf(out, "%s\n", term);
        }
    }
}

const char *cli_words_join(char *buf, size_t len, const char *const *names, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && at < len; i++)
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "|" : "", names[i]);
    return buf;
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
