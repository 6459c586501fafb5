/* engine_sample.c: the one sampler of a run's IO figures: at each tick of the
 * master's watch loop where a consumer is due, every IO row is merged once,
 * into memory made before the start, and each due consumer gets the figures
 * since its own last look. A consumer is a row of users[]. */
#include <stdlib.h>

#include "engine/engine_rt.h"
#include "engine/replay_rt.h"

static uint64_t interval_period(const struct engine *e)
{
    return e->run->opt.interval * 1000000000ull;
}

/* --interval: the IO flowops since the previous sample, as a line and in the
 * results, with the system's figures of the same moment. */
static void interval_take(struct engine *e, const struct sample_tick *t)
{
    const struct op_stats *d = t->delta;
    struct interval_sample s = { (double)(t->now - t->go) / 1e9, (double)(t->now - t->last) / 1e9, d->ops, d->bytes,
                                 d->ops ? (double)d->lat_sum / (double)d->ops : 0, stats_percentile(d, 0.99),
                                 engine_replay_position(e) };
    engine_recent_percentile(e, &e->interval_recent, 0.99, &s.p99_ns); /* exact over few ops */
    run_result_add_interval(e->result, &s);
    e->run->writer->interval(e->run->out, &s, engine_stamp(e));
    if (!t->final) /* the last, partial one is engine_system_end's */
        engine_system_sample(e, t->now);
}

/* Each whole second since go, for the steady-state judge: judged at once on
 * one rank; over many, published for the vote, which judges the sum of every
 * rank's (engine_dist.c). */
static void steady_take(struct engine *e, const struct sample_tick *t)
{
    uint64_t k = (t->now - t->go + ENGINE_SECOND_NS / 2) / ENGINE_SECOND_NS;
    if (dist_size() > 1)
        engine_dist_second(e, k, t->io);
    else if (engine_steady_second(e, k, t->io))
        engine_stop(e, STOP_STEADY);
}

struct sample_user {
    uint64_t (*period)(const struct engine *e); /* ns; 0: not this run */
    void (*take)(struct engine *e, const struct sample_tick *t);
};

enum { USER_STATUS, USER_STEADY, USER_INTERVAL, NUSERS };

static const struct sample_user users[NUSERS] = {
    [USER_STATUS] = { engine_status_period, engine_status_take },
    [USER_STEADY] = { engine_steady_period, steady_take },
    [USER_INTERVAL] = { interval_period, interval_take },
};

/* What one consumer saw at its last look. */
struct user_state {
    uint64_t last, next;           /* last: 0 before the first tick */
    struct op_stats base;
};

struct engine_sampler {
    struct op_stats io, delta;
    struct user_state st[NUSERS];
};

int engine_sample_prepare(struct engine *e, struct diag *err)
{
    e->sampler = malloc(sizeof *e->sampler);
    if (e->sampler == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < NUSERS; i++) {
        e->sampler->st[i].last = e->sampler->st[i].next = 0;
        stats_init(&e->sampler->st[i].base);
    }
    return 0;
}

static void sample_user(struct engine *e, size_t i, uint64_t go, uint64_t now, bool final)
{
    struct engine_sampler *s = e->sampler;
    struct user_state *u = &s->st[i];
    s->delta = s->io;
    stats_since(&s->delta, &u->base);
    struct sample_tick t = { go, u->last, now, &s->io, &s->delta, final };
    users[i].take(e, &t);
    u->base = s->io;
    u->last = now;
}

void engine_sample_tick(struct engine *e, uint64_t now)
{
    uint64_t go = atomic_load(&e->sh->go_ns);
    bool merged = false;
    for (size_t i = 0; i < NUSERS; i++) {
        struct user_state *u = &e->sampler->st[i];
        uint64_t period = users[i].period(e);
        if (period == 0)
            continue;
        if (u->last == 0)
            u->last = go, u->next = go + period;
        if (now < u->next)
            continue;
        if (!merged)
            engine_io_now(e, &e->sampler->io);
        merged = true;
        sample_user(e, i, go, now, false);
        while (u->next <= now) /* a late tick skips the periods it missed */
            u->next += period;
    }
}

uint64_t engine_sample_next(const struct engine *e)
{
    uint64_t soon = UINT64_MAX;
    for (size_t i = 0; i < NUSERS; i++) {
        uint64_t period = users[i].period(e), next = e->sampler->st[i].next;
        if (period == 0)
            continue;
        next = next != 0 ? next : atomic_load(&e->sh->go_ns) + period;
        soon = next < soon ? next : soon;
    }
    return soon;
}

void engine_sample_final(struct engine *e)
{
    uint64_t go = atomic_load(&e->sh->go_ns), stop = atomic_load(&e->sh->stop_ns);
    struct user_state *u = &e->sampler->st[USER_INTERVAL];
    uint64_t last = u->last ? u->last : go;
    if (interval_period(e) == 0 || stop <= last + 1000000)
        return;
    if (u->last == 0)
        u->last = go;
    engine_io_now(e, &e->sampler->io);
    sample_user(e, USER_INTERVAL, go, stop, true);
}

void engine_sample_free(struct engine *e)
{
    free(e->sampler);
    e->sampler = NULL;
}
