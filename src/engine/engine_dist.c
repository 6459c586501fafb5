/* engine_dist.c: where the ranks of a run meet (dist.h, MPI): the agreement that
 * ends each phase of engine_run, every rank's host once the run is set, the stop
 * vote while it runs and at its end, and the end's one agreement (a gather of every
 * rank's part, writers and packed figures) that makes the ranks' figures the run's.
 * The master alone calls these; on one rank they change nothing. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/signals.h"
#include "dist/dist.h"
#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "results/figures.h"

#define RANK_MSG 1024

/* How long rank 0 waits for the end vote before it calls the roll (engine_roll.c):
 * briefly after a stop signal (mpirun's, when a rank died, comes a second
 * before its SIGKILL), longer without one (a rank gone, the job left running). */
#define ROLL_AFTER_SIGNAL_MS 20
#define ROLL_AFTER_MS 3000

/* "rank N (host H)": this rank, as its errors name it. */
static void rank_label(char *buf, size_t len)
{
    char host[64] = "unknown";
    if (gethostname(host, sizeof host - 1) != 0)
        snprintf(host, sizeof host, "unknown");
    snprintf(buf, len, "rank %d (host %s)", dist_rank(), host);
}

/* Every rank's msg becomes rank `who`'s, naming it and its host. */
static void name_failure(int who, char *msg, size_t cap)
{
    char buf[RANK_MSG] = "";
    if (dist_rank() == who) {
        char label[128];
        rank_label(label, sizeof label);
        snprintf(buf, sizeof buf, "%s: %.*s", label, (int)(sizeof buf / 2), msg);
    }
    dist_broadcast(buf, sizeof buf, who);
    snprintf(msg, cap, "%s", buf);
}

/* The lowest rank that failed (its msg, named, on every rank), or -1. */
static int agree_who(bool failed, char *msg, size_t cap)
{
    int who = dist_agree(failed);
    if (who >= 0 && dist_size() > 1)
        name_failure(who, msg, cap);
    return who;
}

/* err's text, with its place in the script, as the other ranks are told it. */
static void diag_words(const struct diag *err, char *msg, size_t cap)
{
    if (err->has_loc)
        snprintf(msg, cap, "%s:%d:%d: %.900s", err->loc.file, err->loc.line, err->loc.col, err->msg);
    else
        snprintf(msg, cap, "%s", err->msg);
}

/* err on every rank once rank `who` failed (its msg already named on every rank);
 * bad_input: who's word whether it was bad input. -1. */
static int diag_named(int who, const char *msg, bool bad_input, struct diag *err)
{
    /* The rank whose error it is keeps its place in the script first. */
    if (who == dist_rank() && err->has_loc) {
        char label[128];
        rank_label(label, sizeof label);
        struct srcloc loc = err->loc;
        char text[sizeof err->msg];
        snprintf(text, sizeof text, "%s: %.800s", label, err->msg);
        diag_set(err, &loc, "%s", text);
    } else {
        diag_set(err, NULL, "%s", msg);
        err->echoed = dist_rank() != 0; /* rank 0 prints every rank's error, named */
    }
    /* Bad input on one rank (a tree it refuses) is every rank's exit 2, not 1 */
    err->bad_input = bad_input;
    return -1;
}

int engine_dist_agree(bool failed, struct diag *err)
{
    char msg[sizeof err->msg];
    diag_words(err, msg, sizeof msg);
    int who = agree_who(failed, msg, sizeof msg);
    if (who < 0)
        return 0;
    if (dist_size() == 1)
        return -1;
    int bad_input = err->bad_input;
    dist_broadcast(&bad_input, sizeof bad_input, who);
    return diag_named(who, msg, bad_input != 0, err);
}

/* The counts every round of the vote sums over the ranks: the barrier steps
 * this rank reached, whether it is done (its finish condition met: the run is
 * finished once every rank is), and the last whole second of its IO it
 * published for the steady-state judge (that second, its square, so that
 * the sums tell when every rank published the same one, and the IO counters
 * then; the histogram too when the judge reads p99). */
