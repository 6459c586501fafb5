/* place.h: the machine as hwloc sees it, the placement plan of a run (one entry
 * per thread instance: its CPUs and memory nodes) and applying an entry in the
 * thread itself. Only src/place/ sees hwloc; lists are in the kernel's notation. */
#ifndef FB_PLACE_H
#define FB_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "base/diag.h"
#include "model/plan.h"

struct place_topo;

struct topo_summary {
    unsigned packages, numa, cores, pus;
    bool this_system;   /* false for HWLOC_SYNTHETIC or an XML file: nothing can be bound */
};

/* Loads the topology (hwloc honours HWLOC_SYNTHETIC and HWLOC_XMLFILE). */
int place_topo_load(struct place_topo **out, struct diag *err);
void place_topo_free(struct place_topo *t);
void place_topo_summary(const struct place_topo *t, struct topo_summary *s);
/* --topology, `list topology`: loads this machine's topology and prints it: a
 * line of counts, then packages, NUMA nodes with their memory, caches, cores
 * and PUs as a tree. */
int place_topo_show(FILE *out, struct diag *err);

struct place_entry {
    size_t proc, proc_inst, thread, thread_inst;
    char *cpus;            /* the CPUs it is bound to, or NULL: not bound */
    char *nodes;           /* membind's nodes, else the nodes of its CPUs (NULL when unbound) */
    enum place_mem mem;
};

struct placement {
    const struct plan *plan;
    struct place_entry *v; /* by process, its instance, thread, the thread's instance */
    size_t n;
    size_t *first;         /* per process: its first entry */
    bool any;              /* some thread binds its CPUs or its memory */
};

/* The plan's placement on t with --bind's default d; an impossible request
 * (a CPU or node t does not have) is an error at its attribute. */
int placement_build(struct placement *out, const struct place_topo *t, const struct plan *p,
                    const struct place_default *d, struct diag *err);
void placement_free(struct placement *pl);
const struct place_entry *placement_find(const struct placement *pl, size_t proc, size_t pi, size_t thread, size_t ti);
/* "NAME[pi].THREAD[ti]" */
void placement_label(const struct placement *pl, const struct place_entry *e, char *buf, size_t size);
/* --check: one line per thread instance. */
void placement_describe(const struct placement *pl, FILE *out);

/* What applying an entry gave, written by the worker thread into shared memory (no pointers). */
enum place_state { PLACE_UNBOUND, PLACE_APPLIED, PLACE_FAILED, PLACE_PLANNED_ONLY };
struct place_outcome {
    uint32_t state;        /* enum place_state */
    char cpus[256];        /* the CPUs the thread may run on, read back after binding */
    char note[256];        /* why it was not (fully) applied */
};
/* In the worker thread, before it allocates its memory: binds it as e says
 * (on this machine's topology only) and reads back where it may run. */
void place_apply(const struct place_topo *t, const struct place_entry *e, struct place_outcome *o);
const char *place_state_name(uint32_t state);

#endif
