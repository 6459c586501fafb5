/* cpu_share.c: CPU per op from sparse samples: each flowop's ops are sampled
 * on their own, so its CPU is what its own ops cost, never another's; the
 * thread's own clock bounds the sum. */
#include "results/cpu_share.h"

unsigned cpu_sample_period(uint64_t clock_ns, uint64_t samples, uint64_t mean_cpu, uint64_t mean_wall)
{
    if (samples < CPU_FIRST_SAMPLES)
        return CPU_PERIOD_MIN;
    /* A sample costs about two clock readings: 2 * clock_ns * 512 / mean op. */
    double period = mean_cpu > 0 ? 1024.0 * (double)clock_ns / (double)mean_cpu : CPU_PERIOD_MAX;
    double by_wall = mean_wall > 0 ? (double)CPU_SAMPLE_WALL_NS / (double)mean_wall : CPU_PERIOD_MAX;
    period = by_wall < period ? by_wall : period;
    if (period < CPU_PERIOD_MIN)
        return CPU_PERIOD_MIN;
    return period > CPU_PERIOD_MAX ? CPU_PERIOD_MAX : (unsigned)period;
}

void cpu_share_of(const struct op_stats *row, double scale, uint64_t *cpu, uint64_t *ops)
{
    *cpu = 0;
    *ops = 0;
    if (row->cpu_samples == 0)
        return;
    /* A thread's CPU over an op is at most the op's time. What a sample
     * holds beyond it is flowbench's own work around the timed call (picking
     * the file, recording the op) and the clock reading's cost when cold:
     * no flowop's. */
    double mean = (double)row->cpu_ns / (double)row->cpu_samples;
    double wall = row->ops ? (double)row->lat_sum / (double)row->ops : 0;
    *cpu = (uint64_t)((mean < wall ? mean : wall) * (double)row->ops * scale);
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
    /* A sampled op runs a little slower than the others (the caches and the
     * TLB after the clock's system call): cheap ops are overstated, by up to
     * 13% for 1 us io_uring submissions. The thread's clock caps the sum. CPU
     * the thread spent outside its ops (the loop, the drain at the end) is
     * no flowop's: never shared out to them. */
    if (estimate <= (double)thread_ns || estimate <= 0)
        return 1.0;
    return (double)thread_ns / estimate;
}
