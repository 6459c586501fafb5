/* engine.c: one run of a run description: lay the plan out over processes and
 * threads, create the filesets, fork the workers, release them together, watch
 * the clock and the workers, stop them, and fill the results. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/clock.h"
#include "engine/engine_rt.h"
#include "engine/replay_rt.h"
#include "engine/journal.h"
#include "base/signals.h"
#include "base/nameidx.h"
#include "fileset/target_lock.h"

static void host_read(struct host_info *h, const struct topo_summary *t)
{
    struct utsname u;
    if (gethostname(h->hostname, sizeof h->hostname) != 0)
        snprintf(h->hostname, sizeof h->hostname, "unknown");
    h->hostname[sizeof h->hostname - 1] = '\0';
    if (uname(&u) == 0)
        snprintf(h->kernel, sizeof h->kernel, "%s %s %s", u.sysname, u.release, u.machine);
    h->cores = t->cores;
    h->pus = t->pus;
    h->numa = t->numa;
    h->packages = t->packages;
    h->topology_this_system = t->this_system;
}

/* ---- layout ---- */

static int count_slots(struct engine *e, struct diag *err)
{
    size_t n = 0;
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t t = 0; t < e->plan->procs[p].nthreads && engine_selected(e, p); t++) {
            uint64_t k = e->plan->procs[p].instances * e->plan->procs[p].threads[t].instances;
            if (k > FB_MAX_THREADS || n + k > FB_MAX_THREADS)
                return diag_set(err, &e->plan->procs[p].loc, "more than a million threads in one run");
            n += k;
        }
    e->nslots = n;
    e->slots = calloc(n ? n : 1, sizeof *e->slots);
    return e->slots ? 0 : diag_set(err, NULL, "out of memory");
}

static void fill_slots(struct engine *e)
{
    size_t k = 0;
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t pi = 0; pi < e->plan->procs[p].instances && engine_selected(e, p); pi++)
            for (size_t t = 0; t < e->plan->procs[p].nthreads; t++)
                for (size_t ti = 0; ti < e->plan->procs[p].threads[t].instances; ti++)
                    e->slots[k++] = (struct thread_slot){ .proc = p, .proc_inst = pi, .thread = t, .thread_inst = ti };
}

static int add_sems(struct engine *e, size_t slot, const struct plan_op *ops, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (flowop_is(ops[i].type, FF_OWN_SEM)) {
            struct sem_desc *v = realloc(e->sems, (e->nsems + 1) * sizeof *v);
            if (v == NULL)
                return -1;
            e->sems = v;
            v[e->nsems++] = (struct sem_desc){ slot, ops[i].flat, &ops[i] };
        }
        if (add_sems(e, slot, ops[i].children, ops[i].nchildren) != 0)
            return -1;
    }
    return 0;
}

static const struct plan_thread *slot_thread(const struct engine *e, size_t s)
{
    return &e->plan->procs[e->slots[s].proc].threads[e->slots[s].thread];
}

