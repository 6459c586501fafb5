/* engine_system.c: the master's readings of the system during a run: CPU and
 * memory, and the block devices under the run's directories ($dir and each
 * fileset's path), at the start, at each --interval and at the end, into the
 * result's system figures; and the file system of $dir into its meta. The
 * workers never read any of it. */
#include <stdlib.h>
#include <string.h>

#include "engine/engine_rt.h"
#include "sysstat/blockdev.h"
#include "sysstat/cpu_stat.h"
#include "sysstat/diskstats.h"
#include "sysstat/meminfo.h"
#include "sysstat/mountinfo.h"

#define SYSTEM_MAX_DEV 16

struct reading {
    uint64_t ns;
    struct cpu_ticks cpu;
    struct mem_kb mem;
    struct disk_counters disk[SYSTEM_MAX_DEV];
};

struct engine_system {
    const char *names[SYSTEM_MAX_DEV];   /* the result's device names */
    size_t n;
    uint64_t go_ns;
    struct reading first, last;
};

static void read_now(const struct engine_system *s, uint64_t now, struct reading *r)
{
    r->ns = now;
    if (cpu_stat_read(&r->cpu) != 0)
        r->cpu = (struct cpu_ticks){ 0 };
    meminfo_read(&r->mem);
    diskstats_read(s->names, s->n, r->disk);
}

static char *dup_or_null(const char *s)
{
    return s[0] != '\0' ? strdup(s) : NULL;
}

/* A device's name from one SYS_NAME_LEN field into another (a copy, not a format: at -O1 the
 * compiler loses the source's bound and warns of a truncation that cannot happen). */
static void copy_name(char dst[SYS_NAME_LEN], const char src[SYS_NAME_LEN])
{
    memcpy(dst, src, SYS_NAME_LEN);
    dst[SYS_NAME_LEN - 1] = '\0';
}

/* The devices of the file system at path, each added once. */
static void add_devices(struct run_system *sys, const char *path, const struct mount_place *m)
{
    struct blockdev devs[SYSTEM_MAX_DEV];
    size_t n = blockdev_under("/sys", m->major, m->minor, devs, SYSTEM_MAX_DEV);
    for (size_t i = 0; i < n && sys->ndev < SYSTEM_MAX_DEV; i++) {
        bool seen = false;
        for (size_t k = 0; k < sys->ndev; k++)
            seen |= strcmp(sys->devices[k].name, devs[i].name) == 0;
        if (seen)
            continue;
        struct sys_device d = { .model = dup_or_null(devs[i].model), .path = strdup(path) };
        copy_name(d.name, devs[i].name);
        copy_name(d.holds, devs[i].holds);
        if (!run_system_add_device(sys, &d)) {
            free(d.model);
            free(d.path);
        }
    }
}

/* The meta's file system, mount options and device model: of $dir, else of the first fileset. */
static void fill_meta(struct run_meta *meta, const struct mount_place *m, const struct run_system *sys)
{
    meta->filesystem = strdup(m->fstype);
    meta->mount_options = strdup(m->options);
    for (size_t i = 0; i < sys->ndev && meta->device_model == NULL; i++)
        if (sys->devices[i].model != NULL)
            meta->device_model = strdup(sys->devices[i].model);
}

void engine_system_find(struct engine *e)
{
    struct run_system *sys = &e->result->system;
    struct mount_place *m = malloc(sizeof *m);
    e->system = calloc(1, sizeof *e->system);
    if (m == NULL || e->system == NULL) {
        free(m);
        return;
    }
    const char *dir = e->result->meta.dir;
    bool meta_done = false;
    for (size_t i = 0; i <= e->plan->nfilesets; i++) {
        const char *path = i == 0 ? dir : e->plan->filesets[i - 1].path;
        if (path == NULL || mountinfo_find(path, m) != 0)
            continue;
        add_devices(sys, path, m);
        if (!meta_done)
            fill_meta(&e->result->meta, m, sys);
        meta_done = true;
    }
    for (size_t i = 0; i < sys->ndev; i++)
        e->system->names[e->system->n++] = sys->devices[i].name;
    free(m);
}

void engine_system_start(struct engine *e, uint64_t now)
{
    if (e->system == NULL)
        return;
    e->system->go_ns = now;
    read_now(e->system, now, &e->system->first);
    e->system->last = e->system->first;
}

/* The figures from a to b into cpu and dev (one per device). */
static void figures(const struct engine_system *s, const struct reading *a, const struct reading *b,
                    struct cpu_pct *cpu, struct dev_figures *dev)
{
    double secs = (double)(b->ns - a->ns) / 1e9;
    cpu_stat_share(&a->cpu, &b->cpu, cpu);
    for (size_t i = 0; i < s->n; i++)
        diskstats_figures(&a->disk[i], &b->disk[i], secs, &dev[i]);
}

static void add_sample(struct engine *e, const struct reading *now)
{
    struct engine_system *s = e->system;
    struct sys_sample x = { .t = (double)(now->ns - s->go_ns) / 1e9, .seconds = (double)(now->ns - s->last.ns) / 1e9,
                            .mem = now->mem };
    x.dev = calloc(s->n ? s->n : 1, sizeof *x.dev);
    if (x.dev == NULL)
        return;
    figures(s, &s->last, now, &x.cpu, x.dev);
    run_system_add_sample(&e->result->system, &x);
    s->last = *now;
}

void engine_system_sample(struct engine *e, uint64_t now)
{
    struct reading r;
    if (e->system == NULL || e->system->go_ns == 0)
        return;
    read_now(e->system, now, &r);
    add_sample(e, &r);
}

void engine_system_end(struct engine *e, uint64_t now)
{
    struct engine_system *s = e->system;
    struct run_system *sys = &e->result->system;
    struct reading r;
    if (s == NULL || s->go_ns == 0 || now <= s->go_ns)
        return;
    read_now(s, now, &r);
    if (now > s->last.ns + 1000000) /* the last, partial interval (or the whole run without --interval) */
        add_sample(e, &r);
    figures(s, &s->first, &r, &sys->cpu, sys->dev);
    sys->mem = r.mem;
    sys->interval_s = e->run->opt.interval ? (double)e->run->opt.interval : (double)(now - s->go_ns) / 1e9;
    sys->measured = true;
}

void engine_system_free(struct engine *e)
{
    free(e->system);
    e->system = NULL;
}
