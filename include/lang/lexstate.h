/* lexstate.h: state shared by the flex scanner and the bison parser for one buffer. */
#ifndef FB_LEXSTATE_H
#define FB_LEXSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include "lang/ast.h"
#include "lang/keywords.h"

#ifndef YYLTYPE_IS_DECLARED
typedef struct YYLTYPE {
    int first_line, first_column, last_line, last_column;
} YYLTYPE;
#define YYLTYPE_IS_DECLARED 1
#define YYLTYPE_IS_TRIVIAL 1
#endif

struct lex_state {
    const char *file;
    int line, col;
    int want_word;    /* line after '=', 'flowop', 'load': a word there is plain text */
    int help_line;    /* after 'help', a word on the same line is plain text */
    bool in_buckets;  /* inside buckets(...): a percentage may have decimals */
    bool failed;      /* an error is recorded in *err */
    bool incomplete;  /* the input ended inside a construct */
    struct diag *err;
    char *str;        /* quoted string being read */
    size_t strlen, strcap;
    YYLTYPE str_loc;
    char last_text[64]; /* the latest token, for error messages */
    int end_line, end_col;
    struct ast_cmd *head, **tail; /* commands parsed so far */
};

int lex_str_add(struct lex_state *st, const char *text, size_t len);
char *lex_str_take(struct lex_state *st);

#endif
