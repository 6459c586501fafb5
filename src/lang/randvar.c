/* randvar.c: classic random variables (uniform, gamma, tabular) and the
 * kind-independent dist_* entry points; semantics of f-language.md 5.2. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "base/diag.h"
#include "lang/distribution.h"

/* ---- shared variates ---------------------------------------------------- */

double dist_unit_open(struct rng *r)
{
    return 1.0 - rng_unit(r);
}

double dist_std_normal(struct rng *r)
{
    double x, y, s;

    do {
        x = 2.0 * rng_unit(r) - 1.0;
        y = 2.0 * rng_unit(r) - 1.0;
        s = x * x + y * y;
    } while (s >= 1.0 || s == 0.0);
    /* The polar method yields a pair; keeping the second would need state in
     * the (const, shared) dist, so it is dropped. */
    return x * sqrt(-2.0 * log(s) / s);
}

/* Marsaglia and Tsang (2000), valid for shape >= 1. */
static double gamma_ge1(struct rng *r, double shape)
{
    double d = shape - 1.0 / 3.0;
    double c = 1.0 / sqrt(9.0 * d);

    for (;;) {
        double x = dist_std_normal(r);
        double v = 1.0 + c * x;
        if (v <= 0.0)
            continue;
        v = v * v * v;
        double u = dist_unit_open(r);
        double x2 = x * x;
        if (u < 1.0 - 0.0331 * x2 * x2)
            return d * v;
        if (log(u) < 0.5 * x2 + d * (1.0 - v + log(v)))
            return d * v;
    }
}

double dist_std_gamma(struct rng *r, double shape)
{
    if (shape >= 1.0)
        return gamma_ge1(r, shape);
    /* Gamma(a) = Gamma(a+1) * U^(1/a) for a < 1. */
    return gamma_ge1(r, shape + 1.0) * pow(dist_unit_open(r), 1.0 / shape);
}

/* ---- per-kind samplers -------------------------------------------------- */

/* round r > 0: nearest multiple of r, halves away from zero; never negative. */
static double randvar_finish(const struct dist *d, double x)
{
    if (d->round > 0.0)
        x = round(x / d->round) * d->round;
    return x < d->lo ? d->lo : x;
}

static double uniform_sample(const struct dist *d, struct rng *r)
{
    return randvar_finish(d, d->uniform.min + rng_unit(r) * d->uniform.span);
}

static double gamma_sample(const struct dist *d, struct rng *r)
{
    double g = dist_std_gamma(r, d->gamma.shape);
    return randvar_finish(d, d->gamma.min + g * d->gamma.scale);
}

static double tabular_sample(const struct dist *d, struct rng *r)
{
    const struct dist_slot *s = &d->tabular.slot[(size_t)(rng_unit(r) * DIST_TABLE_SLOTS)];
    double v = s->lo + rng_unit(r) * (s->hi - s->lo);
    return randvar_finish(d, d->tabular.scale * v + d->tabular.offset);
}

static const struct dist_kind_ops {
    const char *describe;   /* classic echo expansion of the variable */
    double (*sample)(const struct dist *d, struct rng *r);
} kind_ops[] = {
    [DIST_UNIFORM] = { "uniform random var", uniform_sample },
    [DIST_GAMMA]   = { "gamma random var",   gamma_sample },
    [DIST_TABULAR] = { "tabular random var", tabular_sample },
    [DIST_CVAR]    = { "custom variable",    cvar_sample },
    [DIST_BUCKETS] = { "bucket list",        buckets_sample },
};

double dist_sample(const struct dist *d, struct rng *r)
{
    return kind_ops[d->kind].sample(d, r);
}

double dist_mean(const struct dist *d)
{
    return d->mean;
}

const char *dist_describe(const struct dist *d)
{
    return kind_ops[d->kind].describe;
}

uint64_t dist_seed(const struct dist *d)
{
    return d->seed;
}

/* ---- initialisation ----------------------------------------------------- */

/* Mean of max(X, 0) for X uniform on [lo, hi]: the clamp moves mass up to 0. */
static double clamped_uniform_mean(double lo, double hi)
{
    if (lo >= 0.0)
        return (lo + hi) / 2.0;
    if (hi <= 0.0)
        return 0.0;
    return hi * hi / (2.0 * (hi - lo));
}

static int check_mean_min(double mean, bool has_mean, const char *mean_default,
                          double min, struct diag *err)
{
    if (mean >= min)
        return 0;
    return diag_set(err, NULL, "randvar: mean (%g%s) must be >= min (%g)",
                mean, has_mean ? "" : mean_default, min);
}

static int uniform_init(struct dist *d, const struct randvar_spec *s, struct diag *err)
{
    double min = s->has_min ? s->min : 0.0;
    double mean = s->has_mean ? s->mean : 0.0;

    if (check_mean_min(mean, s->has_mean, ", the default", min, err))
        return -1;
    d->uniform.min = min;
    d->uniform.span = 2.0 * (mean - min);
    d->mean = clamped_uniform_mean(min, 2.0 * mean - min);
    return 0;
}

