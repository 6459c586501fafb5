/* report_accel.h: accelerator utilisation as DLIO and MLPerf Storage define
 * it: a thread's compute time over its wall time in the run (its waits for
 * I/O and at barriers included), per thread and overall. */
#ifndef FB_REPORT_ACCEL_H
#define FB_REPORT_ACCEL_H

#include <stdbool.h>

#include "results/results.h"

/* The utilisation (0..1) of thread t, or with t NULL of every thread that
 * computes (their compute time over their wall time, summed); 0 when none
 * computes. *computes (may be NULL) says whether any does. */
double report_accel_util(const struct run_result *r, const struct thread_times *t, bool *computes);

/* Whether thread t computes: one line of the reports each. */
bool report_accel_computes(const struct thread_times *t);

#endif