enum vote_count { VC_STEPS, VC_DONE, VC_SECOND, VC_SECOND_SQ, VC_OPS, VC_BYTES, VC_HIST };

/* Made: room for what the ranks tell each other later, so that no collective call
 * waits on a rank that could not make it. No rank is asked anything here: a rank
 * that failed before would never come (the made agreement says who failed). */
int engine_dist_prepare(struct engine *e, struct diag *err)
{
    if (dist_size() == 1)
        return 0;
    size_t n = (size_t)dist_size();
    bool hist = e->run->steady.on && e->run->steady.metric == STEADY_P99;
    e->nvote = VC_HIST + (hist ? HIST_BUCKETS : 0);
    /* This rank's counts, then the vote's two halves. */
    e->vote_counts = calloc(3 * e->nvote, sizeof *e->vote_counts);
    e->hosts = calloc(n, sizeof *e->hosts);
    e->ends = calloc(n, sizeof *e->ends);
    if (e->vote_counts == NULL || e->hosts == NULL || e->ends == NULL)
        return diag_set(err, NULL, "out of memory");
    /* Every rank has the same plan and options, so the same counts. */
    dist_vote_sum(&e->vote, e->vote_counts + e->nvote, e->nvote);
    dist_vote_quorum(&e->vote, VC_DONE, STOP_FINISHED);
    return 0;
}

int engine_dist_set(struct engine *e, bool failed, struct diag *err)
{
    if (dist_size() == 1)
        return failed ? -1 : 0;
    struct rank_host mine = { .slots = e->nslots, .figures = engine_figures_size(e), .failed = failed,
                              .bad_input = failed && err->bad_input };
    if (gethostname(mine.name, sizeof mine.name - 1) != 0)
        snprintf(mine.name, sizeof mine.name, "unknown");
    dist_gather(&mine, e->hosts, sizeof mine); /* the agreement */
    size_t n = (size_t)dist_size(), who = 0, cap = 1;
    while (who < n && !e->hosts[who].failed)
        who++;
    if (who < n) {
        char msg[sizeof err->msg];
        diag_words(err, msg, sizeof msg);
        name_failure((int)who, msg, sizeof msg);
        return diag_named((int)who, msg, e->hosts[who].bad_input != 0, err);
    }
    /* The end gathers as many writers from each rank as the rank with the most slots has,
     * and as many bytes of figures as the most any rank has (every rank of a plan has as many). */
    size_t figs = 0;
    for (size_t k = 0; k < n; k++) {
        cap = e->hosts[k].slots > cap ? (size_t)e->hosts[k].slots : cap;
        figs = e->hosts[k].figures > figs ? (size_t)e->hosts[k].figures : figs;
    }
    e->writers_cap = cap;
    e->end_figs = figs;
    return 0;
}

/* The end's block of a rank: its part, its writers (writers_cap), its figures packed (end_figs bytes). */
static size_t end_writers_at(void)
{
    return sizeof(struct rank_end);
}

static size_t end_figs_at(const struct engine *e)
{
    return end_writers_at() + e->writers_cap * sizeof(struct writer_time);
}

static size_t end_len(const struct engine *e)
{
    return end_figs_at(e) + e->end_figs;
}

int engine_dist_room(struct engine *e, struct diag *err)
{
    if (dist_size() == 1)
        return 0;
    size_t n = (size_t)dist_size();
    e->end_mine = calloc(1, end_len(e));
    e->end_all = calloc(n, end_len(e));
    e->writers_all = calloc(n * e->writers_cap, sizeof *e->writers_all);
    if (e->end_mine == NULL || e->end_all == NULL || e->writers_all == NULL)
        return diag_set(err, NULL, "out of memory for the %zu bytes of figures each rank tells the others at the end",
                        end_len(e));
    return 0;
}

