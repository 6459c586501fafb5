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

/* What the journal knows of one block of a file's latest incarnation (its
 * writes after its last delete): the newest generation made durable (0:
 * none) and the newest written, durable or not. */
struct expect {
    uint64_t off, durable, newest;
};

static int cmp_claim(const void *a, const void *b)
{
    const struct tv_claim *x = a, *y = b;
    if (x->off != y->off)
        return x->off < y->off ? -1 : 1;
    return x->gen < y->gen ? 1 : x->gen > y->gen ? -1 : 0;
}

/* The newest claim per block of the list after the delete, sorted by offset, in place; their number. */
static size_t newest_per_block(struct tv_claims *l, uint64_t deleted)
{
    size_t n = 0, k = 0;
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i].gen > deleted)
            l->v[n++] = l->v[i];
    if (n > 1)
        qsort(l->v, n, sizeof *l->v, cmp_claim);
    for (size_t i = 0; i < n; i++)
        if (k == 0 || l->v[k - 1].off != l->v[i].off)
            l->v[k++] = l->v[i];
    return l->n = k;
}

/* The two lists merged by offset into one row per block known; malloc'ed, NULL when out of memory. */
static struct expect *expectations(struct tv_entry *e, size_t *count)
{
    size_t nd = newest_per_block(&e->durable, e->deleted), nw = newest_per_block(&e->written, e->deleted);
    struct expect *x = malloc((nd + nw + 1) * sizeof *x);
    size_t n = 0, i = 0, k = 0;
    while (x != NULL && (i < nd || k < nw)) {
        const struct tv_claim *d = i < nd ? &e->durable.v[i] : NULL, *w = k < nw ? &e->written.v[k] : NULL;
        uint64_t off = d == NULL ? w->off : w == NULL ? d->off : d->off < w->off ? d->off : w->off;
        struct expect row = { off, 0, 0 };
        if (d != NULL && d->off == off)
            row.durable = row.newest = e->durable.v[i++].gen;
        if (w != NULL && w->off == off && e->written.v[k++].gen > row.newest)
            row.newest = e->written.v[k - 1].gen;
        x[n++] = row;
    }
    *count = n;
    return x;
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
    const struct expect *x;   /* what the journal knows, by offset */
    size_t nx;
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

static void lost(struct file_check *c, uint64_t off, uint64_t gen, const char *found)
{
    if (c->old_incarnation) {
        c->r->blocks.older_allowed++;
        return;
    }
    c->r->blocks.lost++;
    fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": lost durable write: expected generation %" PRIu64
            ", found %s\n", c->root, c->e->rel, off, gen, found);
}

/* A block against what the journal knows of it (x; zeros when nothing). */
static void judge(struct file_check *c, uint64_t off, const struct block *b, const struct expect *x)
{
    char found[64];
    if (b->kind == FOUND_TORN) {
        c->r->blocks.torn++;
        fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": torn (%s); expected generation %" PRIu64 "%s\n", c->root,
                c->e->rel, off, b->why, x->durable, x->durable ? "" : " (none promised)");
        return;
    }
    found_text(b, found, sizeof found);
    bool whole = b->kind == FOUND_GEN;
    if (x->durable != 0 && (b->kind == FOUND_NONE || b->gen < x->durable || (b->gen == x->durable && !whole)))
        lost(c, off, x->durable, found);
    else if (b->kind != FOUND_NONE && whole && b->gen >= x->newest)
        c->r->blocks.good++;
    else
        c->r->blocks.older_allowed++;  /* a later write was not durable and did not land, or not whole */
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
    size_t k = 0;
    const struct expect *x = c->x, none = { 0, 0, 0 };
    c->old_incarnation = older_incarnation(fd, c, buf);
    for (uint64_t off = 0; off + VB_HDR <= c->size; off += VB_BLOCK) {
        ssize_t n = pread(fd, buf, VB_BLOCK, (off_t)off);
        if (n < 0)
            return diag_set(err, NULL, "%s/%s: cannot read the block at offset %" PRIu64 ": %s", c->root, c->e->rel,
                            off, strerror(errno));
        struct block b;
        read_block(buf, off, (uint64_t)n, &c->vf, &b);
        while (k < c->nx && x[k].off < off)
            k++;
        judge(c, off, &b, k < c->nx && x[k].off == off ? &x[k] : &none);
    }
    /* Blocks past the end: a durable one lost (unless the file is an older
     * incarnation), one written but not made durable allowed. */
    for (; k < c->nx; k++) {
        char found[96];
        if (x[k].off + VB_HDR <= c->size)
            continue;
        snprintf(found, sizeof found, "none (past the end of the file, %" PRIu64 " bytes)", c->size);
        if (x[k].durable != 0)
            lost(c, x[k].off, x[k].durable, found);
        else
            c->r->blocks.older_allowed++;
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
    } else if (e->durable_create > e->deleted) {
        c->r->creates.lost++;
        fprintf(c->out, "%s/%s: durable create missing: a directory sync made its create (stamp %" PRIu64
                ") durable and no later delete of it was journaled\n", c->root, e->rel, e->durable_create);
    } else if (e->deleted != 0)
        c->r->deletes.good++;
    else if (c->nx > 0 || e->created != 0)
        c->r->creates.older_allowed++;
}

/* A file the tree holds though a directory sync made its delete durable and no create followed. */
static bool judge_present(const struct file_check *c)
{
    const struct tv_entry *e = c->e;
    if (e->durable_delete == 0 || e->created > e->durable_delete)
        return false;
    c->r->deletes.lost++;
    fprintf(c->out, "%s/%s: durable delete present: a directory sync made its delete (stamp %" PRIu64
            ") durable and no later create of it was journaled\n", c->root, e->rel, e->durable_delete);
    return true;
}

static int check_file(int rootfd, struct file_check *c, struct diag *err)
{
    int fd = openat(rootfd, c->e->rel, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT) {
        judge_missing(c);
        return 0;
    }
    if (fd >= 0 && judge_present(c)) {
        close(fd);
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
        struct file_check c = { root, &j.entries[i], NULL, 0, { p->verify_id, i }, 0, false, out, r };
        if ((c.x = expectations(&j.entries[i], &c.nx)) == NULL)
            rc = diag_set(err, NULL, "out of memory");
        else
            rc = check_file(rootfd, &c, err);
        free((void *)c.x);
    }
    tv_journal_free(&j);
    close(rootfd);
    return rc;
}
