/* parse.c: the keywords of the language, and running the scanner and parser over one
 * buffer to hand back the command list. */
#include <stdlib.h>
#include <string.h>

#include "base/hint.h"
#include "lang/ast.h"
#include "lang/lexstate.h"
#include "parser.h"
#include "lexer.h"

/* What a keyword is: a command's first word, and whether the word after it is plain text. */
enum keyword_flags { KW_COMMAND = 1, KW_WANTS_WORD = 2, KW_TAKES_LINE = 4 };

struct keyword {
    const char *word;
    int token;
    unsigned flags; /* enum keyword_flags */
};

/* Command and entity words; everything else (attribute names, values, flowop
 * types) is a plain word, so a name may equal any of these where it is a value.
 * The command words come first, in the order a hint prefers them. */
static const struct keyword keywords[] = {
    { "set", SET, KW_COMMAND },           { "define", DEFINE, KW_COMMAND },
    { "run", RUN, KW_COMMAND },           { "psrun", PSRUN, KW_COMMAND },
    { "create", CREATE, KW_COMMAND },     { "echo", ECHO_, KW_COMMAND },
    { "usage", USAGE, KW_COMMAND },       { "system", SYSTEM, KW_COMMAND },
    { "sleep", SLEEP, KW_COMMAND },       { "list", LIST, KW_COMMAND },
    { "load", LOAD, KW_COMMAND | KW_WANTS_WORD }, { "debug", DEBUG, KW_COMMAND },
    { "version", VERSION, KW_COMMAND },   { "help", HELP, KW_COMMAND },
    { "quit", QUIT, KW_COMMAND },         { "eventgen", EVENTGEN, KW_COMMAND },
    { "enable", ENABLE, KW_COMMAND | KW_WANTS_WORD }, { "domultisync", DOMULTISYNC, KW_COMMAND },
    { "flush", FLUSH, KW_COMMAND },       { "fsflush", FLUSH, KW_COMMAND },
    { "stats", STATS, KW_COMMAND | KW_WANTS_WORD }, { "vars", VARS, KW_COMMAND },
    { "shutdown", SHUTDOWN, KW_COMMAND }, { "warmup", WARMUP, KW_COMMAND },
    { "foreach", FOREACH, KW_COMMAND },   { "criteria", CRITERIA, KW_COMMAND | KW_TAKES_LINE },
    { "file", FILE_, 0 },                 { "files", FILES, 0 },
    { "fileset", FILESET, 0 },            { "filesets", FILESET, 0 },
    { "flowop", FLOWOP, KW_WANTS_WORD },  { "flowops", FLOWOP, 0 },
    { "process", PROCESS, 0 },            { "processes", PROCESS, 0 },
    { "randvar", RANDVAR, 0 },            { "thread", THREAD, 0 },
};
#define NKEYWORDS (sizeof keywords / sizeof keywords[0])

/* Classic spellings: "fileset" with any number of 's', "process" with any run of 'e'/'s'. */
static int plural(const char *word)
{
    if (strncmp(word, "fileset", 7) == 0 && strspn(word + 7, "s") == strlen(word + 7))
        return FILESET;
    if (strncmp(word, "process", 7) == 0 && strspn(word + 7, "es") == strlen(word + 7))
        return PROCESS;
    return 0;
}

int lex_keyword(const char *word)
{
    int p = plural(word);
    if (p != 0)
        return p;
    for (size_t i = 0; i < NKEYWORDS; i++)
        if (strcmp(keywords[i].word, word) == 0)
            return keywords[i].token;
    return 0;
}

bool lex_keyword_wants_word(int token)
{
    for (size_t i = 0; i < NKEYWORDS; i++)
        if (keywords[i].token == token)
            return (keywords[i].flags & KW_WANTS_WORD) != 0;
    return false;
}

bool lex_keyword_takes_line(int token)
{
    for (size_t i = 0; i < NKEYWORDS; i++)
        if (keywords[i].token == token)
            return (keywords[i].flags & KW_TAKES_LINE) != 0;
    return false;
}

const char *lex_token_word(int token)
{
    for (size_t i = 0; i < NKEYWORDS; i++)
        if (keywords[i].token == token)
            return keywords[i].word;
    return NULL;
}

const char *lex_closest_command(const char *word)
{
    size_t n = 0;
    while (n < NKEYWORDS && (keywords[n].flags & KW_COMMAND))
        n++;
    return hint_closest_in(word, keywords, n, sizeof keywords[0]);
}

int lex_str_add(struct lex_state *st, const char *text, size_t len)
{
    if (st->strlen + len > 65536)
        return -1;
    if (st->strlen + len + 1 > st->strcap) {
        size_t cap = st->strcap ? st->strcap * 2 : 64;
        while (cap < st->strlen + len + 1)
            cap *= 2;
        char *p = realloc(st->str, cap);
        if (p == NULL)
            return -1;
        st->str = p;
        st->strcap = cap;
    }
    memcpy(st->str + st->strlen, text, len);
    st->strlen += len;
    st->str[st->strlen] = '\0';
    return 0;
}

char *lex_str_take(struct lex_state *st)
{
    char *s = st->strlen ? strndup(st->str, st->strlen) : strdup("");
    st->strlen = 0;
    return s;
}

void parse_buffer(const char *text, size_t len, const char *file, int first_line,
                  struct parse_result *out)
{
    memset(out, 0, sizeof *out);
    struct lex_state st = {
        .file = file, .line = first_line, .col = 1, .err = &out->err,
    };
    st.tail = &st.head;
    yyscan_t scanner;
    if (fb_yylex_init_extra(&st, &scanner) != 0) {
        diag_set(&out->err, NULL, "cannot start the scanner: out of memory");
        out->failed = true;
        return;
    }
    YY_BUFFER_STATE buf = fb_yy_scan_bytes(text, (int)len, scanner);
    int rc = yyparse(scanner, &st);
    fb_yy_delete_buffer(buf, scanner);
    fb_yylex_destroy(scanner);
    free(st.str);
    if (rc != 0 || st.failed) {
        if (!st.failed)
            diag_set(&out->err, NULL, "%s", rc == 2 ? "out of memory while parsing" : "syntax error");
        out->failed = true;
        out->incomplete = st.incomplete;
        ast_cmd_free(st.head);
        return;
    }
    out->cmds = st.head;
}
