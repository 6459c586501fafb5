/* engine_steady.c: the steady-state judge (set steadystate, --steadystate, as
 * fio's ss= does it): the last WINDOW one-second figures after the warm-up,
 * each within LIMIT% of their mean, end the run. Master only; over many
 * ranks it judges the seconds summed over every rank (engine_dist.c). */
#include <math.h>
#include <stdlib.h>

#include "engine/engine_rt.h"

struct engine_steady {
    double *ring;          /* the last window_s figures judged */
    size_t n, head;        /* how many it holds, where the next goes */
    uint64_t samples;      /* seconds judged since the warm-up */
    bool reached;
    double mean, max_dev_pct; /* of the last window judged */
    uint64_t last_k;       /* the whole second of the counters below */
    struct op_stats last;  /* the IO counters up to it */
    struct op_stats delta; /* the figures of the seconds since */
    struct op_stats scratch; /* engine_steady_scratch */
};

#define STEADY_PERIOD_NS ENGINE_SECOND_NS

/* The figure a metric reads from one second (its unit in steady_metrics[]). */
static double figure_iops(const struct second_figures *f) { return f->ops_per_s; }
static double figure_bw(const struct second_figures *f) { return f->mb_per_s; }
static double figure_p99(const struct second_figures *f) { return (double)f->p99_ns / 1e6; }

static double (*const figure_of[STEADY_NMETRICS])(const struct second_figures *) = {
    [STEADY_IOPS] = figure_iops, [STEADY_BW] = figure_bw, [STEADY_P99] = figure_p99,
};

int engine_steady_prepare(struct engine *e, struct diag *err)
{
    const struct steady_spec *sp = &e->run->steady;
    if (!sp->on)
        return 0;
    e->steady = calloc(1, sizeof *e->steady);
    if (e->steady == NULL || (e->steady->ring = calloc(sp->window_s, sizeof(double))) == NULL)
        return diag_set(err, NULL, "out of memory");
    stats_init(&e->steady->last);
    stats_init(&e->steady->scratch);
    e->steady->scratch.lat_max = UINT64_MAX; /* counters summed over ranks carry no extremes */
    return 0;
}

/* The mean of the window and its figure furthest from it, in percent of it. */
static void window_spread(struct engine_steady *s)
{
    double sum = 0, dev = 0;
    for (size_t i = 0; i < s->n; i++)
        sum += s->ring[i];
    s->mean = s->n ? sum / (double)s->n : 0;
    for (size_t i = 0; i < s->n; i++)
        dev = fmax(dev, fabs(s->ring[i] - s->mean));
    s->max_dev_pct = s->mean > 0 ? 100.0 * dev / s->mean : 0;
}

static bool steady_add(struct engine *e, double t, const struct second_figures *f)
{
    const struct steady_spec *sp = &e->run->steady;
    struct engine_steady *s = e->steady;
    /* A second begun in the warm-up is not judged. */
    if (s->reached || t + 1e-3 < (double)sp->warmup_s)
        return false;
    s->ring[s->head] = figure_of[sp->metric](f);
    s->head = (s->head + 1) % sp->window_s;
    s->n += s->n < sp->window_s;
    s->samples++;
    window_spread(s);
    /* A window of nothing (mean 0) is idle, not steady. */
    if (s->n < sp->window_s || s->mean <= 0 || s->max_dev_pct > sp->limit_pct)
        return false;
    s->reached = true;
    return true;
}

bool engine_steady_second(struct engine *e, uint64_t k, const struct op_stats *io)
{
    struct engine_steady *s = e->steady;
    if (k <= s->last_k)
        return false;
    double secs = (double)(k - s->last_k), t = (double)s->last_k;
    s->delta = *io;
    stats_since(&s->delta, &s->last);
    s->last = *io;
    s->last_k = k;
    struct second_figures f = { (double)s->delta.ops / secs, (double)s->delta.bytes / 1048576.0 / secs,
                                stats_percentile(&s->delta, 0.99) };
    return steady_add(e, t, &f);
}

struct op_stats *engine_steady_scratch(struct engine *e)
{
    return &e->steady->scratch;
}

uint64_t engine_steady_period(const struct engine *e)
{
    return e->steady != NULL ? STEADY_PERIOD_NS : 0;
}

void engine_steady_result(const struct engine *e, struct run_result *r, double seconds)
{
    const struct steady_spec *sp = &e->run->steady;
    const struct engine_steady *s = e->steady;
    if (s == NULL)
        return;
    r->steady = (struct steady_result){ .asked = true, .metric = steady_metrics[sp->metric].name,
                                        .unit = steady_metrics[sp->metric].unit, .limit_pct = sp->limit_pct,
                                        .window_s = sp->window_s, .warmup_s = sp->warmup_s, .reached = s->reached,
                                        .at_s = s->reached ? seconds : 0, .samples = s->samples,
                                        .mean = s->mean, .max_dev_pct = s->max_dev_pct };
}

void engine_steady_free(struct engine *e)
{
    if (e->steady != NULL)
        free(e->steady->ring);
    free(e->steady);
    e->steady = NULL;
}
