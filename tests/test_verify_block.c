/* test_verify_block.c: crc32c against the standard vectors (both paths), and
 * verify's block headers: stamped buffers check clean, every kind of damage is
 * found at the right block, and what a read cannot see whole is not judged. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/crc32c.h"
#include "base/verify_block.h"
#include "check.h"

/* A value checked: what it was and should have been (in hex), when it was not. */
#define CHECK_HEX(ok, what, got, want) \
    CHECK(ok, "%s: got 0x%llx, want 0x%llx", what, (unsigned long long)(got), (unsigned long long)(want))

static void crc_vector(const char *name, const void *p, size_t n, uint32_t want)
{
    char what[96];
    snprintf(what, sizeof what, "crc32c %s", name);
    CHECK_HEX(crc32c(0, p, n) == want, what, crc32c(0, p, n), want);
    snprintf(what, sizeof what, "crc32c_table %s", name);
    CHECK_HEX(crc32c_table(0, p, n) == want, what, crc32c_table(0, p, n), want);
}

static void crc_vectors(void)
{
    unsigned char zeros[32] = { 0 }, ones[32], inc[32], dec[32];
    for (int i = 0; i < 32; i++) {
        ones[i] = 0xff;
        inc[i] = (unsigned char)i;
        dec[i] = (unsigned char)(31 - i);
    }
    crc_vector("123456789", "123456789", 9, 0xE3069283u);
    /* RFC 3720 (iSCSI), appendix B.4 */
    crc_vector("32 zeros", zeros, 32, 0x8A9136AAu);
    crc_vector("32 ones", ones, 32, 0x62A8AB43u);
    crc_vector("incrementing", inc, 32, 0x46DD794Eu);
    crc_vector("decrementing", dec, 32, 0x113FDB5Cu);
    crc_vector("empty", "", 0, 0);
    /* continued in pieces (and from an odd address) as in one call */
    char big[10007];
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (char)(i * 131 + 7);
    uint32_t whole = crc32c_table(0, big, sizeof big);
    uint32_t parts = crc32c(crc32c(0, big, 3), big + 3, sizeof big - 3);
    CHECK_HEX(parts == whole, "crc32c in pieces", parts, whole);
}

static const struct vb_file file = { 0x1234abcd, 3 };

static struct vb_tally check_read(const char *buf, uint64_t off, size_t n, const struct vb_file *f)
{
    struct vb_tally t = { 0 };
    vb_check(buf, off, n, f, &t);
    return t;
}

static void blocks(void)
{
    size_t len = 16 * VB_BLOCK + 100;   /* a file of 16 blocks and a 100-byte tail */
    char *buf = malloc(len);
    for (size_t i = 0; i < len; i++)
        buf[i] = (char)(i * 7 + 1);
    vb_stamp(buf, 0, len, &file, 42);
    struct vb_tally t = check_read(buf, 0, len, &file);
    CHECK_HEX(t.verified == 17 && t.failed == 0, "clean file: all 17 blocks verified", t.verified, 17);

    /* a read of part of it: only the blocks whose header it holds */
    t = check_read(buf + 2 * VB_BLOCK, 2 * VB_BLOCK, 4 * VB_BLOCK, &file);
    CHECK_HEX(t.verified == 4 && t.failed == 0, "aligned 16 KiB read: 4 blocks", t.verified, 4);
    t = check_read(buf + 100, 100, 2 * VB_BLOCK, &file);
    CHECK_HEX(t.verified == 1 && t.failed == 0, "unaligned read: the one block it holds whole", t.verified, 1);
    t = check_read(buf, 0, VB_BLOCK + 50, &file);
    CHECK_HEX(t.verified == 1 && t.failed == 0, "header read, data not: not judged", t.verified, 1);

    /* one byte flipped in the middle of block 5: that block, its crc */
    buf[5 * VB_BLOCK + 2000] ^= 0x5a;
    t = check_read(buf, 0, len, &file);
    CHECK_HEX(t.failed == 1 && t.verified == 16, "flipped byte: one bad block", t.failed, 1);
    CHECK_HEX(t.first.kind == VB_BAD_CRC && t.first.at == 5 * VB_BLOCK, "flipped byte: block 5's crc", t.first.at,
          5 * VB_BLOCK);
    buf[5 * VB_BLOCK + 2000] ^= 0x5a;

    /* the magic, the offset (a block read where another should be), the file */
    buf[3 * VB_BLOCK] ^= 1;
    t = check_read(buf, 0, len, &file);
    CHECK_HEX(t.first.kind == VB_NO_MAGIC && t.first.at == 3 * VB_BLOCK, "magic missing", t.first.kind, VB_NO_MAGIC);
    buf[3 * VB_BLOCK] ^= 1;
    t = check_read(buf + VB_BLOCK, 2 * VB_BLOCK, VB_BLOCK, &file);
    CHECK_HEX(t.first.kind == VB_BAD_OFFSET && t.first.found == VB_BLOCK && t.first.expected == 2 * VB_BLOCK,
          "misplaced block: offset in header", t.first.found, VB_BLOCK);
    struct vb_file other = { file.fileset, 4 };
    t = check_read(buf, 0, len, &other);
    CHECK_HEX(t.failed == 17 && t.first.kind == VB_BAD_FILE, "another file's blocks", t.failed, 17);

    char msg[160];
    buf[7 * VB_BLOCK + 900] ^= 1;
    t = check_read(buf, 0, len, &file);
    vb_fault_describe(&t.first, msg, sizeof msg);
    CHECK_HEX(strstr(msg, "crc32c 0x") != NULL && strstr(msg, ", expected 0x") != NULL, "crc message", 0, 0);
    free(buf);

    /* a tail of fewer than VB_HDR bytes gets no header; a write of whole blocks
     * at an aligned offset stamps only its own blocks */
    char small[VB_BLOCK + 20];
    memset(small, 0x33, sizeof small);
    vb_stamp(small, 0, sizeof small, &file, 1);
    CHECK_HEX(small[VB_BLOCK] == 0x33, "20-byte tail: no header", (uint8_t)small[VB_BLOCK], 0x33);
    t = check_read(small, 0, sizeof small, &file);
    CHECK_HEX(t.verified == 1 && t.failed == 0, "20-byte tail: one block verified", t.verified, 1);
}

int main(void)
{
    crc_vectors();
    blocks();
    return check_summary();
}
