/* shell.h: the interactive shell (libedit) and the line reader for piped commands. */
#ifndef FB_SHELL_H
#define FB_SHELL_H

#include <stdio.h>

struct interp;

/* Reads commands until quit or end of input; a command may span lines.
 * With a terminal: prompt, line editing, history and completion. Returns the exit status. */
int shell_run(struct interp *in, FILE *input, int interactive);

#endif
