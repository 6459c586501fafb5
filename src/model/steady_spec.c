/* steady_spec.c: the text of a steady-state condition, METRIC:LIMIT%:WINDOW
 * with an optional warm-up, into a struct steady_spec and back. */
#include "model/steady_spec.h"
#include "base/diag.h"


#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/number.h"

const struct steady_metric_def steady_metrics[STEADY_NMETRICS] = {
    [STEADY_IOPS] = { "iops", "ops/s", "IO flowop operations per second" },
    [STEADY_BW] = { "bw", "MiB/s", "MiB per second read and written by the IO flowops" },
    [STEADY_P99] = { "p99", "ms", "99th percentile latency of the IO flowops' ops in each second" },
};

#define WINDOW_MAX 86400u /* a day of one-second samples */

/* "30", "30s", "2m", "1h": whole seconds, at most a day once the unit is applied. */
static int parse_seconds(const char *s, uint64_t *out)
{
    static const struct { char suffix; uint64_t mult; } units[] = { { 's', 1 }, { 'm', 60 }, { 'h', 3600 } };
    uint64_t v;
    const char *end = number_scan(s, &v);
    if (end == NULL)
        return -1;
    uint64_t mult = end[0] == '\0' ? 1 : 0;
    for (size_t i = 0; i < sizeof units / sizeof units[0] && end[0] != '\0'; i++)
        if (end[0] == units[i].suffix && end[1] == '\0')
            mult = units[i].mult;
    if (mult == 0 || v > WINDOW_MAX / mult)
        return -1;
    *out = v * mult;
    return 0;
}

static int parse_metric(const char *s, enum steady_metric *out)
{
    for (int i = 0; i < STEADY_NMETRICS; i++)
        if (strcmp(s, steady_metrics[i].name) == 0) {
            *out = (enum steady_metric)i;
            return 0;
        }
    return -1;
}

/* "2%" or "0.5%": above 0, below 100. */
static int parse_limit(const char *s, double *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    double v = strtod(s, &end);
    if (strcmp(end, "%") != 0 || !(v > 0) || !(v < 100))
        return -1;
    *out = v;
    return 0;
}

int steady_parse(const char *text, struct steady_spec *out, struct diag *err)
{
    *out = (struct steady_spec){ 0 };
    if (strcmp(text, "off") == 0)
        return 0;
    char buf[128], *field[5] = { 0 };
    size_t n = 0;
    if (strlen(text) >= sizeof buf)
        return diag_set(err, NULL, "steadystate '%.60s...' is too long", text);
    snprintf(buf, sizeof buf, "%s", text);
    /* Split at every ':', keeping empty fields: "iops:2%::30s" is not "iops:2%:30s". */
    for (char *p = buf; p != NULL && n < 5; n++) {
        field[n] = p;
        p = strchr(p, ':');
        if (p != NULL)
            *p++ = '\0';
    }
    for (size_t i = 0; i < n; i++)
        if (field[i][0] == '\0')
            return diag_set(err, NULL, "steadystate '%s': a field is empty (expected METRIC:LIMIT%%:WINDOW[:warmup=SECONDS])",
                        text);
    if (n < 3 || n > 4)
        return diag_set(err, NULL, "steadystate '%s': expected METRIC:LIMIT%%:WINDOW[:warmup=SECONDS], e.g. iops:2%%:30s",
                    text);
    if (parse_metric(field[0], &out->metric) != 0)
        return diag_set(err, NULL, "steadystate metric '%s': expected iops, bw or p99", field[0]);
    if (parse_limit(field[1], &out->limit_pct) != 0)
        return diag_set(err, NULL, "steadystate limit '%s': expected a percentage above 0 and below 100, e.g. 2%%",
                    field[1]);
    if (parse_seconds(field[2], &out->window_s) != 0 || out->window_s < 2)
        return diag_set(err, NULL, "steadystate window '%s': expected 2 to 86400 seconds, e.g. 30s or 2m", field[2]);
    if (n == 4 && (strncmp(field[3], "warmup=", 7) != 0 || parse_seconds(field[3] + 7, &out->warmup_s) != 0))
        return diag_set(err, NULL, "steadystate '%s': expected warmup=SECONDS (e.g. warmup=10s) after the window",
                    field[3]);
    out->on = true;
    return 0;
}

void steady_format(const struct steady_spec *s, char *buf, size_t len)
{
    if (!s->on) {
        snprintf(buf, len, "off");
        return;
    }
    snprintf(buf, len, "%s:%g%%:%" PRIu64 "s:warmup=%" PRIu64 "s", steady_metrics[s->metric].name, s->limit_pct,
             s->window_s, s->warmup_s);
}
