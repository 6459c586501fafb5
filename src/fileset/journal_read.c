/* journal_read.c: verify-tree's reading of a durability journal: the
 * manifest (the files and their sizes when the run began) and every worker
 * thread's records (durable writes, deletes), into what each file must hold. */
#include "fileset/tree_verify.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/journal_format.h"
#include "base/le.h"

/* The whole file at path, malloc'ed, its size in *n; NULL with errno set. */
static char *slurp(const char *path, size_t *n)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return errno = e, NULL;
    }
    char *buf = malloc((size_t)st.st_size + 1);
    size_t got = 0;
    while (buf != NULL && got < (size_t)st.st_size) {
        ssize_t r = read(fd, buf + got, (size_t)st.st_size - got);
        if (r <= 0) {
            int e = r < 0 ? errno : EIO;
            free(buf);
            close(fd);
            return errno = e, NULL;
        }
        got += (size_t)r;
    }
    close(fd);
    *n = got;
    return buf;
}

/* The START record every journal file opens with: the tree and the fileset it belongs to. */
static int check_start(const char *path, const char *buf, size_t n, size_t *pos, uint64_t tree_id,
                       uint32_t fileset_id, struct diag *err)
{
    struct jf_record r;
    if (jf_next(buf, n, pos, &r) != JF_OK || r.type != JF_START || r.len != JF_START_BYTES)
        return diag_set(err, NULL, "%s: byte 0: no journal start record: not a flowbench journal, or cut", path);
    if (get64(r.payload) != tree_id)
        return diag_set(err, NULL, "%s: byte 0: a journal from another tree (its tree id %016" PRIx64 ", the tree "
                        "holds %016" PRIx64 "): the tree was made again, or this is another run's journal", path,
                        get64(r.payload), tree_id);
    if (get32(r.payload + 8) != fileset_id)
        return diag_set(err, NULL, "%s: byte 0: the journal of another fileset (id %08" PRIx32 ", expected %08" PRIx32 ")",
                        path, get32(r.payload + 8), fileset_id);
    return 0;
}

/* What a record of one kind of journal file adds to the journal; -1 with err set. */
typedef int record_fn(struct tv_journal *j, const struct jf_record *r, const char *path, size_t at, struct diag *err);

/* Every record of the journal file dir/name past its start record, handed
 * to fn; *cut says whether a cut or damaged record ended them. -1 with err
 * set when it cannot be read, is not this tree's, or fn refuses a record. */
static int each_record(struct tv_journal *j, const char *dir, const char *name, uint32_t fileset_id, record_fn *fn,
                       bool *cut, struct diag *err)
{
    char path[PATH_MAX + 300];
    size_t n, pos = 0;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *buf = slurp(path, &n);
    if (buf == NULL)
        return diag_set(err, NULL, "%s: cannot read%s: %s", path,
                        strcmp(name, JF_MANIFEST) == 0 ? " the journal's manifest" : "", strerror(errno));
    int rc = check_start(path, buf, n, &pos, j->tree_id, fileset_id, err);
    struct jf_record r;
    enum jf_read got = JF_OK;
    while (rc == 0 && (got = jf_next(buf, n, &pos, &r)) == JF_OK)
        rc = fn(j, &r, path, pos - JF_HEAD_BYTES - r.len, err);
    *cut = rc == 0 && got == JF_TORN;
    if (*cut && strcmp(name, JF_MANIFEST) == 0)
        rc = diag_set(err, NULL, "%s: byte %zu: a damaged record (the manifest is made durable before the run)", path, pos);
    free(buf);
    return rc;
}

static int by_path_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int manifest_record(struct tv_journal *j, const struct jf_record *r, const char *path, size_t at,
                           struct diag *err)
{
    if (r->type != JF_FILE || r->len <= JF_FILE_BYTES || r->len - JF_FILE_BYTES >= PATH_MAX || get64(r->payload) != j->n)
        return diag_set(err, NULL, "%s: byte %zu: not the record of file %zu", path, at, j->n);
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
    return 0;
}

/* blocks blocks from off, of generation gen, onto the list. */
static int add_claims(struct tv_claims *l, uint64_t off, uint32_t blocks, uint64_t gen)
{
    for (uint32_t b = 0; b < blocks; b++) {
        if (l->n == l->cap) {
            size_t cap = l->cap ? l->cap * 2 : 16;
            struct tv_claim *c = realloc(l->v, cap * sizeof *c);
            if (c == NULL)
                return -1;
            l->v = c;
            l->cap = cap;
        }
        l->v[l->n++] = (struct tv_claim){ off + (uint64_t)b * 4096u, gen };
    }
    return 0;
}