static int layout(struct engine *e, struct diag *err)
{
    size_t size = sizeof(struct run_shared) + 64;
    for (size_t i = 0; i < e->nfs; i++)
        size += fileset_shared_size(&e->fs[i]) + 128;
    for (size_t s = 0; s < e->nslots; s++) {
        size += slot_thread(e, s)->nflat * sizeof(struct op_stats) + sizeof(struct thread_cpu) + 128;
        size += sizeof(struct thread_time) + 64;
        if (slot_thread(e, s)->rate != 0)
            size += slot_thread(e, s)->nflat * sizeof(struct op_stats) + sizeof(struct thread_sched) + 128;
        if (add_sems(e, s, slot_thread(e, s)->ops, slot_thread(e, s)->nops) != 0)
            return diag_set(err, NULL, "out of memory");
    }
    size += e->nsems * sizeof(struct fb_sem) + 64 + e->nslots * sizeof(struct place_outcome) + 64;
    size += e->nslots * sizeof(uint64_t) + 64;
    size += engine_replay_size(e->plan);
    /* Untouched pages of a shared anonymous mapping cost nothing, so histograms
     * of ops that never see a given latency take no memory. */
    if (shm_map(&e->shm, size) != 0)
        return diag_set(err, NULL, "cannot map %zu bytes of shared memory: %s", size, strerror(errno));
    e->sh = shm_at(&e->shm, shm_reserve(&e->shm, sizeof(struct run_shared)));
    for (size_t i = 0; i < e->nfs; i++) {
        fileset_attach(&e->fs[i], &e->shm);
        if (e->kept[i] >= 0)
            engine_keep_restore(e, i, e->kept[i]);
    }
    for (size_t s = 0; s < e->nslots; s++) {
        e->slots[s].stats_off = shm_reserve(&e->shm, slot_thread(e, s)->nflat * sizeof(struct op_stats));
        e->slots[s].cpu_off = shm_reserve(&e->shm, sizeof(struct thread_cpu));
        e->slots[s].time_off = shm_reserve(&e->shm, sizeof(struct thread_time));
        if (slot_thread(e, s)->rate == 0)
            continue;
        e->slots[s].intended_off = shm_reserve(&e->shm, slot_thread(e, s)->nflat * sizeof(struct op_stats));
        e->slots[s].sched_off = shm_reserve(&e->shm, sizeof(struct thread_sched));
    }
    e->sems_off = shm_reserve(&e->shm, e->nsems * sizeof(struct fb_sem));
    e->place_off = shm_reserve(&e->shm, e->nslots * sizeof(struct place_outcome));
    e->latlog_drop_off = shm_reserve(&e->shm, e->nslots * sizeof(uint64_t));
    engine_replay_place(e);
    for (size_t i = 0; i < e->nsems; i++)
        atomic_store(&engine_sem(e, (int)i)->credit, e->sems[i].op->highwater);
    return 0;
}

/* ---- filesets ---- */

/* Bytes of memory the machine can still give (MemAvailable), or 0 if unknown. */
static uint64_t mem_available(void)
{
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    unsigned long long kib = 0;
    while (f != NULL && fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "MemAvailable: %llu kB", &kib) == 1)
            break;
    if (f != NULL)
        fclose(f);
    return (uint64_t)kib * 1024;
}

/* The trees live in memory (about 20 bytes an entry with its shared state):
 * refuse, with the figures, what the machine cannot hold, before allocating. */
static int check_memory(const struct engine *e, struct diag *err)
{
    uint64_t need = 0, avail = mem_available();
    const struct plan_fileset *big = NULL;
    for (size_t i = 0; i < e->plan->nfilesets; i++) {
        const struct plan_fileset *p = &e->plan->filesets[i];
        uint64_t bytes = (p->entries + p->leafdirs) * 24;
        need += bytes;
        if (big == NULL || p->entries + p->leafdirs > big->entries + big->leafdirs)
            big = p;
    }
    if (avail == 0 || need <= avail / 10 * 9)
        return 0;
    return diag_set(err, &big->loc,
                    "the filesets need about %.1f MiB of memory for their trees (%s alone has %llu entries) but "
                    "%.1f MiB are available; shrink them",
                    (double)need / 1048576.0, big->name, (unsigned long long)(big->entries + big->leafdirs),
                    (double)avail / 1048576.0);
}

static int make_filesets(struct engine *e, struct diag *err)
{
    if (check_memory(e, err) != 0)
        return -1;
    e->nfs = e->plan->nfilesets;
    e->fs = calloc(e->nfs ? e->nfs : 1, sizeof *e->fs);
    e->kept = calloc(e->nfs ? e->nfs : 1, sizeof *e->kept);
    e->whole = calloc(e->nfs ? e->nfs : 1, sizeof *e->whole);
    if (e->fs == NULL || e->kept == NULL || e->whole == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < e->nfs; i++) {
        const struct plan_fileset *p = &e->plan->filesets[i];
        if ((e->kept[i] = engine_keep_take(e, i)) >= 0) {
            if (engine_share_kept(e, i, err) != 0)
                return -1;
            continue;
        }
        /* Seeded from its name, so adding a fileset does not change the others' trees (reuse). */
        if (fileset_populate(&e->fs[i], p, e->seed ^ name_hash(p->name), err) != 0
            || engine_share_layout(e, i, err) != 0)
            return -1;
    }
    return 0;
}

