/* test_dist.c: checks the rng, randvar and cvar distributions and bucket lists
 * against their analytic moments and the table, rounding, clamping and error
 * rules, and the weighted pick of choose composites at its boundaries. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lang/distribution.h"
#include "base/diag.h"
#include "base/rng.h"
#include "model/plan_choose.h"
#include "base/weighted.h"
#include "check.h"

/* A bucket's share in BUCKET_PCT_ONE units. */
#define PCT(x) ((uint64_t)((x) * BUCKET_PCT_ONE + 0.5))

#define N_SAMPLES 100000
#define SEED      20240611u
#define PI        3.14159265358979323846   /* PI is not ISO C */

/* GOT within TOL of WANT. CHECK_NEAR and CHECK_ERROR are macros, so that a failure
 * names the line of the call; each evaluates its arguments once. */
#define CHECK_NEAR(what, got, want, tol) \
    do { \
        double near_got = (got), near_want = (want), near_tol = (tol); \
        CHECK(fabs(near_got - near_want) <= near_tol, "%s = %.6g, want %.6g +- %.3g", what, near_got, \
              near_want, near_tol); \
    } while (0)

/* A call that must fail (RC -1) with an error (ERR, a struct diag) containing WANT. */
#define CHECK_ERROR(rc, err, want) \
    do { \
        int error_rc = (rc); \
        CHECK(error_rc == -1, "expected failure (\"%s\"), got rc %d", want, error_rc); \
        CHECK(strstr((err).msg, want) != NULL, "error \"%s\" does not contain \"%s\"", (err).msg, want); \
    } while (0)

struct moments { double mean, sd, min, max; };

/* Welford's update keeps the variance accurate for large means. */
static struct moments sample_moments(const struct dist *d, uint64_t seed)
{
    struct rng r;
    struct moments m = { 0, 0, DBL_MAX, -DBL_MAX };
    double m2 = 0.0;

    rng_seed(&r, seed);
    for (long i = 1; i <= N_SAMPLES; i++) {
        double x = dist_sample(d, &r);
        double delta = x - m.mean;
        m.mean += delta / (double)i;
        m2 += delta * (x - m.mean);
        m.min = x < m.min ? x : m.min;
        m.max = x > m.max ? x : m.max;
    }
    m.sd = sqrt(m2 / (N_SAMPLES - 1));
    return m;
}

/* Mean within 4 standard errors; sd within sd_rel (2% unless tails are heavy). */
static struct moments check_moments(const struct dist *d,
                                    double mean, double sd, double sd_rel)
{
    struct moments m = sample_moments(d, SEED);
    CHECK_NEAR("sample mean", m.mean, mean, 4.0 * sd / sqrt(N_SAMPLES) + 1e-12);
    CHECK_NEAR("sample sd", m.sd, sd, sd_rel * sd + 1e-12);
    return m;
}

static void check_dist_mean(const struct dist *d, double want)
{
    CHECK_NEAR("dist_mean", dist_mean(d), want, 1e-9 * fabs(want) + 1e-12);
}

static bool randvar_ok(struct dist *d, const struct randvar_spec *s)
{
    struct diag err = { 0 };
    int rc = randvar_init(d, s, &err);
    CHECK(rc == 0, "randvar_init failed: %s", err.msg);
    return rc == 0;
}

static bool cvar_ok(struct dist *d, const char *type, const char *params)
{
    struct diag err = { 0 };
    struct cvar_spec s = { .type = type, .parameters = params };
    int rc = cvar_init(d, &s, &err);
    CHECK(rc == 0, "cvar_init(%s, %s) failed: %s", type, params ? params : "NULL", err.msg);
    return rc == 0;
}

static int cvar_err(const char *type, const char *params, struct diag *err)
{
    struct dist d;
    struct cvar_spec s = { .type = type, .parameters = params };
    diag_clear(err);
    return cvar_init(&d, &s, err);
}

static int randvar_err(const struct randvar_spec *s, struct diag *err)
{
    struct dist d;
    diag_clear(err);
    return randvar_init(&d, s, err);
}

/* Mean and sd of a mixture of uniform rows (a tabular randvar, unscaled). */
static void table_moments(const struct dist_row *rows, size_t n, double *mean, double *sd)
{
    double m1 = 0.0, m2 = 0.0;
    for (size_t i = 0; i < n; i++) {
        double p = rows[i].pct / 100.0, a = rows[i].lo, b = rows[i].hi;
        m1 += p * (a + b) / 2.0;
        m2 += p * (a * a + a * b + b * b) / 3.0;
    }
    *mean = m1;
    *sd = sqrt(m2 - m1 * m1);
}

static struct randvar_spec table_spec(const struct dist_row *rows, size_t n)
{
    struct randvar_spec s = { .kind = DIST_TABULAR, .nrows = n };
    memcpy(s.rows, rows, n * sizeof rows[0]);
    return s;
}

/* ---- rng ---------------------------------------------------------------- */

static void test_rng_same_seed_gives_same_sequence(void)
{
    struct rng a, b;
    bool same = true;

    rng_seed(&a, 7);
    rng_seed(&b, 7);
    for (int i = 0; i < 1000; i++)
        same = same && rng_next(&a) == rng_next(&b);
    CHECK(same, "two generators seeded 7 diverged");
}

static void test_rng_different_seeds_give_different_sequences(void)
{
    struct rng a, b;
    int equal = 0;

    rng_seed(&a, 0);
    rng_seed(&b, 1);
    for (int i = 0; i < 1000; i++)
        equal += rng_next(&a) == rng_next(&b);
    CHECK(equal == 0, "seeds 0 and 1 agreed on %d of 1000 outputs", equal);
}

