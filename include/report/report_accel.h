/* report_accel.h: accelerator utilisation, from a run's rows: compute time
 * (compute flowops) over compute plus I/O time, per thread and overall. */
#ifndef FB_REPORT_ACCEL_H
#define FB_REPORT_ACCEL_H

#include <stdbool.h>

#include "results/results.h"

/* The utilisation (0..1) of the thread process/thread (both NULL: every thread
 * that computes); 0 when it does not compute. *computes (may be NULL) says
 * whether it does. */
double report_accel_util(const struct run_result *r, const struct result_row *thread, bool *computes);

/* Whether row i is its thread's first compute row: one per thread that computes. */
bool report_accel_thread_row(const struct run_result *r, size_t i);

#endif
