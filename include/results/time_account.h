/* time_account.h: where a thread's wall-clock time goes: one bucket per kind of
 * activity, the buckets of one thread adding up to its time in the run. */
#ifndef FB_TIME_ACCOUNT_H
#define FB_TIME_ACCOUNT_H

#include <stddef.h>
#include <stdint.h>

/* Every moment of a worker thread's run is in exactly one bucket: the one of
 * the flowop it is in (its class decides, time_bucket_of in the engine), or
 * the pacing sleep of an open loop. A request in flight on an asynchronous
 * engine adds nothing of its own: the thread's time is counted once. */
enum time_bucket {
    TB_IO,       /* reads and metadata flowops, and waiting for their completions */
    TB_WRITE,    /* writes and fsyncs, and waiting for their completions: a writer's time */
    TB_WAIT,     /* barrier, semaphores, block, rate limits: waiting for other threads */
    TB_PACE,     /* an open-loop thread asleep until its next pass is due */
    TB_COMPUTE,  /* emulated accelerator compute */
    TB_OTHER,    /* anything else: hog, delay, finish conditions, the loop itself */
    TB_N
};

/* The bucket names of the reports (JSON members, text), by enum time_bucket. */
extern const char *const time_bucket_names[TB_N];

/* One thread of the script over all its instances (over every rank too):
 * the nanoseconds of each bucket summed. */
struct thread_times {
    char *process, *thread;
    uint64_t instances;
    uint64_t ns[TB_N];
    uint64_t cpu_ns;   /* the CPU time its instances used, less the CPU samples' own clock
                        * readings and an open loop's pacing sleeps (worker_cpu.c) */
};

/* The sum of a row's buckets: its instances' wall time in the run. */
uint64_t thread_times_total(const struct thread_times *t);

#endif