/* statvfs of the nearest existing ancestor of path. */
static int fs_of(const char *path, struct statvfs *out)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", path);
    for (;;) {
        if (statvfs(buf, out) == 0)
            return 0;
        char *slash = strrchr(buf, '/');
        if (slash == NULL || slash == buf)
            return statvfs(slash == buf ? "/" : ".", out);
        *slash = '\0';
    }
}

/* A replaced tree's walk stops after this many entries: what it has not seen
 * counts as not freed, which can only refuse, never overfill. */
#define FREED_WALK_LIMIT (1u << 22)

struct fs_budget {
    unsigned long fsid;
    uint64_t need, freed;
};

/* Whether check_space counts the old trees of ours that the run replaces. */
enum freed_trees { IGNORE_FREED, COUNT_FREED };

/* One pass of check_space; with COUNT_FREED, the trees of ours that the run
 * replaces give their space back before their filesets are made. */
static int space_pass(struct engine *e, enum freed_trees freed, struct diag *err)
{
    struct fs_budget b[64];
    size_t n = 0;
    for (size_t i = e->nfs; i-- > 0;) { /* in the order of creation (create_filesets) */
        const struct plan_fileset *p = e->fs[i].plan;
        struct statvfs st;
        struct stat root;
        if (e->kept[i] >= 0 || !engine_share_makes(e, i))
            continue; /* already on disk from the run before, or another rank makes it */
        if (p->trusttree || (p->reuse && stat(e->fs[i].root, &root) == 0) || fs_of(p->path, &st) != 0)
            continue; /* an existing tree that is kept needs no new space */
        uint64_t bytes = (uint64_t)((double)engine_share_whole(e, i)->total_bytes * p->prealloc / 100.0);
        size_t k = 0;
        while (k < n && b[k].fsid != st.f_fsid)
            k++;
        if (k == n && n < 64)
            b[n++] = (struct fs_budget){ .fsid = st.f_fsid };
        if (k == 64)
            continue;
        b[k].freed += freed == COUNT_FREED ? fileset_tree_freed(e->fs[i].root, FREED_WALK_LIMIT) : 0;
        b[k].need += bytes;
        uint64_t avail = (uint64_t)st.f_bavail * st.f_frsize + b[k].freed;
        if (b[k].need > avail)
            return diag_set(err, &p->loc,
                            "fileset '%s' needs %.1f MiB pre-allocated (with the filesets before it on the same file "
                            "system) but %s has %.1f MiB free%s; shrink the fileset or choose another $dir",
                            p->name, (double)b[k].need / 1048576.0, p->path, (double)avail / 1048576.0,
                            b[k].freed ? " (counting the old trees the run replaces)" : "");
    }
    return 0;
}

/* Refuses, before anything is written, filesets whose pre-allocation cannot fit
 * the free space of their file system (filesets on one file system add up).
 * The old trees a run replaces are walked only when the space seems short. */
static int check_space(struct engine *e, struct diag *err)
{
    return space_pass(e, IGNORE_FREED, err) == 0 ? 0 : space_pass(e, COUNT_FREED, err);
}

/* Each fileset's directory exists and is this invocation's alone (target_lock.h)
 * before anything in it is created or removed. */
static int claim_targets(struct engine *e, struct diag *err)
{
    for (size_t i = 0; i < e->nfs; i++) {
        const struct fileset_rt *fs = &e->fs[i];
        if (e->kept[i] >= 0 || !engine_share_makes(e, i))
            continue; /* claimed by the run that made it, or by the rank that makes it */
        if (fileset_make_dir(fs, e->run->opt.mkdir_parents ? FS_MKDIR_PARENTS : FS_MKDIR_LAST, err) != 0
            || target_lock_take(e->run->locks, fs->plan->path, &fs->plan->loc, err) != 0)
            return -1;
    }
    return 0;
}

/* A fileset's population, passed up to the run's writer: the engine draws nothing. */
static void population_tick(void *ctx, const struct task_progress *p)
{
    const struct run_desc *d = ctx;
    d->writer->progress(d->out, p);
}

