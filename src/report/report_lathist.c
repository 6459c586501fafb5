/* report_lathist.c: `enable lathist`: each flowop's latency histogram after the
 * report, its fine buckets summed by power of two, with a bar of '#' for the shape. */
#include <inttypes.h>

#include "report/report.h"

#define LATHIST_BAR 40
#define LATHIST_RANGES 64

/* A latency in the unit that keeps it short: "512ns", "16us", "2ms", "4s". */
static void fmt_ns(char *buf, size_t len, uint64_t ns)
{
    static const struct { uint64_t div; const char *unit; } units[] = {
        { 1000000000u, "s" }, { 1000000u, "ms" }, { 1000u, "us" },
    };
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ns >= units[i].div && ns % units[i].div == 0) {
            snprintf(buf, len, "%" PRIu64 "%s", ns / units[i].div, units[i].unit);
            return;
        }
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (ns >= units[i].div) {
            snprintf(buf, len, "%.1f%s", (double)ns / (double)units[i].div, units[i].unit);
            return;
        }
    snprintf(buf, len, "%" PRIu64 "ns", ns);
}

/* Range k holds [2^(k-1), 2^k) ns; range 0 holds 0 ns. */
static unsigned range_of(uint64_t ns)
{
    return ns == 0 ? 0 : 64u - (unsigned)__builtin_clzll(ns);
}

/* what: "" for the service times, " from intended start" for an open loop's other figures. */
static void print_hist(FILE *out, const char *name, const char *what, const struct op_stats *st)
{
    uint64_t count[LATHIST_RANGES + 1] = { 0 }, top = 0;
    for (unsigned b = 0; b < HIST_BUCKETS; b++)
        count[range_of(hist_bucket_low(b))] += st->hist.count[b];
    for (unsigned k = 0; k <= LATHIST_RANGES; k++)
        top = count[k] > top ? count[k] : top;
    fprintf(out, "Latency histogram of %s%s (%" PRIu64 " ops):\n", name, what, st->ops);
    for (unsigned k = 0; k <= LATHIST_RANGES; k++) {
        if (count[k] == 0)
            continue;
        char lo[32], hi[32];
        fmt_ns(lo, sizeof lo, k == 0 ? 0 : (uint64_t)1 << (k - 1));
        fmt_ns(hi, sizeof hi, k == 0 ? 1 : k == 64 ? UINT64_MAX : (uint64_t)1 << k);
        int bar = (int)((count[k] * LATHIST_BAR + top - 1) / top);
        fprintf(out, "  [%8s, %8s) %12" PRIu64 " %.*s\n", lo, hi, count[k], bar,
                "########################################");
    }
}

void report_text_lathist(FILE *out, const struct run_result *r)
{
    for (size_t i = 0; i < r->nrows; i++) {
        if (r->rows[i].st.ops > 0)
            print_hist(out, r->rows[i].name, "", &r->rows[i].st);
        if (r->rows[i].intended != NULL && r->rows[i].intended->ops > 0)
            print_hist(out, r->rows[i].name, " from intended start", r->rows[i].intended);
    }
}
