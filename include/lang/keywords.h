/* keywords.h: the language's keyword table (src/lang/parse.c): command and entity
 * words and their parser tokens, the one place a command's word is written. */
#ifndef FB_KEYWORDS_H
#define FB_KEYWORDS_H

#include <stdbool.h>

/* The parser token of a keyword, or 0. */
int lex_keyword(const char *word);
bool lex_keyword_wants_word(int token);
/* The rest of the line after the keyword is one piece of text (criteria's expression). */
bool lex_keyword_takes_line(int token);
/* The word of a keyword token (its first spelling), or NULL. */
const char *lex_token_word(int token);
/* The command word closest to word (a typo's hint), or NULL. */
const char *lex_closest_command(const char *word);

#endif
