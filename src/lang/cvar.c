/* cvar.c: custom variables (cvar-*), one table row per distribution; the
 * parameter string, validation and post-processing of f-language.md 5.3. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "lang/distribution.h"

#define CVAR_PREFIX "cvar-"

static int must_be_nonneg(const char *key, double v, struct diag *err)
{
    if (v >= 0.0)
        return 0;
    return diag_set(err, NULL, "%s must be >= 0 (got %g)", key, v);
}

/* ---- the distributions -------------------------------------------------- */

static double uniform_draw(const double *p, struct rng *r)
{
    /* lower > upper is tolerated (classic only logs it): the range flips. */
    return p[0] + rng_unit(r) * (p[1] - p[0]);
}

static double uniform_mean(const double *p) { return (p[0] + p[1]) / 2.0; }

static int gamma_check(const double *p, struct diag *err)
{
    if (p[1] == 0.0)
        return diag_set(err, NULL, "gamma must not be 0");
    if (p[1] < 0.0)
        return diag_set(err, NULL, "gamma must be > 0 (got %g)", p[1]);
    return must_be_nonneg("mean", p[0], err);
}

static double gamma_draw(const double *p, struct rng *r)
{
    return dist_std_gamma(r, p[1]) * p[0] / p[1];
}

static double mean_is_p0(const double *p) { return p[0]; }

static double normal_draw(const double *p, struct rng *r)
{
    return p[0] + p[1] * dist_std_normal(r);
}

static int lognormal_check(const double *p, struct diag *err)
{
    if (must_be_nonneg("shape", p[0], err))
        return -1;
    return must_be_nonneg("scale", p[1], err);
}

/* "scale" is the mean and "shape" the deviation of the underlying normal. */
static double lognormal_draw(const double *p, struct rng *r)
{
    return exp(p[1] + p[0] * dist_std_normal(r));
}

static double lognormal_mean(const double *p) { return exp(p[1] + p[0] * p[0] / 2.0); }

static int exponential_check(const double *p, struct diag *err)
{
    return must_be_nonneg("mean", p[0], err);
}

static double exponential_draw(const double *p, struct rng *r)
{
    return -p[0] * log(dist_unit_open(r));
}

static int erlang_check(const double *p, struct diag *err)
{
    if (!(p[0] >= 1.0) || p[0] != floor(p[0]))
        return diag_set(err, NULL, "shape must be a whole number >= 1 (got %g)", p[0]);
    return must_be_nonneg("rate", p[1], err);
}

/* Classic: -rate * ln(u1 * ... * u_shape) / shape. The log of that product is
 * a Gamma(shape, 1) variate; drawing it directly costs O(1), not O(shape). */
static double erlang_draw(const double *p, struct rng *r)
{
    return p[1] * dist_std_gamma(r, p[0]) / p[0];
}

static double erlang_mean(const double *p) { return p[1]; }

static int triangular_check(const double *p, struct diag *err)
{
    if (p[1] < p[0])
        return diag_set(err, NULL, "upper (%g) must be >= lower (%g)", p[1], p[0]);
    if (p[2] < p[0] || p[2] > p[1])
        return diag_set(err, NULL, "mode (%g) must lie within [lower, upper] = [%g, %g]",
                    p[2], p[0], p[1]);
    return 0;
}

/* Inverse of the triangular CDF: left of the mode the CDF is a rising
 * parabola, right of it a falling one. */
static double triangular_draw(const double *p, struct rng *r)
{
    double lo = p[0], hi = p[1], mode = p[2];
    double width = hi - lo, u = rng_unit(r);

    if (width == 0.0)
        return lo;
    if (u < (mode - lo) / width)
        return lo + sqrt(u * width * (mode - lo));
    return hi - sqrt((1.0 - u) * width * (hi - mode));
}

static double triangular_mean(const double *p) { return (p[0] + p[1] + p[2]) / 3.0; }

static int weibull_check(const double *p, struct diag *err)
{
    if (!(p[0] > 0.0))   /* shape 0 would raise to the power 1/0 */
        return diag_set(err, NULL, "shape must be > 0 (got %g)", p[0]);
    return must_be_nonneg("scale", p[1], err);
}

static double weibull_draw(const double *p, struct rng *r)
{
    return p[1] * pow(-log(dist_unit_open(r)), 1.0 / p[0]);
}

