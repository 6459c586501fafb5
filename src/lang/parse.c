/* parse.c: runs the scanner and parser over one buffer and hands back the command list. */
#include <stdlib.h>
#include <string.h>

#include "lang/ast.h"
#include "lang/lexstate.h"
#include "parser.h"
#include "lexer.h"

struct keyword {
    const char *word;
    int token;
    bool wants_word; /* the word after it is plain text */
};

/* Command and entity words; everything else (attribute names, values, flowop
 * types) is a plain word, so a name may equal any of these where it is a value. */
static const struct keyword keywords[] = {
    { "create", CREATE, false },     { "debug", DEBUG, false },
    { "define", DEFINE, false },     { "domultisync", DOMULTISYNC, false },
    { "echo", ECHO_, false },        { "enable", ENABLE, true },
    { "eventgen", EVENTGEN, false }, { "file", FILE_, false },
    { "files", FILES, false },       { "fileset", FILESET, false },
    { "filesets", FILESET, false },  { "flowop", FLOWOP, true },
    { "flowops", FLOWOP, false },    { "help", HELP, false },
    { "list", LIST, false },         { "load", LOAD, true },
    { "process", PROCESS, false },   { "processes", PROCESS, false },
    { "psrun", PSRUN, false },       { "quit", QUIT, false },
    { "randvar", RANDVAR, false },   { "run", RUN, false },
    { "set", SET, false },           { "sleep", SLEEP, false },
    { "system", SYSTEM, false },     { "thread", THREAD, false },
    { "usage", USAGE, false },       { "version", VERSION, false },
};

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
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (strcmp(keywords[i].word, word) == 0)
            return keywords[i].token;
    return 0;
}

bool lex_keyword_wants_word(int token)
{
    for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
        if (keywords[i].token == token)
            return keywords[i].wants_word;
    return false;
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
