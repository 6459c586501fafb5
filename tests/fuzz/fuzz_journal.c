/* fuzz_journal.c: libFuzzer target for verify-tree's journal reader: each input
 * is a journal (u32 manifest bytes, u32 durable points' bytes, the manifest,
 * one thread's durable points, then one writes ring), written to a directory
 * of its own and read as verify-tree reads it, then swept into what each file
 * must hold. Seeds: tests/fuzz/journal_seeds.py. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/le.h"
#include "fileset/tree_parts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[64];

static void remove_dir(void)
{
    static const char *const names[] = { "manifest.fbj", "t00000.fbj", "w00000.fbj" };
    char path[128];
    for (size_t i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
}

static int put_file(const char *name, const uint8_t *data, size_t n)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (f == NULL)
        return -1;
    size_t put = n ? fwrite(data, 1, n, f) : 0;
    return fclose(f) == 0 && put == n ? 0 : -1;
}

/* The input: u32 manifest bytes, u32 durable points' bytes, the two, then the ring. */
static int lay_out(const uint8_t *data, size_t size)
{
    if (size < 8)
        return -1;
    size_t m = get32((const char *)data), t = get32((const char *)data + 4), rest = size - 8;
    m = m < rest ? m : rest;
    t = t < rest - m ? t : rest - m;
    const uint8_t *p = data + 8;
    return put_file("manifest.fbj", p, m) | put_file("t00000.fbj", p + m, t)
           | put_file("w00000.fbj", p + m + t, rest - m - t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (dir[0] == '\0') {
        snprintf(dir, sizeof dir, "/tmp/fbfuzz-journal.XXXXXX");
        if (mkdtemp(dir) == NULL)
            abort();
        atexit(remove_dir);
    }
    if (lay_out(data, size) != 0)
        return 0;
    /* the ids the input's own manifest names (bytes 16.. of its start record), so that most inputs are read on */
    const char *m = (const char *)data + 8;
    uint64_t tree = size >= 8 + 44 ? get64(m + 16) : 0;
    uint32_t fileset = size >= 8 + 44 ? get32(m + 24) : 0;
    struct tv_journal j;
    struct diag err = { 0 };
    if (tv_journal_read(&j, dir, tree, fileset, 1u << 16, &err) == 0) {
        for (size_t i = 0; i < j.n; i++) {
            struct tv_segment *seg;
            size_t n;
            uint64_t base = j.entries[i].base;
            if (tv_segments(&j.entries[i], base < (1ull << 40) ? tv_blocks_end(base) : 0, &seg, &n) != 0)
                abort();
            for (size_t k = 1; k < n; k++)
                if (seg[k].start < seg[k - 1].end || seg[k].start >= seg[k].end)
                    abort();  /* segments are sorted, disjoint and not empty */
            free(seg);
        }
    }
    tv_journal_free(&j);
    return 0;
}
