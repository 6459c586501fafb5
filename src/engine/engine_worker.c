/* engine_worker.c: a worker process's main and each of its threads' main: starting
 * the threads, the start barrier, joining them. The thread's parts are in
 * worker_setup.c, worker_loop.c, worker_cpu.c; handlers' helpers in worker_long_ops.c,
 * worker_counters.c, op_open.c, op_error.c, op_buffer.c. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "engine/engine_rt.h"
#include "engine/engine_turns.h"
#include "engine/io_inflight.h"
#include "engine/journal.h"
#include "engine/latlog.h"
#include "engine/sync.h"
#include "base/data.h"
#include "engine/worker.h"
#include "engine/worker_thread.h"
#include "sysstat/mountinfo.h"

struct thread_arg {
    struct engine *e;
    size_t slot;
    struct latlog_thread *latlog;
    struct worker w;
    pthread_t thr;
    int rc;
};

/* The script's thread name on the OS thread (15 characters at most), so that
 * top -H and /proc/PID/task/TID/comm tell the workload's threads apart. */
static void thread_name(const struct engine *e, size_t slot)
{
    char name[16];
    snprintf(name, sizeof name, "%s", e->plan->procs[e->slots[slot].proc].threads[e->slots[slot].thread].name);
    pthread_setname_np(pthread_self(), name); /* a name is a convenience: its failure changes nothing */
}

static void *thread_main(void *p)
{
    struct thread_arg *a = p;
    struct worker *w = &a->w;
    struct run_shared *sh = a->e->sh;
    engine_place_apply(a->e, a->slot); /* first: the thread's memory is allocated under its binding */
    thread_name(a->e, a->slot);
    int jerr = 0;
    if (worker_init(w, a->e, a->slot) != 0 || (journal_thread_open(w) != 0 && (jerr = errno ? errno : ENOMEM) != 0)) {
        char msg[160];
        snprintf(msg, sizeof msg, "cannot open the durability journal of a worker thread: %s", strerror(jerr));
        if (jerr != 0)
            worker_set_error(w, msg);
        else
            worker_set_error(w, "cannot set up a worker thread: out of memory"); /* unless a flowop's init said why first */
        worker_free(w);
        atomic_fetch_add(&sh->ready, 1);
        fb_futex_wake(&sh->master_wake);
        return NULL;
    }
    w->latlog = a->latlog;
    if (w->thread->ioprio < 8)
        syscall(SYS_ioprio_set, 1 /* IOPRIO_WHO_PROCESS */, 0, (2 << 13) | (int)w->thread->ioprio);
    atomic_fetch_add(&sh->running, 1);
    atomic_fetch_add(&sh->ready, 1);
    fb_futex_wake(&sh->master_wake);
    while (atomic_load(&sh->phase) == PHASE_SETUP)
        fb_futex_wait(&sh->phase, PHASE_SETUP, 100000000);
    if (w->latlog != NULL)
        latlog_thread_go(w->latlog, &w->clk, atomic_load(&sh->go_ns));
    w->cpu_start = thread_cpu_ns();
    thread_clock_start(&w->tclock, slot_time(a->e, a->slot), &sh->stop_ns);
    worker_loop(w);
    op_io_drain(w);
    thread_clock_stop(&w->tclock);
    worker_publish_cpu(w, thread_cpu_ns());
    worker_free(w);
    if (atomic_fetch_sub(&sh->running, 1) == 1)
        fb_futex_wake(&sh->master_wake);
    return NULL;
}

void engine_worker_process(struct engine *e, size_t proc, size_t inst)
{
    const struct plan_process *p = &e->plan->procs[proc];
    if (p->nice != 0 && setpriority(PRIO_PROCESS, 0, (int)p->nice) != 0)
        diag_printf(e->run->err, "flowbench: warning: process %s: cannot set nice %" PRIu64 ": %s\n", p->name, p->nice,
                strerror(errno));
    size_t n = 0;
    size_t *mine = calloc(e->nslots ? e->nslots : 1, sizeof *mine);
    if (mine == NULL)
        _exit(3);
    for (size_t s = 0; s < e->nslots; s++)
        if (e->slots[s].proc == proc && e->slots[s].proc_inst == inst)
            mine[n++] = s;
    struct diag terr;
    if (engine_trees_reopen(e, n, &terr) != 0) {
        struct worker tmp = { .eng = e, .sh = e->sh };
        char msg[sizeof terr.msg + 64];
        snprintf(msg, sizeof msg, "process %s: %s", p->name, terr.msg);
        worker_set_error(&tmp, msg);
        _exit(3);
    }
    e->turns = engine_turns_new(e->nfs);   /* NULL: the fixed bodies go without */
    struct thread_arg *args = calloc(n ? n : 1, sizeof *args);
    bool failed;
    struct latlog_proc *log = latlog_proc_start(e, mine, n, &failed);
    free(mine);
    if (args == NULL || failed)
        _exit(3);
    size_t k = 0, mine_k = 0;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256 * 1024);
    for (size_t s = 0; s < e->nslots; s++) {
        if (e->slots[s].proc != proc || e->slots[s].proc_inst != inst)
            continue;
        args[k] = (struct thread_arg){ .e = e, .slot = s, .latlog = latlog_proc_thread(log, mine_k++) };
        int rc = pthread_create(&args[k].thr, &attr, thread_main, &args[k]);
        if (rc != 0) {
            struct worker tmp = { .eng = e, .sh = e->sh, .thread = &p->threads[e->slots[s].thread] };
            char msg[256];
            snprintf(msg, sizeof msg, "process %s: cannot start thread %s: %s", p->name, tmp.thread->name, strerror(rc));
            worker_set_error(&tmp, msg);
            atomic_fetch_add(&e->sh->ready, 1);
            continue;
        }
        k++;
    }
    for (size_t i = 0; i < k; i++)
        pthread_join(args[i].thr, NULL);
    engine_turns_free(e->turns);
    e->turns = NULL;
    latlog_proc_end(log, e);
    _exit(0);
}
