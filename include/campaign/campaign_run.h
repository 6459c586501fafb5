/* campaign_run.h: running a prepared campaign into its results tree (or listing
 * what it would do), resuming an interrupted one, and its summary files. */
#ifndef FB_CAMPAIGN_RUN_H
#define FB_CAMPAIGN_RUN_H

#include <stdbool.h>
#include <time.h>

#include "campaign/campaign.h"

struct campaign_run_opts {
    bool dry_run;             /* list the points and the tree; run nothing */
    bool resume;              /* continue the latest tree of this profile (or resume_tree) */
    const char *resume_tree;
    const char *self;         /* the flowbench binary each point execs (a path every rank's host has) */
    const char *launcher;     /* --launcher: over the profile's launcher = */
};

/* A point's flowbench exits with this when its run went through but a
 * criterion failed (the cli's EXIT_CRITERIA): its results are kept. */
#define EXIT_CRITERIA_FAILED 3

/* Each run of each point, by index point * repeats + (repeat - 1). */
enum run_state { RUN_NOT, RUN_OK, RUN_FAILED };

/* What the summary is made of. */
struct summary_input {
    const struct campaign *c;
    const char *tree;
    const enum run_state *state;
    const char *host, *filesystem;
    time_t started, finished;
    int treefd;              /* the tree, opened: the files are written beneath it */
};

/* Returns the exit status: 0, 1 when a point failed, 2 on a usage or tree error,
 * 3 when every point ran but a criterion failed,
 * 128 + the signal when interrupted (completed points and the summary are kept). */
int campaign_run(struct campaign *c, const struct campaign_run_opts *o);

/* summary.json and summary.csv at the top of the tree, from every completed
 * run's results.json. 0, or -1 after printing why. */
int summary_write(const struct summary_input *in);

/* Mean, sample standard deviation and the half-width of the 95% confidence
 * interval of the mean (Student's t, n - 1 degrees of freedom; 0 when n < 2). */
struct fig_stats {
    double mean, stddev, ci95;
};
struct fig_stats fig_stats_of(const double *v, size_t n);

#endif
