/* test_cpu_share.c: the sampling period, a flowop's CPU estimated from its
 * samples, and the tick clock's calibration against CLOCK_MONOTONIC. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/clock.h"
#include "base/diag.h"
#include "results/cpu_share.h"
#include "check.h"

static void test_gap_keeps_sampling_under_1_512_of_a_flowops_cpu_and_samples_every_50_ms(void)
{
    /* 360 ns a clock reading, ops of 1300 ns CPU and wall: 1024 * 360 / 1300 = 283 */
    unsigned p = cpu_sample_period(360, 20, 1300, 1300);
    CHECK_GOT(p == 283, "gap for 1.3 us ops", p, 283);
    /* ops of 400 us: a sample costs nothing beside them, each is sampled */
    p = cpu_sample_period(360, 20, 400000, 400000);
    CHECK_GOT(p == 1, "gap for 400 us ops is 1", p, 1);
    p = cpu_sample_period(360, 20, 10, 10);
    CHECK_GOT(p == CPU_PERIOD_MAX, "gap for 10 ns ops is the maximum", p, CPU_PERIOD_MAX);
    /* ops of 2 us CPU that wait 1 ms: 50 ms of wall time is 50 ops */
    p = cpu_sample_period(360, 20, 2000, 1000000);
    CHECK_GOT(p == 50, "gap for ops that wait 1 ms", p, 50);
    /* ... that wait 100 ms: each one */
    p = cpu_sample_period(360, 20, 2000, 100000000ull);
    CHECK_GOT(p == 1, "gap for ops that wait 100 ms", p, 1);
    p = cpu_sample_period(360, 20, 0, 0);
    CHECK_GOT(p == CPU_PERIOD_MAX, "gap with no CPU nor time seen", p, CPU_PERIOD_MAX);
    p = cpu_sample_period(360, 0, 0, 0);
    CHECK_GOT(p == 1, "no sample yet: the next op", p, 1);
    p = cpu_sample_period(360, CPU_FIRST_SAMPLES - 1, 10, 10);
    CHECK_GOT(p == 1, "the first ops are each sampled", p, 1);
}

static void test_a_flowops_cpu_is_its_samples_mean_times_its_ops_within_the_threads(void)
{
    struct op_stats *rows = calloc(3, sizeof *rows);
    if (rows == NULL)
        exit(2);
    /* samples say: a 2 us a op (1000 ops), b 6 us (500 ops), c no sample */
    rows[0] = (struct op_stats){ .ops = 1000, .lat_sum = 1000 * 2500, .cpu_ns = 20000, .cpu_samples = 10 };
    rows[1] = (struct op_stats){ .ops = 500, .lat_sum = 500 * 9000, .cpu_ns = 30000, .cpu_samples = 5 };
    rows[2] = (struct op_stats){ .ops = 7, .lat_sum = 7000 };
    /* estimate 2,000,000 + 3,000,000 ns; the thread used 5,500,000: no scaling up */
    double s = cpu_share_scale(rows, 3, 5500000);
    CHECK_GOT(s == 1.0, "the thread used more than its ops: not shared out", s, 1.0);
    uint64_t cpu[3], ops[3];
    for (int i = 0; i < 3; i++)
        cpu_share_of(&rows[i], s, &cpu[i], &ops[i]);
    CHECK_GOT(cpu[0] == 2000000 && ops[0] == 1000, "a", (double)cpu[0], 2000000);
    CHECK_GOT(cpu[1] == 3000000 && ops[1] == 500, "b", (double)cpu[1], 3000000);
    CHECK_GOT(cpu[2] == 0 && ops[2] == 0, "no sample, no estimate", (double)cpu[2], 0);
    /* ... it used 4,000,000: the estimates are cut to it, in proportion */
    s = cpu_share_scale(rows, 3, 4000000);
    CHECK_GOT(fabs(s - 0.8) < 1e-12, "scale down", s, 0.8);
    cpu_share_of(&rows[0], s, &cpu[0], &ops[0]);
    cpu_share_of(&rows[1], s, &cpu[1], &ops[1]);
    CHECK_GOT(cpu[0] == 1600000 && cpu[1] == 2400000, "cut in proportion", (double)cpu[0], 1600000);
    s = cpu_share_scale(&rows[2], 1, 1000);
    CHECK_GOT(s == 1.0, "no samples: no scaling", s, 1.0);
    /* samples of 4 us around ops of 2.5 us: the op's time at most */
    rows[0].cpu_ns = 40000;
    cpu_share_of(&rows[0], 1.0, &cpu[0], &ops[0]);
    CHECK_GOT(cpu[0] == 2500000, "at most the ops' time", (double)cpu[0], 2500000);
    free(rows);
}

