/* futex.h: sleeping on and waking a 32-bit word in memory shared between
 * processes (so never FUTEX_PRIVATE_FLAG). */
#ifndef FB_FUTEX_H
#define FB_FUTEX_H

#include <stdatomic.h>
#include <stdint.h>

/* Sleeps while *word == expect, at most timeout_ns; returns on any wake,
 * signal, timeout or changed word: callers re-check their condition. */
void fb_futex_wait(_Atomic uint32_t *word, uint32_t expect, uint64_t timeout_ns);
/* The same until deadline_ns on CLOCK_MONOTONIC (clock_ns()). */
void fb_futex_wait_until(_Atomic uint32_t *word, uint32_t expect, uint64_t deadline_ns);
/* Wakes every thread sleeping on word, in any process. */
void fb_futex_wake(_Atomic uint32_t *word);

#endif
