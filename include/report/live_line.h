/* live_line.h: the one renderer of a line rewritten in place on a terminal (the run's
 * status, a fileset's population, a campaign's progress); in a pipe, plain lines. */
#ifndef FB_LIVE_LINE_H
#define FB_LIVE_LINE_H

#include <stdbool.h>
#include <stdio.h>

#include "base/progress_sink.h"

/* On a terminal (tty) text replaces the line in place; else it is a line of its own. */
void live_line(FILE *out, bool tty, const char *text);
/* Wipes a line drawn in place, before other output. */
void live_line_clear(FILE *out);

/* A task's progress (progress_sink.tick): done of total items and MiB and, on a
 * terminal, the time left; task_progress_end wipes it on a terminal. */
void task_progress_draw(FILE *out, const struct task_progress *p);
void task_progress_end(FILE *out);
/* A line of the task's own (progress_sink.note). */
void task_progress_note(FILE *out, const char *line);

#endif
