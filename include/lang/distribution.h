/* distribution.h: random and custom variables (randvar, cvar) and bucket lists
 * (buckets(size:percent, ...)) as copyable values that turn a worker's
 * private struct rng into samples; see f-language.md 5.2, 5.3. */
#ifndef FLOWBENCH_DISTRIBUTION_H
#define FLOWBENCH_DISTRIBUTION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rng.h"

struct diag;

enum dist_kind { DIST_UNIFORM, DIST_GAMMA, DIST_TABULAR, DIST_CVAR, DIST_BUCKETS };

#define DIST_TABLE_MAX   100   /* randtable rows */
#define DIST_TABLE_SLOTS 100   /* a tabular randvar picks one of 100 equally likely slots */
#define CVAR_PARAM_MAX   3     /* most parameters any cvar type takes */

struct dist_row { double pct, lo, hi; };

/* What the parser collected from randvar(...) / define randvar. */
struct randvar_spec {
    enum dist_kind kind;         /* DIST_UNIFORM, DIST_GAMMA or DIST_TABULAR; default gamma */
    bool has_min, has_mean, has_gamma, has_round, has_seed;
    double min, mean, gamma /* x1000 as in the language */, round;
    uint64_t seed;
    bool urandom;                /* randsrc=urandom */
    size_t nrows; struct dist_row rows[DIST_TABLE_MAX];   /* nrows>0 forces tabular */
};

/* What the parser collected from cvar(...). */
struct cvar_spec {
    const char *type;            /* "cvar-gamma", ...; the name without "cvar-" is accepted too */
    const char *parameters;      /* "mean:16384;gamma:1.5" or NULL */
    bool has_min, has_max, has_round;
    double min, max, round;
};

/* What the parser collected from buckets(size:percent, ...): percentages in
 * millionths (BUCKET_PCT_ONE is one percent: 12.5 is 12,500,000) that total
 * exactly 100, each bucket's share of the weighted picker (base/weighted.h). */
#define DIST_BUCKETS_MAX 100
#define BUCKET_PCT_ONE 1000000u
struct bucket_row { uint64_t size, pct; };
struct buckets_spec {
    size_t n;
    struct bucket_row rows[DIST_BUCKETS_MAX];
};

/* One row of the cvar type table: drives init, sampling, `help` and completion. */
struct cvar_param { const char *key; double def; };
struct cvar_type {
    const char *name;                  /* "cvar-gamma" */
    const char *summary;               /* one line for `help` */
    const struct cvar_param *params;   /* in the order p[] holds them */
    size_t nparams;
    /* 0, or -1 with the reason (without the type name) in err. */
    int    (*check)(const double *p, struct diag *err);
    double (*draw)(const double *p, struct rng *r);
    double (*mean)(const double *p);
};
extern const struct cvar_type cvar_types[];
extern const size_t cvar_ntypes;

struct dist_slot { double lo, hi; };

/* A plain value: no heap pointers (cvar.type points into the static table),
 * so it can be copied into every process and thread freely. */
struct dist {
    enum dist_kind kind;
    uint64_t seed;       /* randvar seed, 0 if none */
    bool urandom;        /* randsrc=urandom was asked for */
    double round;        /* 0 = no rounding */
    double lo, hi;       /* final clamp: [0, huge] for randvars, [min, max] for cvars */
    double mean;         /* precomputed dist_mean() */
    union {
        struct { double min, span; } uniform;
        struct { double min, shape, scale; } gamma;
        /* sample = scale * v + offset, v drawn from the slots */
        struct { double scale, offset; struct dist_slot slot[DIST_TABLE_SLOTS]; } tabular;
        struct { const struct cvar_type *type; double p[CVAR_PARAM_MAX]; } cvar;
        /* a sample is the size of a bucket drawn by its share: cum holds the
         * shares summed (BUCKET_PCT_ONE units, cum[n - 1] is 100 percent) */
        struct { double size[DIST_BUCKETS_MAX]; uint64_t cum[DIST_BUCKETS_MAX]; size_t n; } buckets;
    };
};

/* 0, or -1 with err set without a location: the caller knows which attribute
 * (or row) the message is about and places it. */
int    randvar_init(struct dist *d, const struct randvar_spec *s, struct diag *err);
int    cvar_init(struct dist *d, const struct cvar_spec *s, struct diag *err);
/* -1 with the reason in err, and in *bad the row at fault (s->n: the whole list). */
int    buckets_init(struct dist *d, const struct buckets_spec *s, size_t *bad, struct diag *err);
/* Hot path: no allocation, no locks, no syscalls. Deterministic per rng state. */
double dist_sample(const struct dist *d, struct rng *r);
/* Analytic mean, for fileset sizing. Exact for randvars (for gamma and tabular
 * only while min >= 0; uniform includes the clamp at 0); ignores the small
 * bias of rounding; for cvars it is the raw mean clamped into [min, max]. */
double dist_mean(const struct dist *d);
/* "uniform random var", "gamma random var", "tabular random var", "custom variable", "bucket list". */
const char *dist_describe(const struct dist *d);
uint64_t dist_seed(const struct dist *d);

/* Variates shared by randvar.c and cvar.c. */
double dist_std_normal(struct rng *r);               /* N(0,1), Marsaglia polar method */
double dist_std_gamma(struct rng *r, double shape);  /* Gamma(shape, 1), shape > 0 */
double dist_unit_open(struct rng *r);                /* uniform in (0,1], safe for log() */
/* cvar.c's part of dist_sample(); called through the kind table. */
double cvar_sample(const struct dist *d, struct rng *r);
/* buckets.c's part of dist_sample(). */
double buckets_sample(const struct dist *d, struct rng *r);

#endif
