/* data.c: parsing a write pattern and laying it into a buffer; the per-write
 * stamp is inline in data.h. */
#include "base/data.h"
#include "base/diag.h"

#include <stdio.h>

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static int parse_hex(const char *h, struct data_pattern *out, struct diag *err)
{
    size_t n = strlen(h);
    if (n == 0 || n % 2 != 0 || n / 2 > DATA_MAX_BYTES)
        return diag_set(err, NULL, "0x needs an even number of hex digits, 2 to %d", 2 * DATA_MAX_BYTES);
    for (size_t i = 0; i < n; i += 2) {
        int hi = hex_digit(h[i]), lo = hex_digit(h[i + 1]);
        if (hi < 0 || lo < 0)
            return diag_set(err, NULL, "'%c%c' is not a hex byte", h[i], h[i + 1]);
        out->bytes[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    out->len = (uint8_t)(n / 2);
    out->kind = DATA_BYTES;
    return 0;
}

int data_pattern_parse(const char *s, struct data_pattern *out, struct diag *err)
{
    if (strcmp(s, "random") == 0) {
        out->kind = DATA_RANDOM;
        return 0;
    }
    if (strcmp(s, "zero") == 0) {
        out->kind = DATA_ZERO;
        return 0;
    }
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return parse_hex(s + 2, out, err);
    return diag_set(err, NULL, "wants random, zero or 0xHEX, got '%s'", s);
}

/* Each block: its first (100 - compress)% random, the rest zeros. */
static void fill_random(const struct data_pattern *p, struct rng *r, char *buf, size_t len)
{
    size_t keep = (size_t)(DATA_BLOCK * (100u - p->compress) + 99) / 100;
    for (size_t at = 0; at < len; at += DATA_BLOCK) {
        size_t blk = len - at < DATA_BLOCK ? len - at : DATA_BLOCK;
        size_t rnd = keep < blk ? keep : blk;
        for (size_t i = 0; i < rnd; i += 8) {
            uint64_t v = rng_next(r);
            memcpy(buf + at + i, &v, rnd - i < 8 ? rnd - i : 8);
        }
        memset(buf + at + rnd, 0, blk - rnd);
    }
}

void data_fill(const struct data_pattern *p, struct rng *r, char *buf, size_t len)
{
    if (p->kind == DATA_RANDOM) {
        fill_random(p, r, buf, len);
        return;
    }
    if (p->kind == DATA_ZERO) {
        memset(buf, 0, len);
        return;
    }
    for (size_t i = 0; i < len; i++)
        buf[i] = (char)p->bytes[i % p->len];
}

void data_repeat_block(const struct data_pattern *p, char *blk, size_t len)
{
    struct rng r;
    rng_seed(&r, 0x64656475706521u);  /* any fixed seed: "dedupe!" */
    fill_random(p, &r, blk, len);
}

void data_stamp_dedupe(const struct data_pattern *p, struct rng *r, char *buf, size_t len)
{
    for (size_t at = 0; at < len; at += DATA_BLOCK) {
        uint64_t v = rng_next(r);
        /* the top 32 bits pick dedupe (percent) */
        if (((v >> 32) * 100 >> 32) < p->dedupe) {
            data_repeat_block(p, buf + at, len - at < DATA_BLOCK ? len - at : DATA_BLOCK);
            continue;
        }
        memcpy(buf + at, &v, len - at < sizeof v ? len - at : sizeof v);
    }
}
