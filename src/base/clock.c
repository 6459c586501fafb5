/* clock.c: choosing the clock of the measured calls (the TSC where the
 * kernel trusts it, else the vDSO) and calibrating the TSC against CLOCK_MONOTONIC. */
#include <stdio.h>
#include <string.h>

#include "base/clock.h"
#include "base/diag.h"

/* The TSC refused for why: auto goes on with the vDSO (0), tsc asked for is an error. */
static int vdso_instead(enum clock_source want, struct diag *err, const char *why)
{
    return want == CLOCK_AUTO ? 0 : diag_set(err, NULL, "%s", why);
}

#if defined(__x86_64__)

#define CLOCKSOURCE "/sys/devices/system/clocksource/clocksource0/current_clocksource"
#define CALIBRATION_NS 2000000u

/* The kernel switches away from the TSC when it finds it unstable or out of
 * step between CPUs; while it keeps time with it, so can we. */
static bool kernel_uses_tsc(void)
{
    char name[64] = "";
    FILE *f = fopen(CLOCKSOURCE, "re");
    if (f == NULL)
        return false;
    bool ok = fgets(name, sizeof name, f) != NULL && strcmp(name, "tsc\n") == 0;
    fclose(f);
    return ok;
}

/* A (ns, tsc) pair read as close together as the machine allows: of a few
 * tries, the one whose two clock readings are nearest, its tsc at the midpoint. */
static void pair(uint64_t *ns, uint64_t *tsc)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 8; i++) {
        uint64_t a = clock_ns(), t = __builtin_ia32_rdtsc(), b = clock_ns();
        if (b - a < best) {
            best = b - a;
            *ns = a + (b - a) / 2;
            *tsc = t;
        }
    }
}

void tick_clock_mark(struct tick_mark *m)
{
    pair(&m->ns, &m->tsc);
}

static int calibrate(struct tick_clock *c, const struct tick_mark *m)
{
    uint64_t ns = 0, tsc = 0;
    while (clock_ns() - m->ns < CALIBRATION_NS)
        ;
    pair(&ns, &tsc);
    if (tsc <= m->tsc || ns <= m->ns)
        return -1;
    tick_clock_rate(c, (double)(ns - m->ns) / (double)(tsc - m->tsc));
    /* a counter between 100 MHz and 20 GHz, or something is wrong */
    return c->ns_per_tick > 0.05 && c->ns_per_tick < 10.0 ? 0 : -1;
}

/* The TSC if it can be trusted; else 0 with the vDSO (auto) or -1 and err. */
static int choose_tsc(struct tick_clock *c, enum clock_source want, const struct tick_mark *m, struct diag *err)
{
    if (!kernel_uses_tsc())
        return vdso_instead(want, err, "the kernel does not keep time with the TSC (" CLOCKSOURCE " is not tsc), "
                                       "so it is not trusted");
    if (calibrate(c, m) != 0) {
        tick_clock_rate(c, 1.0);
        return vdso_instead(want, err, "the TSC failed its calibration against CLOCK_MONOTONIC");
    }
    c->tsc = true;
    c->name = "tsc";
    return 0;
}

#else

void tick_clock_mark(struct tick_mark *m)
{
    m->ns = clock_ns();
    m->tsc = 0;
}

static int choose_tsc(struct tick_clock *c, enum clock_source want, const struct tick_mark *m, struct diag *err)
{
    (void)c;
    (void)m;
    return vdso_instead(want, err, "the TSC clock is available on x86-64 only");
}

#endif

int tick_clock_init(struct tick_clock *c, enum clock_source want, const struct tick_mark *m, struct diag *err)
{
    *c = (struct tick_clock){ .tsc = false, .name = "vdso" };
    tick_clock_rate(c, 1.0);
    if (want == CLOCK_VDSO)
        return 0;
    return choose_tsc(c, want, m, err);
}
