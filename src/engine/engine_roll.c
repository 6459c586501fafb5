/* engine_roll.c: a rank lost mid-run. Rank 0 calls the roll of the others and
 * reports the ranks that answered, with their figures so far, and names the
 * lost one; a dead rank costs the report its own figures, not everyone's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "engine/engine_rt.h"

/* How long rank 0 waits for the answers: the others answer where they poll
 * the vote (at least every 50 ms), and mpirun kills the job about a second
 * after a rank died. */
#define ROLL_WAIT_MS 250

/* An answer: this head, then the rank's IO stats and each result row's,
 * the same from the intended start (open-loop threads; empty where a row has
 * none), then each open-loop thread's schedule. */
struct roll_head {
    struct rank_row row;
    uint64_t reads, writes;
};

/* A schedule row's counts in an answer: summed over the ranks, but the lags, the worst kept. */
struct roll_sched {
    uint64_t instances, passes, intended, behind, max_lag_ns, final_lag_ns;
};

static size_t roll_len(size_t rows, size_t sched)
{
    return sizeof(struct roll_head) + 2 * (rows + 1) * sizeof(struct op_stats) + sched * sizeof(struct roll_sched);
}

static struct op_stats *roll_stats(unsigned char *answer)
{
    return (struct op_stats *)(void *)(answer + sizeof(struct roll_head));
}

static struct op_stats *roll_intended(unsigned char *answer, size_t rows)
{
    return roll_stats(answer) + rows + 1;
}

static struct roll_sched *roll_scheds(unsigned char *answer, size_t rows)
{
    return (struct roll_sched *)(void *)(roll_intended(answer, rows) + rows + 1);
}

struct rank_row engine_rank_row(const struct run_result *r)
{
    struct rank_row row = { .seconds = r->seconds, .ops = r->io.ops, .bytes = r->io.bytes,
                            .p99_ns = stats_percentile(&r->io, 0.99),
                            .cpu_ns_per_op = r->io.cpu_samples ? (double)r->io.cpu_ns / (double)r->io.cpu_samples : 0 };
    if (gethostname(row.host, sizeof row.host - 1) != 0)
        snprintf(row.host, sizeof row.host, "unknown");
    return row;
}

/* This rank's measured interval so far, or up to its stop. */
static double since_go(const struct engine *e)
{
    uint64_t go = atomic_load(&e->sh->go_ns), stop = atomic_load(&e->sh->stop_ns);
    uint64_t end = stop > go ? stop : clock_ns();
    return go != 0 && end > go ? (double)(end - go) / 1e9 : 0;
}

/* This rank's result so far (rows merged from shared memory), or NULL when out of memory. */
static struct run_result *result_now(struct engine *e)
{
    struct run_result *r = calloc(1, sizeof *r);
    if (r != NULL)
        engine_collect(e, since_go(e), SINCE_START, r);
    return r;
}

static void result_drop(struct run_result *r)
{
    struct results one = { .runs = r, .n = 1 };
    results_free(&one);
}

/* This rank's figures so far as an answer of roll_len(e->roll_rows, e->roll_sched) bytes. */
static bool answer_fill(struct engine *e, unsigned char *answer)
{
    struct run_result *r = result_now(e);
    if (r == NULL)
        return false;
    struct roll_head h = { .row = engine_rank_row(r), .reads = r->reads, .writes = r->writes };
    memcpy(answer, &h, sizeof h);
    struct op_stats *st = roll_stats(answer);
    struct op_stats *in = roll_intended(answer, e->roll_rows);
    st[0] = r->io;
    stats_init(&in[0]);
    if (r->io_intended != NULL)
        in[0] = *r->io_intended;
    for (size_t i = 0; i < e->roll_rows; i++) {
        stats_init(&st[1 + i]);
        stats_init(&in[1 + i]);
        if (i < r->nrows)
            st[1 + i] = r->rows[i].st;
        if (i < r->nrows && r->rows[i].intended != NULL)
            in[1 + i] = *r->rows[i].intended;
    }
    struct roll_sched *sc = roll_scheds(answer, e->roll_rows);
    for (size_t i = 0; i < e->roll_sched && i < r->nsched; i++) {
        const struct sched_row *s = &r->sched[i];
        sc[i] = (struct roll_sched){ s->instances, s->passes, s->intended, s->behind, s->max_lag_ns, s->final_lag_ns };
    }
    result_drop(r);
    return true;
}

void engine_roll_open(struct engine *e)
{
    if (dist_size() == 1)
        return;
    struct run_result *r = result_now(e); /* the rows every answer carries: the plan's, the same on every rank */
    e->roll_rows = r != NULL ? r->nrows : 0;
    e->roll_sched = r != NULL ? r->nsched : 0;
    if (r != NULL)
        result_drop(r);
    dist_roll_open(&e->roll, roll_len(e->roll_rows, e->roll_sched), e->run->index);
}

void engine_roll_answer(struct engine *e)
{
    if (dist_size() == 1 || dist_rank() == 0 || !dist_roll_asked(&e->roll))
        return;
    unsigned char *answer = calloc(1, roll_len(e->roll_rows, e->roll_sched));
    if (answer != NULL && answer_fill(e, answer))
        dist_roll_answer(&e->roll, answer);
    free(answer); /* out of memory: no answer, and rank 0 takes this rank for lost */
}

