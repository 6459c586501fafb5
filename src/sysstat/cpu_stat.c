/* cpu_stat.c: all CPUs' time from /proc/stat, and its shares over a span. */
#include "sysstat/cpu_stat.h"
#include "sysstat/counter_delta.h"

#include <inttypes.h>
#include <stdio.h>

int cpu_stat_read(struct cpu_ticks *t)
{
    FILE *f = fopen("/proc/stat", "r");
    if (f == NULL)
        return -1;
    *t = (struct cpu_ticks){ 0 };
    int n = fscanf(f, "cpu %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
                   &t->user, &t->nice, &t->system, &t->idle, &t->iowait, &t->irq, &t->softirq, &t->steal);
    fclose(f);
    return n >= 4 ? 0 : -1; /* old kernels stop after idle */
}

void cpu_stat_share(const struct cpu_ticks *a, const struct cpu_ticks *b, struct cpu_pct *out)
{
    double user = counter_delta(a->user, b->user) + counter_delta(a->nice, b->nice);
    double sys = counter_delta(a->system, b->system) + counter_delta(a->irq, b->irq) + counter_delta(a->softirq, b->softirq)
               + counter_delta(a->steal, b->steal);
    double iowait = counter_delta(a->iowait, b->iowait), idle = counter_delta(a->idle, b->idle);
    double all = user + sys + iowait + idle;
    *out = (struct cpu_pct){ 0 };
    if (all <= 0)
        return;
    *out = (struct cpu_pct){ 100 * user / all, 100 * sys / all, 100 * iowait / all, 100 * idle / all };
}