static void test_rng_unit_is_in_0_1_with_mean_0_5_and_std_0_2887(void)
{
    struct rng r;
    double sum = 0.0, sum2 = 0.0;
    bool in_range = true;

    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double u = rng_unit(&r);
        in_range = in_range && u >= 0.0 && u < 1.0;
        sum += u;
        sum2 += u * u;
    }
    double mean = sum / N_SAMPLES;
    CHECK(in_range, "rng_unit left [0,1)");
    CHECK_NEAR("mean", mean, 0.5, 4.0 * 0.2887 / sqrt(N_SAMPLES));
    CHECK_NEAR("sd", sqrt(sum2 / N_SAMPLES - mean * mean), 1.0 / sqrt(12.0), 0.02 / sqrt(12.0));
}

static void test_rng_below_10_is_in_range_and_passes_chi_square(void)
{
    struct rng r;
    long count[10] = { 0 };
    bool in_range = true;

    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        uint64_t v = rng_below(&r, 10);
        in_range = in_range && v < 10;
        if (v < 10)
            count[v]++;
    }
    double chi2 = 0.0, expect = N_SAMPLES / 10.0;
    for (int i = 0; i < 10; i++)
        chi2 += (count[i] - expect) * (count[i] - expect) / expect;
    CHECK(in_range, "rng_below(10) returned a value >= 10");
    /* 27.88 is the 99.9% point of chi-square with 9 degrees of freedom. */
    CHECK(chi2 < 27.88, "chi-square %.2f over 10 buckets is too large", chi2);
}

static void test_rng_below_0_and_1_return_0(void)
{
    struct rng r;
    rng_seed(&r, 1);
    CHECK(rng_below(&r, 0) == 0, "rng_below(0) != 0");
    CHECK(rng_below(&r, 1) == 0, "rng_below(1) != 0");
}

/* n = 3*2^62: a plain modulo would return values below 2^62 half of the time,
 * an unbiased draw a third of the time. */
static void test_rng_below_3_times_2_pow_62_is_unbiased(void)
{
    const uint64_t n = 3ull << 62, third = 1ull << 62;
    struct rng r;
    long low = 0;
    bool in_range = true;

    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        uint64_t v = rng_below(&r, n);
        in_range = in_range && v < n;
        low += v < third;
    }
    CHECK(in_range, "rng_below(3*2^62) out of range");
    CHECK_NEAR("fraction below 2^62", (double)low / N_SAMPLES, 1.0 / 3.0, 0.006);
}

static void test_rng_below_max_is_in_range(void)
{
    struct rng r;
    bool in_range = true;

    rng_seed(&r, 3);
    for (int i = 0; i < 10000; i++)
        in_range = in_range && rng_below(&r, UINT64_MAX) < UINT64_MAX;
    CHECK(in_range, "rng_below(UINT64_MAX) out of range");
}

/* ---- randvar: uniform --------------------------------------------------- */

static void test_uniform_min_100_mean_1100_has_std_577_and_range_100_2100(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_UNIFORM, .has_min = true, .min = 100,
                              .has_mean = true, .mean = 1100 };
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = check_moments(&d, 1100, 2000 / sqrt(12.0), 0.02);
    CHECK(m.min >= 100 && m.max < 2100, "range [%g, %g] not within [100, 2100)", m.min, m.max);
    check_dist_mean(&d, 1100);
}

static void test_uniform_without_mean_is_always_0(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_UNIFORM };
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = sample_moments(&d, SEED);
    CHECK(m.min == 0 && m.max == 0, "range [%g, %g], want all 0", m.min, m.max);
}

/* Uniform on [-100, 100] clamped at 0: half the mass sits at 0, mean 25. */
static void test_uniform_min_minus_100_mean_0_is_clamped_at_0_with_mean_25(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_UNIFORM, .has_min = true, .min = -100,
                              .has_mean = true, .mean = 0 };
    if (!randvar_ok(&d, &s))
        return;
    /* E[X^2] = 100^2/6, so sd = sqrt(10000/6 - 625). */
    struct moments m = check_moments(&d, 25, sqrt(10000.0 / 6 - 625), 0.02);
    CHECK(m.min == 0, "smallest sample %g, want 0", m.min);
    check_dist_mean(&d, 25);
}

/* ---- randvar: gamma ----------------------------------------------------- */

static void test_gamma_shape_1_5_mean_16384_has_std_13377(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_gamma = true, .gamma = 1500,
                              .has_mean = true, .mean = 16384 };
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = check_moments(&d, 16384, 16384 / sqrt(1.5), 0.02);
    CHECK(m.min >= 0, "negative sample %g", m.min);
    check_dist_mean(&d, 16384);
}

static void test_gamma_shape_0_5_mean_1000_has_std_1414(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_gamma = true, .gamma = 500,
                              .has_mean = true, .mean = 1000 };
    if (randvar_ok(&d, &s))
        check_moments(&d, 1000, 1000 / sqrt(0.5), 0.03);   /* skewed: sd is noisier */
}

static void test_gamma_min_1000_mean_5000_shape_2_has_std_2828_and_nothing_below_min(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_gamma = true, .gamma = 2000,
                              .has_min = true, .min = 1000, .has_mean = true, .mean = 5000 };
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = check_moments(&d, 5000, 4000 / sqrt(2.0), 0.02);
    CHECK(m.min >= 1000, "sample %g below min 1000", m.min);
    check_dist_mean(&d, 5000);
}

static void test_gamma_without_gamma_uses_shape_1_5(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_mean = true, .mean = 1000 };
    if (randvar_ok(&d, &s))
        check_moments(&d, 1000, 1000 / sqrt(1.5), 0.02);
}

/* Classic quirk: gamma=100 without mean has mean 0.1, so rounded it is ~always 0. */
static void test_gamma_100_without_mean_has_mean_0_1_and_rounds_mostly_to_0(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_gamma = true, .gamma = 100 };
    if (!randvar_ok(&d, &s))
        return;
    check_dist_mean(&d, 0.1);
    check_moments(&d, 0.1, 0.1 / sqrt(0.1), 0.05);   /* shape 0.1: very heavy tail */

    s.has_round = true;
    s.round = 1;
    if (!randvar_ok(&d, &s))
        return;
    struct rng r;
    long zeros = 0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++)
        zeros += dist_sample(&d, &r) == 0.0;
    CHECK(zeros > 0.9 * N_SAMPLES, "only %ld of %d samples rounded to 0", zeros, N_SAMPLES);
}

