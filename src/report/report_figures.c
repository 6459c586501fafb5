/* report_figures.c: the figures and formatting every report shares: rates, mean,
 * stddev, percentiles and CPU per op of a result row, milliseconds, latencies
 * with their unit, digit groups and locale-proof numbers. */
#include "report/report_figures.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct report_pct report_pcts[REPORT_NPCT] = {
    { 0.50, "p50", "p50_ns" },     { 0.90, "p90", "p90_ns" },       { 0.95, "p95", "p95_ns" },
    { 0.99, "p99", "p99_ns" },     { 0.999, "p99.9", "p99_9_ns" }, { 0.9999, "p99.99", "p99_99_ns" },
};

double report_rate(double amount, double seconds)
{
    double r = seconds > 0 ? amount / seconds : 0.0;
    return isfinite(r) ? r : 0.0;
}

/* Only sums are kept per op, so the spread comes from the histogram: each op
 * counts as its bucket's midpoint (clamped to [min, max]), at most 0.8% off. */
static double hist_stddev(const struct op_stats *s, double mean)
{
    uint64_t n = 0;
    double sum = 0;
    for (unsigned b = 0; b < HIST_BUCKETS; b++) {
        if (s->hist.count[b] == 0)
            continue;
        double mid = (double)hist_bucket_low(b) + (double)(hist_bucket_width(b) - 1) / 2.0;
        if (mid < (double)s->lat_min)
            mid = (double)s->lat_min;
        if (mid > (double)s->lat_max)
            mid = (double)s->lat_max;
        double d = mid - mean;
        sum += (double)s->hist.count[b] * d * d;
        n += s->hist.count[b];
    }
    double v = n > 1 ? sqrt(sum / (double)n) : 0.0;
    return isfinite(v) ? v : 0.0;
}

double report_cpu_ns_per_op(const struct op_stats *s)
{
    return s->cpu_samples ? (double)s->cpu_ns / (double)s->cpu_samples : 0.0;
}

double report_ms(double ns)
{
    return ns / 1e6;
}

void report_figures(const struct op_stats *s, double seconds, struct row_figures *f)
{
    memset(f, 0, sizeof *f);
    f->ops = s->ops;
    f->bytes = s->bytes;
    f->errors = s->errors;
    f->ops_per_s = report_rate((double)s->ops, seconds);
    f->mb_per_s = report_rate((double)s->bytes / 1048576.0, seconds);
    f->cpu_ns_per_op = report_cpu_ns_per_op(s);
    if (s->ops == 0)
        return; /* every latency figure stays 0 */
    f->min = s->lat_min == UINT64_MAX ? 0 : s->lat_min;
    f->max = s->lat_max;
    f->mean = (double)s->lat_sum / (double)s->ops;
    f->stddev = hist_stddev(s, f->mean);
    for (int i = 0; i < REPORT_NPCT; i++)
        f->pct[i] = stats_percentile(s, report_pcts[i].q);
}

const char *report_class_name(enum flowop_class c)
{
    switch (c) {
    case FC_IO: return "io";
    case FC_AIO: return "aio";
    case FC_SYNC: return "sync";
    case FC_COMPUTE: return "compute";
    case FC_OTHER: break;
    }
    return "other";
}

/* The shortest %g form that reads back as v, with a '.' whatever the locale;
 * a whole number under 1e15 without an exponent (1000000, not 1e+06). */
static void number_shortest(char *buf, size_t len, double v)
{
    int x = v != 0 ? (int)floor(log10(fabs(v))) : 0;
    for (int digits = 1; digits <= 17; digits++) {
        int p = x >= digits && x < 15 ? x + 1 : digits;
        snprintf(buf, len, "%.*g", p, v);
        for (char *q = buf; *q; q++)
            if (*q == ',')
                *q = '.';
        if (strtod(buf, NULL) == v)
            return;
    }
}

void report_number_exact(char *buf, size_t len, double v)
{
    if (len == 0)
        return;
    number_shortest(buf, len, isfinite(v) ? v : 0);
}

void report_number(char *buf, size_t len, double v, int decimals)
{
    if (len == 0)
        return;
    if (!isfinite(v))
        v = 0;
    if (fabs(v) >= 1e15) { /* past a double's exact integers: places mean nothing */
        number_shortest(buf, len, v);
        return;
    }
    snprintf(buf, len, "%.*f", decimals < 0 ? 0 : decimals > 20 ? 20 : decimals, v);
    char *dot = NULL;
    for (char *p = buf; *p; p++)
        if (!(*p == '-' || (*p >= '0' && *p <= '9'))) {
            *p = '.'; /* whatever a locale made of the decimal point */
            dot = p;
        }
    if (dot != NULL) {
        char *end = buf + strlen(buf);
        while (end > dot + 1 && end[-1] == '0')
            *--end = '\0';
        if (end == dot + 1)
            *dot = '\0';
    }
    if (strcmp(buf, "-0") == 0)
        strcpy(buf, "0");
}

void report_fmt_ns(char *buf, size_t len, double ns)
{
    static const char *const unit[] = { "ns", "\u00b5s", "ms", "s" };
    int u = 0;
    if (!isfinite(ns) || ns < 0)
        ns = 0;
    while (ns >= 999.5 && u < 3) {
        ns /= 1000;
        u++;
    }
    int dec = u == 0 || ns >= 99.95 ? 0 : ns >= 9.995 ? 1 : 2;
    snprintf(buf, len, "%.*f %s", dec, ns, unit[u]);
}

void report_fmt_group(char *buf, size_t len, double v, int decimals)
{
    char raw[64];
    report_number(raw, sizeof raw, v, decimals);
    const char *digits = raw[0] == '-' ? raw + 1 : raw;
    size_t whole = strcspn(digits, ".");
    size_t o = 0;
    if (len == 0)
        return;
    if (raw[0] == '-' && o + 1 < len)
        buf[o++] = '-';
    for (size_t i = 0; digits[i] && o + 1 < len; i++) {
        if (i > 0 && i < whole && (whole - i) % 3 == 0 && o + 2 < len)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
}
