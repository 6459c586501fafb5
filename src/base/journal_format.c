/* journal_format.c: sealing and reading the durability journal's records
 * (the layout is in include/base/journal_format.h). */
#include "base/journal_format.h"

#include <string.h>

#include "base/crc32c.h"
#include "base/le.h"

enum jf_file jf_file_kind(const char *name)
{
    size_t n = strlen(name);
    if (n <= 4 || strcmp(name + n - 4, ".fbj") != 0)
        return JF_NOT_JOURNAL;
    if (strcmp(name, JF_MANIFEST) == 0)
        return JF_FILE_MANIFEST;
    if ((name[0] != 't' && name[0] != 'w') || n == 5 || strspn(name + 1, "0123456789") != n - 5)
        return JF_FILE_OTHER;
    return name[0] == 't' ? JF_FILE_POINTS : JF_FILE_RING;
}

/* The CRC covers the type and length as well as the payload: a length cut
 * by a crash must not make a shorter record that checks. */
static uint32_t record_crc(const char *rec, uint32_t len)
{
    return crc32c(crc32c(0, rec + 4, 8), rec + JF_HEAD_BYTES, len);
}

size_t jf_seal(char *rec, uint32_t type, uint32_t len)
{
    put32(rec, JF_MAGIC);
    put32(rec + 4, type);
    put32(rec + 8, len);
    put32(rec + 12, record_crc(rec, len));
    return JF_HEAD_BYTES + len;
}

enum jf_read jf_next(const char *buf, size_t n, size_t *pos, struct jf_record *out)
{
    if (*pos == n)
        return JF_END;
    if (n - *pos < JF_HEAD_BYTES)
        return n - *pos >= 4 && get32(buf + *pos) == 0 ? JF_END : JF_TORN;
    const char *rec = buf + *pos;
    if (get32(rec) == 0)
        return JF_END;  /* the unused, zeroed tail of a file a thread had mapped */
    uint32_t len = get32(rec + 8);
    if (get32(rec) != JF_MAGIC || len > JF_MAX_PAYLOAD || n - *pos - JF_HEAD_BYTES < len)
        return JF_TORN;
    if (get32(rec + 12) != record_crc(rec, len))
        return JF_TORN;
    *out = (struct jf_record){ get32(rec + 4), len, rec + JF_HEAD_BYTES };
    *pos += JF_HEAD_BYTES + len;
    return JF_OK;
}

static uint32_t slot_crc(const char *p)
{
    return crc32c(crc32c(0, p, 20), p + 24, 8);
}

void jf_slot_put(char *p, uint64_t entry, uint64_t off, uint32_t blocks, uint64_t gen)
{
    put64(p + 24, 0);
    put64(p, entry);
    put64(p + 8, off);
    put32(p + 16, blocks);
    put64(p + 24, gen);
    put32(p + 20, slot_crc(p));
}

int jf_slot_get(const char *p, uint64_t *entry, uint64_t *off, uint32_t *blocks, uint64_t *gen)
{
    *gen = get64(p + 24);
    if (*gen == 0 || get32(p + 20) != slot_crc(p))
        return 0;
    *entry = get64(p);
    *off = get64(p + 8);
    *blocks = get32(p + 16);
    return 1;
}