static void population_end(void *ctx)
{
    const struct run_desc *d = ctx;
    d->writer->progress_end(d->out);
}

static void population_note(void *ctx, const char *line)
{
    const struct run_desc *d = ctx;
    d->writer->progress_note(d->out, line);
}

static int create_filesets(struct engine *e, struct diag *err)
{
    const struct run_desc *d = e->run;
    const struct progress_sink sink = { population_tick, population_end, population_note, (void *)d };
    bool told = !d->opt.quiet && d->writer != NULL && d->writer->progress != NULL;
    if (claim_targets(e, err) != 0 || check_space(e, err) != 0)
        return -1;
    /* Most recently defined first, like classic FileBench. */
    for (size_t i = e->nfs; i-- > 0;) {
        struct shm *shm;
        struct fileset_rt *tree;
        if (e->kept[i] >= 0 || !engine_share_makes(e, i))
            continue;
        if ((tree = engine_share_tree(e, i, &shm, err)) == NULL
            || fileset_create(tree, shm, e->ncpu, told ? &sink : NULL, err) != 0)
            return -1;
    }
    e->created = true;
    return 0;
}

/* ---- what the page cache holds ---- */

#define RESIDENCY_SAMPLE 1024   /* files asked per fileset at most */

/* At the start of a run: per fileset, the share of its bytes in the page
 * cache, as a line and in the result (so cached=false is seen to work). */
static void report_residency(struct engine *e)
{
    e->result->cache = calloc(e->nfs ? e->nfs : 1, sizeof *e->result->cache);
    if (e->result->cache == NULL)
        return;
    for (size_t i = 0; i < e->nfs; i++) {
        struct fs_residency r;
        fileset_residency(&e->fs[i], &e->shm, RESIDENCY_SAMPLE, &r);
        struct cache_share *c = &e->result->cache[e->result->ncache];
        *c = (struct cache_share){ .fileset = strdup(e->fs[i].plan->name), .bytes = r.bytes,
                                   .asked_bytes = r.asked_bytes, .cached_bytes = r.cached_bytes,
                                   .files = r.files, .sampled = r.sampled };
        if (c->fileset == NULL)
            return;
        e->result->ncache++;
        e->run->writer->cache(e->run->out, c, engine_stamp(e));
    }
    fflush(e->run->out);
}

/* ---- workers ---- */

static int fork_workers(struct engine *e, struct diag *err)
{
    size_t n = 0;
    for (size_t p = 0; p < e->plan->nprocs; p++)
        n += engine_selected(e, p) ? e->plan->procs[p].instances : 0;
    e->pids = calloc(n ? n : 1, sizeof *e->pids);
    if (e->pids == NULL)
        return diag_set(err, NULL, "out of memory");
    fflush(NULL);
    pid_t master = getpid();
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t i = 0; i < e->plan->procs[p].instances && engine_selected(e, p); i++) {
            pid_t pid = fork();
            if (pid < 0)
                return diag_set(err, NULL, "cannot start worker process %s: %s", e->plan->procs[p].name, strerror(errno));
            if (pid == 0) {
                worker_signals_install(master);
                engine_worker_process(e, p, i);
            }
            e->pids[e->npids++] = pid;
        }
    return 0;
}

static const char *proc_of_pid(const struct engine *e, pid_t pid)
{
    size_t k = 0;
    for (size_t p = 0; p < e->plan->nprocs; p++)
        for (size_t i = 0; i < e->plan->procs[p].instances && engine_selected(e, p); i++, k++)
            if (e->pids[k] == pid)
                return e->plan->procs[p].name;
    return "?";
}

/* Whether the run is being stopped: then a worker's exit is expected, whatever its status. */
enum reap_mode { REAP_RUNNING, REAP_STOPPING };

