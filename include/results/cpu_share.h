/* cpu_share.h: CPU per op: how often a thread samples its CPU clock, and how the
 * thread's whole CPU time is shared out over its flowops from the samples. */
#ifndef FB_CPU_SHARE_H
#define FB_CPU_SHARE_H

#include <stddef.h>
#include <stdint.h>

#include "results/stats.h"

/* Bounds of the mean gap between two sampled ops, and the wall time after
 * which a thread samples again, whatever its ops cost, unless the gap would
 * fall under CPU_PERIOD_WAIT_MIN ops (so that a thread whose ops mostly wait
 * still samples its rare flowops). */
#define CPU_PERIOD_MIN 64u
#define CPU_PERIOD_MAX 4096u
#define CPU_PERIOD_WAIT_MIN 16u
#define CPU_SAMPLE_WALL_NS 50000000u

/* The mean gap, in ops, before the next sample. Wide enough that sampling
 * (two readings of a clock costing clock_ns each) takes at most 1/512 of the
 * thread's CPU, given that the last `ops` ops used `cpu` ns of it; narrowed
 * so that a sample comes about every CPU_SAMPLE_WALL_NS, given that those
 * ops took `wall` ns. */
unsigned cpu_sample_period(uint64_t clock_ns, uint64_t cpu, uint64_t wall, uint64_t ops);

/* The factor that makes the sampled estimates of a thread's flowops (mean of
 * the samples times ops, summed) add up to the thread's measured CPU time;
 * 1 when there is nothing to scale. rows: the thread's n rows. */
double cpu_share_scale(const struct op_stats *rows, size_t n, uint64_t thread_ns);

/* A thread's row's share of the thread's CPU (its samples' mean, times its
 * ops, times scale) and the ops that share covers: all of them, or none
 * when the row has no sample. */
void cpu_share_of(const struct op_stats *row, double scale, uint64_t *cpu, uint64_t *ops);

#endif