/* ---- randvar: tabular --------------------------------------------------- */

static void test_tabular_without_min_reproduces_its_ranges_and_row_proportions(void)
{
    static const struct dist_row rows[] = { { 20, 10, 100 }, { 30, 200, 1000 }, { 50, 2000, 10000 } };
    struct randvar_spec s = table_spec(rows, 3);
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;

    double mean, sd;
    table_moments(rows, 3, &mean, &sd);
    check_moments(&d, mean, sd, 0.02);
    check_dist_mean(&d, mean);

    struct rng r;
    long hits[3] = { 0 }, outside = 0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        int row = -1;
        for (int k = 0; k < 3; k++)
            if (x >= rows[k].lo && x <= rows[k].hi)
                row = k;
        if (row < 0)
            outside++;
        else
            hits[row]++;
    }
    CHECK(outside == 0, "%ld samples outside every row's range", outside);
    for (int k = 0; k < 3; k++)
        CHECK_NEAR("row share", (double)hits[k] / N_SAMPLES, rows[k].pct / 100.0, 0.01);
}

static void test_tabular_point_rows_1k_2k_give_exactly_1024_and_2048(void)
{
    static const struct dist_row rows[] = { { 50, 1024, 1024 }, { 50, 2048, 2048 } };
    struct randvar_spec s = table_spec(rows, 2);
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;
    struct rng r;
    long n1k = 0, other = 0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        n1k += x == 1024;
        other += x != 1024 && x != 2048;
    }
    CHECK(other == 0, "%ld samples neither 1024 nor 2048", other);
    CHECK_NEAR("share of 1024", (double)n1k / N_SAMPLES, 0.5, 0.01);
    check_dist_mean(&d, 1536);
}

/* The classic rescale: with min=0 the same table maps to 0 and 3072. */
static void test_tabular_point_rows_1k_2k_with_min_0_give_0_and_3072(void)
{
    static const struct dist_row rows[] = { { 50, 1024, 1024 }, { 50, 2048, 2048 } };
    struct randvar_spec s = table_spec(rows, 2);
    s.has_min = true;
    s.min = 0;
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;
    struct rng r;
    long other = 0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        other += fabs(x) > 1e-9 && fabs(x - 3072) > 1e-9;
    }
    CHECK(other == 0, "%ld samples neither 0 nor 3072", other);
    check_dist_mean(&d, 1536);
}

static void test_tabular_mean_4000_stretches_1000_3000_to_1000_7000(void)
{
    static const struct dist_row rows[] = { { 50, 1000, 1000 }, { 50, 3000, 3000 } };
    struct randvar_spec s = table_spec(rows, 2);
    s.has_mean = true;
    s.mean = 4000;
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = check_moments(&d, 4000, 3000, 0.02);
    CHECK_NEAR("smallest", m.min, 1000, 1e-9);
    CHECK_NEAR("largest", m.max, 7000, 1e-9);
    check_dist_mean(&d, 4000);
}

static void test_tabular_constant_table_gives_min_every_time(void)
{
    static const struct dist_row rows[] = { { 60, 500, 500 }, { 40, 500, 500 } };
    struct randvar_spec s = table_spec(rows, 2);
    s.has_min = true;
    s.min = 7;
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;
    struct moments m = sample_moments(&d, SEED);
    CHECK(m.min == 7 && m.max == 7, "range [%g, %g], want all 7", m.min, m.max);
    check_dist_mean(&d, 7);
}

static void test_tabular_percentages_totalling_90_are_rejected_with_the_total(void)
{
    static const struct dist_row rows[] = { { 40, 1, 2 }, { 50, 3, 4 } };
    struct randvar_spec s = table_spec(rows, 2);
    struct diag err = { 0 };
    CHECK_ERROR(randvar_err(&s, &err), err, "total 90%, must total exactly 100");
}

static void test_tabular_percentages_totalling_110_are_rejected(void)
{
    static const struct dist_row rows[] = { { 60, 1, 2 }, { 50, 3, 4 } };
    struct randvar_spec s = table_spec(rows, 2);
    struct diag err = { 0 };
    CHECK_ERROR(randvar_err(&s, &err), err, "total 110%");
}

static void test_tabular_bad_rows_are_rejected_naming_the_row(void)
{
    static const struct dist_row zero[] = { { 100, 1, 2 }, { 0, 3, 4 } };
    static const struct dist_row inverted[] = { { 50, 1, 2 }, { 50, 9, 4 } };
    static const struct dist_row fraction[] = { { 50.5, 1, 2 }, { 49.5, 3, 4 } };
    struct diag err = { 0 };

    /* A 0% row is legal (classic tables use one to set the minimum). */
    struct randvar_spec s = table_spec(zero, 2);
    CHECK(randvar_err(&s, &err) == 0, "a 0%% row must be accepted: %s", err.msg);
    s = table_spec(inverted, 2);
    CHECK_ERROR(randvar_err(&s, &err), err, "row 2 {50, 9, 4}: lo must be <= hi");
    s = table_spec(fraction, 2);
    CHECK_ERROR(randvar_err(&s, &err), err, "row 1 {50.5, 1, 2}: percentage must be a whole");
}

static void test_tabular_without_rows_is_rejected(void)
{
    struct randvar_spec s = { .kind = DIST_TABULAR };
    struct diag err = { 0 };
    CHECK_ERROR(randvar_err(&s, &err), err, "randvar: type=tabular needs a randtable");
}

/* ---- randvar: rounding, errors, identity -------------------------------- */