/* The tick clock agrees with CLOCK_MONOTONIC over 50 ms within 0.1%. */
static void test_ticks_agree_with_clock_monotonic(enum clock_source src, const char *name)
{
    struct tick_clock c;
    struct tick_mark m;
    struct diag why = { 0 };
    tick_clock_mark(&m);
    if (tick_clock_init(&c, src, &m, &why) != 0) {
        /* only the TSC may be refused, and only with a reason */
        CHECK_GOT(src == CLOCK_TSC && why.msg[0] != '\0', name, 0, 1);
        printf("note: %s clock not available here: %s\n", name, why.msg);
        return;
    }
    uint64_t n0 = clock_ns(), t0 = tick_now(&c);
    struct timespec nap = { 0, 50000000 };
    nanosleep(&nap, NULL);
    uint64_t n1 = clock_ns(), t1 = tick_now(&c);
    double got = (double)tick_to_ns(&c, t1 - t0), want = (double)(n1 - n0);
    CHECK_GOT(fabs(got - want) <= want * 0.001 + 2000, name, got, want);
}

/* Counters of two CPUs a few cycles apart must not make a huge latency. */
static void test_negative_tick_differences_count_as_zero(void)
{
    struct tick_clock c = { .tsc = true, .name = "tsc" };
    tick_clock_rate(&c, 0.4);
    uint64_t t0 = 1000000, t1 = 999990;
    CHECK_GOT(tick_to_ns(&c, t1 - t0) == 0, "t1 before t0", (double)tick_to_ns(&c, t1 - t0), 0);
    CHECK_GOT(tick_to_ns(&c, 2500) == 1000, "2500 ticks of 0.4 ns", (double)tick_to_ns(&c, 2500), 1000);
    struct tick_clock v = { .tsc = false, .name = "vdso" };
    tick_clock_rate(&v, 1.0);
    CHECK_GOT(tick_to_ns(&v, 1234) == 1234, "vdso ticks are ns", (double)tick_to_ns(&v, 1234), 1234);
    CHECK_GOT(tick_to_ns(&v, 1ull << 62) == 1ull << 62, "vdso ticks are ns however many", 0, 0);
}

/* The fixed-point conversion gives the double's ns within 1 ns, over the
 * calibration's range of rates and deltas up to 2^44 ticks. */
static void test_fixed_point_ticks_match_the_double_within_1_ns(void)
{
    const double rates[] = { 0.05, 0.1, 0.2857142857, 0.3125, 0.4, 0.41666667, 1.0, 2.5, 9.99 };
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        struct tick_clock c = { .tsc = true, .name = "tsc" };
        tick_clock_rate(&c, rates[r]);
        for (uint64_t d = 1; d < 1ull << 44; d = d * 3 + 7) {
            double want = (double)d * rates[r];
            double got = (double)tick_to_ns(&c, d);
            CHECK_GOT(fabs(got - (double)(uint64_t)want) <= 1.0, "fixed-point ns of d ticks", got, want);
        }
    }
}

int main(void)
{
    test_fixed_point_ticks_match_the_double_within_1_ns();
    test_gap_keeps_sampling_under_1_512_of_a_flowops_cpu_and_samples_every_50_ms();
    test_a_flowops_cpu_is_its_samples_mean_times_its_ops_within_the_threads();
    test_ticks_agree_with_clock_monotonic(CLOCK_AUTO, "auto clock");
    test_ticks_agree_with_clock_monotonic(CLOCK_TSC, "tsc clock");
    test_ticks_agree_with_clock_monotonic(CLOCK_VDSO, "vdso clock");
    test_negative_tick_differences_count_as_zero();
    return check_summary();
}
