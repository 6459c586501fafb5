/* workload.c: finding workloads by name along the search path of `load`
 * (--workloads, FLOWBENCH_WORKLOADS, the installed folder, the source tree). */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/interp.h"

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

char *workload_find(const struct interp *in, const char *name)
{
    if (strchr(name, '/') != NULL || is_file(name))
        return is_file(name) ? strdup(name) : NULL;
    bool has_suffix = strlen(name) > 2 && strcmp(name + strlen(name) - 2, ".f") == 0;
    for (size_t i = 0; i < in->opt.nworkload_dirs; i++) {
        char *p = joinpath(in->opt.workload_dirs[i], name, has_suffix ? "" : ".f");
        if (p != NULL && is_file(p))
            return p;
        free(p);
    }
    return NULL;
}

void workload_summary(const char *path, char *buf, size_t len)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
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
