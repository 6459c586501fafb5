/* test_replay_start.c: a timed replay's start errors (results.h: replay_start)
 * on a small exact case: the text report's p50, p99 and max, and the merge
 * of two ranks' figures (figures.h) that adds them call for call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "results/figures.h"
#include "check.h"

/* The middle of the histogram bucket holding ns: a percentile reports it exactly. */
static uint64_t exact(uint64_t ns)
{
    unsigned b = hist_bucket(ns);
    return hist_bucket_low(b) + (hist_bucket_width(b) - 1) / 2;
}

/* 200 calls: 197 began about 0.25 ms late, 2 about 0.8 ms, 1 3 ms: by nearest rank,
 * p50 is call 100 (0.25 ms), p99 call 198 (0.8 ms), max the one 3 ms late. */
static void fill(struct op_stats *s, uint64_t a, uint64_t b, uint64_t c)
{
    stats_init(s);
    for (int i = 0; i < 197; i++)
        stats_add(s, a, 0);
    stats_add(s, b, 0);
    stats_add(s, b, 0);
    stats_add(s, c, 0);
}

static char *text_of(const struct run_result *r)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    report_text(f, r, 0);
    fclose(f);
    return buf;
}

int main(void)
{
    uint64_t a = exact(250000), b = exact(800000), c = 3000000;
    struct run_result r = { 0 }, other = { 0 };
    r.replay_start = malloc(sizeof *r.replay_start);
    other.replay_start = malloc(sizeof *other.replay_start);
    stats_init(&r.io);
    stats_init(&other.io);
    fill(r.replay_start, a, b, c);
    CHECK(stats_percentile(r.replay_start, 0.5) == a, "p50 is the 100th call's error");
    CHECK(stats_percentile(r.replay_start, 0.99) == b, "p99 is the 198th call's error");
    CHECK(r.replay_start->lat_max == c, "max is the latest call's error");
    char want[160];
    snprintf(want, sizeof want, "replay start error (from the intended start): 200 calls p50 %.3fms p99 %.3fms max 3.000ms\n",
             (double)a / 1e6, (double)b / 1e6);
    char *text = text_of(&r);
    CHECK(strstr(text, want) != NULL, "the text report's line");
    if (strstr(text, want) == NULL)
        printf("want: %sgot:\n%s", want, text);
    free(text);

    /* another rank: 197 calls 0.25 ms late, 2 3 ms, 1 5 ms; merged, 400 calls: 394 at 0.25 ms,
     * 2 at 0.8 ms (ranks 395, 396), 3 at 3 ms, 1 at 5 ms */
    fill(other.replay_start, a, c, 5000000);
    void *buf = malloc(figures_size(&other));
    figures_pack(&other, buf);
    figures_merge_packed(&r, buf);
    CHECK(r.replay_start->ops == 400, "merged: both ranks' calls");
    CHECK(stats_percentile(r.replay_start, 0.5) == a, "merged p50: the 200th of 400");
    CHECK(stats_percentile(r.replay_start, 0.99) == b, "merged p99: the 396th, 0.8 ms late");
    CHECK(r.replay_start->lat_max == 5000000, "merged max: the other rank's 5 ms");

    /* not a timed replay: no line at all */
    struct run_result none = { 0 };
    stats_init(&none.io);
    text = text_of(&none);
    CHECK(strstr(text, "replay start error") == NULL, "no line without a timed replay");
    free(text);
    free(buf);
    free(r.replay_start);
    free(other.replay_start);
    return check_summary();
}
