/* fquote.h: any text as an F quoted string, so that a name a user typed or a file held
 * goes into a script as data the lexer reads back byte for byte, never as commands. */
#ifndef FB_FQUOTE_H
#define FB_FQUOTE_H

#include <stdio.h>

/* s as "...": a backslash, a double quote, a '$' and a newline escaped (\\ \" \$ \n),
 * every other byte as it is. Read back by the F lexer (a set value, an attribute, echo,
 * system), it is s exactly; written after '#', the comment holds no line break, so
 * it ends where the line does. Malloc'ed; NULL when out of memory. */
char *fquote(const char *s);

/* The same, written to out, nothing allocated; 0, or -1 when out would not take it
 * (ferror(out) says so too). */
int fquote_put(FILE *out, const char *s);

#endif
