/* cpu_share.c: CPU per op from sparse samples, anchored to the thread's CPU clock.
 * The samples say how a thread's CPU divides between its flowops; the thread's
 * own clock says how much there was, so the column adds up to what was spent. */
#include "results/cpu_share.h"

unsigned cpu_sample_period(uint64_t clock_ns, uint64_t cpu, uint64_t wall, uint64_t ops)
{
    if (ops == 0)
        return CPU_PERIOD_MIN;
    /* A sample costs about two clock readings: 2 * clock_ns * 512 / mean op. */
    double period = cpu > 0 ? 1024.0 * (double)clock_ns * (double)ops / (double)cpu : CPU_PERIOD_MAX;
    if (period < CPU_PERIOD_MIN)
        period = CPU_PERIOD_MIN;
    if (period > CPU_PERIOD_MAX)
        period = CPU_PERIOD_MAX;
    double by_wall = wall > 0 ? (double)CPU_SAMPLE_WALL_NS * (double)ops / (double)wall : CPU_PERIOD_MAX;
    if (by_wall < CPU_PERIOD_WAIT_MIN)
        by_wall = CPU_PERIOD_WAIT_MIN;
    return (unsigned)(period < by_wall ? period : by_wall);
}

void cpu_share_of(const struct op_stats *row, double scale, uint64_t *cpu, uint64_t *ops)
{
    *cpu = 0;
    *ops = 0;
    if (row->cpu_samples == 0)
        return;
    *cpu = (uint64_t)((double)row->cpu_ns / (double)row->cpu_samples * (double)row->ops * scale);
    *ops = row->ops;
}

double cpu_share_scale(const struct op_stats *rows, size_t n, uint64_t thread_ns)
{
    double estimate = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t cpu, ops;
        cpu_share_of(&rows[i], 1.0, &cpu, &ops);
        estimate += (double)cpu;
    }
    /* No samples, or samples that saw no CPU at all: nothing to share out. */
    if (estimate <= 0 || thread_ns == 0)
        return 1.0;
    return (double)thread_ns / estimate;
}
