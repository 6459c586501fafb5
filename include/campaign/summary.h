/* summary.h: a campaign's summary (summary.json, docs/profiles.md) as compare and
 * the results tree's index read it; a run's results.json loads into the same shape. */
#ifndef FB_SUMMARY_H
#define FB_SUMMARY_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

/* A figure over a point's repeats: the mean, and with n > 1 its spread. */
struct fig {
    double mean, stddev, ci95;  /* ci95: half-width of the 95% confidence interval of the mean */
    unsigned n;                 /* 0: the figure is absent */
};

/* The figures of a flowop and of a point's total, in this order. */
enum sum_fig { SUM_OPS, SUM_MB, SUM_P50, SUM_P99, SUM_CPU, SUM_P50_INTENDED, SUM_P99_INTENDED, SUM_NFIG };
struct sum_fig_desc {
    const char *key;      /* summary.json's member: "ops_per_s" */
    const char *label;    /* for people, and summary.csv's column: "ops/s" */
    bool lower_is_better; /* latencies and CPU */
    const char *row[2];   /* where a results.json row (runs[].summary, flowops[], devices[]) holds it */
    double scale;         /* from results.json's unit to the summary's (ns to ms, ns to us) */
};
extern const struct sum_fig_desc sum_figs[SUM_NFIG];
/* Decimals to show V with: rates to a tenth, latencies and CPU (in ms, us) to 3
 * significant digits at least (a p50 of 0.00123 ms on tmpfs is not 0.001). */
int sum_fig_decimals(double v, enum sum_fig fig);

/* A device's figures, in this order. */
enum sum_dev_fig { DEV_READ_MB, DEV_WRITE_MB, DEV_AWAIT, DEV_UTIL, DEV_NFIG };
extern const struct sum_fig_desc sum_dev_figs[DEV_NFIG];

struct sum_row {
    char *name;                  /* the flowop's, or "total" */
    struct fig fig[SUM_NFIG];
};

struct sum_device {
    char *name;
    struct fig fig[DEV_NFIG];
};

struct sum_var {
    char *name, *value;
};

struct sum_point {
    char *config, *path, *status; /* path relative to the tree; "" for a results.json run */
    char *criteria;              /* "pass", "fail", or NULL when it judged none */
    struct sum_var *swept;
    size_t nswept;
    unsigned repeats;
    struct sum_row total;
    struct sum_row *flowops;
    size_t nflowops;
    struct sum_device *devices;
    size_t ndevices;
};

struct summary {
    char *file;                  /* the file read, for messages */
    char *dir;                   /* the results tree: the folder holding the summary.json */
    char *profile, *description, *host, *filesystem, *started;
    char **swept;                /* every variable swept in any CONFIG, in order */
    size_t nswept;
    struct sum_point *points;
    size_t npoints;
};

/* Loads PATH: a summary.json, a results tree (its summary.json) or a run's
 * results.json (each run a point "run N"). 0, or -1 with a message naming the
 * file in d. */
int summary_load(const char *path, struct summary *s, struct diag *d);
void summary_free(struct summary *s);

/* The value the point gave a swept variable, or NULL. */
const char *sum_point_value(const struct sum_point *p, const char *var);
/* "config var=value,var=value" for people and for pairing. */
void sum_point_label(const struct sum_point *p, char *buf, size_t len);

#endif