static void test_randvar_round_100_gives_multiples_of_100_with_the_same_mean(void)
{
    struct dist d;
    struct randvar_spec s = { .kind = DIST_UNIFORM, .has_mean = true, .mean = 1000,
                              .has_round = true, .round = 100 };
    if (!randvar_ok(&d, &s))
        return;
    struct rng r;
    long off_grid = 0;
    double sum = 0.0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        off_grid += x != 100.0 * round(x / 100.0) || x < 0 || x > 2000;
        sum += x;
    }
    CHECK(off_grid == 0, "%ld samples off the 0,100,..,2000 grid", off_grid);
    CHECK_NEAR("mean", sum / N_SAMPLES, 1000, 4.0 * 577.0 / sqrt(N_SAMPLES));
}

static void test_randvar_round_100_takes_250_up_to_300_half_away_from_zero(void)
{
    static const struct dist_row rows[] = { { 100, 250, 250 } };
    struct randvar_spec s = table_spec(rows, 1);
    s.has_round = true;
    s.round = 100;
    struct dist d;
    if (!randvar_ok(&d, &s))
        return;
    struct rng r;
    rng_seed(&r, 1);
    double x = dist_sample(&d, &r);
    CHECK(x == 300, "250 rounded to %g, want 300", x);
}

static void test_randvar_invalid_specs_are_rejected_with_context(void)
{
    struct diag err = { 0 };
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_gamma = true, .gamma = 0 };
    CHECK_ERROR(randvar_err(&s, &err), err, "randvar: gamma must be > 0");

    s = (struct randvar_spec){ .kind = DIST_UNIFORM, .has_min = true, .min = 10,
                               .has_mean = true, .mean = 5 };
    CHECK_ERROR(randvar_err(&s, &err), err, "randvar: mean (5) must be >= min (10)");

    s = (struct randvar_spec){ .kind = DIST_GAMMA, .has_min = true, .min = 10 };
    CHECK_ERROR(randvar_err(&s, &err), err, "mean (1.5, defaulted to gamma/1000)");

    s = (struct randvar_spec){ .kind = DIST_UNIFORM, .has_round = true, .round = -1 };
    CHECK_ERROR(randvar_err(&s, &err), err, "randvar: round must be >= 0");

    s = (struct randvar_spec){ .kind = DIST_CVAR };
    CHECK_ERROR(randvar_err(&s, &err), err, "randvar: type must be");
}

static void test_randvar_describe_and_seed(void)
{
    static const struct dist_row rows[] = { { 100, 1, 2 } };
    struct randvar_spec u = { .kind = DIST_UNIFORM, .has_seed = true, .seed = 42 };
    struct randvar_spec g = { .kind = DIST_GAMMA };
    struct randvar_spec tab = table_spec(rows, 1);
    struct dist d;

    if (randvar_ok(&d, &u)) {
        CHECK(strcmp(dist_describe(&d), "uniform random var") == 0, "uniform: '%s'", dist_describe(&d));
        CHECK(dist_seed(&d) == 42, "seed %llu, want 42", (unsigned long long)dist_seed(&d));
    }
    if (randvar_ok(&d, &g)) {
        CHECK(strcmp(dist_describe(&d), "gamma random var") == 0, "gamma: '%s'", dist_describe(&d));
        CHECK(dist_seed(&d) == 0, "seed %llu without seed=, want 0", (unsigned long long)dist_seed(&d));
    }
    tab.kind = DIST_GAMMA;   /* rows force tabular whatever the type says */
    if (randvar_ok(&d, &tab))
        CHECK(strcmp(dist_describe(&d), "tabular random var") == 0, "tabular: '%s'", dist_describe(&d));
}

static void test_copied_dist_with_same_seed_gives_same_samples(void)
{
    struct dist a, b;
    struct randvar_spec s = { .kind = DIST_GAMMA, .has_mean = true, .mean = 100 };
    if (!randvar_ok(&a, &s))
        return;
    b = a;
    struct rng ra, rb;
    bool same = true;
    rng_seed(&ra, 99);
    rng_seed(&rb, 99);
    for (int i = 0; i < 10000; i++)
        same = same && dist_sample(&a, &ra) == dist_sample(&b, &rb);
    CHECK(same, "a copied dist with the same seed diverged");
}

/* ---- cvar: moments per type --------------------------------------------- */

static void test_cvar_uniform_lower_10_upper_20_has_mean_15_std_2_887(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-uniform", "lower:10;upper:20"))
        return;
    struct moments m = check_moments(&d, 15, 10 / sqrt(12.0), 0.02);
    CHECK(m.min >= 10 && m.max < 20, "range [%g, %g] not within [10, 20)", m.min, m.max);
    check_dist_mean(&d, 15);
}

static void test_cvar_uniform_defaults_have_mean_0_5(void)
{
    struct dist d;
    if (cvar_ok(&d, "cvar-uniform", NULL))
        check_moments(&d, 0.5, 1 / sqrt(12.0), 0.02);
}

static void test_cvar_gamma_defaults_have_mean_4096_std_3344(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-gamma", NULL))
        return;
    check_moments(&d, 4096, 4096 / sqrt(1.5), 0.02);
    check_dist_mean(&d, 4096);
}

static void test_cvar_gamma_mean_16384_gamma_0_5_has_std_23170(void)
{
    struct dist d;
    if (cvar_ok(&d, "cvar-gamma", "mean:16384;gamma:0.5"))
        check_moments(&d, 16384, 16384 / sqrt(0.5), 0.03);
}

static void test_cvar_normal_mean_100_sigma_15_has_std_15(void)
{
    struct dist d;
    struct cvar_spec s = { .type = "cvar-normal", .parameters = "mean:100;sigma:15",
                           .has_min = true, .min = -1e9 };
    struct diag err = { 0 };
    CHECK(cvar_init(&d, &s, &err) == 0, "cvar_init: %s", err.msg);
    check_moments(&d, 100, 15, 0.02);
}

