/* managed_tree.c: a replay's DIR, checked as a reused fileset's tree is (every
 * entry judged by fileset_check.c's rules, walked beneath DIR with no link
 * followed) and told apart from what a user put there by its manifest. */
#include "fileset/managed_tree.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/beneath.h"
#include "base/outfile.h"
#include "fileset/fileset.h"
#include "fileset/target_lock.h"

#define MANIFEST_HEAD "# flowbench-replay 1\n"
/* A manifest larger than this was not written by flowbench for any trace it can read. */
#define MANIFEST_MAX ((size_t)1 << 30)

/* A regular file with more than one name: all of them must be in the tree. */
struct multi_link {
    dev_t dev;
    ino_t ino;
    nlink_t nlink;
    char *path;
};

struct names {
    char **v;
    size_t n, cap;
};

struct managed_tree {
    char *dir;
    int rootfd;
    uid_t uid;
    bool over;
    char *mbuf;              /* the manifest as read; known points into it */
    const char **known;      /* its names, sorted */
    bool *seen;              /* per known name: there now */
    size_t nknown;
    struct names foreign;    /* with over: names there that the manifest does not hold */
    struct multi_link *links;
    size_t nlinks, caplinks;
    struct diag why;         /* what is wrong with the object refused, after its path */
};

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* qsort, which may not be given a NULL array even to sort nothing. */
static void sort(void *v, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
    if (n > 1)
        qsort(v, n, size, cmp);
}

static int names_add(struct names *s, const char *name)
{
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 64;
        char **v = realloc(s->v, cap * sizeof *v);
        if (v == NULL)
            return -1;
        s->v = v;
        s->cap = cap;
    }
    if ((s->v[s->n] = strdup(name)) == NULL)
        return -1;
    s->n++;
    return 0;
}

static void names_free(struct names *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
}

static bool names_has(const struct names *s, const char *name)
{
    return s->n > 0 && bsearch(&name, s->v, s->n, sizeof *s->v, cmp_name) != NULL;
}

/* The manifest's index of name, or -1. */
static long known_at(const struct managed_tree *mt, const char *name)
{
    if (mt->nknown == 0)
        return -1;
    const char **hit = bsearch(&name, mt->known, mt->nknown, sizeof *mt->known, cmp_name);
    return hit != NULL ? hit - mt->known : -1;
}

/* A refusal, as bad input: "DIR/rel why; refusing ...". */
static int refuse(struct managed_tree *mt, const char *rel, const char *advice, struct diag *err)
{
    bool top = strcmp(rel, ".") == 0;
    diag_set(err, NULL, "%s%s%s %s; refusing to replay there (nothing was written; %s)", mt->dir, top ? "" : "/",
             top ? "" : rel, mt->why.msg, advice);
    err->bad_input = 1;
    return -1;
}

static const char *const remove_it = "remove it yourself, or choose another directory";

/* Splits the manifest's text into its names, sorted. */
static int manifest_parse(struct managed_tree *mt, size_t len)
{
    size_t head = sizeof MANIFEST_HEAD - 1;
    if (len < head || memcmp(mt->mbuf, MANIFEST_HEAD, head) != 0 || (len > head && mt->mbuf[len - 1] != '\0'))
        return -1;
    size_t n = 0;
    for (size_t i = head; i < len; i++)
        n += mt->mbuf[i] == '\0';
    mt->known = calloc(n ? n : 1, sizeof *mt->known);
    mt->seen = calloc(n ? n : 1, sizeof *mt->seen);
    if (mt->known == NULL || mt->seen == NULL)
        return -1;
    for (size_t at = head; at < len; at += strlen(mt->mbuf + at) + 1)
        mt->known[mt->nknown++] = mt->mbuf + at;
    sort(mt->known, mt->nknown, sizeof *mt->known, cmp_name);
    return 0;
}

/* Reads the manifest, if there is one: a regular file of this user's, opened
 * without following a link or blocking on a FIFO. */
