/* cpu_share.h: CPU per op: how often a flowop samples the thread's CPU clock
 * around its ops, and the CPU its ops cost, estimated from those samples. */
#ifndef FB_CPU_SHARE_H
#define FB_CPU_SHARE_H

#include <stddef.h>
#include <stdint.h>

#include "results/stats.h"

/* Bounds of the mean gap, in the flowop's ops, between two of its sampled
 * ops, and the wall time of its ops after which it samples again, whatever
 * they cost. */
#define CPU_PERIOD_MIN 1u
#define CPU_PERIOD_MAX 4096u
#define CPU_SAMPLE_WALL_NS 50000000u
/* A flowop's first ops are each sampled: a flowop of few ops is measured at
 * every one, and the first, colder ones do not stand for the rest. */
#define CPU_FIRST_SAMPLES 16u

/* The mean gap before a flowop's next sample: wide enough that sampling (two
 * readings of a clock costing clock_ns each) takes at most 1/512 of the
 * CPU its ops cost (mean_cpu ns an op over its samples), and narrow enough
 * that a sample comes at least every CPU_SAMPLE_WALL_NS of its ops' wall
 * time (mean_wall ns an op). 1 for its first CPU_FIRST_SAMPLES samples. */
unsigned cpu_sample_period(uint64_t clock_ns, uint64_t samples, uint64_t mean_cpu, uint64_t mean_wall);

/* The factor, at most 1, that keeps the sampled estimates of a thread's
 * flowops (each its samples' mean times its ops, summed) within the
 * thread's measured CPU time; 1 when they are within it or there is nothing
 * to scale. rows: the thread's n rows. */
double cpu_share_scale(const struct op_stats *rows, size_t n, uint64_t thread_ns);

/* A row's CPU time: the mean of its samples, at most its mean latency, times
 * its ops times scale, and the ops that estimate covers: all of them, or none
 * when the row has no sample. */
void cpu_share_of(const struct op_stats *row, double scale, uint64_t *cpu, uint64_t *ops);

#endif
