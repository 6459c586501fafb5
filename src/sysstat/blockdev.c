/* blockdev.c: from a file system's device number to the devices under it,
 * following /sys: dev/block/MAJ:MIN names the device; a partition leads to its
 * disk, slaves/ to the members of a dm or md device, loop/backing_file to the
 * device of the file behind a loop device. */
#include "sysstat/blockdev.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define BLOCKDEV_DEPTH 8   /* loops of loops stop here */

struct walk {
    const char *sys;
    struct blockdev *out;
    size_t n, cap;
};

/* The first line of a small file, trailing blanks cut; "" when unreadable. */
static void read_line(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    buf[0] = '\0';
    if (f == NULL)
        return;
    if (fgets(buf, (int)len, f) == NULL)
        buf[0] = '\0';
    fclose(f);
    size_t n = strlen(buf);
    while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ' || buf[n - 1] == '\t'))
        buf[--n] = '\0';
}

/* The name of block device major:minor (the last part of its /sys link). */
static int name_of(const char *sys, unsigned major, unsigned minor, char *name)
{
    char path[PATH_MAX], link[PATH_MAX];
    snprintf(path, sizeof path, "%s/dev/block/%u:%u", sys, major, minor);
    ssize_t n = readlink(path, link, sizeof link - 1);
    if (n <= 0)
        return -1;
    link[n] = '\0';
    const char *base = strrchr(link, '/');
    snprintf(name, SYS_NAME_LEN, "%.*s", SYS_NAME_LEN - 1, base != NULL ? base + 1 : link);
    return 0;
}

static void below(struct walk *w, const char *name, int depth);

static void add(struct walk *w, const char *name, const char *holds, int depth)
{
    for (size_t i = 0; i < w->n; i++)
        if (strcmp(w->out[i].name, name) == 0)
            return;
    if (w->n == w->cap || depth > BLOCKDEV_DEPTH)
        return;
    struct blockdev *d = &w->out[w->n++];
    char path[PATH_MAX];
    snprintf(d->name, sizeof d->name, "%s", name);
    snprintf(d->holds, sizeof d->holds, "%s", holds);
    snprintf(path, sizeof path, "%s/class/block/%s/device/model", w->sys, name);
    read_line(path, d->model, sizeof d->model);
    below(w, name, depth + 1);
}

/* A partition's disk: the folder its /sys entry sits in. */
static void partition_disk(struct walk *w, const char *name, int depth)
{
    char path[PATH_MAX], real[PATH_MAX];
    snprintf(path, sizeof path, "%s/class/block/%s/partition", w->sys, name);
    if (access(path, F_OK) != 0)
        return;
    snprintf(path, sizeof path, "%s/class/block/%s", w->sys, name);
    if (realpath(path, real) == NULL)
        return;
    char *slash = strrchr(real, '/');
    if (slash == NULL)
        return;
    *slash = '\0';
    slash = strrchr(real, '/');
    if (slash != NULL)
        add(w, slash + 1, name, depth);
}

/* The members of a dm or md device. */
static void slaves(struct walk *w, const char *name, int depth)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/class/block/%s/slaves", w->sys, name);
    DIR *d = opendir(path);
    if (d == NULL)
        return;
    struct dirent *e;
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            add(w, e->d_name, name, depth);
    closedir(d);
}

/* The device of the file behind a loop device (none for a file on tmpfs). */
static void loop_backing(struct walk *w, const char *name, int depth)
{
    char path[PATH_MAX], file[PATH_MAX], dev[SYS_NAME_LEN];
    struct stat st;
    snprintf(path, sizeof path, "%s/class/block/%s/loop/backing_file", w->sys, name);
    read_line(path, file, sizeof file);
    if (file[0] == '\0' || stat(file, &st) != 0 || major(st.st_dev) == 0)
        return;
    if (name_of(w->sys, major(st.st_dev), minor(st.st_dev), dev) == 0)
        add(w, dev, name, depth);
}

static void below(struct walk *w, const char *name, int depth)
{
    partition_disk(w, name, depth);
    slaves(w, name, depth);
    loop_backing(w, name, depth);
}

size_t blockdev_under(const char *sys, unsigned major, unsigned minor, struct blockdev *out, size_t cap)
{
    struct walk w = { sys, out, 0, cap };
    char name[SYS_NAME_LEN];
    if (major == 0 || name_of(sys, major, minor, name) != 0)
        return 0;
    add(&w, name, "", 0);
    return w.n;
}
