/* tree_verify.c: verify-tree of one fileset after a crash: its journal
 * read (journal_read.c), its tree walked for strangers (tree_walk.c), then
 * every file of the manifest opened beneath the root, read only, and judged
 * (tree_judge.c) against what the journal expects of it (tree_expect.c). */
#include "fileset/tree_verify.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/journal_format.h"
#include "fileset/journal_place.h"
#include "fileset/tree_parts.h"

/* The tree's id, which journal_begin wrote into its root. */
static int read_tree_id(int rootfd, const char *root, uint64_t *id, struct diag *err)
{
    int fd = openat(rootfd, JF_TREE_ID, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    char text[64] = { 0 };
    struct stat st;
    ssize_t n = fd < 0 || fstat(fd, &st) != 0 ? -1 : !S_ISREG(st.st_mode) ? (errno = EINVAL, -1)
                                                                            : read(fd, text, sizeof text - 1);
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (n < 0)
        return diag_set(err, NULL, "%s/%s: cannot read the tree's journal id: %s (was the tree run with a journal?)",
                        root, JF_TREE_ID, e == EINVAL ? "not a regular file" : beneath_strerror(e));
    char *end;
    *id = strtoull(text, &end, 16);
    if (end == text || (*end != '\n' && *end != '\0'))
        return diag_set(err, NULL, "%s/%s:1:1: not a journal id", root, JF_TREE_ID);
    return 0;
}

/* The block offset below which the manifest's size promises data: the file
 * as the run began, while no create or delete of it was journaled. */
static uint64_t base_end(const struct tv_entry *e)
{
    if (e->base == JF_ABSENT || e->deleted != 0 || e->created != 0)
        return 0;
    return tv_blocks_end(e->base);
}

/* Opened beneath the root, never blocking, a regular file; else bad input. */
static int check_file(int rootfd, struct file_check *c, struct diag *err)
{
    int fd = beneath_open(rootfd, c->e->rel, O_RDONLY | O_NONBLOCK | O_CLOEXEC, 0);
    if (fd < 0 && errno == ENOENT) {
        tv_judge_missing(c);
        return 0;
    }
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        int e = fd < 0 || !S_ISREG(st.st_mode) ? (fd < 0 ? errno : 0) : errno;
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "%s/%s: cannot read the file: %s (the tree was changed by hand?)", c->root,
                        c->e->rel, e ? beneath_strerror(e) : "not a regular file");
    }
    if (tv_judge_present(c)) {
        close(fd);
        return 0;
    }
    c->size = (uint64_t)st.st_size;
    int rc = tv_check_blocks(fd, c, err);
    close(fd);
    if (c->e->deleted == 0 || !c->old_incarnation)
        c->r->creates.good++;
    else
        c->r->deletes.older_allowed++;
    return rc;
}

static int check_files(const struct plan_fileset *p, int rootfd, const char *root, struct tv_journal *j, FILE *out,
                       struct tv_result *r, struct diag *err)
{
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < j->n; i++) {
        struct tv_segment *seg;
        struct file_check c = { .root = root, .e = &j->entries[i], .vf = { p->verify_id, i }, .out = out, .r = r };
        if (tv_segments(c.e, base_end(c.e), &seg, &c.nseg) != 0)
            return diag_set(err, NULL, "out of memory");
        c.seg = seg;
        rc = check_file(rootfd, &c, err);
        free(seg);
    }
    return rc;
}

int tree_verify(const struct plan_fileset *p, FILE *out, struct tv_result *r, struct diag *err)
{
    char root[PATH_MAX], dir[PATH_MAX];
    *r = (struct tv_result){ 0 };
    if (journal_dir(p, dir, sizeof dir) != 0)
        return diag_set(err, &p->loc, "journal: the path %s/%s is too long", p->journal, p->name);
    snprintf(root, sizeof root, "%s/%s", strcmp(p->path, "/") == 0 ? "" : p->path, p->name);
    int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (rootfd < 0)
        return diag_set(err, NULL, "%s: cannot open the tree of %s '%s': %s", root, p->is_file ? "file" : "fileset",
                        p->name, strerror(errno));
    uint64_t id = 0;
    struct tv_journal j = { 0 };
    int rc = read_tree_id(rootfd, root, &id, err);
    if (rc == 0)
        rc = tv_journal_read(&j, dir, id, p->verify_id, p->entries, err);
    if (rc == 0)
        rc = tv_walk(&j, rootfd, root, err);
    *r = (struct tv_result){ .files = j.n, .records = j.records, .torn_records = j.torn };
    if (rc == 0)
        rc = check_files(p, rootfd, root, &j, out, r, err);
    tv_journal_free(&j);
    close(rootfd);
    return rc;
}