bool engine_roll_call(struct engine *e)
{
    size_t n = (size_t)dist_size(), len = roll_len(e->roll_rows, e->roll_sched);
    if (n == 1 || dist_rank() != 0)
        return false;
    unsigned char *mine = calloc(1, len);
    e->roll_all = calloc(n, len);
    e->roll_alive = calloc(n, sizeof *e->roll_alive);
    bool lost = false;
    if (mine != NULL && e->roll_all != NULL && e->roll_alive != NULL && answer_fill(e, mine))
        lost = dist_roll_call(&e->roll, mine, e->roll_all, e->roll_alive, ROLL_WAIT_MS) > 0;
    free(mine);
    if (!lost) {
        free(e->roll_all);
        free(e->roll_alive);
        e->roll_all = NULL;
        e->roll_alive = NULL;
    }
    return lost;
}

void engine_roll_lose(struct engine *e)
{
    size_t n = (size_t)dist_size(), first = n, silent = 0;
    for (size_t k = n; k-- > 1;)
        if (!e->roll_alive[k]) {
            first = k;
            silent++;
        }
    struct run_shared *sh = e->sh;
    snprintf(sh->err, sizeof sh->err,
             "rank %zu (host %s): lost mid-run: its flowbench ended without a word (killed?)%s; the figures are "
             "those of the ranks that answered (%zu of %zu), up to the loss",
             first, e->hosts != NULL ? e->hosts[first] : "unknown", silent > 1 ? ", with other ranks" : "", n - silent, n);
    atomic_store(&sh->err_taken, 1);
    atomic_store(&sh->stop_reason, STOP_ERROR);
    e->ranks_lost = true;
    e->nranks_all = n;
    dist_lose();
}

/* One answer's schedule counts added to rank 0's rows, as engine_dist's reduce over every rank does. */
static void merge_sched(struct run_result *r, const struct roll_sched *sc, size_t n)
{
    for (size_t i = 0; i < n && i < r->nsched; i++) {
        struct sched_row *s = &r->sched[i];
        s->instances += sc[i].instances, s->passes += sc[i].passes;
        s->intended += sc[i].intended, s->behind += sc[i].behind;
        s->max_lag_ns = sc[i].max_lag_ns > s->max_lag_ns ? sc[i].max_lag_ns : s->max_lag_ns;
        s->final_lag_ns = sc[i].final_lag_ns > s->final_lag_ns ? sc[i].final_lag_ns : s->final_lag_ns;
    }
}

/* The rows of the answers merged into r, exact as over every rank, but over those that answered. */
static void merge_answers(struct engine *e, struct run_result *r)
{
    size_t len = roll_len(e->roll_rows, e->roll_sched);
    for (size_t k = 1; k < e->nranks_all; k++) {
        if (!e->roll_alive[k])
            continue;
        unsigned char *a = e->roll_all + k * len;
        const struct roll_head *h = (const struct roll_head *)(void *)a;
        const struct op_stats *st = roll_stats(a), *in = roll_intended(a, e->roll_rows);
        stats_merge(&r->io, &st[0]);
        if (r->io_intended != NULL) /* every rank has the same open-loop threads */
            stats_merge(r->io_intended, &in[0]);
        for (size_t i = 0; i < r->nrows && i < e->roll_rows; i++) {
            stats_merge(&r->rows[i].st, &st[1 + i]);
            if (r->rows[i].intended != NULL)
                stats_merge(r->rows[i].intended, &in[1 + i]);
        }
        merge_sched(r, roll_scheds(a, e->roll_rows), e->roll_sched);
        r->reads += h->reads;
        r->writes += h->writes;
    }
}

void engine_roll_results(struct engine *e, struct run_result *r)
{
    size_t n = e->nranks_all, len = roll_len(e->roll_rows, e->roll_sched);
    struct rank_row *all = calloc(n, sizeof *all);
    if (all == NULL)
        return;
    all[0] = engine_rank_row(r);
    double secs = r->seconds;
    for (size_t k = 1; k < n; k++) {
        if (e->roll_alive[k]) {
            all[k] = ((const struct roll_head *)(void *)(e->roll_all + k * len))->row;
            secs = all[k].seconds > secs ? all[k].seconds : secs;
        } else {
            all[k] = (struct rank_row){ .lost = true };
            snprintf(all[k].host, sizeof all[k].host, "%s", e->hosts != NULL ? e->hosts[k] : "unknown");
        }
    }
    merge_answers(e, r);
    r->seconds = secs;
    r->stonewall = (struct run_stonewall){ .seconds = secs, .ops = r->io.ops, .bytes = r->io.bytes };
    r->ranks = all;
    r->nranks = n;
}

void engine_roll_free(struct engine *e)
{
    dist_roll_close(&e->roll);
    free(e->hosts);
    free(e->roll_all);
    free(e->roll_alive);
    e->hosts = NULL;
    e->roll_all = NULL;
    e->roll_alive = NULL;
}