/* Defaults N(0,1) with min 0: E[max(Z,0)] = 1/sqrt(2 pi), Var = 1/2 - 1/(2 pi). */
static void test_cvar_normal_defaults_clamped_at_0_have_mean_0_399_std_0_584(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-normal", NULL))
        return;
    struct moments m = check_moments(&d, 1 / sqrt(2 * PI), sqrt(0.5 - 1 / (2 * PI)), 0.02);
    CHECK(m.min == 0, "smallest sample %g, want 0 (clamped)", m.min);
}

static void test_cvar_lognormal_shape_0_5_scale_1_has_mean_3_080_std_1_642(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-lognormal", "shape:0.5;scale:1"))
        return;
    double mean = exp(1 + 0.125);
    check_moments(&d, mean, mean * sqrt(exp(0.25) - 1), 0.02);
    check_dist_mean(&d, mean);
}

static void test_cvar_lognormal_defaults_have_mean_4_482_std_5_874(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-lognormal", NULL))
        return;
    double mean = exp(1.5);
    /* Excess kurtosis ~111: the sample sd has a ~1.7% standard error. */
    check_moments(&d, mean, mean * sqrt(exp(1.0) - 1), 0.06);
}

static void test_cvar_exponential_mean_250_has_std_250(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-exponential", "mean:250"))
        return;
    check_moments(&d, 250, 250, 0.02);
    check_dist_mean(&d, 250);
}

static void test_cvar_erlang_shape_4_rate_100_has_mean_100_std_50(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-erlang", "shape:4;rate:100"))
        return;
    check_moments(&d, 100, 50, 0.02);
    check_dist_mean(&d, 100);
}

static void test_cvar_erlang_defaults_are_exponential_mean_1(void)
{
    struct dist d;
    if (cvar_ok(&d, "cvar-erlang", NULL))
        check_moments(&d, 1, 1, 0.02);
}

static void test_cvar_triangular_0_30_mode_10_has_mean_13_333_std_6_236(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-triangular", "lower:0;upper:30;mode:10"))
        return;
    struct moments m = check_moments(&d, 40.0 / 3, sqrt(700.0 / 18), 0.02);
    CHECK(m.min >= 0 && m.max <= 30, "range [%g, %g] not within [0, 30]", m.min, m.max);
    check_dist_mean(&d, 40.0 / 3);
}

static void test_cvar_triangular_defaults_have_mean_0_5_std_0_204(void)
{
    struct dist d;
    if (cvar_ok(&d, "cvar-triangular", NULL))
        check_moments(&d, 0.5, sqrt(0.75 / 18), 0.02);
}

static void test_cvar_weibull_shape_2_scale_10_has_mean_8_862_std_4_633(void)
{
    struct dist d;
    if (!cvar_ok(&d, "cvar-weibull", "shape:2;scale:10"))
        return;
    double g1 = tgamma(1.5);
    check_moments(&d, 10 * g1, 10 * sqrt(1 - g1 * g1), 0.02);
    check_dist_mean(&d, 10 * g1);
}

static void test_cvar_weibull_defaults_are_exponential_mean_1(void)
{
    struct dist d;
    if (cvar_ok(&d, "cvar-weibull", NULL))
        check_moments(&d, 1, 1, 0.02);
}

/* Guards the moment tests above: a new table row needs a test here too. */
static void test_cvar_table_lists_the_8_tested_types_with_summaries(void)
{
    static const char *const tested[] = { "cvar-uniform", "cvar-gamma", "cvar-normal",
        "cvar-lognormal", "cvar-exponential", "cvar-erlang", "cvar-triangular", "cvar-weibull" };
    CHECK(cvar_ntypes == 8, "cvar_ntypes %zu, want 8", cvar_ntypes);
    for (size_t i = 0; i < cvar_ntypes && i < 8; i++) {
        const struct cvar_type *ty = &cvar_types[i];
        CHECK(strcmp(ty->name, tested[i]) == 0, "row %zu is %s, want %s", i, ty->name, tested[i]);
        CHECK(ty->summary && *ty->summary && ty->nparams > 0 && ty->nparams <= CVAR_PARAM_MAX,
              "%s: missing summary or bad parameter count", ty->name);
    }
}

/* ---- cvar: rounding, clamping, parsing, errors -------------------------- */

static double first_sample(const struct dist *d)
{
    struct rng r;
    rng_seed(&r, 1);
    return dist_sample(d, &r);
}

