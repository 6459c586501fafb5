/* diskstats.c: block device counters from /proc/diskstats and the iostat
 * figures they give over a span (sectors are 512 bytes whatever the device's). */
#include "sysstat/diskstats.h"
#include "sysstat/counter_delta.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

int diskstats_read(const char *const *names, size_t n, struct disk_counters *out)
{
    FILE *f = fopen("/proc/diskstats", "r");
    char line[512], name[64];
    for (size_t i = 0; i < n; i++)
        out[i] = (struct disk_counters){ 0 };
    if (f == NULL)
        return -1;
    while (fgets(line, sizeof line, f) != NULL) {
        struct disk_counters c = { 0 };
        uint64_t merged, inflight;
        unsigned maj, min;
        if (sscanf(line, "%u %u %63s %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64
                         " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64 " %" SCNu64,
                   &maj, &min, name, &c.reads, &merged, &c.read_sectors, &c.read_ms, &c.writes, &merged,
                   &c.write_sectors, &c.write_ms, &inflight, &c.io_ms, &c.weighted_ms) != 14)
            continue;
        for (size_t i = 0; i < n; i++)
            if (strcmp(names[i], name) == 0)
                out[i] = c;
    }
    fclose(f);
    return 0;
}

void diskstats_figures(const struct disk_counters *a, const struct disk_counters *b, double secs,
                       struct dev_figures *out)
{
    double reqs = counter_delta(a->reads, b->reads) + counter_delta(a->writes, b->writes);
    double sectors = counter_delta(a->read_sectors, b->read_sectors) + counter_delta(a->write_sectors, b->write_sectors);
    double ms = secs * 1000;
    *out = (struct dev_figures){ 0 };
    if (secs <= 0)
        return;
    out->reads_per_s = counter_delta(a->reads, b->reads) / secs;
    out->writes_per_s = counter_delta(a->writes, b->writes) / secs;
    out->read_mb_per_s = counter_delta(a->read_sectors, b->read_sectors) * 512 / 1048576 / secs;
    out->write_mb_per_s = counter_delta(a->write_sectors, b->write_sectors) * 512 / 1048576 / secs;
    out->avg_request_kb = reqs > 0 ? sectors * 512 / 1024 / reqs : 0;
    out->await_ms = reqs > 0 ? (counter_delta(a->read_ms, b->read_ms) + counter_delta(a->write_ms, b->write_ms)) / reqs : 0;
    out->queue_depth = counter_delta(a->weighted_ms, b->weighted_ms) / ms;
    double util = 100 * counter_delta(a->io_ms, b->io_ms) / ms;
    out->util_pct = util > 100 ? 100 : util; /* io_ms is counted in jiffies: a sample can overshoot */
}
