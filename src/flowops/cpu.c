/* cpu.c: flowops that spend time without I/O: hog (CPU), delay (sleep) and
 * compute (a sleep counted as accelerator compute time). */
#include <errno.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "flowops/flowop.h"
#include "engine/op_io.h"
#include "engine/sync.h"
#include "engine/worker.h"

/* The longest delay sleeps at a time before looking at the run's stop flag. */
#define DELAY_SLICE_NS 100000000ull
/* The end of a compute step polled rather than slept: more than a wake-up's lateness. */
#define COMPUTE_SPIN_NS 100000ull

/* Stores a byte value times into thread memory (a 1-byte private buffer when
 * the thread has none: classic wrote into a zero-size allocation then). The
 * volatile store keeps the compiler from folding the loop away. */
static int hog_run(struct worker *w, struct op_inst *op)
{
    uint64_t n = param_u64(&op->op->value, &w->rng);
    volatile char *p = w->mem != NULL && w->memsize > 0 ? w->mem : op_buffer(w, op, 1);
    if (p == NULL)
        return op_fail(w, op, "out of memory for its 1-byte buffer");
    /* [classic] the loop runs to its end, past the run's end if need be: recorded for the report's note */
    op_long_begin(w, op);
    uint64_t t0 = op_now(w);
    for (uint64_t i = 0; i < n; i++)
        *p = (char)i;
    uint64_t t1 = op_now(w);
    op_long_end(w, op);
    op_done(w, op, t0, t1, 0);
    return FO_OK;
}

/* Sleeps `units` of unit_ns against an absolute deadline (no drift across
 * slices), in slices so a stopping run is noticed: FO_DONE then, the sleep
 * uncounted. The last spin_ns are spent polling the clock instead: a
 * wake-up comes tens of microseconds late, which a millisecond step cannot
 * afford. */
static int sleep_units(struct worker *w, struct op_inst *op, uint64_t unit_ns, uint64_t spin_ns)
{
    uint64_t n = param_u64(&op->op->value, &w->rng);
    uint64_t t0 = clock_ns();
    uint64_t end = n > (UINT64_MAX - t0) / unit_ns ? UINT64_MAX : t0 + n * unit_ns;
    uint64_t doze = end - t0 > spin_ns ? end - spin_ns : t0;
    for (uint64_t now = t0; now < end; now = clock_ns()) {
        if (worker_stopping(w))
            return FO_DONE;
        if (now >= doze)
            continue;
        uint64_t wake = doze - now > DELAY_SLICE_NS ? now + DELAY_SLICE_NS : doze;
        struct timespec ts = { (time_t)(wake / 1000000000u), (long)(wake % 1000000000u) };
        int rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
        if (rc != 0 && rc != EINTR)
            return op_fail(w, op, "cannot sleep (clock_nanosleep): %s", strerror(rc));
    }
    op_done_ns(w, op, clock_ns() - t0, 0);
    return FO_OK;
}

static int delay_run(struct worker *w, struct op_inst *op)
{
    return sleep_units(w, op, 1000000000u, 0);
}

/* An accelerator's step, emulated by sleeping (the host CPU is free meanwhile,
 * as MLPerf Storage emulates it); its time is the run's compute time. */
static int compute_run(struct worker *w, struct op_inst *op)
{
    return sleep_units(w, op, 1000u, COMPUTE_SPIN_NS);
}

/* The thread's timer slack down from 50 us to 1 ns, so the sleep before the
 * spin ends when asked; a refusal only costs precision. */
static int compute_init(struct worker *w, struct op_inst *op)
{
    (void)w;
    (void)op;
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
    return FO_OK;
}

const struct flowop_hooks flowop_hog_hooks = { .run = hog_run };

const struct flowop_hooks flowop_delay_hooks = { .run = delay_run };

const struct flowop_hooks flowop_compute_hooks = { .run = compute_run, .init = compute_init };