static void test_cvar_round_1000_truncates_then_ties_go_down(void)
{
    static const struct { const char *params; double want; } cases[] = {
        { "lower:2500;upper:2500.9", 2000 },   /* truncated to 2500: a tie, goes down */
        { "lower:2501;upper:2501",   3000 },
        { "lower:1499.7;upper:1499.7", 1000 },
        { "lower:3999.99;upper:3999.99", 4000 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct dist d;
        struct cvar_spec s = { .type = "cvar-uniform", .parameters = cases[i].params,
                               .has_round = true, .round = 1000 };
        struct diag err = { 0 };
        if (cvar_init(&d, &s, &err)) {
            CHECK(false, "cvar_init(%s): %s", cases[i].params, err.msg);
            continue;
        }
        double x = first_sample(&d);
        CHECK(x == cases[i].want, "%s rounded to %g, want %g", cases[i].params, x, cases[i].want);
    }
}

static void test_cvar_min_5_max_10_clamps_uniform_0_20(void)
{
    struct dist d;
    struct cvar_spec s = { .type = "cvar-uniform", .parameters = "lower:0;upper:20",
                           .has_min = true, .min = 5, .has_max = true, .max = 10 };
    struct diag err = { 0 };
    if (cvar_init(&d, &s, &err)) {
        CHECK(false, "cvar_init: %s", err.msg);
        return;
    }
    struct rng r;
    long at5 = 0, at10 = 0, outside = 0;
    rng_seed(&r, SEED);
    for (int i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        at5 += x == 5;
        at10 += x == 10;
        outside += x < 5 || x > 10;
    }
    CHECK(outside == 0, "%ld samples outside [5, 10]", outside);
    CHECK_NEAR("share clamped to 5", (double)at5 / N_SAMPLES, 0.25, 0.01);
    CHECK_NEAR("share clamped to 10", (double)at10 / N_SAMPLES, 0.5, 0.01);
    check_dist_mean(&d, 10);   /* raw mean 10 lies inside [5, 10] */
}

static void test_cvar_type_without_prefix_and_blank_items_are_accepted(void)
{
    struct dist d;
    if (cvar_ok(&d, "gamma", " mean: 100 ;;gamma:2;"))
        check_dist_mean(&d, 100);
    CHECK(strcmp(dist_describe(&d), "custom variable") == 0, "describe '%s'", dist_describe(&d));
    CHECK(dist_seed(&d) == 0, "cvar seed %llu, want 0", (unsigned long long)dist_seed(&d));
}

static void test_cvar_parameter_errors_name_the_type_and_parameter(void)
{
    static const struct { const char *type, *params, *want; } cases[] = {
        { "cvar-foo", NULL, "unknown cvar type 'cvar-foo' (known: cvar-uniform, cvar-gamma," },
        { "cvar-foo", NULL, "cvar-weibull)" },
        { NULL, NULL, "cvar: type is required" },
        { "cvar-gamma", "sigma:3", "cvar-gamma: unsupported parameter 'sigma' (supported: mean, gamma)" },
        { "cvar-gamma", "mean", "cvar-gamma: parameter 'mean' has no value" },
        { "cvar-gamma", "mean: ", "cvar-gamma: parameter 'mean' has no value" },
        { "cvar-gamma", "mean:abc", "cvar-gamma: parameter 'mean': 'abc' is not a finite number" },
        { "cvar-gamma", "mean:12k", "'12k' is not a finite number" },
        { "cvar-gamma", "mean:inf", "'inf' is not a finite number" },
        { "cvar-gamma", ":5", "cvar-gamma: parameter ':5' has an empty name" },
        { "cvar-gamma", "gamma:0", "cvar-gamma: gamma must not be 0" },
        { "cvar-gamma", "gamma:-1", "cvar-gamma: gamma must be > 0" },
        { "cvar-lognormal", "shape:-1", "cvar-lognormal: shape must be >= 0 (got -1)" },
        { "cvar-lognormal", "scale:-2", "cvar-lognormal: scale must be >= 0" },
        { "cvar-exponential", "mean:-1", "cvar-exponential: mean must be >= 0" },
        { "cvar-erlang", "shape:1.5", "cvar-erlang: shape must be a whole number >= 1" },
        { "cvar-erlang", "shape:0", "cvar-erlang: shape must be a whole number >= 1" },
        { "cvar-erlang", "rate:-1", "cvar-erlang: rate must be >= 0" },
        { "cvar-triangular", "lower:5;upper:1", "cvar-triangular: upper (1) must be >= lower (5)" },
        { "cvar-triangular", "mode:2", "cvar-triangular: mode (2) must lie within" },
        { "cvar-weibull", "shape:0", "cvar-weibull: shape must be > 0" },
        { "cvar-weibull", "scale:-1", "cvar-weibull: scale must be >= 0" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct diag err = { 0 };
        CHECK_ERROR(cvar_err(cases[i].type, cases[i].params, &err), err, cases[i].want);
    }
}

static void test_cvar_bad_bounds_are_rejected(void)
{
    struct dist d;
    struct diag err = { 0 };
    struct cvar_spec s = { .type = "cvar-uniform", .has_min = true, .min = 10,
                           .has_max = true, .max = 5 };
    CHECK_ERROR(cvar_init(&d, &s, &err), err, "cvar-uniform: min (10) must be <= max (5)");
    s = (struct cvar_spec){ .type = "cvar-uniform", .has_round = true, .round = -3 };
    CHECK_ERROR(cvar_init(&d, &s, &err), err, "cvar-uniform: round must be >= 0");
}

static void test_cvar_same_seed_gives_same_samples_for_every_type(void)
{
    for (size_t i = 0; i < cvar_ntypes; i++) {
        struct dist d;
        if (!cvar_ok(&d, cvar_types[i].name, NULL))
            continue;
        struct rng a, b;
        bool same = true;
        rng_seed(&a, 5);
        rng_seed(&b, 5);
        for (int k = 0; k < 1000; k++)
            same = same && dist_sample(&d, &a) == dist_sample(&d, &b);
        CHECK(same, "%s diverged for the same seed", cvar_types[i].name);
    }
}

/* ---- runner ------------------------------------------------------------- */

static void test_buckets_4k_30_64k_50_1m_20_draw_only_those_sizes_in_those_shares(void)
{
    struct buckets_spec s = { 3, { { 4096, PCT(30) }, { 65536, PCT(50) }, { 1048576, PCT(20) } } };
    struct dist d;
    size_t bad = 99;
    struct diag err = { 0 };
    CHECK(buckets_init(&d, &s, &bad, &err) == 0, "init failed: %s", err.msg);
    CHECK_NEAR("mean", dist_mean(&d), 0.3 * 4096 + 0.5 * 65536 + 0.2 * 1048576, 1e-6);
    CHECK(strcmp(dist_describe(&d), "bucket list") == 0, "describe: %s", dist_describe(&d));
    struct rng r;
    rng_seed(&r, SEED);
    int n[3] = { 0, 0, 0 }, other = 0;
    for (int i = 0; i < N_SAMPLES; i++) {
        double v = dist_sample(&d, &r);
        int k = v == 4096 ? 0 : v == 65536 ? 1 : v == 1048576 ? 2 : -1;
        if (k < 0)
            other++;
        else
            n[k]++;
    }
    CHECK(other == 0, "%d samples were none of the sizes", other);
    const double p[3] = { 0.3, 0.5, 0.2 };
    for (int k = 0; k < 3; k++)
        CHECK_NEAR("bucket count", n[k], N_SAMPLES * p[k], 3 * sqrt(N_SAMPLES * p[k] * (1 - p[k])));
}

static void test_buckets_zero_percent_bucket_is_never_drawn(void)
{
    struct buckets_spec s = { 3, { { 1, 0 }, { 2, PCT(100) }, { 3, 0 } } };
    struct dist d;
    size_t bad;
    struct diag err = { 0 };
    CHECK(buckets_init(&d, &s, &bad, &err) == 0, "init failed: %s", err.msg);
    struct rng r;
    rng_seed(&r, SEED);
    int others = 0;
    for (int i = 0; i < N_SAMPLES; i++)
        others += dist_sample(&d, &r) != 2;
    CHECK(others == 0, "%d samples of a 0%% bucket", others);
}

static void test_buckets_bad_lists_are_rejected_naming_the_bucket_or_the_list(void)
{
    struct dist d;
    size_t bad = 99;
    struct diag err = { 0 };
    struct buckets_spec total90 = { 2, { { 4096, PCT(40) }, { 8192, PCT(50) } } };
    CHECK_ERROR(buckets_init(&d, &total90, &bad, &err), err, "total 90%");
    CHECK(bad == 2, "the whole list is at fault (bad %zu, want 2)", bad);
    struct buckets_spec over = { 2, { { 4096, 0 }, { 8192, PCT(130) } } };
    CHECK_ERROR(buckets_init(&d, &over, &bad, &err), err, "at most 100 (got 130)");
    CHECK(bad == 1, "the second bucket is at fault (bad %zu)", bad);
    struct buckets_spec none = { 0 };
    CHECK_ERROR(buckets_init(&d, &none, &bad, &err), err, "at least one");
    struct buckets_spec frac = { 2, { { 4096, PCT(12.5) }, { 8192, PCT(87.25) } } };
    CHECK_ERROR(buckets_init(&d, &frac, &bad, &err), err, "total 99.75%");
    struct buckets_spec over_frac = { 1, { { 4096, PCT(100.5) } } };
    CHECK_ERROR(buckets_init(&d, &over_frac, &bad, &err), err, "at most 100 (got 100.5)");
}

/* buckets(4k:12.5,8k:87.5): the shares are exact, the mean is exactly 7680, and
 * the draw below 12,500,000 (of 100,000,000) is the last one that picks 4k. */
static void test_buckets_4k_12_5_8k_87_5_split_the_draws_at_exactly_12_500_000(void)
{
    struct buckets_spec s = { 2, { { 4096, PCT(12.5) }, { 8192, PCT(87.5) } } };
    struct dist d;
    size_t bad;
    struct diag err = { 0 };
    CHECK(buckets_init(&d, &s, &bad, &err) == 0, "init failed: %s", err.msg);
    CHECK(dist_mean(&d) == 7680.0, "mean %.17g, want exactly 7680", dist_mean(&d));
    CHECK(d.buckets.n == 2 && d.buckets.cum[0] == 12500000 && d.buckets.cum[1] == 100000000,
          "table %zu: %llu %llu", d.buckets.n, (unsigned long long)d.buckets.cum[0], (unsigned long long)d.buckets.cum[1]);
    const uint64_t draws[] = { 0, 12499999, 12500000, 99999999 };
    const size_t want[] = { 0, 0, 1, 1 };
    for (size_t i = 0; i < 4; i++)
        CHECK(weighted_find(d.buckets.cum, d.buckets.n, draws[i]) == want[i], "draw %llu: bucket %zu, want %zu",
              (unsigned long long)draws[i], weighted_find(d.buckets.cum, d.buckets.n, draws[i]), want[i]);
}

/* One picker: a bucket list's sample is the size at weighted_draw's index over
 * its table, draw for draw from the same stream, and a choose composite with
 * the same table picks the same index for the same draw. */
static void test_buckets_and_choose_pick_through_the_one_weighted_picker(void)
{
    struct buckets_spec s = { 3, { { 1, PCT(0.5) }, { 2, PCT(62.5) }, { 3, PCT(37) } } };
    struct dist d;
    size_t bad;
    struct diag err = { 0 };
    CHECK(buckets_init(&d, &s, &bad, &err) == 0, "init failed: %s", err.msg);
    struct plan_op kids[3] = { 0 };
    struct plan_op op = { .children = kids, .nchildren = 3, .choose = true, .choose_total = d.buckets.cum[2],
                          .choose_cum = d.buckets.cum };
    struct rng a, b;
    rng_seed(&a, SEED);
    rng_seed(&b, SEED);
    int differ = 0, n[3] = { 0, 0, 0 };
    for (int i = 0; i < 100000; i++) {
        uint64_t r = rng_below(&b, op.choose_total);
        size_t k = (size_t)(plan_choose_pick(&op, r) - kids);
        differ += dist_sample(&d, &a) != (double)(k + 1);
        n[k]++;
    }
    CHECK(differ == 0, "%d of 100000 bucket draws differ from the choose pick", differ);
    CHECK(n[0] > 0 && n[0] < 1000, "the 0.5%% bucket drawn %d times of 100000", n[0]);
}

/* Weights 0, 5, 0, 3, 0: draws 0..4 pick child 1, 5..7 child 3; the others never. */
static void test_choose_pick_skips_weight_0_children_at_every_position(void)
{
    struct plan_op kids[5] = { 0 };
    uint64_t cum[5] = { 0, 5, 5, 8, 8 };
    struct plan_op op = { .children = kids, .nchildren = 5, .choose = true, .choose_total = 8, .choose_cum = cum };
    for (uint64_t r = 0; r < 8; r++) {
        size_t want = r < 5 ? 1 : 3;
        size_t got = (size_t)(plan_choose_pick(&op, r) - kids);
        CHECK(got == want, "draw %llu picked child %zu, want %zu", (unsigned long long)r, got, want);
    }
    struct plan_op one = { .children = kids, .nchildren = 1, .choose = true, .choose_total = 1, .choose_cum = cum + 1 };
    CHECK(plan_choose_pick(&one, 0) == kids, "a single child is always picked");
}

/* Tables of 1 to 20 entries (scanned up to WEIGHTED_SCAN, halved above),
 * weights 0 to 3 drawn: every draw below the total finds the first entry whose
 * cumulative weight is above it, as the definition says. */
static void test_weighted_find_scan_and_halving_find_the_first_entry_above_the_draw(void)
{
    struct rng g;
    rng_seed(&g, SEED);
    int wrong = 0;
    for (size_t n = 1; n <= 20; n++)
        for (int round = 0; round < 20; round++) {
            uint64_t w[20], cum[20];
            for (size_t i = 0; i < n; i++)
                w[i] = rng_below(&g, 4);
            w[n - 1] += 1; /* a total above 0 */
            uint64_t total = weighted_table(cum, w, n);
            for (uint64_t r = 0; r < total; r++) {
                size_t want = 0;
                while (cum[want] <= r)
                    want++;
                wrong += weighted_find(cum, n, r) != want;
            }
        }
    CHECK(wrong == 0, "%d draws found another entry than the first above them", wrong);
}

#define TEST(fn) { #fn, fn }
static const struct { const char *name; void (*fn)(void); } tests[] = {
    TEST(test_rng_same_seed_gives_same_sequence),
    TEST(test_rng_different_seeds_give_different_sequences),
    TEST(test_rng_unit_is_in_0_1_with_mean_0_5_and_std_0_2887),
    TEST(test_rng_below_10_is_in_range_and_passes_chi_square),
    TEST(test_rng_below_0_and_1_return_0),
    TEST(test_rng_below_3_times_2_pow_62_is_unbiased),
    TEST(test_rng_below_max_is_in_range),
    TEST(test_uniform_min_100_mean_1100_has_std_577_and_range_100_2100),
    TEST(test_uniform_without_mean_is_always_0),
    TEST(test_uniform_min_minus_100_mean_0_is_clamped_at_0_with_mean_25),
    TEST(test_gamma_shape_1_5_mean_16384_has_std_13377),
    TEST(test_gamma_shape_0_5_mean_1000_has_std_1414),
    TEST(test_gamma_min_1000_mean_5000_shape_2_has_std_2828_and_nothing_below_min),
    TEST(test_gamma_without_gamma_uses_shape_1_5),
    TEST(test_gamma_100_without_mean_has_mean_0_1_and_rounds_mostly_to_0),
    TEST(test_tabular_without_min_reproduces_its_ranges_and_row_proportions),
    TEST(test_tabular_point_rows_1k_2k_give_exactly_1024_and_2048),
    TEST(test_tabular_point_rows_1k_2k_with_min_0_give_0_and_3072),
    TEST(test_tabular_mean_4000_stretches_1000_3000_to_1000_7000),
    TEST(test_tabular_constant_table_gives_min_every_time),
    TEST(test_tabular_percentages_totalling_90_are_rejected_with_the_total),
    TEST(test_tabular_percentages_totalling_110_are_rejected),
    TEST(test_tabular_bad_rows_are_rejected_naming_the_row),
    TEST(test_tabular_without_rows_is_rejected),
    TEST(test_randvar_round_100_gives_multiples_of_100_with_the_same_mean),
    TEST(test_randvar_round_100_takes_250_up_to_300_half_away_from_zero),
    TEST(test_randvar_invalid_specs_are_rejected_with_context),
    TEST(test_randvar_describe_and_seed),
    TEST(test_copied_dist_with_same_seed_gives_same_samples),
    TEST(test_cvar_uniform_lower_10_upper_20_has_mean_15_std_2_887),
    TEST(test_cvar_uniform_defaults_have_mean_0_5),
    TEST(test_cvar_gamma_defaults_have_mean_4096_std_3344),
    TEST(test_cvar_gamma_mean_16384_gamma_0_5_has_std_23170),
    TEST(test_cvar_normal_mean_100_sigma_15_has_std_15),
    TEST(test_cvar_normal_defaults_clamped_at_0_have_mean_0_399_std_0_584),
    TEST(test_cvar_lognormal_shape_0_5_scale_1_has_mean_3_080_std_1_642),
    TEST(test_cvar_lognormal_defaults_have_mean_4_482_std_5_874),
    TEST(test_cvar_exponential_mean_250_has_std_250),
    TEST(test_cvar_erlang_shape_4_rate_100_has_mean_100_std_50),
    TEST(test_cvar_erlang_defaults_are_exponential_mean_1),
    TEST(test_cvar_triangular_0_30_mode_10_has_mean_13_333_std_6_236),
    TEST(test_cvar_triangular_defaults_have_mean_0_5_std_0_204),
    TEST(test_cvar_weibull_shape_2_scale_10_has_mean_8_862_std_4_633),
    TEST(test_cvar_weibull_defaults_are_exponential_mean_1),
    TEST(test_cvar_table_lists_the_8_tested_types_with_summaries),
    TEST(test_cvar_round_1000_truncates_then_ties_go_down),
    TEST(test_cvar_min_5_max_10_clamps_uniform_0_20),
    TEST(test_cvar_type_without_prefix_and_blank_items_are_accepted),
    TEST(test_cvar_parameter_errors_name_the_type_and_parameter),
    TEST(test_cvar_bad_bounds_are_rejected),
    TEST(test_cvar_same_seed_gives_same_samples_for_every_type),
    TEST(test_buckets_4k_30_64k_50_1m_20_draw_only_those_sizes_in_those_shares),
    TEST(test_buckets_zero_percent_bucket_is_never_drawn),
    TEST(test_buckets_bad_lists_are_rejected_naming_the_bucket_or_the_list),
    TEST(test_choose_pick_skips_weight_0_children_at_every_position),
    TEST(test_weighted_find_scan_and_halving_find_the_first_entry_above_the_draw),
    TEST(test_buckets_4k_12_5_8k_87_5_split_the_draws_at_exactly_12_500_000),
    TEST(test_buckets_and_choose_pick_through_the_one_weighted_picker),
};

int main(void)
{
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        check_begin(tests[i].name);
        tests[i].fn();
    }
    return check_summary();
}
