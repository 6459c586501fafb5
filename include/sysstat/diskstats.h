/* diskstats.h: a block device's counters from /proc/diskstats, and iostat's
 * figures between two readings. */
#ifndef FB_DISKSTATS_H
#define FB_DISKSTATS_H

#include <stddef.h>
#include <stdint.h>

#include "results/system.h"

struct disk_counters {
    uint64_t reads, read_sectors, read_ms;
    uint64_t writes, write_sectors, write_ms;
    uint64_t io_ms, weighted_ms;   /* time busy; time of requests in flight, summed */
};

/* One pass over /proc/diskstats: out[i] for names[i] (zero when absent);
 * 0, or -1 when the file cannot be read. */
int diskstats_read(const char *const *names, size_t n, struct disk_counters *out);
/* The figures from a to b over secs seconds. */
void diskstats_figures(const struct disk_counters *a, const struct disk_counters *b, double secs,
                       struct dev_figures *out);

#endif
