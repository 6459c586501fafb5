/* system.h: what the system did during a run, beside what the workload did:
 * CPU shares, memory, and the block devices under the run's directories, over
 * the whole run and per sample (--interval). Filled by the engine's master. */
#ifndef FB_RESULTS_SYSTEM_H
#define FB_RESULTS_SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Shares of all CPUs' time, in percent (they add up to 100). */
struct cpu_pct {
    double user, system, iowait, idle;
};

/* /proc/meminfo at a moment, in KiB. */
struct mem_kb {
    uint64_t dirty, writeback, cached;
};

/* One block device over a span of time (iostat's figures; MB = MiB). */
struct dev_figures {
    double reads_per_s, writes_per_s;
    double read_mb_per_s, write_mb_per_s;
    double avg_request_kb;   /* KiB per request, reads and writes together */
    double await_ms;         /* mean time of a request, queued and served */
    double queue_depth;      /* mean requests in flight */
    double util_pct;         /* share of the time with a request in flight */
};

#define SYS_NAME_LEN 64

/* A device under a run's directory: the one its file system sits on, or one
 * below that (a partition's disk, a dm or md member, a loop file's device). */
struct sys_device {
    char name[SYS_NAME_LEN];     /* as in /proc/diskstats: loop0, sda1, dm-0 */
    char holds[SYS_NAME_LEN];    /* the device above it, "" for the file system's own */
    char *model;                 /* /sys's model string, or NULL */
    char *path;                  /* the run's directory whose file system is on it */
};

struct sys_sample {
    double t;                    /* seconds since the run started, at the sample's end */
    double seconds;              /* the span it covers */
    struct cpu_pct cpu;
    struct mem_kb mem;           /* at t */
    struct dev_figures *dev;     /* one per device of the run, in the same order */
};

struct run_system {
    bool measured;               /* false when the run never started */
    double interval_s;           /* --interval, else the run's length */
    struct cpu_pct cpu;          /* over the whole run */
    struct mem_kb mem;           /* at the end */
    struct sys_device *devices;
    struct dev_figures *dev;     /* over the whole run, one per device */
    size_t ndev;
    struct sys_sample *samples;
    size_t nsamples;
};

void run_system_free(struct run_system *s);
/* Adds a device; false when out of memory (it is left out). */
bool run_system_add_device(struct run_system *s, const struct sys_device *d);
/* Adds a sample (taking its dev array); false when out of memory (it is freed). */
bool run_system_add_sample(struct run_system *s, struct sys_sample *x);

#endif
