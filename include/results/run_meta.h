/* run_meta.h: what a run was: the value of every variable when it started, the
 * command line, and where its directory lies (file system, mount options,
 * device model). The cli hands the first part over; the engine adds the rest. */
#ifndef FB_RUN_META_H
#define FB_RUN_META_H

#include <stdbool.h>
#include <stddef.h>

struct meta_var {
    char *name, *value;
};

struct run_meta {
    struct meta_var *vars;       /* in the variable table's order */
    size_t nvars;
    char **argv;                 /* the command line */
    size_t argc;
    char *dir;                   /* $dir, or NULL when unset */
    char *filesystem;            /* of dir (the first fileset's path without $dir); NULL unknown */
    char *mount_options;
    char *device_model;          /* of the first device under it that /sys names, or NULL */
};

void run_meta_free(struct run_meta *m);
/* A deep copy of src's variables, command line and dir; false when out of memory. */
bool run_meta_copy(struct run_meta *dst, const struct run_meta *src);
/* Appends a name and value (copied); false when out of memory. */
bool run_meta_add_var(struct run_meta *m, const char *name, const char *value);

#endif
