/* tree_verify.c: verify-tree's judgement of a fileset's tree after a crash:
 * every file of the journal's manifest, every 4 KiB block of it, against
 * what the journal says was made durable; the tree is opened O_RDONLY only. */
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
#include "base/verify_block.h"
#include "fileset/fileset.h"

/* The tree's id, which journal_begin wrote into its root. */
static int read_tree_id(int rootfd, const char *root, uint64_t *id, struct diag *err)
{
    int fd = openat(rootfd, JF_TREE_ID, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    char text[64] = { 0 };
    ssize_t n = fd < 0 ? -1 : read(fd, text, sizeof text - 1);
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (n < 0)
        return diag_set(err, NULL, "%s/%s: cannot read the tree's journal id: %s (was the tree run with a journal?)",
                        root, JF_TREE_ID, strerror(e));
    char *end;
    *id = strtoull(text, &end, 16);
    if (end == text || (*end != '\n' && *end != '\0'))
        return diag_set(err, NULL, "%s/%s:1:1: not a journal id", root, JF_TREE_ID);
    return 0;
}

static int cmp_str(const void *key, const void *elem)
{
    return strcmp((const char *)key, *(char *const *)elem);
}

/* Files of the tree the manifest does not know: -1 (the first, named). The
 * files flowbench keeps in the root (its marker, the journal id) are its own. */
static int walk(const struct tv_journal *j, int dirfd, const char *root, char *rel, size_t len, struct diag *err)
{
    int fd = openat(dirfd, len ? rel : ".", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d == NULL) {
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "%s/%s: cannot read the directory: %s", root, rel, strerror(errno));
    }
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        const char *name = de->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0
            || (len == 0 && (strcmp(name, FS_MARKER) == 0 || strcmp(name, JF_TREE_ID) == 0)))
            continue;
        size_t n = strlen(name);
        if (len + n + 2 > PATH_MAX) {
            rc = diag_set(err, NULL, "%s/%s: path too long", root, rel);
            break;
        }
        rel[len] = len ? '/' : '\0';
        memcpy(rel + len + (len ? 1 : 0), name, n + 1);
        size_t sub = len + (len ? 1 : 0) + n;
        struct stat st;
        if (fstatat(dirfd, rel, &st, AT_SYMLINK_NOFOLLOW) != 0)
            rc = diag_set(err, NULL, "%s/%s: cannot stat: %s", root, rel, strerror(errno));
        else if (S_ISDIR(st.st_mode))
            rc = walk(j, dirfd, root, rel, sub, err);
        else if (!S_ISREG(st.st_mode) || bsearch(rel, j->by_path, j->n, sizeof *j->by_path, cmp_str) == NULL)
            rc = diag_set(err, NULL, "%s/%s: not a file of the journal's manifest: the tree was changed by hand "
                          "(or the journal is another tree's)", root, rel);
        rel[len] = '\0';
    }
    closedir(d);
    return rc;
}

static int cmp_claim(const void *a, const void *b)
{
    const struct tv_claim *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->gen < y->gen ? 1 : x->gen > y->gen ? -1 : 0;
}

/* The claims of the file's latest incarnation (written after its last
 * delete), one per block, the newest: sorted by offset; their number. */
static size_t latest_claims(struct tv_entry *e)
{
    size_t n = 0;
    for (size_t i = 0; i < e->nclaims; i++)
        if (e->claims[i].gen > e->deleted)
            e->claims[n++] = e->claims[i];
    qsort(e->claims, n, sizeof *e->claims, cmp_claim);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || e->claims[k - 1].off != e->claims[i].off)
            e->claims[k++] = e->claims[i];
    return e->nclaims = k;
}

/* What a block holds: its generation, none (zeros: never written), or torn. */
enum found { FOUND_GEN, FOUND_SHORT, FOUND_NONE, FOUND_TORN };

struct block {
    enum found kind;
    uint64_t gen;
    char why[160];
};

static void read_block(const char *blk, uint64_t at, uint64_t avail, const struct vb_file *f, struct block *b)
{
    static const char zeros[VB_HDR];
    *b = (struct block){ .kind = FOUND_NONE };
    if (memcmp(blk, zeros, VB_HDR) == 0)
        return;
    int whole;
    struct vb_fault flt = vb_check_block(blk, at, avail, f, &whole);
    if (flt.kind != VB_GOOD) {
        b->kind = FOUND_TORN;
        vb_fault_describe(&flt, b->why, sizeof b->why);
        return;
    }
    b->gen = vb_generation(blk);
    b->kind = whole ? FOUND_GEN : FOUND_SHORT;
}

/* One file's check: its path, descriptor, size, claims and what it tallies. */
struct file_check {
    const char *root;
    struct tv_entry *e;
    struct vb_file vf;
    uint64_t size;
    bool old_incarnation;     /* it holds what was there before its last delete */
    FILE *out;
    struct tv_result *r;
};

static void found_text(const struct block *b, char *buf, size_t len)
{
    if (b->kind == FOUND_NONE)
        snprintf(buf, len, "none (zeros)");
    else
        snprintf(buf, len, "%" PRIu64 "%s", b->gen, b->kind == FOUND_SHORT ? " (cut short)" : "");
}