void engine_dist_tally(struct engine *e, const char *phase)
{
    dist_tally_say(e->run->err, phase, &e->tally, &e->vote.rounds);
}

void engine_dist_second(struct engine *e, uint64_t k, const struct op_stats *io)
{
    uint64_t *mine = e->vote_counts;
    mine[VC_SECOND] = k;
    mine[VC_SECOND_SQ] = k * k;
    mine[VC_OPS] = io->ops;
    mine[VC_BYTES] = io->bytes;
    if (e->nvote > VC_HIST)
        memcpy(&mine[VC_HIST], io->hist.count, sizeof io->hist.count);
}

/* A finish condition met (or firstdone, alldone) ends this rank's part: it
 * is done, and waits for the others rather than stopping them. */
static bool rank_done(const struct engine *e)
{
    return atomic_load(&e->sh->stop_reason) == STOP_FINISHED;
}

static const uint64_t *counts_now(struct engine *e)
{
    e->vote_counts[VC_STEPS] = engine_step_reached(e);
    e->vote_counts[VC_DONE] = rank_done(e);
    return e->vote_counts;
}

/* A round just completed: when every rank published the same second (the
 * sums of k and k squared are n k and n k squared only then), the summed IO
 * of that second goes to the steady-state judge. */
static void summed_second(struct engine *e)
{
    const uint64_t *sum = e->vote.sum_out;
    uint64_t n = (uint64_t)dist_size(), k = sum[VC_SECOND] / n;
    if (e->steady == NULL || k == 0 || sum[VC_SECOND] != n * k || sum[VC_SECOND_SQ] != n * k * k)
        return;
    struct op_stats *io = engine_steady_scratch(e);
    io->ops = sum[VC_OPS];
    io->bytes = sum[VC_BYTES];
    if (e->nvote > VC_HIST)
        memcpy(io->hist.count, &sum[VC_HIST], sizeof io->hist.count);
    if (engine_steady_second(e, k, io))
        engine_stop(e, STOP_STEADY);
}

bool engine_dist_watch(struct engine *e)
{
    if (dist_size() == 1)
        return false;
    engine_roll_answer(e);
    uint64_t rounds = e->vote.rounds;
    struct dist_verdict v = dist_vote_poll(&e->vote, (int)atomic_load(&e->sh->stop_reason), counts_now(e), DIST_POLL);
    if (v.code == STOP_NONE && !e->vote.pending && e->vote.rounds != rounds)
        summed_second(e);
    enum stop_reason why = v.code != STOP_NONE ? (enum stop_reason)v.code : atomic_load(&e->sh->stop_reason);
    if (why == STOP_NONE)
        /* The steps summed at the last round, read only between rounds (MPI owns the buffer then). */
        return engine_step_tick(e, e->vote.pending || e->vote.rounds == 0 ? NULL : &e->vote.sum_out[VC_STEPS]);
    engine_dist_stonewall(e);
    engine_stop(e, why);
    return false;
}

void engine_dist_stonewall(struct engine *e)
{
    if (dist_size() == 1 || e->wall.ns != 0)
        return;
    /* A worker that stopped this rank set the moment; the master reads the counters after it. */
    uint64_t at = atomic_load(&e->sh->stop_ns);
    e->wall = (struct stonewall_snap){ at != 0 ? at : clock_ns(), engine_run_count(e, RUN_IO_OPS),
                                       engine_run_count(e, RUN_IO_BYTES) };
}

/* The end vote, polled every millisecond: meanwhile another rank answers a
 * roll call, and rank 0 calls one when the vote is late. A rank that did not
 * answer while the vote is still open is lost: verdict code 0 then. */
