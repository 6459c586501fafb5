/* cpu_stat.h: all CPUs' time from /proc/stat's "cpu" line, and the shares
 * between two readings. */
#ifndef FB_CPU_STAT_H
#define FB_CPU_STAT_H

#include <stdint.h>

#include "results/system.h"

/* Clock ticks since boot, as /proc/stat counts them. */
struct cpu_ticks {
    uint64_t user, nice, system, idle, iowait, irq, softirq, steal;
};

/* 0, or -1 when /proc/stat cannot be read. */
int cpu_stat_read(struct cpu_ticks *t);
/* The shares of the time from a to b: user (with nice), system (with irq,
 * softirq and steal), iowait and idle; all 0 when no tick passed. */
void cpu_stat_share(const struct cpu_ticks *a, const struct cpu_ticks *b, struct cpu_pct *out);

#endif
