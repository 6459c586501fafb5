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

void fb_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}
