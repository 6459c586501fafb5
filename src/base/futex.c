/* futex.c: the futex system call on words of the shared region, for the
 * engine's run flags and semaphores and the filesets' busy-entry waits. */
#include "base/futex.h"

#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

void fb_futex_wait(_Atomic uint32_t *word, uint32_t expect, uint64_t timeout_ns)
{
    struct timespec ts = { (time_t)(timeout_ns / 1000000000u), (long)(timeout_ns % 1000000000u) };
    /* Not FUTEX_PRIVATE: the word lives in memory shared by several processes. */
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expect, &ts, NULL, 0);
}

void fb_futex_wait_until(_Atomic uint32_t *word, uint32_t expect, uint64_t deadline_ns)
{
    struct timespec ts = { (time_t)(deadline_ns / 1000000000u), (long)(deadline_ns % 1000000000u) };
    /* FUTEX_WAIT_BITSET takes an absolute CLOCK_MONOTONIC deadline: no drift from
     * the time between reading the clock and sleeping. */
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_BITSET, expect, &ts, NULL, FUTEX_BITSET_MATCH_ANY);
}

void fb_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}
