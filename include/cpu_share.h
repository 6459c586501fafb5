/* cpu_share.h: CPU per op: how often a thread samples its CPU clock, and how the
 * thread's whole CPU time is shared out over its flowops from the samples. */
#ifndef FB_CPU_SHARE_H
#define FB_CPU_SHARE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "stats.h"

/* Bounds of the mean gap between two sampled ops. */
#define CPU_PERIOD_MIN 64u
#define CPU_PERIOD_MAX 4096u

/* The thread's CPU time since the run began, as of its last sample (and its
 * exit): one cache line per thread in the shared region, written by the
 * thread, read by the master for reports. */
struct thread_cpu {
    _Atomic uint64_t ns;
    char pad[56];
};

/* The mean gap, in ops, before the next sample: wide enough that sampling
 * (two readings of a clock costing clock_ns each) takes at most 1/512 of the
 * thread's CPU, given that the last `ops` ops used `spent` ns of it. */
unsigned cpu_sample_period(uint64_t clock_ns, uint64_t spent, uint64_t ops);

/* The factor that makes the sampled estimates of a thread's flowops (mean of
 * the samples times ops, summed) add up to the thread's measured CPU time;
 * 1 when there is nothing to scale. rows: the thread's n rows. */
double cpu_share_scale(const struct op_stats *rows, size_t n, uint64_t thread_ns);

#endif
