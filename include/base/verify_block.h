/* verify_block.h: the block format of verify: every 4 KiB block of a file
 * starts with a header naming the file, the block's offset, the write that made
 * it, its valid length and the CRC-32C of the block; stamping a write's buffer,
 * sealing one block, and checking what a read returned. */
#ifndef FLOWBENCH_VERIFY_BLOCK_H
#define FLOWBENCH_VERIFY_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#define VB_BLOCK 4096u          /* blocks start at multiples of this file offset */
#define VB_HDR 40u              /* header bytes; a block with fewer valid bytes has none */
#define VB_MAGIC 0x31564246u    /* "FBV1" as the file holds it */

/* Header layout, little-endian, at the start of each block:
 *   0 u32 magic   4 u32 crc32c of bytes 8..len   8 u32 fileset id   12 u32 len
 *  16 u64 entry  24 u64 file offset of the block  32 u64 generation */

/* The file a block belongs to: the fileset's id (vb_fileset_id of its name,
 * the same in every run and script) and the entry's index in it. */
struct vb_file {
    uint32_t fileset;
    uint64_t entry;
};

uint32_t vb_fileset_id(const char *name);

/* Writes the header over the first VB_HDR bytes of blk, a block at file
 * offset off whose valid bytes are blk[0..len) (VB_HDR <= len <= VB_BLOCK). */
void vb_seal(char *blk, uint32_t len, const struct vb_file *f, uint64_t off, uint64_t gen);

/* Seals every block that starts within a write of len bytes at file offset
 * off, its valid bytes being those of the write (the write ends the file or
 * the block). A block of fewer than VB_HDR of them is left as it is. Blocks
 * the write only partly covers (an unaligned start, an end inside older data)
 * are the caller's to merge with what the file holds. */
void vb_stamp(char *buf, uint64_t off, size_t len, const struct vb_file *f, uint64_t gen);

enum vb_fault_kind { VB_GOOD, VB_NO_MAGIC, VB_BAD_LEN, VB_BAD_OFFSET, VB_BAD_FILE, VB_BAD_CRC };

/* What was wrong with a block: at its file offset, what was found against what
 * was expected (for VB_BAD_FILE, fileset ids in found/expected, entries in
 * found2/expected2). */
struct vb_fault {
    enum vb_fault_kind kind;
    uint64_t at;
    uint64_t found, expected, found2, expected2;
};

/* The blocks of one read: those checked whole, those found bad, the first bad one. */
struct vb_tally {
    uint64_t verified, failed;
    struct vb_fault first;
};

/* Checks the n bytes read at file offset off: every block whose header lies
 * within them. Its magic, valid length, offset and file are checked; its
 * CRC-32C when its valid bytes were read too (a block whose header claims
 * bytes past what was read is neither counted nor failed). */
void vb_check(const char *buf, uint64_t off, size_t n, const struct vb_file *f, struct vb_tally *t);

/* The fault of the one block at file offset at whose header starts blk, of
 * which avail bytes were read, or VB_GOOD; *whole says whether its CRC could
 * be checked (its valid bytes were all read). */
struct vb_fault vb_check_block(const char *blk, uint64_t at, uint64_t avail, const struct vb_file *f, int *whole);
/* The generation in the header at blk (meaningful once the header checks). */
uint64_t vb_generation(const char *blk);

/* "crc32c 0x..., expected 0x..." and the like, for a message. */
void vb_fault_describe(const struct vb_fault *flt, char *out, size_t len);

#endif