static struct dist_verdict end_vote(struct engine *e, int code)
{
    uint64_t t0 = clock_ns(), rounds = e->vote.rounds;
    bool rolled = false;
    for (;;) {
        struct dist_verdict v = dist_vote_poll(&e->vote, code, counts_now(e), DIST_POLL);
        if (v.code != 0)
            return v;
        /* Rounds that complete are every rank alive: a rank done early waits
         * for the others as long as they run, and is late only once they stall. */
        if (e->vote.rounds != rounds) {
            rounds = e->vote.rounds;
            t0 = clock_ns();
        }
        engine_roll_answer(e);
        uint64_t late = (stop_requested() ? ROLL_AFTER_SIGNAL_MS : ROLL_AFTER_MS) * 1000000ull;
        if (!rolled && clock_ns() - t0 >= late) {
            rolled = true;
            /* the vote may have ended while the roll was called: then nobody is lost */
            if (engine_roll_call(e) && (v = dist_vote_poll(&e->vote, code, counts_now(e), DIST_POLL)).code == 0)
                return v;
        }
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    }
}

void engine_dist_end(struct engine *e)
{
    if (dist_size() == 1)
        return;
    struct run_shared *sh = e->sh;
    e->done_at_end = rank_done(e);
    /* A rank done says so in its counts and carries on voting 0 until every rank is (the quorum). */
    struct dist_verdict v = end_vote(e, e->done_at_end ? STOP_NONE : (int)atomic_load(&sh->stop_reason));
    if (v.code == 0) {
        engine_roll_lose(e);
        return;
    }
    dist_roll_close(&e->roll);
    engine_stop(e, (enum stop_reason)v.code);
    /* The run ends as the worst end of all its ranks (a rank done voted none); which
     * rank it was is named at the end's agreement (name_end). */
    atomic_store(&sh->stop_reason, (uint32_t)v.code);
}

void engine_dist_go(struct engine *e, uint64_t go)
{
    e->go_wall_ns = clock_realtime_ns() - (clock_ns() - go);
}

/* This rank's part of the end's agreement. */
static struct rank_end rank_end_of(const struct engine *e, struct run_result *r, uint64_t go, uint64_t stop,
                                   bool log_failed, bool unmergeable)
{
    uint64_t at = e->wall.ns != 0 ? e->wall.ns : stop, ran = stop > go ? stop - go : 0;
    struct rank_end mine = { .row = engine_rank_row(r), .go_wall = e->go_wall_ns, .stop_wall = e->go_wall_ns + ran,
                             .wall_at = e->go_wall_ns + (at - go), .wall_ops = e->wall.ops, .wall_bytes = e->wall.bytes,
                             .log_records = r->latlog.records, .log_dropped = r->latlog.dropped,
                             .log_failed = log_failed, .shape = figures_size(r), .unmergeable = unmergeable };
    mine.row.seconds = (double)ran / 1e9; /* its own interval; r's becomes every rank's */
    /* What it has to say of the end every rank voted (vote.verdict, the same on every rank). */
    int code = e->vote.verdict.code;
    mine.done = e->done_at_end;
    snprintf(mine.msg, sizeof mine.msg, "%s",
             code == STOP_ERROR || code == STOP_WORKER ? e->sh->err : code == STOP_NOFILES ? e->sh->stop_note : "");
    return mine;
}

/* What every rank's part adds up to, the same on every rank. */
struct ends_sum {
    uint64_t first, last;           /* the earliest start, the latest stop */
    uint64_t wall_first, wall_last; /* the earliest and the latest stonewall moment */
    uint64_t wall_ops, wall_bytes, log_records, log_dropped;
    uint64_t done;                  /* ranks done (their finish condition met) when the end vote began */
    uint64_t calls;                 /* a replay's kinds of call any rank made, a bit each */
    bool log_failed, mergeable;
};

