/* meminfo.c: Dirty, Writeback and Cached from /proc/meminfo. */
#include "sysstat/meminfo.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

int meminfo_read(struct mem_kb *m)
{
    static const struct {
        const char *key;
        size_t off;
    } keys[] = {
        { "Dirty:", offsetof(struct mem_kb, dirty) },
        { "Writeback:", offsetof(struct mem_kb, writeback) },
        { "Cached:", offsetof(struct mem_kb, cached) },
    };
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    *m = (struct mem_kb){ 0 };
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL)
        for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
            size_t n = strlen(keys[i].key);
            if (strncmp(line, keys[i].key, n) == 0)
                sscanf(line + n, "%" SCNu64, (uint64_t *)((char *)m + keys[i].off));
        }
    fclose(f);
    return 0;
}