/* Reaps exited workers; a worker that died (not a clean exit) stops the run. */
static void reap(struct engine *e, enum reap_mode mode)
{
    for (;;) {
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        if (pid <= 0)
            return;
        for (size_t i = 0; i < e->npids; i++)
            if (e->pids[i] == pid) {
                const char *name = proc_of_pid(e, pid);
                e->pids[i] = -1;
                bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
                if (!clean && mode == REAP_RUNNING) {
                    uint32_t none = 0;
                    if (atomic_compare_exchange_strong(&e->sh->err_taken, &none, 1)) {
                        if (WIFSIGNALED(status))
                            snprintf(e->sh->err, sizeof e->sh->err, "worker process %s (pid %d) was killed by signal %d (%s)",
                                     name, (int)pid, WTERMSIG(status), strsignal(WTERMSIG(status)));
                        else
                            snprintf(e->sh->err, sizeof e->sh->err, "worker process %s (pid %d) exited with status %d",
                                     name, (int)pid, WEXITSTATUS(status));
                    }
                    engine_stop(e, STOP_WORKER);
                }
            }
    }
}

static size_t live_workers(const struct engine *e)
{
    size_t n = 0;
    for (size_t i = 0; i < e->npids; i++)
        n += e->pids[i] > 0;
    return n;
}

static void kill_workers(struct engine *e)
{
    uint64_t deadline = clock_ns() + 2000000000u;
    /* Workers leave within a fraction of a millisecond of the stop: look
     * again soon, then less and less often. */
    useconds_t nap = 50;
    while (live_workers(e) > 0 && clock_ns() < deadline) {
        reap(e, REAP_STOPPING);
        if (live_workers(e) > 0) {
            usleep(nap);
            nap = nap < 2000 ? nap * 2 : nap;
        }
    }
    for (size_t i = 0; i < e->npids; i++)
        if (e->pids[i] > 0) {
            kill(e->pids[i], SIGKILL);
            waitpid(e->pids[i], NULL, 0);
            e->pids[i] = -1;
        }
}

static int wait_ready(struct engine *e)
{
    uint64_t deadline = clock_ns() + 30000000000ull;
    while (atomic_load(&e->sh->ready) < e->nslots) {
        uint32_t seq = atomic_load(&e->sh->master_wake);
        reap(e, REAP_RUNNING);
        if (atomic_load(&e->sh->stop_reason) != STOP_NONE || stop_requested())
            return -1;
        if (clock_ns() > deadline) {
            snprintf(e->sh->err, sizeof e->sh->err, "worker threads did not start within 30 s");
            atomic_store(&e->sh->err_taken, 1);
            engine_stop(e, STOP_WORKER);
            return -1;
        }
        if (atomic_load(&e->sh->ready) < e->nslots)
            fb_futex_wait(&e->sh->master_wake, seq, 20000000);
    }
    return 0;
}

/* The last, partial interval up to the stop, so the time series covers the whole run. */
static void final_sample(struct engine *e)
{
    if (e->run->opt.interval == 0)
        return;
    usleep(5000); /* let ops in flight at the stop land in their rows */
    engine_sample_final(e);
}

static void watch(struct engine *e)
{
    struct run_shared *sh = e->sh;
    uint64_t go = atomic_load(&sh->go_ns);
    uint64_t end = e->run->length_ns ? go + e->run->length_ns : UINT64_MAX;
    uint64_t period = e->run->psrun ? e->run->period * 1000000000ull : 0;
    uint64_t next = period ? go + period : UINT64_MAX, last = go;
    for (;;) {
        uint32_t seq = atomic_load(&sh->master_wake);
        /* The stonewall snapshot comes before the stop, where this master stops the rank. */
        if (atomic_load(&sh->stop_reason) != STOP_NONE) {
            engine_dist_stonewall(e);
            return;
        }
        uint64_t now = clock_ns();
        enum stop_reason why = stop_requested() ? STOP_SIGNAL
                               : now >= end     ? STOP_TIME
                               : atomic_load(&sh->running) == 0 ? STOP_FINISHED /* alldone: every thread has finished */
                                                                : STOP_NONE;
        if (why != STOP_NONE) {
            engine_dist_stonewall(e);
            engine_stop(e, why);
            return;
        }
        engine_sample_tick(e, now);
        if (now >= next) {
            enum collect_span span = e->run->interval_stats ? SINCE_BASELINE : SINCE_START;
            engine_status_clear(e);
            engine_report_period(e, (double)(now - (span == SINCE_BASELINE ? last : go)) / 1e9, span);
            last = now;
            next += period;
        }
        reap(e, REAP_RUNNING);
        bool stepping = dist_size() == 1 ? engine_step_tick(e, NULL) : engine_dist_watch(e);
        uint64_t soon = end < next ? end : next, sample_at = engine_sample_next(e);
        soon = soon < sample_at ? soon : sample_at;
        uint64_t wait = soon - now;
        /* Threads waiting at a barrier over many ranks: look at the vote's rounds often. */
        uint64_t cap = stepping ? 200000 : 50000000;
        fb_futex_wait(&sh->master_wake, seq, wait < cap ? wait : cap);
    }
}

