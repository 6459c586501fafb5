/* mountinfo.c: the mount a path lies on, read from /proc/self/mountinfo (where
 * a mount point's spaces and tabs are written as octal escapes). */
#include "sysstat/mountinfo.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Undoes mountinfo's \ooo escapes in place. */
static void unescape(char *s)
{
    char *w = s;
    for (char *r = s; *r != '\0'; r++) {
        if (r[0] == '\\' && r[1] >= '0' && r[1] <= '7' && r[2] >= '0' && r[2] <= '7' && r[3] >= '0' && r[3] <= '7') {
            *w++ = (char)((r[1] - '0') * 64 + (r[2] - '0') * 8 + (r[3] - '0'));
            r += 3;
        } else {
            *w++ = *r;
        }
    }
    *w = '\0';
}

/* Whether mount point m holds path p: "/" holds all, "/mnt" holds "/mnt/x" not "/mntx". */
static size_t holds(const char *m, const char *p)
{
    size_t n = strlen(m);
    if (strcmp(m, "/") == 0)
        return 1;
    return strncmp(m, p, n) == 0 && (p[n] == '/' || p[n] == '\0') ? n : 0;
}

/* realpath of path's nearest existing ancestor. */
static int resolve(const char *path, char *out)
{
    char buf[PATH_MAX];
    snprintf(buf, sizeof buf, "%s", path);
    for (;;) {
        if (realpath(buf, out) != NULL)
            return 0;
        char *slash = strrchr(buf, '/');
        if (slash == NULL)
            return realpath(".", out) != NULL ? 0 : -1;
        if (slash == buf)
            return realpath("/", out) != NULL ? 0 : -1;
        *slash = '\0';
    }
}

/* One line: "id parent maj:min root mountpoint options [optional...] - fstype source superoptions". */
static int parse_line(char *line, struct mount_place *m)
{
    char *save = NULL, *field[6];
    for (int i = 0; i < 6; i++)
        if ((field[i] = strtok_r(i ? NULL : line, " \n", &save)) == NULL)
            return -1;
    if (sscanf(field[2], "%u:%u", &m->major, &m->minor) != 2)
        return -1;
    unescape(field[4]);
    snprintf(m->mountpoint, sizeof m->mountpoint, "%s", field[4]);
    snprintf(m->options, sizeof m->options, "%s", field[5]);
    char *t;
    while ((t = strtok_r(NULL, " \n", &save)) != NULL && strcmp(t, "-") != 0)
        ;
    char *type = strtok_r(NULL, " \n", &save), *source = strtok_r(NULL, " \n", &save);
    char *super = strtok_r(NULL, " \n", &save);
    if (type == NULL || source == NULL)
        return -1;
    snprintf(m->fstype, sizeof m->fstype, "%s", type);
    snprintf(m->super_options, sizeof m->super_options, "%s", super != NULL ? super : "");
    return 0;
}

int mountinfo_find(const char *path, struct mount_place *out)
{
    char real[PATH_MAX], line[8192];
    size_t best = 0;
    if (resolve(path, real) != 0)
        return -1;
    FILE *f = fopen("/proc/self/mountinfo", "r");
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL) {
        struct mount_place m;
        if (parse_line(line, &m) != 0)
            continue;
        size_t n = holds(m.mountpoint, real);
        if (n > 0 && n >= best) { /* >=: a later mount on the same point hides the earlier */
            best = n;
            *out = m;
        }
    }
    fclose(f);
    return best > 0 ? 0 : -1;
}

void mountinfo_fs_name(const char *path, char *buf, size_t len)
{
    struct mount_place *m = malloc(sizeof *m); /* 5 KiB: not on a worker's stack */
    if (m != NULL && path != NULL && mountinfo_find(path, m) == 0 && m->fstype[0] != '\0')
        snprintf(buf, len, "%s", m->fstype);
    else
        snprintf(buf, len, "unknown");
    free(m);
}