static int manifest_read(struct managed_tree *mt, struct diag *err)
{
    int fd = openat(mt->rootfd, MANAGED_MANIFEST, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0 && errno == ENOENT)
        return 0;
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        diag_set(&mt->why, NULL, "cannot be read: %s", errno == ELOOP ? "it is a symbolic link" : strerror(errno));
        if (fd >= 0)
            close(fd);
        return refuse(mt, MANAGED_MANIFEST, remove_it, err);
    }
    if (fileset_judge_file(&st, mt->uid, &mt->why) != 0 || (size_t)st.st_size > MANIFEST_MAX) {
        if (S_ISREG(st.st_mode) && (size_t)st.st_size > MANIFEST_MAX)
            diag_set(&mt->why, NULL, "is %jd bytes: not a manifest flowbench wrote", (intmax_t)st.st_size);
        close(fd);
        return refuse(mt, MANAGED_MANIFEST, remove_it, err);
    }
    size_t len = 0, cap = (size_t)st.st_size + 1;
    mt->mbuf = malloc(cap);
    ssize_t got = 1;
    while (mt->mbuf != NULL && len < cap && (got = read(fd, mt->mbuf + len, cap - len)) > 0)
        len += (size_t)got;
    close(fd);
    if (mt->mbuf == NULL || got < 0 || len == cap || manifest_parse(mt, len) != 0) {
        diag_set(&mt->why, NULL, "is not a manifest flowbench wrote (or it changed as it was read)");
        return refuse(mt, MANAGED_MANIFEST, remove_it, err);
    }
    return 0;
}

static int note_link(struct managed_tree *mt, const struct stat *st, const char *rel)
{
    if (mt->nlinks == mt->caplinks) {
        size_t cap = mt->caplinks ? 2 * mt->caplinks : 16;
        struct multi_link *v = realloc(mt->links, cap * sizeof *v);
        if (v == NULL)
            return -1;
        mt->links = v;
        mt->caplinks = cap;
    }
    char *path = strdup(rel);
    if (path == NULL)
        return -1;
    mt->links[mt->nlinks++] = (struct multi_link){ st->st_dev, st->st_ino, st->st_nlink, path };
    return 0;
}

/* What st at rel may be, whatever the manifest says: 0 fit, else mt->why says. */
static int judge(struct managed_tree *mt, const struct stat *st, bool known)
{
    if (S_ISDIR(st->st_mode))
        return fileset_judge_dir(st, mt->uid, &mt->why);
    if (S_ISLNK(st->st_mode) && known && st->st_uid == mt->uid)
        return 0; /* made by a replay here: flowbench never follows it */
    if (S_ISLNK(st->st_mode))
        return diag_set(&mt->why, NULL, "is a symbolic link that no replay here made");
    if (!S_ISREG(st->st_mode))
        return diag_set(&mt->why, NULL, "is %s (a replay's directory holds directories, regular files and the "
                        "links a replay made)", fileset_type_name(st->st_mode));
    struct stat one = *st;
    one.st_nlink = 1; /* its names are counted over the whole walk instead */
    return fileset_judge_file(&one, mt->uid, &mt->why);
}

/* The rules for one entry, then whether flowbench made it. */
static int judge_entry(struct managed_tree *mt, const struct stat *st, const char *rel, struct diag *err)
{
    long k = known_at(mt, rel);
    if (judge(mt, st, k >= 0) != 0)
        return refuse(mt, rel, remove_it, err);
    if (S_ISREG(st->st_mode) && st->st_nlink > 1 && note_link(mt, st, rel) != 0)
        return diag_set(err, NULL, "%s: out of memory to check it", mt->dir);
    if (k >= 0) {
        mt->seen[k] = true;
        return 0;
    }
    if (!mt->over) {
        diag_set(&mt->why, NULL, "was not laid down by flowbench (%s does not name it)", MANAGED_MANIFEST);
        return refuse(mt, rel, "give --over to replay over what is there, or choose an empty directory", err);
    }
    return names_add(&mt->foreign, rel) == 0 ? 0 : diag_set(err, NULL, "%s: out of memory to check it", mt->dir);
}

