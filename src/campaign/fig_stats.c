/* fig_stats.c: the statistics of a figure over a point's repeats: mean, sample
 * standard deviation and the 95% confidence interval of the mean (Student's t). */
#include <math.h>
#include <stddef.h>

#include "campaign/campaign_run.h"

/* t(0.975, df) for df = 1..30; beyond, the normal approximation's expansion. */
static const double t975[30] = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
    2.120,  2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
};

static double t_quantile(size_t df)
{
    if (df >= 1 && df <= 30)
        return t975[df - 1];
    const double z = 1.959964, d = (double)df;
    return z + (z * z * z + z) / (4 * d) + (5 * pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * d * d);
}

struct fig_stats fig_stats_of(const double *v, size_t n)
{
    struct fig_stats s = { 0 };
    if (n == 0)
        return s;
    for (size_t i = 0; i < n; i++)
        s.mean += v[i];
    s.mean /= (double)n;
    if (n < 2)
        return s;
    double ss = 0;
    for (size_t i = 0; i < n; i++)
        ss += (v[i] - s.mean) * (v[i] - s.mean);
    s.stddev = sqrt(ss / (double)(n - 1));
    s.ci95 = t_quantile(n - 1) * s.stddev / sqrt((double)n);
    return s;
}
