/* memop.h: a test on a word in memory in one instruction, for the worker's
 * loop: GCC 12 loads, changes and stores back where x86-64 has one
 * instruction that sets the flags (a `decl` on memory; a `cmpl` with a memory
 * operand), two instructions more per op for each. Other targets: plain C. */
#ifndef FB_BASE_MEMOP_H
#define FB_BASE_MEMOP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* --*c == 0, *c being written by this thread alone. */
static inline bool memop_dec_hits_zero(unsigned *c)
{
#if defined(__x86_64__)
    bool z;
    __asm__("decl %0" : "+m"(*c), "=@ccz"(z));
    return z;
#else
    return --*c == 0;
#endif
}

/* A relaxed load of *p compared with v: a plain load on x86-64, as the
 * atomic's; volatile, so that it is read each time, as a loop's stop flag must be. */
static inline bool memop_equals(_Atomic uint32_t *p, uint32_t v)
{
#if defined(__x86_64__)
    bool z;
    __asm__ volatile("cmpl %2, %1" : "=@ccz"(z) : "m"(*p), "ri"(v));
    return z;
#else
    return atomic_load_explicit(p, memory_order_relaxed) == v;
#endif
}

/* *p != 0, a byte this thread reads alone: one `cmpb` with memory where GCC
 * loads it into a register and tests that (op_done's test of its records). */
static inline bool memop_byte_set(const unsigned char *p)
{
#if defined(__x86_64__)
    bool nz;
    __asm__("cmpb $0, %1" : "=@ccnz"(nz) : "m"(*p));
    return nz;
#else
    return *p != 0;
#endif
}

#endif
