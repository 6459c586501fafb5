/* test_figures.c: the one merge of a run's figures (results/figures.h) gives the
 * same result whether threads, ranks (a reduction field by field) or the roll
 * call (packed answers) merge them, and that result is the figures' exact sum,
 * extremes and worst lags, written out here by hand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "results/figures.h"
#include "check.h"

static void fill_stats(struct op_stats *s, struct rng *g)
{
    stats_init(s);
    for (int i = 0; i < 50; i++)
        stats_add(s, 1 + rng_next(g) % 5000000, rng_next(g) % 65536);
    s->errors = rng_next(g) % 3;
    s->cpu_ns = rng_next(g) % 100000;
    s->cpu_samples = rng_next(g) % 50;
    s->verify_blocks = rng_next(g) % 9;
    s->verify_failed = rng_next(g) % 2;
    s->journal_dropped = rng_next(g) % 4;
}

/* A result of two rows (the second open-loop), one schedule and two threads' times. */
static struct run_result *make(uint64_t seed)
{
    struct rng g;
    rng_seed(&g, seed);
    struct run_result *r = calloc(1, sizeof *r);
    r->nrows = 2;
    r->rows = calloc(2, sizeof *r->rows);
    r->rows[1].intended = malloc(sizeof *r->rows[1].intended);
    r->io_intended = malloc(sizeof *r->io_intended);
    r->nsched = 1;
    r->sched = calloc(1, sizeof *r->sched);
    fill_stats(&r->rows[0].st, &g);
    fill_stats(&r->rows[1].st, &g);
    fill_stats(r->rows[1].intended, &g);
    fill_stats(&r->io, &g);
    fill_stats(r->io_intended, &g);
    r->sched[0] = (struct sched_row){ .rate = 100, .instances = 2, .passes = rng_next(&g) % 1000,
                                      .intended = rng_next(&g) % 1000, .max_lag_ns = rng_next(&g) % 100000,
                                      .final_lag_ns = rng_next(&g) % 100000, .behind = rng_next(&g) % 2 };
    r->ntimes = 2;
    r->times = calloc(2, sizeof *r->times);
    for (size_t i = 0; i < 2; i++) {
        r->times[i].instances = 1 + rng_next(&g) % 4;
        for (size_t b = 0; b < TB_N; b++)
            r->times[i].ns[b] = rng_next(&g) % 1000000000;
    }
    r->reads = rng_next(&g) % 1000;
    r->writes = rng_next(&g) % 1000;
    return r;
}

static void drop(struct run_result *r)
{
    free(r->rows[1].intended);
    free(r->io_intended);
    free(r->rows);
    free(r->sched);
    free(r->times);
    free(r);
}

/* The merge written out by hand, independent of the tables. */
static void by_hand_stats(struct op_stats *a, const struct op_stats *b)
{
    a->ops += b->ops, a->bytes += b->bytes, a->errors += b->errors, a->lat_sum += b->lat_sum;
    a->cpu_ns += b->cpu_ns, a->cpu_samples += b->cpu_samples;
    a->verify_blocks += b->verify_blocks, a->verify_failed += b->verify_failed;
    a->journal_dropped += b->journal_dropped;
    a->lat_min = b->lat_min < a->lat_min ? b->lat_min : a->lat_min;
    a->lat_max = b->lat_max > a->lat_max ? b->lat_max : a->lat_max;
    for (unsigned i = 0; i < HIST_BUCKETS; i++)
        a->hist.count[i] += b->hist.count[i];
}

static void by_hand(struct run_result *a, const struct run_result *b)
{
    by_hand_stats(&a->io, &b->io);
    by_hand_stats(a->io_intended, b->io_intended);
    for (size_t i = 0; i < 2; i++)
        by_hand_stats(&a->rows[i].st, &b->rows[i].st);
    by_hand_stats(a->rows[1].intended, b->rows[1].intended);
    struct sched_row *s = &a->sched[0];
    const struct sched_row *t = &b->sched[0];
    s->instances += t->instances, s->passes += t->passes, s->intended += t->intended, s->behind += t->behind;
    s->max_lag_ns = t->max_lag_ns > s->max_lag_ns ? t->max_lag_ns : s->max_lag_ns;
    s->final_lag_ns = t->final_lag_ns > s->final_lag_ns ? t->final_lag_ns : s->final_lag_ns;
    for (size_t i = 0; i < 2; i++) {
        a->times[i].instances += b->times[i].instances;
        for (size_t k = 0; k < TB_N; k++)
            a->times[i].ns[k] += b->times[i].ns[k];
    }
    a->reads += b->reads, a->writes += b->writes;
}

