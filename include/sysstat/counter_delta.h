/* counter_delta.h: how far a kernel counter moved between two readings. */
#ifndef FB_COUNTER_DELTA_H
#define FB_COUNTER_DELTA_H

#include <stdint.h>

/* b - a, 0 when the counter went back (a CPU taken offline drops its ticks, a
 * device removed and added again starts its counts over). */
static inline double counter_delta(uint64_t a, uint64_t b)
{
    return b > a ? (double)(b - a) : 0;
}

#endif