/* A JF_DURABLE record's ranges, each block a claim on its entry. */
static int read_durable(struct tv_journal *j, const struct jf_record *r, const char *path, size_t at, struct diag *err)
{
    uint64_t entry = get64(r->payload);
    uint32_t count = get32(r->payload + 16);
    if (r->len != JF_DURABLE_BYTES + (uint64_t)count * JF_RANGE_BYTES || entry >= j->n)
        return diag_set(err, NULL, "%s: byte %zu: a durable-write record of %u ranges for file %" PRIu64
                        " does not fit (the manifest has %zu files)", path, at, count, entry, j->n);
    for (uint32_t i = 0; i < count; i++) {
        const char *rg = r->payload + JF_DURABLE_BYTES + (size_t)i * JF_RANGE_BYTES;
        if (add_claims(&j->entries[entry].durable, get64(rg), get32(rg + 8), get64(rg + 16)) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    return 0;
}

static void keep_max(uint64_t *v, uint64_t x)
{
    *v = x > *v ? x : *v;
}

/* A JF_DIRSYNC record: the creates and deletes it made durable. */
static int read_dirsync(struct tv_journal *j, const struct jf_record *r, const char *path, size_t at, struct diag *err)
{
    uint32_t count = get32(r->payload + 8);
    if (r->len != JF_DIRSYNC_BYTES + (uint64_t)count * JF_META_BYTES)
        return diag_set(err, NULL, "%s: byte %zu: a directory-sync record of %u entries does not fit", path, at, count);
    for (uint32_t i = 0; i < count; i++) {
        const char *m = r->payload + JF_DIRSYNC_BYTES + (size_t)i * JF_META_BYTES;
        uint32_t kind = get32(m + 8);
        if (get64(m) >= j->n || (kind != JF_CREATE && kind != JF_DELETE))
            return diag_set(err, NULL, "%s: byte %zu: a directory-sync record names file %" PRIu64 " (kind %u)", path,
                            at, get64(m), kind);
        struct tv_entry *e = &j->entries[get64(m)];
        keep_max(kind == JF_CREATE ? &e->durable_create : &e->durable_delete, get64(m + 16));
    }
    return 0;
}

static int thread_record(struct tv_journal *j, const struct jf_record *r, const char *path, size_t at,
                         struct diag *err)
{
    j->records++;
    if (r->type == JF_DURABLE && r->len >= JF_DURABLE_BYTES)
        return read_durable(j, r, path, at, err);
    if (r->type == JF_DIRSYNC && r->len >= JF_DIRSYNC_BYTES)
        return read_dirsync(j, r, path, at, err);
    if ((r->type != JF_DELETE && r->type != JF_CREATE) || r->len != JF_DELETE_BYTES || get64(r->payload) >= j->n)
        return diag_set(err, NULL, "%s: byte %zu: an unknown or malformed record (type %u, %u bytes)", path, at,
                        r->type, r->len);
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

/* A thread's writes ring: every write it noted, in whatever slots the ring still holds. */
static int read_ring(struct tv_journal *j, const char *dir, const char *name, uint32_t fileset_id, struct diag *err)
{
    char path[PATH_MAX + 300];
    size_t n;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *buf = slurp(path, &n);
    if (buf == NULL)
        return diag_set(err, NULL, "%s: cannot read: %s", path, strerror(errno));
    int rc = 0;
    uint64_t slots = n >= JF_RING_HEAD ? get32(buf + 4) : 0;
    if (n < JF_RING_HEAD || get32(buf) != JF_RING_MAGIC || n < JF_RING_HEAD + slots * JF_SLOT_BYTES)
        rc = diag_set(err, NULL, "%s: byte 0: not a writes ring of a flowbench journal, or cut", path);
    else if (get64(buf + 8) != j->tree_id)
        rc = diag_set(err, NULL, "%s: byte 8: a journal from another tree (its tree id %016" PRIx64 ", the tree holds %016"
                      PRIx64 ")", path, get64(buf + 8), j->tree_id);
    else if (get32(buf + 16) != fileset_id)
        rc = diag_set(err, NULL, "%s: byte 16: the journal of another fileset", path);
    for (uint64_t i = 0; rc == 0 && i < slots; i++) {
        uint64_t entry, off, gen;
        uint32_t blocks;
        if (!jf_slot_get(buf + JF_RING_HEAD + i * JF_SLOT_BYTES, &entry, &off, &blocks, &gen))
            continue;
        if (entry >= j->n || blocks > (1u << 20))
            rc = diag_set(err, NULL, "%s: byte %" PRIu64 ": a write of %u blocks to file %" PRIu64 " (the manifest has %zu)",
                          path, JF_RING_HEAD + i * JF_SLOT_BYTES, blocks, entry, j->n);
        else if (add_claims(&j->entries[entry].written, off, blocks, gen) != 0)
            rc = diag_set(err, NULL, "out of memory");
    }
    free(buf);
    return rc;
}

int tv_journal_read(struct tv_journal *j, const char *dir, uint64_t tree_id, uint32_t fileset_id, struct diag *err)
{
    *j = (struct tv_journal){ .tree_id = tree_id };
    if (read_manifest(j, dir, fileset_id, err) != 0)
        return -1;
    DIR *d = opendir(dir);
    if (d == NULL)
        return diag_set(err, NULL, "%s: cannot open the journal: %s", dir, strerror(errno));
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        size_t len = strlen(de->d_name);
        if (len <= 5 || strcmp(de->d_name + len - 4, ".fbj") != 0)
            continue;
        if (de->d_name[0] == 't')
            rc = read_thread(j, dir, de->d_name, fileset_id, err);
        else if (de->d_name[0] == 'w')
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
