/* bind.c: applying a thread instance's placement in the thread itself, before
 * the start barrier and before it allocates its memory (so its pages follow
 * membind=), and reading back where it may run. Nothing here is on the hot path. */
#include "place/place.h"
#include "place/place_hwloc.h"

#include <errno.h>
#include <hwloc/glibc-sched.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

const char *place_state_name(uint32_t state)
{
    static const char *const names[] = { [PLACE_UNBOUND] = "unbound", [PLACE_APPLIED] = "applied",
                                         [PLACE_FAILED] = "failed", [PLACE_PLANNED_ONLY] = "planned only" };
    return state < sizeof names / sizeof names[0] ? names[state] : "?";
}

static void note(struct place_outcome *o, const char *what, const char *list)
{
    size_t used = strlen(o->note);
    snprintf(o->note + used, sizeof o->note - used, "%scannot %s %s: %s", used ? "; " : "", what, list, strerror(errno));
    o->state = PLACE_FAILED;
}

static void bind_cpus(hwloc_topology_t topo, const struct place_entry *e, hwloc_bitmap_t set, struct place_outcome *o)
{
    if (e->cpus == NULL)
        return;
    if (cpulist_parse(e->cpus, set) != 0 || hwloc_set_cpubind(topo, set, HWLOC_CPUBIND_THREAD) != 0)
        note(o, "bind to CPUs", e->cpus);
}

static void bind_memory(hwloc_topology_t topo, const struct place_entry *e, hwloc_bitmap_t set, struct place_outcome *o)
{
    if (e->mem == MEM_DEFAULT)
        return;
    hwloc_membind_policy_t policy = e->mem == MEM_INTERLEAVE ? HWLOC_MEMBIND_INTERLEAVE : HWLOC_MEMBIND_BIND;
    if (cpulist_parse(e->nodes, set) != 0
        || hwloc_set_membind(topo, set, policy, HWLOC_MEMBIND_THREAD | HWLOC_MEMBIND_BYNODESET) != 0)
        note(o, "bind memory to NUMA nodes", e->nodes);
}

/* Where the thread may run now: hwloc's answer on this machine, the kernel's
 * affinity on a topology that is not this machine's. */
static void read_back(hwloc_topology_t topo, hwloc_bitmap_t set, struct place_outcome *o)
{
    cpu_set_t mask;
    int rc = -1;
    if (hwloc_topology_is_thissystem(topo))
        rc = hwloc_get_cpubind(topo, set, HWLOC_CPUBIND_THREAD);
    else if (sched_getaffinity(0, sizeof mask, &mask) == 0)
        rc = hwloc_cpuset_from_glibc_sched_affinity(topo, set, &mask, sizeof mask);
    char *list = rc == 0 ? cpulist_format(set) : NULL;
    snprintf(o->cpus, sizeof o->cpus, "%s", list != NULL ? list : "?");
    free(list);
}

void place_apply(const struct place_topo *t, const struct place_entry *e, struct place_outcome *o)
{
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    *o = (struct place_outcome){ .state = PLACE_UNBOUND };
    if (set == NULL) {
        snprintf(o->note, sizeof o->note, "out of memory");
        o->state = e->cpus != NULL || e->mem != MEM_DEFAULT ? PLACE_FAILED : PLACE_UNBOUND;
        return;
    }
    if (e->cpus != NULL || e->mem != MEM_DEFAULT) {
        o->state = PLACE_APPLIED;
        if (!hwloc_topology_is_thissystem(t->topo)) {
            o->state = PLACE_PLANNED_ONLY;
            snprintf(o->note, sizeof o->note, "not applied: the topology is not this machine's (HWLOC_SYNTHETIC or an XML file)");
        } else {
            bind_cpus(t->topo, e, set, o);
            bind_memory(t->topo, e, set, o);
        }
    }
    read_back(t->topo, set, o);
    hwloc_bitmap_free(set);
}