/* Threads: engine_collect merges each instance's rows with stats_merge, each
 * schedule and each thread's times with fig_merge. */
static void by_threads(struct run_result *a, const struct run_result *b)
{
    stats_merge(&a->io, &b->io);
    stats_merge(a->io_intended, b->io_intended);
    for (size_t i = 0; i < 2; i++)
        stats_merge(&a->rows[i].st, &b->rows[i].st);
    stats_merge(a->rows[1].intended, b->rows[1].intended);
    fig_merge(&fig_sched, &a->sched[0], &b->sched[0]);
    for (size_t i = 0; i < 2; i++)
        fig_merge(&fig_times, &a->times[i], &b->times[i]);
    fig_merge(&fig_result_counts, a, b);
}

/* Ranks: engine_dist reduces every block of figures_each field by field; here
 * over two "ranks", the other's blocks walked in the same order. */
struct blocks {
    void *at[16];
    const struct fig_kind *kind[16];
    size_t n;
};

static void collect(void *block, const struct fig_kind *k, void *ctx)
{
    struct blocks *b = ctx;
    b->at[b->n] = block;
    b->kind[b->n++] = k;
}

static void by_ranks(struct run_result *a, struct run_result *b)
{
    struct blocks x = { 0 }, y = { 0 };
    figures_each(a, collect, &x);
    figures_each(b, collect, &y);
    CHECK(x.n == y.n && x.n == 9, "figures_each walks 9 blocks of each result");
    for (size_t i = 0; i < x.n && i < y.n; i++)
        fig_merge(x.kind[i], x.at[i], y.at[i]);
}

/* The roll call: the other rank's figures packed, merged into rank 0's. */
static void by_roll(struct run_result *a, struct run_result *b)
{
    size_t len = figures_size(b);
    CHECK(len == figures_size(a), "two results of one shape pack to the same size");
    unsigned char *buf = malloc(len + 1);
    figures_pack(b, buf + 1); /* unaligned, as in an answer after its head */
    figures_merge_packed(a, buf + 1);
    free(buf);
}

static int same(const struct run_result *a, const struct run_result *b)
{
    return memcmp(&a->io, &b->io, sizeof a->io) == 0 && memcmp(a->io_intended, b->io_intended, sizeof *a->io_intended) == 0
           && memcmp(&a->rows[0].st, &b->rows[0].st, sizeof a->rows[0].st) == 0
           && memcmp(&a->rows[1].st, &b->rows[1].st, sizeof a->rows[1].st) == 0
           && memcmp(a->rows[1].intended, b->rows[1].intended, sizeof *a->rows[1].intended) == 0
           && memcmp(&a->sched[0], &b->sched[0], sizeof a->sched[0]) == 0
           && memcmp(a->times, b->times, 2 * sizeof *a->times) == 0 && a->reads == b->reads && a->writes == b->writes;
}

int main(void)
{
    void (*const ways[])(struct run_result *, struct run_result *) = { by_ranks, by_roll };
    const char *names[] = { "ranks", "roll call" };
    struct run_result *want = make(1), *other = make(2), *threads = make(1);
    by_hand(want, other);
    by_threads(threads, other);
    CHECK(same(threads, want), "threads: the merge is the exact sum, extremes and worst lags");
    for (size_t w = 0; w < 2; w++) {
        struct run_result *got = make(1);
        ways[w](got, other);
        char what[80];
        snprintf(what, sizeof what, "%s: the same merge as threads", names[w]);
        CHECK(same(got, want), "%s", what);
        drop(got);
    }
    CHECK(want->sched[0].instances == 4 && want->rows[0].st.ops == 100, "the sums are of both results");
    CHECK(want->times[0].instances >= 2 && want->io.journal_dropped == threads->io.journal_dropped,
          "the times and the journal's dropped writes are summed too");
    drop(want);
    drop(other);
    drop(threads);
    return check_summary();
}
