/* test_pace_steps.c: a linear open-loop schedule kept by steps (pace.c) is
 * due exactly when the division says: pass k at go + k * 1e9 / rate. */
#include <inttypes.h>
#include <stdint.h>

#include "engine/pace.h"
#include "check.h"

/* The passes a schedule of rate per second from go has due before stop, by
 * its steps (pace_clock_due_before) and by one division (pace_intended), at
 * both sides of a pass's due time and between: 2,000 passes of each rate. */
static void test_steps_are_the_division(void)
{
    static const uint64_t rates[] = { 1, 3, 7, 1000, 999983, 1000000, 3000000, 1000000007 };
    const uint64_t go = 123456789;
    int bad = 0;
    for (size_t i = 0; i < sizeof rates / sizeof rates[0]; i++) {
        struct pace_clock c;
        pace_clock_init(&c, RP_LINEAR, go, rates[i], 1, 0, 1);
        for (uint64_t k = 1; k < 2000; k += 1 + k / 64) {
            uint64_t due = pace_due(go, rates[i], k);
            for (uint64_t stop = due - 1; stop <= due + 1; stop++) {
                uint64_t steps = pace_clock_due_before(&c, 0, stop), div = pace_intended(go, rates[i], stop);
                if (steps != div && bad++ < 5)
                    CHECK(false, "rate %" PRIu64 ", stop %" PRIu64 ": %" PRIu64 " passes by steps, %" PRIu64
                          " by division", rates[i], stop, steps, div);
            }
        }
    }
    CHECK(bad == 0, "the steps' due times are the division's (%d not)", bad);
}

int main(void)
{
    test_steps_are_the_division();
    return check_summary();
}