static void engine_free(struct engine *e)
{
    if (e->created)
        engine_keep_store(e); /* moves the filesets out, with their state */
    for (size_t i = 0; i < e->nfs; i++)
        fileset_free(&e->fs[i]);
    free(e->fs);
    free(e->kept);
    engine_share_free(e);
    free(e->slots);
    free(e->sems);
    free(e->pids);
    free(e->baseline);
    engine_sample_free(e);
    engine_recent_free(&e->interval_recent);
    engine_steady_free(e);
    free(e->vote_counts);
    engine_roll_free(e);
    free(e->journal_ids);
    engine_system_free(e);
    latlog_close(e);
    placement_free(&e->place);
    place_topo_free(e->topo);
    if (e->result != NULL) {
        struct results one = { .runs = e->result, .n = 1 };
        results_free(&one);
    }
    shm_unmap(&e->shm);
}

static int prepare(struct engine *e, const struct run_desc *d, struct diag *err)
{
    struct topo_summary topo;
    memset(e, 0, sizeof *e);
    e->tally = dist_tally();
    dist_vote_init(&e->vote, STOP_ERROR);
    e->run = d;
    /* A run after a lost rank would find rank 0 alone: in the wrong directory, reported as one host. */
    if (dist_broken())
        return diag_set(err, NULL, "a rank was lost in an earlier run of this invocation: the ranks cannot meet "
                                   "again; start the job anew");
    e->plan = d->plan;
    if (place_topo_load(&e->topo, err) != 0)
        return -1;
    place_topo_summary(e->topo, &topo);
    e->ncpu = topo.pus;
    host_read(&d->results->host, &topo);
    d->results->host.clock = d->clock != NULL ? d->clock->name : NULL;
    e->result = calloc(1, sizeof *e->result);
    if (e->result == NULL || (d->meta != NULL && !run_meta_copy(&e->result->meta, d->meta)))
        return diag_set(err, NULL, "out of memory");
    e->seed = 0x666c6f7762656e63ull; /* fixed: the same script gives the same trees and streams */
    d->writer->banner(d->out, d->index, &d->results->host, engine_stamp(e));
    if (make_filesets(e, err) != 0 || count_slots(e, err) != 0)
        return -1;
    fill_slots(e);
    e->steps = engine_step_any(e);
    if (engine_dist_prepare(e, err) != 0)
        return -1;
    if (engine_steady_prepare(e, err) != 0 || engine_sample_prepare(e, err) != 0)
        return -1;
    return engine_place_plan(e, err) != 0 ? -1 : layout(e, err);
}

/* A run or `create files` that a signal cut short before its start: the error
 * says what was cancelled, and the status is the signal's (130 for Ctrl-C). */
static int refused(const struct run_desc *d, struct diag *err)
{
    if (!stop_requested())
        return -1;
    diag_print(err, d->err);
    return stop_status();
}

int engine_create_files(const struct run_desc *d, struct diag *err)
{
    struct engine e;
    int rc = prepare(&e, d, err);
    if (rc == 0)
        rc = create_filesets(&e, err);
    /* One agreement: rank 0's shared trees reach every rank before it (the broadcasts wait
     * for rank 0's making), and a rank that failed takes its part in them all the same. */
    if (engine_share_adopt(&e, rc == 0, err) != 0)
        rc = -1;
    if (engine_dist_agree(rc != 0, err) != 0)
        rc = -1;
    engine_dist_tally(&e, "created");
    engine_free(&e);
    return rc == 0 ? 0 : refused(d, err);
}

