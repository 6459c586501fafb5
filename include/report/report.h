/* report.h: the writers over the results: the classic text lines (report_text.c),
 * JSON, CSV and the HTML page. Each reads results, never the interpreter. */
#ifndef FB_REPORT_H
#define FB_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "results/results.h"

/* The classic report of one result, with percentiles and CPU per op. */
void report_text(FILE *out, const struct run_result *r, double stamp);
/* One --interval line. */
void report_text_interval(FILE *out, const struct interval_sample *s, double stamp);
/* The note on a flowop that kept a run going past its end. */
void report_text_overrun(FILE *out, const struct overrun_note *n, double stamp);
/* Each flowop's latency histogram (enable lathist): its non-empty power-of-two
 * ranges, counts and a bar of '#'. */
void report_text_lathist(FILE *out, const struct run_result *r);
/* The line on what the page cache holds of a fileset at a run's start. */
/* The live status line, drawn in place on a terminal, and its wiping. */
void report_text_status(FILE *out, const struct live_status *s);
void report_text_status_clear(FILE *out);
void report_text_cache(FILE *out, const struct cache_share *c, double stamp);
/* The lines around a run (report_text_run.c): its banner, its launch, how
 * long it took, the latency log written, a note of the engine's. */
void report_text_banner(FILE *out, int run, const struct host_info *h, double stamp);
void report_text_launch(FILE *out, size_t threads, size_t processes, double stamp);
void report_text_took(FILE *out, double seconds, bool interrupted, double stamp);
void report_text_latlog(FILE *out, const struct latlog_summary *l, double stamp);
void report_text_note(FILE *out, const char *text, double stamp);

/* A variable as the reports show it: a plain name and value, which the cli
 * builds from the interpreter's table (cli/report_vars.h). */
enum report_value { RV_NULL, RV_NUMBER, RV_BOOL, RV_TEXT };

struct report_var {
    char *name;
    enum report_value kind;
    uint64_t number;               /* RV_NUMBER */
    bool flag;                     /* RV_BOOL */
    char *text;                    /* RV_TEXT */
};

struct report_vars {
    struct report_var *v;
    size_t n;
};

/* What the JSON, CSV and HTML reports cover: every run of the invocation and
 * what it ran. */
struct report_input {
    const struct results *results;
    const char *workload;          /* the -f script or the loaded workload; NULL if neither */
    const struct report_vars *vars;   /* the variables as the invocation left them */
    bool histograms;               /* --lathist: the JSON carries each latency histogram */
};

/* A CSV text field, quoted (quotes doubled) when it holds a comma, quote or line break. */
void report_csv_field(FILE *f, const char *s);

/* Each returns 0 or -1 with errno set. */
int results_write_json(const struct report_input *in, FILE *out);
int results_write_csv(const struct report_input *in, FILE *out);
int results_write_html(const struct report_input *in, const char *dir);

#endif
