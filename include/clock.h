/* clock.h: the clocks of the hot path: a monotonic nanosecond clock (vDSO, no syscall). */
#ifndef FB_CLOCK_H
#define FB_CLOCK_H

#include <stdint.h>
#include <time.h>

static inline uint64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#endif
