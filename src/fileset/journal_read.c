/* journal_read.c: verify-tree's reading of a durability journal, as
 * untrusted input: the manifest (the files and their sizes when the run
 * began) and every worker thread's records (durable writes, creates,
 * deletes, directory syncs) and writes rings, into what each file must hold. */
#include "fileset/tree_verify.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/beneath.h"
#include "base/grow.h"
#include "base/journal_format.h"
#include "base/le.h"
#include "fileset/journal_file.h"

/* The START record every journal file opens with: the tree and the fileset it belongs to. */
static int check_start(struct journal_file *f, uint64_t tree_id, uint32_t fileset_id, struct diag *err)
{
    struct jf_record r;
    uint64_t at;
    int got = journal_file_next(f, &r, &at, err);
    if (got == -2)
        return -1;
    if (got != JF_OK || r.type != JF_START || r.len != JF_START_BYTES)
        return diag_set(err, NULL, "%s: byte 0: no journal start record: not a flowbench journal, or cut", f->path);
    if (get64(r.payload) != tree_id)
        return diag_set(err, NULL, "%s: byte 0: a journal from another tree (its tree id %016" PRIx64 ", the tree "
                        "holds %016" PRIx64 "): the tree was made again, or this is another run's journal", f->path,
                        get64(r.payload), tree_id);
    if (get32(r.payload + 8) != fileset_id)
        return diag_set(err, NULL, "%s: byte 0: the journal of another fileset (id %08" PRIx32 ", expected %08" PRIx32 ")",
                        f->path, get32(r.payload + 8), fileset_id);
    return 0;
}

/* What a record of one kind of journal file adds to the journal; -1 with err set. */
typedef int record_fn(struct tv_journal *j, const struct jf_record *r, const char *path, uint64_t at,
                      struct diag *err);

/* Every record of the journal file dir/name past its start record, handed
 * to fn; *cut says whether a cut or damaged record ended them. -1 with err
 * set when it cannot be read, is not this tree's, or fn refuses a record. */
static int each_record(struct tv_journal *j, const char *dir, const char *name, uint32_t fileset_id, record_fn *fn,
                       bool *cut, struct diag *err)
{
    char path[PATH_MAX + 300];
    bool manifest = strcmp(name, JF_MANIFEST) == 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct journal_file f;
    int rc = journal_file_open(&f, path, manifest ? "the journal's manifest" : NULL, err);
    if (rc == 0)
        rc = check_start(&f, j->tree_id, fileset_id, err);
    struct jf_record r;
    uint64_t at = 0;
    int got = JF_OK;
    while (rc == 0 && (got = journal_file_next(&f, &r, &at, err)) == JF_OK)
        rc = fn(j, &r, path, at, err);
    rc = rc == 0 && got == -2 ? -1 : rc;
    *cut = rc == 0 && got == JF_TORN;
    if (*cut && manifest)
        rc = diag_set(err, NULL, "%s: byte %" PRIu64 ": a damaged record (the manifest is made durable before the run)",
                      path, at);
    journal_file_close(&f);
    return rc;
}

static int by_path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A manifest's path names a file beneath the tree: relative, no "..", no NUL. */
static int check_rel(const struct jf_record *r, const char *path, uint64_t at, size_t index, struct diag *err)
{
    const char *rel = r->payload + JF_FILE_BYTES;
    size_t n = r->len - JF_FILE_BYTES;
    char shown[96];
    snprintf(shown, sizeof shown, "%.*s%s", (int)(n < 80 ? n : 80), rel, n < 80 ? "" : "...");
    if (memchr(rel, '\0', n) != NULL)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": the path of file %zu holds a NUL byte", path, at, index);
    char copy[PATH_MAX];
    memcpy(copy, rel, n);
    copy[n] = '\0';
    if (beneath_check(copy) != 0)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": the path of file %zu, '%s', is not beneath the tree "
                        "(absolute, or with '..' or an empty name): the manifest was not written by flowbench",
                        path, at, index, shown);
    return 0;
}

