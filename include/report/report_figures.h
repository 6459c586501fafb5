/* report_figures.h: the figures every report derives from a row's counters
 * (rates, mean, stddev, percentiles, CPU per op) and the shared number
 * formatting, computed one way for all. */
#ifndef FB_REPORT_FIGURES_H
#define FB_REPORT_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "results/flowop_class.h"
#include "results/stats.h"

/* The percentiles every report gives, in order. */
#define REPORT_NPCT 6
struct report_pct {
    double q;           /* 0.5 .. 0.9999 */
    const char *json;   /* "p99.9" */
    const char *csv;    /* "p99_9_ns" */
};
extern const struct report_pct report_pcts[REPORT_NPCT];

struct row_figures {
    uint64_t ops, bytes, errors;
    double ops_per_s, mb_per_s;  /* MiB/s */
    double cpu_ns_per_op;        /* CPU shared out to the flowop per op it covers; 0 with no sample */
    uint64_t min, max;           /* ns; min is 0 when there was no op */
    double mean, stddev;         /* ns; stddev from the histogram's bucket midpoints */
    uint64_t pct[REPORT_NPCT];   /* ns, never above max */
};

/* Per-second rate; 0 when seconds is not positive. Always finite. */
double report_rate(double amount, double seconds);
void report_figures(const struct op_stats *s, double seconds, struct row_figures *f);
/* CPU shared out to the row per op it covers, in ns; 0 with no sample. */
double report_cpu_ns_per_op(const struct op_stats *s);
/* Nanoseconds as milliseconds. */
double report_ms(double ns);
/* "io", "aio", "sync" or "other". */
const char *report_class_name(enum flowop_class c);
/* A finite number as text with at most `decimals` (0 to 20) decimals, trailing
 * zeros dropped ("400", "1234.5"); from 1e15 on, the shortest exponent form that
 * reads back the same ("1e+63"); NaN and infinities become "0" (the JSON
 * writer writes null for them). Locale-proof; 32 bytes always suffice. */
void report_number(char *buf, size_t len, double v, int decimals);
/* v in full: the shortest form that reads back as the same double (0.1,
 * 1e-10, 0.200071583), so a value is never rounded onto the limit it is
 * judged against; non-finite values as 0. */
void report_number_exact(char *buf, size_t len, double v);
/* A latency for people: "812 ns", "12.3 µs", "4.56 ms", "1.20 s". */
void report_fmt_ns(char *buf, size_t len, double ns);
/* A figure with thousands separators: "1,234,567" or "6,949.7". */
void report_fmt_group(char *buf, size_t len, double v, int decimals);

#endif
