/* figures.h: the figures of a run that add up over threads, ranks and the
 * roll call of a lost rank, and the one rule each merges by: a row of a table.
 * A new figure is a field of its struct and a row here, nowhere else. */
#ifndef FB_FIGURES_H
#define FB_FIGURES_H

#include <stddef.h>
#include <stdint.h>

#include "results/results.h"

enum fig_op { FIG_SUM, FIG_MIN, FIG_MAX };

/* n uint64_t at byte offset off of a block, merged element by element with op. */
struct fig_field {
    size_t off, n;
    enum fig_op op;
};

/* A kind of block (struct op_stats, struct sched_row, a result's counts): its fields. */
struct fig_kind {
    const struct fig_field *fields;
    size_t nfields;
};

extern const struct fig_kind fig_op_stats, fig_sched, fig_result_counts, fig_times;

/* from's figures merged into into, both blocks of kind k. */
void fig_merge(const struct fig_kind *k, void *into, const void *from);

/* Every block of a result that merges, in one fixed order (the summary's IO
 * and from-intended IO, each row's stats and from-intended stats, each
 * open-loop schedule, each thread's times, a timed replay's start errors,
 * the read and write counts); a block that is absent (no open loop, no
 * timed replay) is skipped, alike on every rank of the same plan. */
typedef void (*fig_visit)(void *block, const struct fig_kind *k, void *ctx);
void figures_each(struct run_result *r, fig_visit fn, void *ctx);
/* The bytes of r's figures packed (figures_pack), the size of a rank's answer. */
size_t figures_size(struct run_result *r);
void figures_pack(struct run_result *r, void *buf);
/* The packed figures of another result of r's shape merged into r. */
void figures_merge_packed(struct run_result *r, const void *buf);

#endif