static int manifest_record(struct tv_journal *j, const struct jf_record *r, const char *path, uint64_t at,
                           struct diag *err)
{
    if (r->type != JF_FILE || r->len <= JF_FILE_BYTES || r->len - JF_FILE_BYTES >= PATH_MAX || get64(r->payload) != j->n)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": not the record of file %zu", path, at, j->n);
    if (j->n >= j->max_files)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": more files than the fileset has entries (%" PRIu64 "): "
                        "another script's journal, or not flowbench's", path, at, j->max_files);
    if (check_rel(r, path, at, j->n, err) != 0)
        return -1;
    if (get64(r->payload + 8) != JF_ABSENT && get64(r->payload + 8) >= JF_MAX_END)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": file %zu's size, %" PRIu64 " bytes, is more than a file can "
                        "hold", path, at, j->n, get64(r->payload + 8));
    if (j->n % 1024 == 0) {
        struct tv_entry *e = realloc(j->entries, (j->n + 1024) * sizeof *e);
        if (e == NULL)
            return diag_set(err, NULL, "out of memory");
        j->entries = e;
    }
    struct tv_entry *e = &j->entries[j->n++];
    *e = (struct tv_entry){ .rel = strndup(r->payload + JF_FILE_BYTES, r->len - JF_FILE_BYTES),
                            .base = get64(r->payload + 8) };
    return e->rel == NULL ? diag_set(err, NULL, "out of memory") : 0;
}

static int read_manifest(struct tv_journal *j, const char *dir, uint32_t fileset_id, struct diag *err)
{
    bool cut;
    if (each_record(j, dir, JF_MANIFEST, fileset_id, manifest_record, &cut, err) != 0)
        return -1;
    if ((j->by_path = malloc((j->n ? j->n : 1) * sizeof *j->by_path)) == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < j->n; i++)
        j->by_path[i] = j->entries[i].rel;
    qsort(j->by_path, j->n, sizeof *j->by_path, by_path_cmp);
    for (size_t i = 1; i < j->n; i++)
        if (strcmp(j->by_path[i - 1], j->by_path[i]) == 0)
            return diag_set(err, NULL, "%s/%s: two files of the manifest have the path '%s'", dir, JF_MANIFEST,
                            j->by_path[i]);
    return 0;
}

/* A range as a write makes it: whole blocks, at most JF_MAX_RANGE_BLOCKS, ending below JF_MAX_END. */
static int check_range(uint64_t off, uint32_t blocks, const char *path, uint64_t at, struct diag *err)
{
    if (blocks == 0 || blocks > JF_MAX_RANGE_BLOCKS || off % 4096u != 0 || off >= JF_MAX_END
        || (JF_MAX_END - off) / 4096u < blocks)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": a claim of %" PRIu32 " blocks at offset %" PRIu64 ": no "
                        "write makes it (a range is 1 to %u whole 4 KiB blocks)", path, at, blocks, off,
                        JF_MAX_RANGE_BLOCKS);
    return 0;
}

static int add_range(struct tv_ranges *l, uint64_t off, uint32_t blocks, uint64_t gen)
{
    struct tv_range *v = grow_room(l->v, &l->cap, l->n, sizeof *v, 16);
    if (v == NULL)
        return -1;
    l->v = v;
    l->v[l->n++] = (struct tv_range){ off, gen, blocks };
    return 0;
}