static int gamma_init(struct dist *d, const struct randvar_spec *s, struct diag *err)
{
    double gamma = s->has_gamma ? s->gamma : 1500.0;
    double g = gamma / 1000.0;

    if (!(gamma > 0.0))
        return diag_set(err, NULL, "randvar: gamma must be > 0 (got %g)", gamma);
    double min = s->has_min ? s->min : 0.0;
    /* Classic quirk kept on purpose: the default mean is gamma/1000 itself;
     * shipped scripts ($fileidx) rely on it being almost always 0. */
    double mean = s->has_mean ? s->mean : g;
    if (check_mean_min(mean, s->has_mean, ", defaulted to gamma/1000", min, err))
        return -1;
    d->gamma.min = min;
    d->gamma.shape = g;
    d->gamma.scale = (mean - min) / g;
    d->mean = mean > 0.0 ? mean : 0.0;
    return 0;
}

static int check_rows(const struct randvar_spec *s, struct diag *err)
{
    double total = 0.0;

    if (s->nrows == 0)
        return diag_set(err, NULL, "randvar: type=tabular needs a randtable");
    if (s->nrows > DIST_TABLE_MAX)
        return diag_set(err, NULL, "randvar: randtable has %zu rows, at most %d allowed",
                    s->nrows, DIST_TABLE_MAX);
    for (size_t i = 0; i < s->nrows; i++) {
        const struct dist_row *w = &s->rows[i];
        /* A 0% row is legal: it is never drawn but its lo still sets the table's minimum. */
        if (!(w->pct >= 0.0) || w->pct != floor(w->pct))
            return diag_set(err, NULL, "randvar: randtable row %zu {%g, %g, %g}: "
                        "percentage must be a whole number >= 0", i + 1, w->pct, w->lo, w->hi);
        if (!(w->lo <= w->hi))
            return diag_set(err, NULL, "randvar: randtable row %zu {%g, %g, %g}: "
                        "lo must be <= hi", i + 1, w->pct, w->lo, w->hi);
        total += w->pct;
    }
    if (total != 100.0)
        return diag_set(err, NULL, "randvar: randtable percentages total %g%%, must total exactly 100",
                    total);
    return 0;
}

static int tabular_init(struct dist *d, const struct randvar_spec *s, struct diag *err)
{
    if (check_rows(s, err))
        return -1;

    double tmin = s->rows[0].lo, weighted = 0.0;
    /* Tmean == Tmin is decided from the rows, not by comparing the sum: a
     * summed Tmean can miss Tmin by an ulp and blow the rescale factor up. */
    bool constant = true;
    size_t n = 0;
    for (size_t i = 0; i < s->nrows; i++) {
        const struct dist_row *w = &s->rows[i];
        for (size_t k = 0; k < (size_t)w->pct; k++)
            d->tabular.slot[n++] = (struct dist_slot){ w->lo, w->hi };
        tmin = w->lo < tmin ? w->lo : tmin;
        weighted += w->pct * (w->lo + w->hi);
        constant = constant && w->lo == w->hi && w->lo == s->rows[0].lo;
    }
    double tmean = weighted / 200.0;

    /* [better] min defaults to the table's own minimum, so a table without
     * min reproduces its ranges (classic used 0 and shifted them). */
    double min = s->has_min ? s->min : tmin;
    double mean = s->has_mean ? s->mean : tmean;
    if (constant) {
        /* Nothing to rescale: every sample is min, whatever mean says. */
        d->tabular.scale = 0.0;
        d->tabular.offset = min;
        d->mean = min > 0.0 ? min : 0.0;
        return 0;
    }
    if (check_mean_min(mean, s->has_mean, ", the table's mean", min, err))
        return -1;
    /* Written as scale*v + offset so the default (identity) mapping is exact. */
    d->tabular.scale = (mean - min) / (tmean - tmin);
    d->tabular.offset = min - tmin * d->tabular.scale;
    d->mean = mean > 0.0 ? mean : 0.0;
    return 0;
}

static int (*const randvar_inits[])(struct dist *, const struct randvar_spec *, struct diag *) = {
    [DIST_UNIFORM] = uniform_init,
    [DIST_GAMMA]   = gamma_init,
    [DIST_TABULAR] = tabular_init,
};

int randvar_init(struct dist *d, const struct randvar_spec *s, struct diag *err)
{
    enum dist_kind kind = s->nrows > 0 ? DIST_TABULAR : s->kind;

    if ((unsigned)kind >= sizeof randvar_inits / sizeof randvar_inits[0])
        return diag_set(err, NULL, "randvar: type must be uniform, gamma or tabular");
    double round = s->has_round ? s->round : 0.0;
    if (!(round >= 0.0))
        return diag_set(err, NULL, "randvar: round must be >= 0 (got %g)", round);

    *d = (struct dist){
        .kind = kind,
        .seed = s->has_seed ? s->seed : 0,
        .urandom = s->urandom,
        .round = round,
        .lo = 0.0,
        .hi = DBL_MAX,
    };
    return randvar_inits[kind](d, s, err);
}