/* flowbench's own files in the root: the manifest (judged as it is read) and the lock. */
static bool own_file(const char *name, size_t depth)
{
    return depth == 0 && (strcmp(name, MANAGED_MANIFEST) == 0 || strcmp(name, TARGET_LOCK_NAME) == 0);
}

static int walk(struct managed_tree *mt, char *rel, size_t len, struct diag *err)
{
    int fd = len ? beneath_open(mt->rootfd, rel, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
                 : openat(mt->rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd < 0 ? NULL : fdopendir(fd);
    if (d == NULL) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "%s/%s: cannot read the directory: %s", mt->dir, rel, beneath_strerror(e));
    }
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        const char *name = de->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || own_file(name, len))
            continue;
        size_t n = strlen(name), sub = len + (len ? 1 : 0) + n;
        if (sub + 1 > PATH_MAX) {
            rc = diag_set(err, NULL, "%s/%s: path too long", mt->dir, rel);
            break;
        }
        rel[len] = len ? '/' : '\0';
        memcpy(rel + len + (len ? 1 : 0), name, n + 1);
        struct stat st;
        if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
            rc = diag_set(err, NULL, "%s/%s: cannot stat: %s", mt->dir, rel, strerror(errno));
        else if ((rc = judge_entry(mt, &st, rel, err)) == 0 && S_ISDIR(st.st_mode))
            rc = walk(mt, rel, sub, err);
        rel[len] = '\0';
    }
    closedir(d);
    return rc;
}

static int cmp_link(const void *a, const void *b)
{
    const struct multi_link *x = a, *y = b;
    if (x->dev != y->dev)
        return x->dev < y->dev ? -1 : 1;
    return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Every name of a multi-linked file in the tree: none leads out of it. */
static int check_links(struct managed_tree *mt, struct diag *err)
{
    sort(mt->links, mt->nlinks, sizeof *mt->links, cmp_link);
    for (size_t i = 0, j; i < mt->nlinks; i = j) {
        for (j = i + 1; j < mt->nlinks && cmp_link(&mt->links[i], &mt->links[j]) == 0; j++)
            ;
        if ((nlink_t)(j - i) >= mt->links[i].nlink)
            continue;
        diag_set(&mt->why, NULL, "is a file with %ju links, %zu of them beneath %s (a hard link to a file "
                 "elsewhere)", (uintmax_t)mt->links[i].nlink, j - i, mt->dir);
        return refuse(mt, mt->links[i].path, remove_it, err);
    }
    return 0;
}

int managed_tree_check(const char *dir, enum managed_foreign foreign, struct managed_tree **out, struct diag *err)
{
    *out = NULL;
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    int rc = managed_tree_check_at(fd, dir, foreign, out, err);
    close(fd);
    return rc;
}

int managed_tree_check_at(int dirfd, const char *dir, enum managed_foreign foreign, struct managed_tree **out,
                          struct diag *err)
{
    *out = NULL;
    struct managed_tree *mt = calloc(1, sizeof *mt);
    char *rel = malloc(PATH_MAX);
    if (mt == NULL || rel == NULL || (mt->dir = strdup(dir)) == NULL) {
        free(rel);
        free(mt);
        return diag_set(err, NULL, "%s: out of memory to check it", dir);
    }
    *mt = (struct managed_tree){ .dir = mt->dir, .rootfd = -1, .uid = geteuid(), .over = foreign == MANAGED_OVER };
    mt->rootfd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0);
    struct stat st;
    int rc = 0;
    if (mt->rootfd < 0 || fstat(mt->rootfd, &st) != 0)
        rc = diag_set(err, NULL, "%s: %s", dir, strerror(errno));
    else if (fileset_judge_dir(&st, mt->uid, &mt->why) != 0)
        rc = refuse(mt, ".", remove_it, err);
    rel[0] = '\0';
    if (rc == 0)
        rc = manifest_read(mt, err);
    if (rc == 0)
        rc = walk(mt, rel, 0, err);
    if (rc == 0)
        rc = check_links(mt, err);
    free(rel);
    if (rc != 0) {
        managed_tree_free(mt);
        return -1;
    }
    sort(mt->foreign.v, mt->foreign.n, sizeof *mt->foreign.v, cmp_name);
    *out = mt;
    return 0;
}

