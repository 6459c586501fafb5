/* worker_thread.h: the parts of a worker thread, private to src/engine: its
 * set-up (worker_setup.c), its CPU time (worker_cpu.c) and its loop (worker_loop.c). */
#ifndef FB_WORKER_THREAD_H
#define FB_WORKER_THREAD_H

#include <stdint.h>

#include "engine/worker.h"

struct engine;

/* Fills w for the thread in slot and its flowops' instances; -1 on failure
 * (out of memory, or a flowop's init hook, which said why). */
int worker_init(struct worker *w, struct engine *e, size_t slot);
/* Closes and frees what worker_init made, running the types' fini hooks. */
void worker_free(struct worker *w);
/* Publishes the thread's CPU time used since the run began (now: its CPU clock). */
void worker_publish_cpu(struct worker *w, uint64_t now);
/* Runs one op of inst with its CPU time measured (a sample of the flowop's CPU per op). */
int worker_run_sampled(struct worker *w, struct op_inst *inst);
/* The thread's passes over its flowops until the run stops or the thread is done. */
void worker_loop(struct worker *w);

#endif