static double weibull_mean(const double *p) { return p[1] * tgamma(1.0 + 1.0 / p[0]); }

/* ---- the type table ----------------------------------------------------- */

#define PARAMS(a) a, sizeof a / sizeof a[0]

static const struct cvar_param uniform_params[]     = { { "lower", 0 }, { "upper", 1 } };
static const struct cvar_param gamma_params[]       = { { "mean", 4096 }, { "gamma", 1.5 } };
static const struct cvar_param normal_params[]      = { { "mean", 0 }, { "sigma", 1 } };
static const struct cvar_param lognormal_params[]   = { { "shape", 1 }, { "scale", 1 } };
static const struct cvar_param exponential_params[] = { { "mean", 1 } };
static const struct cvar_param erlang_params[]      = { { "shape", 1 }, { "rate", 1 } };
static const struct cvar_param triangular_params[]  = { { "lower", 0 }, { "upper", 1 }, { "mode", 0.5 } };
static const struct cvar_param weibull_params[]     = { { "shape", 1 }, { "scale", 1 } };

const struct cvar_type cvar_types[] = {
    { "cvar-uniform", "uniform on [lower, upper]",
      PARAMS(uniform_params), NULL, uniform_draw, uniform_mean },
    { "cvar-gamma", "gamma with the given mean and shape gamma",
      PARAMS(gamma_params), gamma_check, gamma_draw, mean_is_p0 },
    { "cvar-normal", "normal with mean and standard deviation sigma",
      PARAMS(normal_params), NULL, normal_draw, mean_is_p0 },
    { "cvar-lognormal", "exp(normal(mean = scale, sd = shape))",
      PARAMS(lognormal_params), lognormal_check, lognormal_draw, lognormal_mean },
    { "cvar-exponential", "exponential with the given mean",
      PARAMS(exponential_params), exponential_check, exponential_draw, mean_is_p0 },
    { "cvar-erlang", "sum of shape exponentials scaled so the mean is rate",
      PARAMS(erlang_params), erlang_check, erlang_draw, erlang_mean },
    { "cvar-triangular", "triangular on [lower, upper] peaking at mode",
      PARAMS(triangular_params), triangular_check, triangular_draw, triangular_mean },
    { "cvar-weibull", "scale * (-ln u)^(1/shape)",
      PARAMS(weibull_params), weibull_check, weibull_draw, weibull_mean },
};
const size_t cvar_ntypes = sizeof cvar_types / sizeof cvar_types[0];

/* ---- sampling ----------------------------------------------------------- */

/* Classic cvar rounding: truncate to an integer, then the nearest multiple
 * of r, ties going down. */
static double round_down_ties(double x, double r)
{
    double n = trunc(x);
    double below = floor(n / r) * r;
    double above = below + r;
    return n - below <= above - n ? below : above;
}

double cvar_sample(const struct dist *d, struct rng *r)
{
    double x = d->cvar.type->draw(d->cvar.p, r);

    if (d->round > 0.0)
        x = round_down_ties(x, d->round);
    if (x < d->lo)
        return d->lo;
    return x > d->hi ? d->hi : x;
}

/* ---- initialisation ----------------------------------------------------- */