/* name and each of its parents, unless foreign. */
static int add_with_parents(const struct managed_tree *mt, struct names *all, const char *name)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s", name) >= (int)sizeof path || path[0] == '\0' || strcmp(path, ".") == 0)
        return 0;
    for (char *p = path;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (!names_has(&mt->foreign, path) && names_add(all, path) != 0)
            return -1;
        *p = c;
        if (c == '\0')
            return 0;
    }
}

static int write_names(struct outfile *o, const struct names *all)
{
    if (fputs(MANIFEST_HEAD, o->f) == EOF)
        return -1;
    for (size_t i = 0; i < all->n; i++)
        if ((i == 0 || strcmp(all->v[i], all->v[i - 1]) != 0) && fwrite(all->v[i], strlen(all->v[i]) + 1, 1, o->f) != 1)
            return -1;
    return 0;
}

/* Whether rel is there now beneath the root (a link there counts: the trace may have made it). */
static bool there(const struct managed_tree *mt, const char *rel)
{
    struct stat st;
    int fd = beneath_node(mt->rootfd, rel, &st);
    if (fd >= 0)
        close(fd);
    return fd >= 0 || errno == ELOOP;
}

static int write_manifest(struct managed_tree *mt, const char *const *names, size_t n, bool only_there,
                          struct diag *err)
{
    struct names all = { 0 };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < mt->nknown; i++)
        if (mt->seen[i])
            rc = names_add(&all, mt->known[i]);
    for (size_t i = 0; rc == 0 && i < n; i++)
        rc = add_with_parents(mt, &all, names[i]);
    for (size_t i = 0; rc == 0 && only_there && i < all.n; i++)
        if (!there(mt, all.v[i])) {
            free(all.v[i]);
            all.v[i--] = all.v[--all.n];
        }
    if (rc != 0) {
        names_free(&all);
        return diag_set(err, NULL, "%s/%s: out of memory to write it", mt->dir, MANAGED_MANIFEST);
    }
    sort(all.v, all.n, sizeof *all.v, cmp_name);
    struct outfile o;
    if (outfile_open_beneath(&o, mt->rootfd, MANAGED_MANIFEST) != 0)
        rc = -1;
    else
        rc = outfile_end(&o, write_names(&o, &all));
    if (rc != 0)
        diag_set(err, NULL, "cannot write %s/%s: %s", mt->dir, MANAGED_MANIFEST, outfile_strerror(errno));
    names_free(&all);
    return rc;
}

int managed_tree_write(struct managed_tree *mt, const char *const *names, size_t n, struct diag *err)
{
    return write_manifest(mt, names, n, false, err);
}

int managed_tree_settle(struct managed_tree *mt, const char *const *names, size_t n, struct diag *err)
{
    return write_manifest(mt, names, n, true, err);
}

void managed_tree_free(struct managed_tree *mt)
{
    if (mt == NULL)
        return;
    if (mt->rootfd >= 0)
        close(mt->rootfd);
    for (size_t i = 0; i < mt->nlinks; i++)
        free(mt->links[i].path);
    free(mt->links);
    names_free(&mt->foreign);
    free(mt->known);
    free(mt->seen);
    free(mt->mbuf);
    free(mt->dir);
    free(mt);
}
