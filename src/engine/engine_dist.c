/* engine_dist.c: where the ranks of a run meet (dist.h, MPI): the agreements
 * after population and at the start of the measured interval, the stop vote
 * while it runs and at its end, and the results added up after it. The
 * master alone calls these; on one rank they change nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/signals.h"
#include "dist/dist.h"
#include "engine/engine_rt.h"

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

int engine_dist_agree(bool failed, char *msg, size_t cap)
{
    return agree_who(failed, msg, cap) < 0 ? 0 : -1;
}

int engine_dist_agree_diag(bool failed, struct diag *err)
{
    char msg[sizeof err->msg];
    if (failed && err->has_loc)
        snprintf(msg, sizeof msg, "%s:%d:%d: %.900s", err->loc.file, err->loc.line, err->loc.col, err->msg);
    else
        snprintf(msg, sizeof msg, "%s", err->msg);
    int who = agree_who(failed, msg, sizeof msg);
    if (who < 0)
        return 0;
    if (dist_size() == 1)
        return -1;
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
    return -1;
}

/* One finish condition of one thread instance, whose count the vote sums over the ranks. */
struct dist_finish {
    size_t slot;
    const struct plan_op *op;
};

/* Every rank's host, for naming a rank that is lost later. */
static int gather_hosts(struct engine *e)
{
    char mine[sizeof *e->hosts] = "unknown";
    if (gethostname(mine, sizeof mine - 1) != 0)
        snprintf(mine, sizeof mine, "unknown");
    e->hosts = calloc((size_t)dist_size(), sizeof *e->hosts);
    bool failed = e->hosts == NULL;
    if (dist_agree(failed) >= 0)
        return -1;
    dist_gather(mine, e->hosts, sizeof mine);
    return 0;
}

int engine_dist_prepare(struct engine *e, struct diag *err)
{
    if (dist_size() == 1)
        return 0;
    if (gather_hosts(e) != 0)
        return diag_set(err, NULL, "out of memory");
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++, n = 0) {
        for (size_t s = 0; s < e->nslots; s++) {
            const struct plan_thread *t = &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
            for (size_t i = 0; i < t->nflat; i++) {
                if (!flowop_is(t->flat[i]->type, FF_FINISH))
                    continue;
                if (pass == 1)
                    e->finish[n] = (struct dist_finish){ s, t->flat[i] };
                n++;
            }
        }
        if (pass == 1)
            break;
        /* One count more than the conditions: the barrier steps this rank reached. */
        e->finish = calloc(n + 1, sizeof *e->finish);
        e->finish_counts = calloc(3 * (n + 1), sizeof *e->finish_counts);
        if (e->finish == NULL || e->finish_counts == NULL)
            return diag_set(err, NULL, "out of memory");
        e->nfinish = n;
    }
    /* Every rank has the same plan, so the same conditions in the same order. */
    if (e->nfinish > 0 || e->steps)
        dist_vote_sum(&e->vote, e->finish_counts + e->nfinish + 1, e->nfinish + 1);
    return 0;
}

/* This rank's count for a finish condition now, as its worker counts it. */
static uint64_t finish_count(const struct engine *e, const struct dist_finish *f)
{
    bool bytes = f->op->type->finish->count == FINISH_BYTES;
    if (f->op->target_op < 0)
        return engine_run_count(e, bytes ? RUN_RW_BYTES : RUN_IO_OPS);
    const struct op_stats *st = &slot_stats(e, f->slot)[f->op->target_op];
    return bytes ? st->bytes : st->ops;
}

static const uint64_t *finish_now(struct engine *e)
{
    for (size_t i = 0; i < e->nfinish; i++)
        e->finish_counts[i] = finish_count(e, &e->finish[i]);
    e->finish_counts[e->nfinish] = engine_step_reached(e);
    return e->finish_counts;
}

/* Whether a finish condition is met by its sum over every rank (the last
 * round's). While a round is in flight MPI owns its buffers: not read then. */
static bool finish_summed(const struct engine *e)
{
    if (e->vote.pending)
        return false;
    for (size_t i = 0; i < e->nfinish; i++)
        if (finish_met(e->finish[i].op->type->finish, e->vote.sum_out[i], e->finish[i].op->value.u))
            return true;
    return false;
}

