/* progress.c: the campaign's progress line (progress.h), drawn by the one live-line renderer. */
#include "campaign/progress.h"

#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "campaign/campaign.h"
#include "report/live_line.h"

void progress_init(struct progress *pg, FILE *out, size_t total, double planned_s)
{
    *pg = (struct progress){ .out = out, .tty = isatty(fileno(out)) != 0, .total = total, .planned_s = planned_s,
                             .start_ns = clock_ns() };
}

static void hms(char *buf, size_t len, double s)
{
    unsigned long t = s > 0 ? (unsigned long)(s + 0.5) : 0;
    snprintf(buf, len, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
}

static void show(struct progress *pg)
{
    double elapsed = (double)(clock_ns() - pg->start_ns) / 1e9;
    double per_run = pg->done > 0 ? elapsed / (double)pg->done : pg->planned_s;
    char el[32], left[32];
    hms(el, sizeof el, elapsed);
    hms(left, sizeof left, per_run * (double)(pg->total - pg->done));
    char text[sizeof pg->line + 96];
    snprintf(text, sizeof text, "%s | elapsed %s | left ~%s", pg->line, el, left);
    live_line(pg->out, pg->tty, text);
}

void progress_start(struct progress *pg, size_t i, size_t npoints, const struct point *p, unsigned r, unsigned nrep)
{
    size_t n = (size_t)snprintf(pg->line, sizeof pg->line, "point %zu of %zu: %s", i, npoints, p->config->name);
    for (size_t v = 0; v < p->nvars && n < sizeof pg->line; v++)
        if (p->vars[v].swept)
            n += (size_t)snprintf(pg->line + n, sizeof pg->line - n, " %s=%s", p->vars[v].name, p->vars[v].value->text);
    if (nrep > 1 && n < sizeof pg->line)
        snprintf(pg->line + n, sizeof pg->line - n, " (repeat %u of %u)", r, nrep);
    show(pg);
}

void progress_tick(struct progress *pg)
{
    if (pg->tty && pg->line[0] != '\0')
        show(pg);
}

void progress_run_done(struct progress *pg)
{
    if (pg->done < pg->total)
        pg->done++;
}

void progress_end(struct progress *pg)
{
    if (pg->tty && pg->line[0] != '\0')
        fputc('\n', pg->out);
    pg->line[0] = '\0';
    fflush(pg->out);
}
