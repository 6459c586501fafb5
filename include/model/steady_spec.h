/* steady_spec.h: a steady-state condition (`set steadystate iops:2%:30s`,
 * --steadystate): which per-second figure, how close to its mean, over how
 * many seconds, after how long a warm-up. Parsed here; the engine judges it. */
#ifndef FB_MODEL_STEADY_SPEC_H
#define FB_MODEL_STEADY_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct diag;

enum steady_metric { STEADY_IOPS, STEADY_BW, STEADY_P99, STEADY_NMETRICS };

/* One row per metric: its word, its unit in reports, and what it is. */
struct steady_metric_def {
    const char *name;
    const char *unit;
    const char *help;
};
extern const struct steady_metric_def steady_metrics[STEADY_NMETRICS];

struct steady_spec {
    bool on;
    enum steady_metric metric;
    double limit_pct;       /* every second of the window within this many percent of the window's mean */
    uint64_t window_s;      /* seconds in the window */
    uint64_t warmup_s;      /* seconds from the start not judged */
};

/* Parses "METRIC:LIMIT%:WINDOW[:warmup=SECONDS]" (durations: 30, 30s, 2m, 1h)
 * or "off"; -1 with err set, without a location (its caller places it), when
 * it is not one. */
int steady_parse(const char *text, struct steady_spec *out, struct diag *err);
/* The spec as it is written, for reports. */
void steady_format(const struct steady_spec *s, char *buf, size_t len);

#endif
