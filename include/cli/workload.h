/* workload.h: finding workloads and profiles along the search path (workload.c). */
#ifndef FB_CLI_WORKLOAD_H
#define FB_CLI_WORKLOAD_H

#include <stddef.h>

struct interp;
struct interp_options;

/* Finds a workload by name or path along the search path; returns a malloc'ed path or NULL. */
char *workload_find(const struct interp *in, const char *name);
/* Finds a profile (NAME.prof) by name or path along the same search path; malloc'ed or NULL. */
char *profile_find(const struct interp_options *o, const char *name);
/* The search path: one more folder; the defaults ($FLOWBENCH_WORKLOADS, installed,
 * source) after those given; freeing it. -1 when out of memory. */
int workload_dirs_add(struct interp_options *o, const char *dir);
int workload_dirs_default(struct interp_options *o);
void workload_dirs_free(struct interp_options *o);
/* Calls fn for every workload on the search path (name without ".f", first line summary). */
void workload_each(const struct interp *in, void (*fn)(const char *name, const char *path, void *ctx), void *ctx);
/* Reads the first-line summary ("# text") of a workload file into buf. */
void workload_summary(const char *path, char *buf, size_t len);

#endif