static struct ends_sum ends_sum(const struct rank_end *all, size_t n)
{
    struct ends_sum s = { .first = UINT64_MAX, .wall_first = UINT64_MAX, .mergeable = true };
    for (size_t k = 0; k < n; k++) {
        const struct rank_end *x = &all[k];
        s.first = x->go_wall < s.first ? x->go_wall : s.first;
        s.last = x->stop_wall > s.last ? x->stop_wall : s.last;
        s.wall_first = x->wall_at < s.wall_first ? x->wall_at : s.wall_first;
        s.wall_last = x->wall_at > s.wall_last ? x->wall_at : s.wall_last;
        s.wall_ops += x->wall_ops;
        s.wall_bytes += x->wall_bytes;
        s.log_records += x->log_records;
        s.log_dropped += x->log_dropped;
        s.log_failed |= x->log_failed != 0;
        s.done += x->done != 0;
        s.calls |= x->calls;
        /* Every rank has the same plan (a replay's folded): the same blocks in the same order. */
        s.mergeable &= x->shape == all[0].shape && !x->unmergeable;
    }
    return s;
}

/* This rank's block of the end's agreement: its part, its writers, each named with its
 * rank, and its figures packed when they are of the size every rank sends (fits). */
static void end_block(struct engine *e, const struct rank_end *mine, struct run_result *r, bool fits)
{
    unsigned char *b = e->end_mine;
    struct writer_time *w = (struct writer_time *)(void *)(b + end_writers_at());
    memset(b, 0, end_len(e));
    memcpy(b, mine, sizeof *mine);
    for (size_t i = 0; i < r->nwriters && i < e->writers_cap; i++) {
        w[i].seconds = r->writers[i].seconds;
        snprintf(w[i].thread, sizeof w[i].thread, "rank %d:%.80s", dist_rank(), r->writers[i].thread);
    }
    if (fits)
        figures_pack(r, b + end_figs_at(e));
}

/* Rank k's block of the end's agreement, on every rank. */
static const unsigned char *end_of(const struct engine *e, size_t k)
{
    return e->end_all + k * end_len(e);
}

/* Every rank's part, out of its block, into ends. */
static void end_parts(struct engine *e)
{
    for (size_t k = 0; k < (size_t)dist_size(); k++)
        memcpy(&e->ends[k], end_of(e, k), sizeof e->ends[k]);
}

/* Every rank's writers, on every rank; the slowest of them all. */
static void keep_writers(struct engine *e, struct run_result *r)
{
    size_t n = (size_t)dist_size(), cap = e->writers_cap, k = 0;
    struct writer_time *all = e->writers_all;
    for (size_t j = 0; j < n; j++)
        memcpy(all + j * cap, end_of(e, j) + end_writers_at(), cap * sizeof *all);
    r->slowest_writer_s = 0;
    for (size_t i = 0; i < n * cap; i++)
        if (all[i].seconds > 0) {
            all[k++] = all[i];
            r->slowest_writer_s = all[i].seconds > r->slowest_writer_s ? all[i].seconds : r->slowest_writer_s;
        }
    free(r->writers);
    r->writers = all;
    r->nwriters = k;
    e->writers_all = NULL; /* the result's now */
}

/* The figures merged over every rank, once the agreement said every rank's are of one shape:
 * every other rank's packed figures merged into this rank's, alike on every rank. */
static void merge_figures(struct engine *e, struct run_result *r, const struct ends_sum *s)
{
    size_t n = (size_t)dist_size();
    for (size_t k = 0; k < n; k++)
        if (k != (size_t)dist_rank())
            figures_merge_packed(r, end_of(e, k) + end_figs_at(e));
    r->stonewall = (struct run_stonewall){ .seconds = (double)(s->wall_first - s->first) / 1e9,
                                           .lag_seconds = (double)(s->wall_last - s->wall_first) / 1e9,
                                           .ops = s->wall_ops, .bytes = s->wall_bytes };
    keep_writers(e, r);
    r->ranks = calloc(n, sizeof *r->ranks); /* only this rank's table is short of it */
    for (size_t k = 0; r->ranks != NULL && k < n; k++)
        r->ranks[k] = e->ends[k].row;
    r->nranks = r->ranks != NULL ? n : 0;
}