/* A JF_DURABLE record's ranges, each a claim on its entry. */
static int read_durable(struct tv_journal *j, const struct jf_record *r, const char *path, uint64_t at,
                        struct diag *err)
{
    uint64_t entry = get64(r->payload);
    uint32_t count = get32(r->payload + 16);
    if (r->len != JF_DURABLE_BYTES + (uint64_t)count * JF_RANGE_BYTES || entry >= j->n)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": a durable-write record of %u ranges for file %" PRIu64
                        " does not fit (the manifest has %zu files)", path, at, count, entry, j->n);
    for (uint32_t i = 0; i < count; i++) {
        size_t o = JF_DURABLE_BYTES + (size_t)i * JF_RANGE_BYTES;
        const char *rg = r->payload + o;
        if (check_range(get64(rg), get32(rg + 8), path, at + JF_HEAD_BYTES + o, err) != 0)
            return -1;
        if (add_range(&j->entries[entry].durable, get64(rg), get32(rg + 8), get64(rg + 16)) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    return 0;
}

static void keep_max(uint64_t *v, uint64_t x)
{
    *v = x > *v ? x : *v;
}

/* A JF_DIRSYNC record: the creates and deletes it made durable. */
static int read_dirsync(struct tv_journal *j, const struct jf_record *r, const char *path, uint64_t at,
                        struct diag *err)
{
    uint32_t count = get32(r->payload + 8);
    if (r->len != JF_DIRSYNC_BYTES + (uint64_t)count * JF_META_BYTES)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": a directory-sync record of %u entries does not fit", path,
                        at, count);
    for (uint32_t i = 0; i < count; i++) {
        const char *m = r->payload + JF_DIRSYNC_BYTES + (size_t)i * JF_META_BYTES;
        uint32_t kind = get32(m + 8);
        if (get64(m) >= j->n || (kind != JF_CREATE && kind != JF_DELETE))
            return diag_set(err, NULL, "%s: byte %" PRIu64 ": a directory-sync record names file %" PRIu64 " (kind %u)",
                            path, at, get64(m), kind);
        struct tv_entry *e = &j->entries[get64(m)];
        keep_max(kind == JF_CREATE ? &e->durable_create : &e->durable_delete, get64(m + 16));
    }
    return 0;
}

static int thread_record(struct tv_journal *j, const struct jf_record *r, const char *path, uint64_t at,
                         struct diag *err)
{
    j->records++;
    if (r->type == JF_DURABLE && r->len >= JF_DURABLE_BYTES)
        return read_durable(j, r, path, at, err);
    if (r->type == JF_DIRSYNC && r->len >= JF_DIRSYNC_BYTES)
        return read_dirsync(j, r, path, at, err);
    if ((r->type != JF_DELETE && r->type != JF_CREATE) || r->len != JF_DELETE_BYTES || get64(r->payload) >= j->n)
        return diag_set(err, NULL, "%s: byte %" PRIu64 ": an unknown or malformed record (type %u, %u bytes)", path,
                        at, r->type, r->len);
    struct tv_entry *e = &j->entries[get64(r->payload)];
    keep_max(r->type == JF_DELETE ? &e->deleted : &e->created, get64(r->payload + 8));
    return 0;
}

static int read_thread(struct tv_journal *j, const char *dir, const char *name, uint32_t fileset_id, struct diag *err)
{
    bool cut;
    int rc = each_record(j, dir, name, fileset_id, thread_record, &cut, err);
    /* A cut tail is what a crash of the journal's own writer leaves: what it
     * claimed is not read, which claims less, never more. */
    j->torn += rc == 0 && cut;
    return rc;
}

/* The ring's head: this tree's and fileset's, its slots all there; their number in *slots. */
static int ring_head(struct tv_journal *j, struct journal_file *f, uint32_t fileset_id, uint64_t *slots,
                     struct diag *err)
{
    char head[JF_RING_HEAD];
    if (f->size < JF_RING_HEAD || journal_file_pread(f, head, sizeof head, 0, err) != 0 || get32(head) != JF_RING_MAGIC)
        return diag_set(err, NULL, "%s: byte 0: not a writes ring of a flowbench journal, or cut", f->path);
    *slots = get32(head + 4);
    if (*slots > JF_RING_MAX_SLOTS || f->size != JF_RING_HEAD + *slots * JF_SLOT_BYTES)
        return diag_set(err, NULL, "%s: byte 4: a ring of %" PRIu64 " slots in %" PRIu64 " bytes (at most %u slots, "
                        "%u bytes each after a head of %u)", f->path, *slots, f->size, JF_RING_MAX_SLOTS, JF_SLOT_BYTES,
                        JF_RING_HEAD);
    if (get64(head + 8) != j->tree_id)
        return diag_set(err, NULL, "%s: byte 8: a journal from another tree (its tree id %016" PRIx64 ", the tree "
                        "holds %016" PRIx64 ")", f->path, get64(head + 8), j->tree_id);
    if (get32(head + 16) != fileset_id)
        return diag_set(err, NULL, "%s: byte 16: the journal of another fileset", f->path);
    return 0;
}

