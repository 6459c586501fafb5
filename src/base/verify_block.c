/* verify_block.c: stamping and checking verify's 4 KiB block headers
 * (the layout and the rules are in include/base/verify_block.h). */
#include "base/verify_block.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/crc32c.h"
#include "base/le.h"

uint32_t vb_fileset_id(const char *name)
{
    return crc32c(0, name, strlen(name));
}

void vb_seal(char *blk, uint32_t len, const struct vb_file *f, uint64_t off, uint64_t gen)
{
    put32(blk + 0, VB_MAGIC);
    put32(blk + 8, f->fileset);
    put32(blk + 12, len);
    put64(blk + 16, f->entry);
    put64(blk + 24, off);
    put64(blk + 32, gen);
    put32(blk + 4, crc32c(0, blk + 8, len - 8));
}

void vb_stamp(char *buf, uint64_t off, size_t len, const struct vb_file *f, uint64_t gen)
{
    uint64_t end = off + len;
    for (uint64_t b = (off + VB_BLOCK - 1) / VB_BLOCK * VB_BLOCK; b + VB_HDR <= end; b += VB_BLOCK) {
        uint64_t valid = end - b < VB_BLOCK ? end - b : VB_BLOCK;
        vb_seal(buf + (b - off), (uint32_t)valid, f, b, gen);
    }
}

struct vb_fault vb_check_block(const char *blk, uint64_t at, uint64_t avail, const struct vb_file *f, int *whole)
{
    struct vb_fault flt = { .kind = VB_GOOD, .at = at };
    uint32_t magic = get32(blk), len = get32(blk + 12);
    uint32_t fs = get32(blk + 8);
    uint64_t entry = get64(blk + 16), boff = get64(blk + 24);
    *whole = 0;
    if (magic != VB_MAGIC)
        flt = (struct vb_fault){ VB_NO_MAGIC, at, magic, VB_MAGIC, 0, 0 };
    else if (len < VB_HDR || len > VB_BLOCK)
        flt = (struct vb_fault){ VB_BAD_LEN, at, len, VB_BLOCK, 0, 0 };
    else if (boff != at)
        flt = (struct vb_fault){ VB_BAD_OFFSET, at, boff, at, 0, 0 };
    else if (fs != f->fileset || entry != f->entry)
        flt = (struct vb_fault){ VB_BAD_FILE, at, fs, f->fileset, entry, f->entry };
    else if (len <= avail) {
        uint32_t want = get32(blk + 4), got = crc32c(0, blk + 8, len - 8);
        *whole = 1;
        if (got != want)
            flt = (struct vb_fault){ VB_BAD_CRC, at, got, want, 0, 0 };
    }
    return flt;
}

void vb_check(const char *buf, uint64_t off, size_t n, const struct vb_file *f, struct vb_tally *t)
{
    uint64_t end = off + n;
    for (uint64_t b = (off + VB_BLOCK - 1) / VB_BLOCK * VB_BLOCK; b + VB_HDR <= end; b += VB_BLOCK) {
        int whole;
        struct vb_fault flt = vb_check_block(buf + (b - off), b, end - b, f, &whole);
        if (flt.kind == VB_GOOD) {
            t->verified += (uint64_t)whole;
            continue;
        }
        if (t->failed++ == 0)
            t->first = flt;
    }
}

uint64_t vb_generation(const char *blk)
{
    return get64(blk + 32);
}

void vb_fault_describe(const struct vb_fault *flt, char *out, size_t len)
{
    switch (flt->kind) {
    case VB_NO_MAGIC:
        snprintf(out, len, "magic missing (found 0x%08" PRIx64 ", expected 0x%08" PRIx64 ")", flt->found, flt->expected);
        return;
    case VB_BAD_LEN:
        snprintf(out, len, "valid length %" PRIu64 " in header, expected %u to %u", flt->found, VB_HDR, VB_BLOCK);
        return;
    case VB_BAD_OFFSET:
        snprintf(out, len, "offset %" PRIu64 " in header, expected %" PRIu64, flt->found, flt->expected);
        return;
    case VB_BAD_FILE:
        snprintf(out, len, "file %08" PRIx64 "/%" PRIu64 " in header, expected %08" PRIx64 "/%" PRIu64
                 " (fileset id/entry)", flt->found, flt->found2, flt->expected, flt->expected2);
        return;
    case VB_BAD_CRC:
        snprintf(out, len, "crc32c 0x%08" PRIx64 ", expected 0x%08" PRIx64 " (from the header)", flt->found, flt->expected);
        return;
    case VB_GOOD:
        break;
    }
    snprintf(out, len, "good");
}