bool engine_dist_watch(struct engine *e)
{
    if (dist_size() == 1)
        return false;
    engine_roll_answer(e);
    struct dist_verdict v = dist_vote_poll(&e->vote, (int)atomic_load(&e->sh->stop_reason), finish_now(e), DIST_POLL);
    enum stop_reason why = v.code != STOP_NONE ? (enum stop_reason)v.code : finish_summed(e) ? STOP_FINISHED : STOP_NONE;
    if (why == STOP_NONE)
        /* The steps summed at the last round, read only between rounds (MPI owns the buffer then). */
        return engine_step_tick(e, e->vote.pending || e->vote.rounds == 0 ? NULL : &e->vote.sum_out[e->nfinish]);
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
    uint64_t t0 = clock_ns();
    bool rolled = false;
    for (;;) {
        struct dist_verdict v = dist_vote_poll(&e->vote, code, finish_now(e), DIST_POLL);
        if (v.code != 0)
            return v;
        engine_roll_answer(e);
        uint64_t late = (stop_requested() ? ROLL_AFTER_SIGNAL_MS : ROLL_AFTER_MS) * 1000000ull;
        if (!rolled && clock_ns() - t0 >= late) {
            rolled = true;
            /* the vote may have ended while the roll was called: then nobody is lost */
            if (engine_roll_call(e) && (v = dist_vote_poll(&e->vote, code, finish_now(e), DIST_POLL)).code == 0)
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
    struct dist_verdict v = end_vote(e, (int)atomic_load(&sh->stop_reason));
    if (v.code == 0) {
        engine_roll_lose(e);
        return;
    }
    dist_roll_close(&e->roll);
    engine_stop(e, (enum stop_reason)v.code);
    /* The run ends as the worst end of all its ranks. */
    if ((uint32_t)v.code > atomic_load(&sh->stop_reason))
        atomic_store(&sh->stop_reason, (uint32_t)v.code);
    if (v.rank >= 0 && (v.code == STOP_ERROR || v.code == STOP_WORKER)) {
        name_failure(v.rank, sh->err, sizeof sh->err);
        atomic_store(&sh->err_taken, 1);
    }
    /* Out of files: every rank says which rank ran out (the lowest that did). */
    if (v.code == STOP_NOFILES) {
        int who = dist_agree(sh->stop_note[0] != '\0');
        if (who >= 0)
            name_failure(who, sh->stop_note, sizeof sh->stop_note);
    }
}

bool engine_dist_latlog(struct engine *e, bool failed)
{
    if (dist_size() == 1 || e->run->latlog.path == NULL)
        return failed;
    struct latlog_summary *l = &e->result->latlog;
    uint64_t v[3] = { l->records, l->dropped, failed };
    dist_reduce_u64(v, 3, DIST_SUM);
    l->records = v[0];
    l->dropped = v[1];
    return v[2] != 0;
}

static uint64_t wall_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void engine_dist_go(struct engine *e, uint64_t go)
{
    e->go_wall_ns = wall_ns() - (clock_ns() - go);
}

_Static_assert(sizeof(struct op_stats) % sizeof(uint64_t) == 0, "op_stats is made of uint64_t");

/* Counters and histogram buckets summed, the extremes kept: exact over every op of every rank. */
static void reduce_stats(struct op_stats *s)
{
    uint64_t lo = s->lat_min, hi = s->lat_max;
    dist_reduce_u64((uint64_t *)(void *)s, sizeof *s / sizeof(uint64_t), DIST_SUM);
    dist_reduce_u64(&lo, 1, DIST_MIN);
    dist_reduce_u64(&hi, 1, DIST_MAX);
    s->lat_min = lo;
    s->lat_max = hi;
}

/* An open-loop thread's schedule over every rank: counts summed, the worst lags kept. */
static void reduce_sched(struct sched_row *s)
{
    uint64_t sum[4] = { s->instances, s->passes, s->intended, s->behind }, lag[2] = { s->max_lag_ns, s->final_lag_ns };
    dist_reduce_u64(sum, 4, DIST_SUM);
    dist_reduce_u64(lag, 2, DIST_MAX);
    s->instances = sum[0], s->passes = sum[1], s->intended = sum[2], s->behind = sum[3];
    s->max_lag_ns = lag[0], s->final_lag_ns = lag[1];
}

/* Where a thread's time went, over every rank: its instances and each bucket summed. */
static void reduce_times(struct thread_times *t)
{
    dist_reduce_u64(&t->instances, 1, DIST_SUM);
    dist_reduce_u64(t->ns, TB_N, DIST_SUM);
}

/* The IO done over every rank up to each one's stonewall snapshot, and the
 * first and last of those moments from the global start (first). */
static struct run_stonewall stonewall_of(const struct engine *e, uint64_t first, uint64_t go, uint64_t stop)
{
    uint64_t at = e->wall.ns != 0 ? e->wall.ns : stop;
    uint64_t when[2] = { e->go_wall_ns + (at - go), e->go_wall_ns + (at - go) }, io[2] = { e->wall.ops, e->wall.bytes };
    dist_reduce_u64(&when[0], 1, DIST_MIN);
    dist_reduce_u64(&when[1], 1, DIST_MAX);
    dist_reduce_u64(io, 2, DIST_SUM);
    return (struct run_stonewall){ .seconds = (double)(when[0] - first) / 1e9, .lag_seconds = (double)(when[1] - when[0]) / 1e9,
                                   .ops = io[0], .bytes = io[1] };
}

/* Every rank's writers, each named with its rank, on every rank; the slowest of
 * them all. Every rank has the same slots, so each sends nslots entries. */
static void gather_writers(const struct engine *e, struct run_result *r)
{
    size_t n = (size_t)dist_size(), cap = e->nslots ? e->nslots : 1;
    struct writer_time *mine = calloc(cap, sizeof *mine), *all = calloc(n * cap, sizeof *all);
    bool failed = mine == NULL || all == NULL;
    if (dist_agree(failed) >= 0) {
        free(mine);
        free(all);
        return;
    }
    for (size_t i = 0; i < r->nwriters; i++) {
        mine[i].seconds = r->writers[i].seconds;
        snprintf(mine[i].thread, sizeof mine[i].thread, "rank %d:%.80s", dist_rank(), r->writers[i].thread);
    }
    dist_gather(mine, all, cap * sizeof *mine);
    free(mine);
    size_t k = 0;
    r->slowest_writer_s = 0;
    for (size_t i = 0; i < n * cap; i++)
        if (all[i].seconds > 0) {
            all[k++] = all[i];
            r->slowest_writer_s = all[i].seconds > r->slowest_writer_s ? all[i].seconds : r->slowest_writer_s;
        }
    free(r->writers);
    r->writers = all;
    r->nwriters = k;
}

void engine_dist_results(struct engine *e, struct run_result *r, uint64_t go, uint64_t stop)
{
    if (e->ranks_lost) {
        engine_roll_results(e, r);
        return;
    }
    if (dist_size() == 1)
        return;
    size_t n = (size_t)dist_size();
    struct rank_row mine = engine_rank_row(r);
    struct rank_row *all = calloc(n, sizeof *all);
    uint64_t rows[2] = { r->nrows, r->nrows };
    dist_reduce_u64(&rows[0], 1, DIST_MIN);
    dist_reduce_u64(&rows[1], 1, DIST_MAX);
    /* Every rank takes part in what follows, or none does. */
    if (dist_agree(all == NULL || rows[0] != rows[1]) >= 0) {
        free(all);
        return;
    }
    dist_gather(&mine, all, sizeof mine);
    for (size_t i = 0; i < r->nrows; i++) {
        reduce_stats(&r->rows[i].st);
        if (r->rows[i].intended != NULL) /* every rank has the same open-loop threads */
            reduce_stats(r->rows[i].intended);
    }
    for (size_t i = 0; i < r->nsched; i++)
        reduce_sched(&r->sched[i]);
    for (size_t i = 0; i < r->ntimes; i++) /* every rank has the same threads */
        reduce_times(&r->times[i]);
    reduce_stats(&r->io);
    if (r->io_intended != NULL) /* every rank has the same open-loop threads */
        reduce_stats(r->io_intended);
    uint64_t rw[2] = { r->reads, r->writes };
    dist_reduce_u64(rw, 2, DIST_SUM);
    r->reads = rw[0];
    r->writes = rw[1];
    /* Throughput over the global interval: the earliest start to the latest end. */
    uint64_t first = e->go_wall_ns, last = e->go_wall_ns + (stop > go ? stop - go : 0);
    dist_reduce_u64(&first, 1, DIST_MIN);
    dist_reduce_u64(&last, 1, DIST_MAX);
    r->seconds = (double)(last - first) / 1e9;
    r->stonewall = stonewall_of(e, first, go, stop);
    r->ranks = all;
    r->nranks = n;
    gather_writers(e, r);
}
