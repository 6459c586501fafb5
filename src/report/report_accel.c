/* report_accel.c: accelerator utilisation as MLPerf Storage defines it: the
 * time an emulated accelerator computes over that time plus the time its
 * thread waits on I/O, from the latency sums of a run's merged rows. */
#include "report/report_accel.h"

#include <string.h>

static bool same_thread(const struct result_row *a, const struct result_row *b)
{
    return strcmp(a->process, b->process) == 0 && strcmp(a->thread, b->thread) == 0;
}

static bool thread_computes(const struct run_result *r, const struct result_row *t)
{
    for (size_t i = 0; i < r->nrows; i++)
        if (r->rows[i].cls == FC_COMPUTE && same_thread(&r->rows[i], t))
            return true;
    return false;
}

double report_accel_util(const struct run_result *r, const struct result_row *thread, bool *computes)
{
    double compute = 0, io = 0;
    bool any = false;
    for (size_t i = 0; i < r->nrows; i++) {
        const struct result_row *row = &r->rows[i];
        if (thread != NULL ? !same_thread(row, thread) : !thread_computes(r, row))
            continue;
        if (row->cls == FC_COMPUTE) {
            compute += (double)row->st.lat_sum;
            any = true;
        } else if (row->cls == FC_IO || row->cls == FC_AIO) {
            io += (double)row->st.lat_sum;
        }
    }
    if (computes != NULL)
        *computes = any;
    return compute + io > 0 ? compute / (compute + io) : 0;
}

bool report_accel_thread_row(const struct run_result *r, size_t i)
{
    if (r->rows[i].cls != FC_COMPUTE)
        return false;
    for (size_t k = 0; k < i; k++)
        if (r->rows[k].cls == FC_COMPUTE && same_thread(&r->rows[k], &r->rows[i]))
            return false;
    return true;
}