/* A block with a durable claim of generation gen, or 0 with none. */
static void judge(struct file_check *c, uint64_t off, const struct block *b, uint64_t gen)
{
    char found[64];
    if (b->kind == FOUND_TORN) {
        c->r->blocks.torn++;
        fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": torn (%s); expected generation %" PRIu64 "%s\n", c->root,
                c->e->rel, off, b->why, gen, gen ? "" : " (none promised)");
        return;
    }
    bool newer = b->kind != FOUND_NONE && (b->gen > gen || (b->gen == gen && b->kind == FOUND_GEN));
    if (gen == 0 || newer) {
        if (gen == 0 && b->kind == FOUND_NONE)
            c->r->blocks.older_allowed++;
        else
            c->r->blocks.good++;
        return;
    }
    if (c->old_incarnation) {
        c->r->blocks.older_allowed++;
        return;
    }
    c->r->blocks.lost++;
    found_text(b, found, sizeof found);
    fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": lost durable write: expected generation %" PRIu64
            ", found %s\n", c->root, c->e->rel, off, gen, found);
}

/* Whether the file holds an incarnation older than its last delete: some
 * block written before it and none after (its re-create was not durable). */
static bool older_incarnation(int fd, const struct file_check *c, char *buf)
{
    bool before = false;
    for (uint64_t off = 0; c->e->deleted != 0 && off + VB_HDR <= c->size; off += VB_BLOCK) {
        struct block b;
        ssize_t n = pread(fd, buf, VB_BLOCK, (off_t)off);
        if (n < (ssize_t)VB_HDR)
            break;
        read_block(buf, off, (uint64_t)n, &c->vf, &b);
        if (b.kind == FOUND_GEN || b.kind == FOUND_SHORT) {
            if (b.gen > c->e->deleted)
                return false;
            before = true;
        }
    }
    return before;
}

static int check_blocks(int fd, struct file_check *c, struct diag *err)
{
    char buf[VB_BLOCK];
    size_t k = 0, nclaims = c->e->nclaims;
    const struct tv_claim *cl = c->e->claims;
    c->old_incarnation = older_incarnation(fd, c, buf);
    for (uint64_t off = 0; off + VB_HDR <= c->size; off += VB_BLOCK) {
        ssize_t n = pread(fd, buf, VB_BLOCK, (off_t)off);
        if (n < 0)
            return diag_set(err, NULL, "%s/%s: cannot read the block at offset %" PRIu64 ": %s", c->root, c->e->rel,
                            off, strerror(errno));
        struct block b;
        read_block(buf, off, (uint64_t)n, &c->vf, &b);
        while (k < nclaims && cl[k].off < off)
            k++;
        judge(c, off, &b, k < nclaims && cl[k].off == off ? cl[k].gen : 0);
    }
    /* Durable blocks past the end: the file lost them, unless it is an older incarnation. */
    for (; k < nclaims; k++) {
        if (cl[k].off + VB_HDR <= c->size)
            continue;
        if (c->old_incarnation) {
            c->r->blocks.older_allowed++;
            continue;
        }
        c->r->blocks.lost++;
        fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": lost durable write: expected generation %" PRIu64
                ", found none (past the end of the file, %" PRIu64 " bytes)\n", c->root, c->e->rel, cl[k].off,
                cl[k].gen, c->size);
    }
    return 0;
}

/* A file the tree does not hold: a durable create lost, or a create or delete not made durable. */
static void judge_missing(const struct file_check *c)
{
    const struct tv_entry *e = c->e;
    if (e->base != JF_ABSENT && e->deleted == 0) {
        c->r->creates.lost++;
        fprintf(c->out, "%s/%s: durable create missing: the file was durable when the run began (%" PRIu64
                " bytes) and no delete of it was journaled\n", c->root, e->rel, e->base);
    } else if (e->deleted != 0)
        c->r->deletes.good++;
    else if (e->nclaims > 0)
        c->r->creates.older_allowed++;
}

static int check_file(int rootfd, struct file_check *c, struct diag *err)
{
    int fd = openat(rootfd, c->e->rel, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        judge_missing(c);
        return 0;
    }
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = fd < 0 || !S_ISREG(st.st_mode) ? (fd < 0 ? errno : EISDIR) : errno;
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "%s/%s: cannot read the file: %s (the tree was changed by hand?)", c->root,
                        c->e->rel, strerror(e));
    }
    c->size = (uint64_t)st.st_size;
    int rc = check_blocks(fd, c, err);
    close(fd);
    if (c->e->deleted == 0 || !c->old_incarnation)
        c->r->creates.good++;
    else
        c->r->deletes.older_allowed++;
    return rc;
}

int tree_verify(const struct plan_fileset *p, const char *dir, FILE *out, struct tv_result *r, struct diag *err)
{
    char root[PATH_MAX], rel[PATH_MAX] = "";
    snprintf(root, sizeof root, "%s/%s", strcmp(p->path, "/") == 0 ? "" : p->path, p->name);
    int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootfd < 0)
        return diag_set(err, NULL, "%s: cannot open the tree of %s '%s': %s", root, p->is_file ? "file" : "fileset",
                        p->name, strerror(errno));
    uint64_t id = 0;
    struct tv_journal j = { 0 };
    int rc = read_tree_id(rootfd, root, &id, err);
    if (rc == 0)
        rc = tv_journal_read(&j, dir, id, p->verify_id, err);
    if (rc == 0)
        rc = walk(&j, rootfd, root, rel, 0, err);
    *r = (struct tv_result){ .files = j.n, .records = j.records, .torn_records = j.torn };
    for (size_t i = 0; rc == 0 && i < j.n; i++) {
        latest_claims(&j.entries[i]);
        struct file_check c = { root, &j.entries[i], { p->verify_id, i }, 0, false, out, r };
        rc = check_file(rootfd, &c, err);
    }
    tv_journal_free(&j);
    close(rootfd);
    return rc;
}
