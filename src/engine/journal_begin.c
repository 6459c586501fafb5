/* journal_begin.c: the master's side of the durability journal, before the
 * workers start: the journal's directory cleared, the tree's id, the
 * durable starting point (syncfs) and the manifest of files. */
#include "engine/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dirent.h>

#include "base/le.h"
#include "dist/dist.h"
#include "engine/engine_rt.h"

static int make_dir(const char *path, struct diag *err)
{
    if (mkdir(path, 0755) == 0 || errno == EEXIST)
        return 0;
    return diag_set(err, NULL, "journal: cannot make %s: %s", path, strerror(errno));
}

/* Removes what an earlier run left in dir: only the journal's own files. */
static int clear_dir(const char *dir, struct diag *err)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return diag_set(err, NULL, "journal: cannot open %s: %s", dir, strerror(errno));
    struct dirent *de;
    int rc = 0;
    while (rc == 0 && (de = readdir(d)) != NULL) {
        if (jf_file_kind(de->d_name) == JF_NOT_JOURNAL)
            continue;
        if (unlinkat(dirfd(d), de->d_name, 0) != 0)
            rc = diag_set(err, NULL, "journal: cannot remove %s/%s: %s", dir, de->d_name, strerror(errno));
    }
    closedir(d);
    return rc;
}

static int sync_path(const char *path, int flags)
{
    int fd = open(path, flags | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

/* A new id written into the tree, then everything the tree holds made durable. */
static int mark_tree(const struct fileset_rt *fs, uint64_t *id, struct diag *err)
{
    char path[PATH_MAX];
    do {
        if (getrandom(id, sizeof *id, 0) != (ssize_t)sizeof *id)
            return diag_set(err, NULL, "journal: no random id for the tree: %s", strerror(errno));
    } while (*id == 0);
    snprintf(path, sizeof path, "%s/%s", fs->root, JF_TREE_ID);
    char text[24];
    int len = snprintf(text, sizeof text, "%016" PRIx64 "\n", *id);
    /* beneath the tree's own root descriptor, through no link (fileset_root.c) */
    int f = openat(fs->h.rootfd, JF_TREE_ID, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644);
    if (f < 0 || write(f, text, (size_t)len) != len || fsync(f) != 0) {
        int e = errno ? errno : EIO;
        if (f >= 0)
            close(f);
        return diag_set(err, NULL, "journal: cannot write %s: %s", path, strerror(e));
    }
    if (close(f) != 0)
        return diag_set(err, NULL, "journal: cannot write %s: %s", path, strerror(errno));
    int fd = openat(fs->h.rootfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0 || syncfs(fd) != 0 || fsync(fd) != 0) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        return diag_set(err, NULL, "journal: cannot make the tree %s durable (syncfs): %s", fs->root, strerror(e));
    }
    close(fd);
    return 0;
}

/* Buffered records of the manifest, written out as the buffer fills. */
struct manifest {
    int fd;
    char buf[1 << 16];
    size_t used;
};

static int manifest_put(struct manifest *m, const char *rec, size_t n)
{
    if (m->used + n > sizeof m->buf) {
        if (write(m->fd, m->buf, m->used) != (ssize_t)m->used)
            return -1;
        m->used = 0;
    }
    memcpy(m->buf + m->used, rec, n);
    m->used += n;
    return 0;
}

/* The record of file entry i: its path under the root and its size now, or JF_ABSENT. */
static int manifest_file(struct manifest *m, struct fileset_rt *fs, struct shm *shm, size_t i)
{
    char rec[JF_HEAD_BYTES + JF_FILE_BYTES + PATH_MAX], path[PATH_MAX];
    if (fileset_path(fs, FSK_FILE, i, path, sizeof path) != 0)
        return -1;
    uint64_t size = JF_ABSENT;
    struct stat st;
    if ((fileset_state(fs, shm, FSK_FILE, (int64_t)i) & ENT_EXISTS) && lstat(path, &st) == 0 && S_ISREG(st.st_mode))
        size = (uint64_t)st.st_size;
    const char *rel = path + strlen(fs->root) + 1;
    size_t n = strlen(rel);
    put64(rec + JF_HEAD_BYTES, i);
    put64(rec + JF_HEAD_BYTES + 8, size);
    memcpy(rec + JF_HEAD_BYTES + JF_FILE_BYTES, rel, n);
    return manifest_put(m, rec, jf_seal(rec, JF_FILE, (uint32_t)(JF_FILE_BYTES + n)));
}

static int write_manifest(struct engine *e, size_t i, const char *dir, struct diag *err)
{
    struct fileset_rt *fs = &e->fs[i];
    char tmp[PATH_MAX + 32], path[PATH_MAX + 32];
    snprintf(tmp, sizeof tmp, "%s/%s.new", dir, JF_MANIFEST);
    snprintf(path, sizeof path, "%s/%s", dir, JF_MANIFEST);
    struct manifest *m = malloc(sizeof *m);
    if (m == NULL)
        return diag_set(err, NULL, "out of memory");
    m->used = 0;
    if ((m->fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0644)) < 0) {
        free(m);
        return diag_set(err, NULL, "journal: cannot create %s: %s", tmp, strerror(errno));
    }
    char rec[JF_HEAD_BYTES + JF_START_BYTES];
    put64(rec + JF_HEAD_BYTES, e->journal_ids[i]);
    put32(rec + JF_HEAD_BYTES + 8, fs->plan->verify_id);
    put32(rec + JF_HEAD_BYTES + 12, UINT32_MAX);
    put64(rec + JF_HEAD_BYTES + 16, 0);
    int rc = manifest_put(m, rec, jf_seal(rec, JF_START, JF_START_BYTES));
    for (size_t f = 0; rc == 0 && f < fs->nfiles; f++)
        rc = manifest_file(m, fs, &e->shm, f);
    if (rc == 0 && (write(m->fd, m->buf, m->used) != (ssize_t)m->used || fsync(m->fd) != 0))
        rc = -1;
    int errn = errno;
    close(m->fd);
    free(m);
    if (rc != 0 || rename(tmp, path) != 0 || sync_path(dir, O_RDONLY | O_DIRECTORY) != 0)
        return diag_set(err, NULL, "journal: cannot write %s: %s", path, strerror(rc != 0 ? errn : errno));
    return 0;
}

int journal_begin(struct engine *e, struct diag *err)
{
    for (size_t i = 0; i < e->nfs; i++) {
        const struct plan_fileset *p = e->fs[i].plan;
        if (p->journal == NULL)
            continue;
        if (dist_size() > 1)
            return diag_set(err, &p->loc, "journal: not over MPI ranks yet (the ranks' journals would share %s/%s)",
                            p->journal, p->name);
        if (e->journal_ids == NULL && (e->journal_ids = calloc(e->nfs, sizeof *e->journal_ids)) == NULL)
            return diag_set(err, NULL, "out of memory");
        char dir[PATH_MAX];
        if (journal_dir(p, dir, sizeof dir) != 0)
            return diag_set(err, &p->loc, "journal: the path %s/%s is too long", p->journal, p->name);
        if ((!e->run->opt.journal_force && journal_check_place(p, err) != 0) || make_dir(p->journal, err) != 0
            || make_dir(dir, err) != 0 || clear_dir(dir, err) != 0 || mark_tree(&e->fs[i], &e->journal_ids[i], err) != 0
            || write_manifest(e, i, dir, err) != 0)
            return -1;
    }
    return 0;
}
