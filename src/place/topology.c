/* topology.c: the machine as hwloc sees it: loaded once per run (or --check),
 * counted for the reports, and printed as a tree by --topology. */
#include "place/place.h"
#include "place/place_hwloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int place_topo_load(struct place_topo **out, struct diag *err)
{
    struct place_topo *t = calloc(1, sizeof *t);
    *out = NULL;
    if (t == NULL)
        return diag_set(err, NULL, "out of memory");
    if (hwloc_topology_init(&t->topo) != 0) {
        free(t);
        return diag_set(err, NULL, "cannot read the machine's topology (hwloc): %s", strerror(errno));
    }
    if (hwloc_topology_load(t->topo) != 0) {
        int e = errno;
        hwloc_topology_destroy(t->topo);
        free(t);
        return diag_set(err, NULL, "cannot read the machine's topology (hwloc): %s", strerror(e));
    }
    *out = t;
    return 0;
}

void place_topo_free(struct place_topo *t)
{
    if (t == NULL)
        return;
    hwloc_topology_destroy(t->topo);
    free(t);
}

static unsigned count(hwloc_topology_t topo, hwloc_obj_type_t type)
{
    int n = hwloc_get_nbobjs_by_type(topo, type);
    return n > 0 ? (unsigned)n : 0;
}

void place_topo_summary(const struct place_topo *t, struct topo_summary *s)
{
    *s = (struct topo_summary){ count(t->topo, HWLOC_OBJ_PACKAGE), count(t->topo, HWLOC_OBJ_NUMANODE),
                                count(t->topo, HWLOC_OBJ_CORE), count(t->topo, HWLOC_OBJ_PU),
                                hwloc_topology_is_thissystem(t->topo) != 0 };
    s->numa = s->numa ? s->numa : 1;
    s->pus = s->pus ? s->pus : 1;
    s->cores = s->cores ? s->cores : s->pus; /* a machine hwloc sees no cores on: one per PU */
}

static void print_size(FILE *out, hwloc_uint64_t bytes)
{
    static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
    double v = (double)bytes;
    size_t u = 0;
    while (v >= 1024 && u + 1 < sizeof units / sizeof units[0]) {
        v /= 1024;
        u++;
    }
    fprintf(out, v == (double)(uint64_t)v ? " %.0f %s" : " %.1f %s", v, units[u]);
}

/* One object a line: its type, logical and OS numbers, size (caches, memory) and CPUs. */
static void print_obj(FILE *out, hwloc_obj_t o, int indent)
{
    char type[64];
    hwloc_obj_type_snprintf(type, sizeof type, o, 0);
    fprintf(out, "%*s%s L#%u", indent * 2, "", type, o->logical_index);
    if (o->os_index != HWLOC_UNKNOWN_INDEX)
        fprintf(out, " P#%u", o->os_index);
    if (hwloc_obj_type_is_cache(o->type))
        print_size(out, o->attr->cache.size);
    if (o->type == HWLOC_OBJ_NUMANODE)
        print_size(out, o->attr->numanode.local_memory);
    char *cpus = o->cpuset != NULL ? cpulist_format(o->cpuset) : NULL;
    fprintf(out, ": cpus %s\n", cpus != NULL ? cpus : "?");
    free(cpus);
    for (hwloc_obj_t m = o->memory_first_child; m != NULL; m = m->next_sibling)
        print_obj(out, m, indent + 1);
    for (hwloc_obj_t c = o->first_child; c != NULL; c = c->next_sibling)
        print_obj(out, c, indent + 1);
}

static void place_topo_print(const struct place_topo *t, FILE *out)
{
    struct topo_summary s;
    place_topo_summary(t, &s);
    fprintf(out, "%u package%s, %u NUMA node%s, %u core%s, %u PU%s%s\n", s.packages, s.packages == 1 ? "" : "s",
            s.numa, s.numa == 1 ? "" : "s", s.cores, s.cores == 1 ? "" : "s", s.pus, s.pus == 1 ? "" : "s",
            s.this_system ? "" : " (not this machine: HWLOC_SYNTHETIC or an XML file; nothing can be bound)");
    print_obj(out, hwloc_get_root_obj(t->topo), 0);
}

int place_topo_show(FILE *out, struct diag *err)
{
    struct place_topo *t;
    if (place_topo_load(&t, err) != 0)
        return -1;
    place_topo_print(t, out);
    place_topo_free(t);
    return 0;
}
