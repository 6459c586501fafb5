/* progress.h: where a campaign is (point i of N, its variables, elapsed and time
 * left): one line rewritten in place on a terminal, plain lines in a pipe. */
#ifndef FB_PROGRESS_H
#define FB_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct point;

struct progress {
    FILE *out;
    bool tty;              /* rewrite one line with \r */
    size_t total;          /* runs (points x repeats) this invocation will make */
    size_t done;           /* runs finished so far */
    double planned_s;      /* the planned length of one run, until one has been timed */
    uint64_t start_ns;
    char line[512];        /* the current point's part of the line */
};

void progress_init(struct progress *pg, FILE *out, size_t total, double planned_s);
/* A run starts: point i (from 1) of npoints, repeat r of nrep. */
void progress_start(struct progress *pg, size_t i, size_t npoints, const struct point *p, unsigned r, unsigned nrep);
/* Refreshes the times on a terminal (a pipe gets one line per run). */
void progress_tick(struct progress *pg);
void progress_run_done(struct progress *pg);
/* Ends the line on a terminal. */
void progress_end(struct progress *pg);

#endif
