/* data.h: the bytes writes carry: a pattern (random by default, zeros, or
 * repeated bytes) laid into a buffer once, and a cheap per-write stamp that
 * keeps each 4 KiB block of random data unique (or, for dedupe, repeated). */
#ifndef FLOWBENCH_DATA_H
#define FLOWBENCH_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/rng.h"

struct diag;

#define DATA_BLOCK 4096u     /* the unit compress, dedupe and stamps work on */
#define DATA_MAX_BYTES 32    /* longest 0xHEX pattern, in bytes */

enum data_kind { DATA_RANDOM, DATA_ZERO, DATA_BYTES };

struct data_pattern {
    enum data_kind kind;
    uint8_t compress;        /* percent of each block left as zeros (random only) */
    uint8_t dedupe;          /* percent of blocks that repeat an earlier one (random only) */
    uint8_t len;             /* DATA_BYTES: bytes in the pattern */
    uint8_t bytes[DATA_MAX_BYTES];
};

/* "random", "zero" or "0x" and an even number (2..64) of hex digits; 0 or -1
 * with err set, without a location (its caller has it). */
int data_pattern_parse(const char *s, struct data_pattern *out, struct diag *err);

/* Lays the pattern over buf; random bytes come from r. */
void data_fill(const struct data_pattern *p, struct rng *r, char *buf, size_t len);

/* A dedupe block: the same bytes wherever and whenever it is written (the
 * block regenerated from one fixed seed, as fio does). Out of line: only
 * dedupe= calls it. */
void data_repeat_block(const struct data_pattern *p, char *blk, size_t len);

/* data_stamp with a dedupe share, out of line: only dedupe= takes it. */
void data_stamp_dedupe(const struct data_pattern *p, struct rng *r, char *buf, size_t len);

/* Before each write of random data: the first 8 bytes of every 4 KiB block of
 * buf get a fresh draw, or, for a dedupe share of the blocks, the block
 * becomes the one repeated block. One draw and one store per block: cheap
 * next to the write. Zero and byte patterns are left as laid. */
static inline void data_stamp(const struct data_pattern *p, struct rng *r, char *buf, size_t len)
{
    if (p->kind != DATA_RANDOM)
        return;
    if (p->dedupe != 0) {
        data_stamp_dedupe(p, r, buf, len);
        return;
    }
    struct rng k = *r; /* in registers: a store into buf could be one into *r, for all the compiler knows */
    for (size_t at = 0; at < len; at += DATA_BLOCK) {
        uint64_t v = rng_next(&k);
        if (__builtin_expect(len - at >= sizeof v, 1))
            memcpy(buf + at, &v, sizeof v);
        else
            memcpy(buf + at, &v, len - at); /* a last block shorter than the stamp */
    }
    *r = k;
}

#endif
