/* test_cpu_share.c: the sampling period, the sharing of a thread's CPU time over
 * its flowops, and the tick clock's calibration against CLOCK_MONOTONIC. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "cpu_share.h"

static int passed, failed;

static void check(int ok, const char *what, double got, double want)
{
    if (ok) {
        passed++;
        return;
    }
    failed++;
    printf("FAIL %s: got %.6g, want %.6g\n", what, got, want);
}

static void periods(void)
{
    /* 360 ns a clock reading, ops of 1300 ns: 1024 * 360 / 1300 = 283 */
    unsigned p = cpu_sample_period(360, 1300u * 500, 500);
    check(p == 283, "period for 1.3 us ops", p, 283);
    p = cpu_sample_period(360, 50000u * 100, 100);
    check(p == CPU_PERIOD_MIN, "period for slow ops is the minimum", p, CPU_PERIOD_MIN);
    p = cpu_sample_period(360, 10u * 100000, 100000);
    check(p == CPU_PERIOD_MAX, "period for very short ops is the maximum", p, CPU_PERIOD_MAX);
    p = cpu_sample_period(360, 0, 10);
    check(p == CPU_PERIOD_MIN, "period with no CPU seen", p, CPU_PERIOD_MIN);
    p = cpu_sample_period(360, 1000, 0);
    check(p == CPU_PERIOD_MIN, "period with no ops", p, CPU_PERIOD_MIN);
}

static void shares(void)
{
    struct op_stats *rows = calloc(3, sizeof *rows);
    if (rows == NULL)
        exit(2);
    for (int i = 0; i < 3; i++)
        stats_init(&rows[i]);
    /* samples say: a 2 us a op (1000 ops), b 6 us (500 ops), c no sample */
    rows[0] = (struct op_stats){ .ops = 1000, .cpu_ns = 20000, .cpu_samples = 10 };
    rows[1] = (struct op_stats){ .ops = 500, .cpu_ns = 30000, .cpu_samples = 5 };
    rows[2] = (struct op_stats){ .ops = 7 };
    /* estimate 2,000,000 + 3,000,000 ns; the thread really used 5,500,000 */
    double s = cpu_share_scale(rows, 3, 5500000);
    check(fabs(s - 1.1) < 1e-12, "scale", s, 1.1);
    double total = 0;
    for (int i = 0; i < 3; i++)
        if (rows[i].cpu_samples)
            total += (double)rows[i].cpu_ns * s / (double)rows[i].cpu_samples * (double)rows[i].ops;
    check(fabs(total - 5500000) < 1e-3, "scaled rows add up to the thread's CPU", total, 5500000);
    s = cpu_share_scale(rows, 3, 0);
    check(s == 1.0, "no thread CPU: no scaling", s, 1.0);
    s = cpu_share_scale(&rows[2], 1, 1000);
    check(s == 1.0, "no samples: no scaling", s, 1.0);
    free(rows);
}

/* The tick clock agrees with CLOCK_MONOTONIC over 50 ms within 0.1%. */
static void ticks(enum clock_source src, const char *name)
{
    struct tick_clock c;
    struct tick_mark m;
    const char *why = NULL;
    tick_clock_mark(&m);
    if (tick_clock_init(&c, src, &m, &why) != 0) {
        /* only the TSC may be refused, and only with a reason */
        check(src == CLOCK_TSC && why != NULL, name, 0, 1);
        printf("note: %s clock not available here: %s\n", name, why ? why : "?");
        return;
    }
    uint64_t n0 = clock_ns(), t0 = tick_now(&c);
    struct timespec nap = { 0, 50000000 };
    nanosleep(&nap, NULL);
    uint64_t n1 = clock_ns(), t1 = tick_now(&c);
    double got = (double)tick_to_ns(&c, t1 - t0), want = (double)(n1 - n0);
    check(fabs(got - want) <= want * 0.001 + 2000, name, got, want);
}

int main(void)
{
    periods();
    shares();
    ticks(CLOCK_AUTO, "auto clock");
    ticks(CLOCK_TSC, "tsc clock");
    ticks(CLOCK_VDSO, "vdso clock");
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