/* The result joins the invocation's list, for --json, --csv and --report. */
static void keep_result(struct engine *e)
{
    struct results *all = e->run->results;
    struct run_result *v = realloc(all->runs, (all->n + 1) * sizeof *v);
    if (v == NULL)
        return;
    all->runs = v;
    v[all->n++] = *e->result;
    free(e->result);
    e->result = NULL;
}

/* Finish: the figures collected over this rank's own interval, its latency log closed;
 * then the end's one agreement of every rank (none on one host) makes them the run's;
 * then the report. */
static int finish(struct engine *e)
{
    struct run_shared *sh = e->sh;
    uint64_t go = atomic_load(&sh->go_ns), stop = atomic_load(&sh->stop_ns);
    double own = go && stop > go ? (double)(stop - go) / 1e9 : 0;
    FILE *out = e->run->out;
    engine_status_clear(e);
    if (go != 0) {
        engine_collect(e, own, SINCE_START, e->result);
        engine_steady_result(e, e->result, own);
    }
    bool log_failed = latlog_finish(e) != 0;
    double secs = engine_dist_results(e, e->result, go, stop, &log_failed);
    enum stop_reason why = atomic_load(&sh->stop_reason); /* over many ranks, as the agreement left it */
    e->run->writer->took(out, secs, why == STOP_SIGNAL, engine_stamp(e));
    engine_note_overrun(e, engine_stamp(e));
    static const char *const ends[] = { "none", "time", "steady state", "finished", "no files", "error", "signal", "worker died" };
    e->result->end = ends[why];
    if (why == STOP_ERROR || why == STOP_WORKER)
        e->result->error = strdup(sh->err);
    if (go != 0)
        e->run->writer->result(out, e->result, engine_stamp(e));
    if (e->result->latlog.path != NULL && e->result->latlog.error == NULL)
        e->run->writer->latlog(out, &e->result->latlog, engine_stamp(e));
    keep_result(e);
    /* Over many ranks rank 0 says why every rank stopped; the others, only their own. */
    bool says = dist_rank() == 0 || e->vote.verdict.rank == dist_rank();
    if (why == STOP_NOFILES && says)
        diag_printf(e->run->err, "flowbench: warning: %s\n", sh->stop_note);
    if (why == STOP_ERROR || why == STOP_WORKER) {
        if (says)
            diag_printf(e->run->err, "flowbench: error: %s\n", sh->err);
        return 1;
    }
    if (why == STOP_SIGNAL)
        return stop_status() != 0 ? stop_status() : 130; /* 128 + the signal */
    return log_failed ? 1 : 0;
}

/* engine_run's phases, each ending in one agreement of every rank (a no-op on a single
 * host): made, set, started, measured; then finish. A phase that fails on any rank fails
 * on all, so every rank takes the same way out. */

/* Made: the run's state and its filesets on disk. Nobody measures while another
 * rank still creates; shared trees are then every rank's to use. */
static bool phase_made(struct engine *e, const struct run_desc *d, struct diag *err)
{
    bool made = prepare(e, d, err) == 0 && create_filesets(e, err) == 0;
    made = engine_dist_agree(!made, err) == 0;
    engine_dist_tally(e, "made");
    return made;
}

static int share_adopt(struct engine *e, struct diag *err)
{
    return engine_share_adopt(e, true, err); /* made's agreement said every rank made its filesets */
}

static int flush_if_asked(struct engine *e, struct diag *err)
{
    return e->run->opt.flush ? engine_flush(e, err) : 0;
}

/* Set: what the workers find ready, in this order. */
static int (*const set_steps[])(struct engine *e, struct diag *err) = {
    /* first the step that speaks with the other ranks: it makes every broadcast even
     * when it fails, its failure told at the agreement like any other step's */
    share_adopt,        /* the trees another rank made for all */
    engine_trees_open,  /* each fileset's root, beneath which every path resolves */
    flush_if_asked,     /* --flush: the page cache dropped once the trees are in place */
    engine_dio_setup,   /* direct I/O's alignment, per file system */
    latlog_open,        /* --latency-log */
    journal_begin,      /* the durability journal of filesets with verify */
};

