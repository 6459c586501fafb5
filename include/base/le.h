/* le.h: little-endian loads and stores of the on-disk formats (verify's block
 * headers, the durability journal), the same bytes on every host. */
#ifndef FLOWBENCH_LE_H
#define FLOWBENCH_LE_H

#include <stdint.h>
#include <string.h>

static inline uint32_t le32(uint32_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap32(v);
#endif
    return v;
}

static inline uint64_t le64(uint64_t v)
{
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_bswap64(v);
#endif
    return v;
}

static inline void put32(char *p, uint32_t v) { v = le32(v); memcpy(p, &v, sizeof v); }
static inline void put64(char *p, uint64_t v) { v = le64(v); memcpy(p, &v, sizeof v); }
static inline uint32_t get32(const char *p) { uint32_t v; memcpy(&v, p, sizeof v); return le32(v); }
static inline uint64_t get64(const char *p) { uint64_t v; memcpy(&v, p, sizeof v); return le64(v); }

#endif