/* The slots of a ring in the chunk at buf, the first at file offset at. */
static int ring_slots(struct tv_journal *j, const char *buf, size_t n, uint64_t at, const char *path, struct diag *err)
{
    for (size_t i = 0; i < n; i++, at += JF_SLOT_BYTES) {
        uint64_t entry, off, gen;
        uint32_t blocks;
        if (!jf_slot_get(buf + i * JF_SLOT_BYTES, &entry, &off, &blocks, &gen))
            continue;
        if (entry >= j->n)
            return diag_set(err, NULL, "%s: byte %" PRIu64 ": a write to file %" PRIu64 " (the manifest has %zu)", path,
                            at, entry, j->n);
        if (check_range(off, blocks, path, at, err) != 0)
            return -1;
        if (add_range(&j->entries[entry].written, off, blocks, gen) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    return 0;
}

/* A thread's writes ring: every write it noted, in whatever slots the ring still holds. */
static int read_ring(struct tv_journal *j, const char *dir, const char *name, uint32_t fileset_id, struct diag *err)
{
    enum { CHUNK = 4096 };
    char path[PATH_MAX + 300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct journal_file f;
    uint64_t slots = 0;
    char *buf = malloc((size_t)CHUNK * JF_SLOT_BYTES);
    int rc = buf == NULL ? diag_set(err, NULL, "out of memory") : journal_file_open(&f, path, NULL, err);
    if (buf != NULL && rc == 0)
        rc = ring_head(j, &f, fileset_id, &slots, err);
    for (uint64_t i = 0; rc == 0 && i < slots; i += CHUNK) {
        size_t n = slots - i < CHUNK ? (size_t)(slots - i) : CHUNK;
        uint64_t at = JF_RING_HEAD + i * JF_SLOT_BYTES;
        rc = journal_file_pread(&f, buf, n * JF_SLOT_BYTES, at, err);
        if (rc == 0)
            rc = ring_slots(j, buf, n, at, path, err);
    }
    if (buf != NULL)
        journal_file_close(&f);
    free(buf);
    return rc;
}

int tv_journal_read(struct tv_journal *j, const char *dir, uint64_t tree_id, uint32_t fileset_id, uint64_t max_files,
                    struct diag *err)
{
    *j = (struct tv_journal){ .tree_id = tree_id, .max_files = max_files };
    if (read_manifest(j, dir, fileset_id, err) != 0)
        return -1;
    DIR *d = opendir(dir);
    if (d == NULL)
        return diag_set(err, NULL, "%s: cannot open the journal: %s", dir, strerror(errno));
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        enum jf_file kind = jf_file_kind(de->d_name);
        if (kind == JF_FILE_POINTS)
            rc = read_thread(j, dir, de->d_name, fileset_id, err);
        else if (kind == JF_FILE_RING)
            rc = read_ring(j, dir, de->d_name, fileset_id, err);
    }
    closedir(d);
    return rc;
}

void tv_journal_free(struct tv_journal *j)
{
    for (size_t i = 0; i < j->n; i++) {
        free(j->entries[i].rel);
        free(j->entries[i].durable.v);
        free(j->entries[i].written.v);
    }
    free(j->entries);
    free(j->by_path);
    *j = (struct tv_journal){ 0 };
}
