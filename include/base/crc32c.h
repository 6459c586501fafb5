/* crc32c.h: CRC-32C (Castagnoli), the checksum of verify's block headers:
 * the SSE4.2 crc32 instruction where the CPU has it, a table otherwise. */
#ifndef FLOWBENCH_CRC32C_H
#define FLOWBENCH_CRC32C_H

#include <stddef.h>
#include <stdint.h>

/* The CRC-32C of n bytes at p, continuing from crc (0 to start):
 * crc32c(0, "123456789", 9) is 0xE3069283. */
uint32_t crc32c(uint32_t crc, const void *p, size_t n);
/* The same through the table alone (what crc32c does without SSE4.2); for tests. */
uint32_t crc32c_table(uint32_t crc, const void *p, size_t n);

#endif
