/* place_hwloc.h: what the files of src/place/ share about hwloc (the topology
 * behind struct place_topo, lists in the kernel's notation); no other layer
 * includes it. */
#ifndef FB_PLACE_HWLOC_H
#define FB_PLACE_HWLOC_H

#include <hwloc.h>
#include <stddef.h>

struct place_topo {
    hwloc_topology_t topo;
};

/* "0-3,8" into out (cleared first); -1 when text is not such a list. */
int cpulist_parse(const char *text, hwloc_bitmap_t out);
/* out in list notation into buf; NULL when out of memory. */
char *cpulist_format(hwloc_const_bitmap_t set);

#endif
