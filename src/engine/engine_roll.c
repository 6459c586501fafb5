/* engine_roll.c: a rank lost mid-run. Rank 0 calls the roll of the others and
 * reports the ranks that answered, with their figures so far, and names the
 * lost one; a dead rank costs the report its own figures, not everyone's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/clock.h"
#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "results/figures.h"

/* How long rank 0 waits for the answers: the others answer where they poll
 * the vote (at least every 50 ms), and mpirun kills the job about a second
 * after a rank died. */
#define ROLL_WAIT_MS 250

/* An answer: this head, then the rank's figures packed (figures.h), of the
 * size the head says: every rank of one plan packs the same blocks. */
struct roll_head {
    struct rank_row row;
    uint64_t size;
};

static size_t roll_len(const struct engine *e)
{
    return sizeof(struct roll_head) + e->roll_size;
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

/* This rank's figures so far as an answer of roll_len bytes; false when out
 * of memory or when they are not of the size the answers were given at go. */
static bool answer_fill(struct engine *e, unsigned char *answer)
{
    struct run_result *r = result_now(e);
    if (r == NULL)
        return false;
    struct roll_head h = { .row = engine_rank_row(r), .size = figures_size(r) };
    bool fits = h.size == e->roll_size;
    memcpy(answer, &h, sizeof h);
    if (fits)
        figures_pack(r, answer + sizeof h);
    result_drop(r);
    return fits;
}

size_t engine_figures_size(struct engine *e)
{
    struct run_result *r = result_now(e);
    uint64_t used;
    size_t size = r != NULL && (e->plan->replay == NULL || engine_replay_fold(r, &used) == 0) ? figures_size(r) : 0;
    if (r != NULL)
        result_drop(r);
    return size;
}

void engine_roll_open(struct engine *e)
{
    if (dist_size() == 1)
        return;
    struct run_result *r = result_now(e); /* the figures every answer carries: the plan's, alike on every rank */
    e->roll_size = r != NULL ? figures_size(r) : 0;
    if (r != NULL)
        result_drop(r);
    dist_roll_open(&e->roll, roll_len(e), e->run->index);
}

void engine_roll_answer(struct engine *e)
{
    if (dist_size() == 1 || dist_rank() == 0 || !dist_roll_asked(&e->roll))
        return;
    unsigned char *answer = calloc(1, roll_len(e));
    if (answer != NULL && answer_fill(e, answer))
        dist_roll_answer(&e->roll, answer);
    free(answer); /* out of memory: no answer, and rank 0 takes this rank for lost */
}

bool engine_roll_call(struct engine *e)
{
    size_t n = (size_t)dist_size(), len = roll_len(e);
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
             first, e->hosts != NULL ? e->hosts[first].name : "unknown", silent > 1 ? ", with other ranks" : "", n - silent, n);
    atomic_store(&sh->err_taken, 1);
    atomic_store(&sh->stop_reason, STOP_ERROR);
    e->ranks_lost = true;
    e->nranks_all = n;
    dist_lose();
}

/* The figures of the answers merged into r, exact as over every rank, but over those that answered. */
static void merge_answers(struct engine *e, struct run_result *r)
{
    size_t len = roll_len(e);
    for (size_t k = 1; k < e->nranks_all; k++)
        if (e->roll_alive[k])
            figures_merge_packed(r, e->roll_all + k * len + sizeof(struct roll_head));
}

void engine_roll_results(struct engine *e, struct run_result *r)
{
    size_t n = e->nranks_all, len = roll_len(e);
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
            snprintf(all[k].host, sizeof all[k].host, "%s", e->hosts != NULL ? e->hosts[k].name : "unknown");
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
    free(e->ends);
    free(e->end_mine);
    free(e->end_all);
    free(e->writers_all);
    free(e->roll_all);
    free(e->roll_alive);
    e->hosts = NULL;
    e->ends = NULL;
    e->end_mine = e->end_all = NULL;
    e->writers_all = NULL;
    e->roll_all = NULL;
    e->roll_alive = NULL;
}
