/* cpulist.c: CPU and node lists in the kernel's notation ("0-3,8"), read strictly
 * (the script's cpus=, numa=, membind=) and written. */
#include "place/place_hwloc.h"
#include "base/number.h"

#include <stdlib.h>

#define CPULIST_MAX 65535u   /* no machine numbers its CPUs beyond this */

static int number(const char **p, unsigned *out)
{
    uint64_t n;
    const char *end = number_scan(*p, &n);
    if (end == NULL || n > CPULIST_MAX)
        return -1;
    *out = (unsigned)n;
    *p = end;
    return 0;
}

int cpulist_parse(const char *text, hwloc_bitmap_t out)
{
    const char *p = text;
    hwloc_bitmap_zero(out);
    for (;;) {
        unsigned lo, hi;
        if (number(&p, &lo) != 0)
            return -1;
        hi = lo;
        if (*p == '-' && (p++, number(&p, &hi) != 0 || hi < lo))
            return -1;
        hwloc_bitmap_set_range(out, lo, (int)hi);
        if (*p == '\0')
            return 0;
        if (*p++ != ',')
            return -1;
    }
}

char *cpulist_format(hwloc_const_bitmap_t set)
{
    char *s = NULL;
    return hwloc_bitmap_list_asprintf(&s, set) < 0 ? NULL : s;
}