static bool phase_set(struct engine *e, struct diag *err)
{
    bool set = true;
    for (size_t i = 0; set && i < sizeof set_steps / sizeof set_steps[0]; i++)
        set = set_steps[i](e, err) == 0;
    set = engine_dist_set(e, !set, err) == 0; /* with every rank's host and slots */
    engine_dist_tally(e, "set");
    return set;
}

/* Whether every rank started; when one did not, the run's error (sh->err) on
 * every rank is that rank's, named. */
static bool agreed_started(struct engine *e, bool started)
{
    struct diag why;
    diag_set(&why, NULL, "%s", e->sh->err);
    if (engine_dist_agree(!started, &why) == 0)
        return true;
    snprintf(e->sh->err, sizeof e->sh->err, "%s", why.msg);
    return false;
}

/* Started: room for the end's agreement, the workers forked and at the start barrier,
 * the event generator running; the start of the measured interval, on every rank
 * together. -1 when there is no room or the workers could not be forked (the other
 * ranks are told at the agreement), else whether it started. */
static int phase_started(struct engine *e, pthread_t *gen, struct diag *err)
{
    if (engine_dist_room(e, err) != 0 || fork_workers(e, err) != 0) {
        engine_stop(e, STOP_WORKER);
        kill_workers(e);
        engine_dist_agree(true, err); /* the other ranks wait at the start */
        return -1;
    }
    signals_arm_run(e->pids, e->npids);
    bool ready = wait_ready(e) == 0;
    if (ready)
        engine_place_report(e);
    bool started = ready && events_start(e, gen) == 0;
    if (ready && !started) {
        engine_stop(e, STOP_ERROR);
        snprintf(e->sh->err, sizeof e->sh->err, "cannot start the event generator");
    }
    if (!agreed_started(e, started) && started) {
        atomic_store(&e->sh->err_taken, 1);
        engine_stop(e, STOP_ERROR);
        events_stop(e, *gen);
        started = false;
    }
    if (!ready && stop_requested())
        engine_stop(e, STOP_SIGNAL);
    engine_dist_tally(e, "started");
    return started;
}

/* Measured: go, on every rank at once; the workers run until a stop; the end of the
 * measured interval, on every rank together. */
static void phase_measured(struct engine *e, pthread_t gen)
{
    e->run->writer->launch(e->run->out, e->nslots, e->npids, engine_stamp(e));
    fflush(e->run->out);
    engine_roll_open(e);
    uint64_t go = clock_ns();
    engine_system_start(e, go);
    atomic_store(&e->sh->go_ns, go);
    engine_dist_go(e, go);
    atomic_store(&e->sh->phase, PHASE_GO);
    fb_futex_wake(&e->sh->phase);
    watch(e);
    engine_dist_end(e);
    engine_system_end(e, clock_ns());
    events_stop(e, gen);
    final_sample(e);
    engine_dist_tally(e, "measured");
}

int engine_run(const struct run_desc *d, struct diag *err)
{
    struct engine e;
    pthread_t gen;
    if (d->clock == NULL)
        return diag_set(err, NULL, "the run has no clock to time its ops");
    if (d->flowops == NULL)
        return diag_set(err, NULL, "the run has no hooks to run its flowops");
    if (!phase_made(&e, d, err) || !phase_set(&e, err)) {
        engine_free(&e);
        return refused(d, err);
    }
    e.clock = *d->clock;
    engine_system_find(&e);
    report_residency(&e);
    int started = phase_started(&e, &gen, err);
    if (started < 0) {
        engine_free(&e);
        return -1;
    }
    if (started)
        phase_measured(&e, gen);
    kill_workers(&e);
    e.gone_ns = clock_ns();
    signals_disarm_run();
    int rc = finish(&e);
    engine_dist_tally(&e, "finish"); /* the end's one agreement and anything after it */
    engine_free(&e);
    return rc;
}
