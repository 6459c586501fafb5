/* live_line.c: the one renderer of a line rewritten in place (live_line.h), and the
 * progress lines of a long task drawn with it. */
#include "report/live_line.h"

#include <inttypes.h>
#include <unistd.h>

void live_line(FILE *out, bool tty, const char *text)
{
    fprintf(out, tty ? "\r\033[K%s" : "%s\n", text);
    fflush(out);
}

void live_line_clear(FILE *out)
{
    fputs("\r\033[K", out);
    fflush(out);
}

/* Time left, from the share done so far and the time it took. */
static double seconds_left(uint64_t done, uint64_t total, double elapsed)
{
    return done == 0 || done >= total ? 0 : elapsed * (double)(total - done) / (double)done;
}

void task_progress_draw(FILE *out, const struct task_progress *p)
{
    bool tty = isatty(fileno(out)) != 0;
    char text[512];
    int n = snprintf(text, sizeof text, "%s: %" PRIu64 "/%" PRIu64 " files, %" PRIu64 "/%" PRIu64 " MiB", p->what,
                     p->items_done, p->items, p->bytes_done >> 20, p->bytes >> 20);
    /* the time left, from bytes (else files) */
    if (tty && n > 0 && (size_t)n < sizeof text)
        snprintf(text + n, sizeof text - (size_t)n, ", about %.0f s left",
                 p->bytes > 0 ? seconds_left(p->bytes_done, p->bytes, p->elapsed)
                              : seconds_left(p->items_done, p->items, p->elapsed));
    live_line(out, tty, text);
}

void task_progress_end(FILE *out)
{
    if (isatty(fileno(out)))
        live_line_clear(out); /* the live line gives way to what follows */
}

void task_progress_note(FILE *out, const char *line)
{
    fprintf(out, "%s\n", line);
    fflush(out);
}