/* "rank N (host H): text" into msg: a rank's words, named, the same on every rank. */
static void named(const struct engine *e, size_t who, const char *text, char *msg, size_t cap)
{
    snprintf(msg, cap, "rank %zu (host %s): %.*s", who, e->hosts[who].name, (int)(cap / 2), text);
}

/* The lowest rank whose part says yes (want: its done flag, or that it has words), or n. */
static size_t lowest(const struct rank_end *all, size_t n, bool (*want)(const struct rank_end *))
{
    size_t k = 0;
    while (k < n && !want(&all[k]))
        k++;
    return k;
}

static bool not_done(const struct rank_end *x) { return x->done == 0; }
static bool has_words(const struct rank_end *x) { return x->msg[0] != '\0'; }

/* The rank the end is about, named on every rank: the rank whose error stopped the
 * run; the lowest that ran out of files; or, when the time ran out while some ranks
 * were done and others not, the lowest not done, which fell short of its count (or
 * files): the phase did not do the work asked, an error. */
static void name_end(struct engine *e, const struct ends_sum *s)
{
    struct run_shared *sh = e->sh;
    struct dist_verdict v = e->vote.verdict;
    size_t n = (size_t)dist_size(), who;
    char text[sizeof sh->err];
    if (v.code == STOP_TIME && s->done > 0 && (who = lowest(e->ends, n, not_done)) < n) {
        snprintf(text, sizeof text,
                 "had not finished when the run's time ran out (%" PRIu64 " of %zu ranks had): a phase ends when every "
                 "rank has done its count; lengthen the run",
                 s->done, n);
        named(e, who, text, sh->err, sizeof sh->err);
        atomic_store(&sh->err_taken, 1);
        atomic_store(&sh->stop_reason, STOP_ERROR);
    }
    if (v.rank >= 0 && (size_t)v.rank < n && (v.code == STOP_ERROR || v.code == STOP_WORKER)) {
        named(e, (size_t)v.rank, e->ends[v.rank].msg, sh->err, sizeof sh->err);
        atomic_store(&sh->err_taken, 1);
    }
    if (v.code == STOP_NOFILES && (who = lowest(e->ends, n, has_words)) < n)
        named(e, who, e->ends[who].msg, sh->stop_note, sizeof sh->stop_note);
}

double engine_dist_results(struct engine *e, struct run_result *r, uint64_t go, uint64_t stop, bool *log_failed)
{
    double own = go && stop > go ? (double)(stop - go) / 1e9 : 0;
    if (e->ranks_lost) {
        engine_roll_results(e, r);
        return own;
    }
    /* No go on one rank is no go on any (the started agreement): nothing was measured. */
    if (dist_size() == 1 || go == 0)
        return own;
    /* A replay's rows are its trace's processes and threads, which differ from rank to
     * rank: one per kind of call then, every kind, until the agreement tells which any used */
    uint64_t calls = 0;
    bool replay = e->plan->replay != NULL, folded = !replay || engine_replay_fold(r, &calls) == 0;
    bool fits = folded && figures_size(r) == e->end_figs;
    struct rank_end mine = rank_end_of(e, r, go, stop, *log_failed, !fits);
    mine.calls = calls;
    end_block(e, &mine, r, fits);
    dist_gather(e->end_mine, e->end_all, end_len(e)); /* the agreement: parts, writers and figures */
    end_parts(e);
    struct ends_sum s = ends_sum(e->ends, (size_t)dist_size());
    name_end(e, &s);
    if (e->run->opt.latlog.path != NULL) {
        r->latlog.records = s.log_records;
        r->latlog.dropped = s.log_dropped;
        *log_failed = s.log_failed;
    }
    if (s.mergeable)
        merge_figures(e, r, &s);
    /* after the merge: every rank packed every kind's row */
    if (replay && folded)
        engine_replay_keep(r, s.calls);
    r->seconds = (double)(s.last - s.first) / 1e9;
    return r->seconds;
}
