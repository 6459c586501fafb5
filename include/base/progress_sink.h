/* progress_sink.h: how a long task below the cli (a fileset's population) reports how
 * far it got: upward, through callbacks its caller lends; the layer doing the work draws
 * nothing, and one renderer (report/live_line.h) draws what the callbacks are given. */
#ifndef FB_PROGRESS_SINK_H
#define FB_PROGRESS_SINK_H

#include <stdint.h>

/* Where a task is: so many of its items and bytes done, of how many, after how long. */
struct task_progress {
    const char *what;      /* the task's name (the fileset's) */
    uint64_t items_done, items;
    uint64_t bytes_done, bytes;
    double elapsed;        /* seconds since it started */
};

struct progress_sink {
    void (*tick)(void *ctx, const struct task_progress *p); /* about once a second while it lasts */
    void (*end)(void *ctx);                                 /* done, after at least one tick */
    void (*note)(void *ctx, const char *line);              /* a line of its own (a tree remade, a summary) */
    void *ctx;
};

#endif
