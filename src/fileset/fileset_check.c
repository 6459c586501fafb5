/* fileset_check.c: a tree flowbench is about to use again (reuse, trusttree, kept
 * from the run before) is looked at first, beneath its root: anything foreign where
 * flowbench makes a directory or a file refuses the run before a byte is written. */
#include "fileset/fileset.h"
#include "fileset/fileset_root.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum verdict { V_FIT, V_MISSING, V_RESHAPE, V_FOREIGN };

struct check {
    struct fileset_rt *fs;
    uid_t uid;
    bool *missing;          /* per ordinary directory: absent, so is everything below it */
    struct diag why;        /* what is wrong, after the path */
    char path[PATH_MAX];    /* the object judged, for the message */
};

int fileset_judge_dir(const struct stat *st, uid_t uid, struct diag *err)
{
    if (!S_ISDIR(st->st_mode))
        return diag_set(err, NULL, "is %s where flowbench made a directory", fileset_type_name(st->st_mode));
    if (st->st_uid != uid)
        return diag_set(err, NULL, "is a directory owned by uid %u, not by this user (uid %u)", (unsigned)st->st_uid,
                        (unsigned)uid);
    if (st->st_mode & (S_IWGRP | S_IWOTH))
        return diag_set(err, NULL, "is a directory other users may write to (mode %04o)",
                        (unsigned)(st->st_mode & 07777));
    return 0;
}

int fileset_judge_file(const struct stat *st, uid_t uid, struct diag *err)
{
    if (!S_ISREG(st->st_mode))
        return diag_set(err, NULL, "is %s where flowbench made a file", fileset_type_name(st->st_mode));
    if (st->st_uid != uid)
        return diag_set(err, NULL, "is a file owned by uid %u, not by this user (uid %u)", (unsigned)st->st_uid,
                        (unsigned)uid);
    if (st->st_nlink != 1)
        return diag_set(err, NULL, "is a file with %ju links (a hard link to a file flowbench did not make?)",
                        (uintmax_t)st->st_nlink);
    return 0;
}

/* A directory where flowbench makes one: only its owner, this user, may change it. */
static enum verdict judge_dir(struct check *c, const struct stat *st)
{
    if (S_ISREG(st->st_mode) && st->st_uid == c->uid && st->st_nlink == 1) {
        diag_set(&c->why, NULL, "is a file where the fileset has a directory");
        return V_RESHAPE;
    }
    return fileset_judge_dir(st, c->uid, &c->why) == 0 ? V_FIT : V_FOREIGN;
}

/* A file where flowbench makes one: a regular file of this user's, with no other name. */
static enum verdict judge_file(struct check *c, const struct stat *st)
{
    if (S_ISDIR(st->st_mode) && st->st_uid == c->uid) {
        diag_set(&c->why, NULL, "is a directory where the fileset has a file");
        return V_RESHAPE;
    }
    return fileset_judge_file(st, c->uid, &c->why) == 0 ? V_FIT : V_FOREIGN;
}

/* Stats name in directory dir without following it and judges it. */
static enum verdict look(struct check *c, size_t dir, const char *name, bool want_dir)
{
    if (c->missing[dir])
        return V_MISSING;
    int dfd = fileset_dir_get(c->fs, dir);
    struct stat st;
    int rc = dfd < 0 ? -1 : fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW);
    int err = errno;
    fileset_dir_put(c->fs, dir, dfd);
    if (rc != 0 && err == ENOENT)
        return V_MISSING;
    if (rc != 0) {
        diag_set(&c->why, NULL, "cannot be looked at: %s", strerror(err));
        return V_FOREIGN;
    }
    return want_dir ? judge_dir(c, &st) : judge_file(c, &st);
}

/* The path of what was judged, for the message (rc: of building it). */
static enum verdict named(struct check *c, int rc, enum verdict v)
{
    if (rc != 0)
        snprintf(c->path, sizeof c->path, "%s/...", c->fs->root);
    return v;
}

static enum verdict check_dirs(struct check *c)
{
    struct stat st;
    snprintf(c->path, sizeof c->path, "%s", c->fs->root);
    if (fstat(c->fs->h.rootfd, &st) != 0 || judge_dir(c, &st) != V_FIT)
        return V_FOREIGN;
    for (size_t d = 1; d < c->fs->ndirs; d++) {
        char name[FS_NAME_LEN];
        fileset_dir_name(c->fs, d, name);
        enum verdict v = look(c, c->fs->dirs[d].parent, name, true);
        c->missing[d] = v == V_MISSING;
        if (v == V_RESHAPE || v == V_FOREIGN)
            return named(c, fileset_dir_path(c->fs, d, c->path, sizeof c->path), v);
    }
    return V_FIT;
}

static enum verdict check_entries(struct check *c, enum fs_kind kind)
{
    size_t n = kind == FSK_FILE ? c->fs->nfiles : c->fs->nleafdirs;
    const struct fs_entry *v = kind == FSK_FILE ? c->fs->files : c->fs->leafdirs;
    for (size_t i = 0; i < n; i++) {
        char name[FS_NAME_LEN];
        fileset_entry_name(c->fs, kind, i, name);
        enum verdict r = look(c, v[i].dir, name, kind == FSK_LEAFDIR);
        if (r == V_RESHAPE || r == V_FOREIGN)
            return named(c, fileset_path(c->fs, kind, i, c->path, sizeof c->path), r);
    }
    return V_FIT;
}

int fileset_check_tree(struct fileset_rt *fs, struct diag *err)
{
    const struct plan_fileset *p = fs->plan;
    struct check *c = calloc(1, sizeof *c);
    bool *missing = calloc(fs->ndirs ? fs->ndirs : 1, sizeof *missing);
    if (c == NULL || missing == NULL) {
        free(c);
        free(missing);
        return diag_set(err, &p->loc, "fileset '%s': out of memory to check its tree", p->name);
    }
    *c = (struct check){ .fs = fs, .uid = geteuid(), .missing = missing };
    enum verdict v = check_dirs(c);
    if (v == V_FIT)
        v = check_entries(c, FSK_FILE);
    if (v == V_FIT)
        v = check_entries(c, FSK_LEAFDIR);
    int rc = 0;
    if (v == V_RESHAPE) {
        diag_set(err, NULL, "%s %s", c->path, c->why.msg);
        rc = 1;
    } else if (v == V_FOREIGN) {
        diag_set(err, &p->loc, "fileset '%s': %s %s; refusing to use the tree (nothing was written; remove what is "
                 "there yourself, or choose another $dir)", p->name, c->path, c->why.msg);
        err->bad_input = 1;
        rc = -1;
    }
    free(missing);
    free(c);
    return rc;
}