/* "cvar-uniform, cvar-gamma, ..." for error messages. */
static void list_types(char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < cvar_ntypes && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", cvar_types[i].name);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

static void list_params(const struct cvar_type *t, char *buf, size_t len)
{
    size_t used = 0;

    buf[0] = '\0';
    for (size_t i = 0; i < t->nparams && used < len; i++) {
        int n = snprintf(buf + used, len - used, "%s%s", i ? ", " : "", t->params[i].key);
        if (n < 0)
            return;
        used += (size_t)n;
    }
}

static const struct cvar_type *find_type(const char *name)
{
    /* "gamma" and "cvar-gamma" both name the same row. */
    const size_t plen = strlen(CVAR_PREFIX);
    const char *bare = strncmp(name, CVAR_PREFIX, plen) == 0 ? name + plen : name;

    for (size_t i = 0; i < cvar_ntypes; i++)
        if (strcmp(cvar_types[i].name + plen, bare) == 0)
            return &cvar_types[i];
    return NULL;
}

static void trim(const char **s, size_t *len)
{
    while (*len && (**s == ' ' || **s == '\t')) {
        (*s)++;
        (*len)--;
    }
    while (*len && ((*s)[*len - 1] == ' ' || (*s)[*len - 1] == '\t'))
        (*len)--;
}

static int find_param(const struct cvar_type *t, const char *key, size_t keylen)
{
    for (size_t i = 0; i < t->nparams; i++)
        if (strlen(t->params[i].key) == keylen && memcmp(t->params[i].key, key, keylen) == 0)
            return (int)i;
    return -1;
}

/* A value is one finite number and nothing else ("12k" or "1e999" are errors). */
static int parse_value(const struct cvar_type *t, const char *key, const char *val, size_t len,
                       double *out, struct diag *err)
{
    char buf[64];
    char *end;

    if (len >= sizeof buf)
        return diag_set(err, NULL, "%s: parameter '%s': value '%.*s' is too long",
                    t->name, key, (int)len, val);
    memcpy(buf, val, len);
    buf[len] = '\0';
    *out = strtod(buf, &end);
    if (end == buf || *end != '\0' || !isfinite(*out))
        return diag_set(err, NULL, "%s: parameter '%s': '%s' is not a finite number",
                    t->name, key, buf);
    return 0;
}

/* One "key:value" item; blank items are skipped as classic does. */
static int parse_item(const struct cvar_type *t, const char *item, size_t len,
                      double *p, struct diag *err)
{
    trim(&item, &len);
    if (len == 0)
        return 0;

    const char *colon = memchr(item, ':', len);
    const char *key = item;
    size_t keylen = colon ? (size_t)(colon - item) : len;
    trim(&key, &keylen);
    if (keylen == 0)
        return diag_set(err, NULL, "%s: parameter '%.*s' has an empty name", t->name, (int)len, item);

    int idx = find_param(t, key, keylen);
    if (idx < 0) {
        char known[128];
        list_params(t, known, sizeof known);
        return diag_set(err, NULL, "%s: unsupported parameter '%.*s' (supported: %s)",
                    t->name, (int)keylen, key, known);
    }
    const char *val = colon ? colon + 1 : item + len;
    size_t vallen = colon ? (size_t)(item + len - val) : 0;
    trim(&val, &vallen);
    if (vallen == 0)
        return diag_set(err, NULL, "%s: parameter '%s' has no value", t->name, t->params[idx].key);
    return parse_value(t, t->params[idx].key, val, vallen, &p[idx], err);
}

static int parse_params(const struct cvar_type *t, const char *s, double *p,
                        struct diag *err)
{
    for (size_t i = 0; i < t->nparams; i++)
        p[i] = t->params[i].def;
    while (s && *s) {
        const char *semi = strchr(s, ';');
        size_t len = semi ? (size_t)(semi - s) : strlen(s);
        if (parse_item(t, s, len, p, err))
            return -1;
        s = semi ? semi + 1 : s + len;
    }
    return 0;
}

static int check_bounds(const struct cvar_type *t, const struct dist *d, struct diag *err)
{
    if (!(d->round >= 0.0))
        return diag_set(err, NULL, "%s: round must be >= 0 (got %g)", t->name, d->round);
    if (!(d->lo <= d->hi))
        return diag_set(err, NULL, "%s: min (%g) must be <= max (%g)", t->name, d->lo, d->hi);
    return 0;
}

int cvar_init(struct dist *d, const struct cvar_spec *s, struct diag *err)
{
    const struct cvar_type *t = s->type ? find_type(s->type) : NULL;
    if (!t) {
        char known[256];
        list_types(known, sizeof known);
        if (!s->type || !*s->type)
            return diag_set(err, NULL, "cvar: type is required (known: %s)", known);
        return diag_set(err, NULL, "unknown cvar type '%s' (known: %s)", s->type, known);
    }

    struct dist v = {
        .kind = DIST_CVAR,
        .round = s->has_round ? s->round : 0.0,
        /* [better] min defaults to 0, not the smallest positive double. */
        .lo = s->has_min ? s->min : 0.0,
        .hi = s->has_max ? s->max : DBL_MAX,
        .cvar.type = t,
    };
    if (check_bounds(t, &v, err) || parse_params(t, s->parameters, v.cvar.p, err))
        return -1;

    struct diag why;
    if (t->check && t->check(v.cvar.p, &why))
        return diag_set(err, NULL, "%s: %s", t->name, why.msg);

    double m = t->mean(v.cvar.p);
    v.mean = m < v.lo ? v.lo : m > v.hi ? v.hi : m;
    *d = v;
    return 0;
}
