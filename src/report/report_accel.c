/* report_accel.c: accelerator utilisation as DLIO defines it: compute time
 * over the thread's wall time, from each thread's wall-clock account
 * (time_account.h), so overlapping asynchronous I/O counts once and a wait
 * at the barrier counts against it. */
#include "report/report_accel.h"

bool report_accel_computes(const struct thread_times *t)
{
    return t->ns[TB_COMPUTE] > 0;
}

double report_accel_util(const struct run_result *r, const struct thread_times *t, bool *computes)
{
    double compute = 0, total = 0;
    for (size_t i = 0; i < r->ntimes; i++) {
        const struct thread_times *row = &r->times[i];
        if ((t != NULL && row != t) || !report_accel_computes(row))
            continue;
        compute += (double)row->ns[TB_COMPUTE];
        /* An open loop's pacing is time the script asked to idle, not a wait. */
        total += (double)(thread_times_total(row) - row->ns[TB_PACE]);
    }
    if (computes != NULL)
        *computes = compute > 0;
    return total > 0 ? compute / total : 0;
}
