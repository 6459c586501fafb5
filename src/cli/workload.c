/* workload.c: finding workloads by name along the search path of `load`
 * (--workloads, FLOWBENCH_WORKLOADS, the installed folder, the source tree), and
 * profiles (.prof) along the same path. */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/interp.h"
#include "cli/workload.h"
#include "base/infile.h"

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *joinpath(const char *dir, const char *name, const char *suffix)
{
    size_t len = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *p = malloc(len);
    if (p != NULL)
        snprintf(p, len, "%s/%s%s", dir, name, suffix);
    return p;
}

/* name as a path, else name (with suffix added when it lacks it) along the search path. */
static char *find_with_suffix(const struct interp_options *o, const char *name, const char *suffix)
{
    if (strchr(name, '/') != NULL || is_file(name))
        return is_file(name) ? strdup(name) : NULL;
    size_t n = strlen(name), sl = strlen(suffix);
    bool has_suffix = n > sl && strcmp(name + n - sl, suffix) == 0;
    for (size_t i = 0; i < o->nworkload_dirs; i++) {
        char *p = joinpath(o->workload_dirs[i], name, has_suffix ? "" : suffix);
        if (p != NULL && is_file(p))
            return p;
        free(p);
    }
    return NULL;
}

char *workload_find(const struct interp *in, const char *name)
{
    return find_with_suffix(&in->opt, name, ".f");
}

char *profile_find(const struct interp_options *o, const char *name)
{
    return find_with_suffix(o, name, ".prof");
}

int workload_dirs_add(struct interp_options *o, const char *dir)
{
    char **v = realloc(o->workload_dirs, (o->nworkload_dirs + 1) * sizeof *v);
    if (v == NULL)
        return -1;
    o->workload_dirs = v;
    v[o->nworkload_dirs] = strdup(dir);
    return v[o->nworkload_dirs++] ? 0 : -1;
}

/* PREFIX/share/flowbench/workloads for the executable PREFIX/bin/flowbench, found
 * from the executable itself so that any install prefix works; "" when absent. */
static void installed_dir(char *buf, size_t len)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    buf[0] = '\0';
    if (n <= 0)
        return;
    exe[n] = '\0';
    for (int up = 0; up < 2; up++) {
        char *slash = strrchr(exe, '/');
        if (slash == NULL)
            return;
        *slash = '\0';
    }
    snprintf(buf, len, "%s/share/flowbench/workloads", exe);
    struct stat st;
    if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode))
        buf[0] = '\0';
}

int workload_dirs_default(struct interp_options *o)
{
    const char *env = getenv("FLOWBENCH_WORKLOADS");
    if (env != NULL) {
        char *copy = strdup(env);
        for (char *save = NULL, *d = copy ? strtok_r(copy, ":", &save) : NULL; d; d = strtok_r(NULL, ":", &save))
            if (workload_dirs_add(o, d) != 0) {
                free(copy);
                return -1;
            }
        free(copy);
    }
    /* Installed, the shipped folder; from a build directory, the source tree's. */
    char installed[PATH_MAX + 64];
    installed_dir(installed, sizeof installed);
    return workload_dirs_add(o, installed[0] != '\0' ? installed : FLOWBENCH_SOURCE_WORKLOADS);
}

void workload_dirs_free(struct interp_options *o)
{
    for (size_t i = 0; i < o->nworkload_dirs; i++)
        free(o->workload_dirs[i]);
    free(o->workload_dirs);
    o->workload_dirs = NULL;
    o->nworkload_dirs = 0;
}

void workload_summary(const char *path, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *f = infile_fopen(path);
    if (f == NULL)
        return;
    char line[512];
    if (fgets(line, sizeof line, f) != NULL && line[0] == '#') {
        char *s = line + 1;
        while (*s == ' ' || *s == '\t')
            s++;
        s[strcspn(s, "\r\n")] = '\0';
        snprintf(buf, len, "%s", s);
    }
    fclose(f);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool seen(char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

void workload_each(const struct interp *in, void (*fn)(const char *name, const char *path, void *ctx), void *ctx)
{
    char **names = NULL;
    size_t n = 0;
    for (size_t i = 0; i < in->opt.nworkload_dirs; i++) {
        DIR *d = opendir(in->opt.workload_dirs[i]);
        if (d == NULL)
            continue;
        for (struct dirent *e; (e = readdir(d)) != NULL;) {
            size_t len = strlen(e->d_name);
            if (len < 3 || strcmp(e->d_name + len - 2, ".f") != 0)
                continue;
            char *base = strndup(e->d_name, len - 2);
            if (base == NULL || seen(names, n, base)) {
                free(base);
                continue;
            }
            char **v = realloc(names, (n + 1) * sizeof *v);
            if (v == NULL) {
                free(base);
                break;
            }
            names = v;
            names[n++] = base;
        }
        closedir(d);
    }
    if (n > 0)
        qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char *path = workload_find(in, names[i]);
        if (path != NULL)
            fn(names[i], path, ctx);
        free(path);
        free(names[i]);
    }
    free(names);
}
