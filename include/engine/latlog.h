/* latlog.h: the latency log (--latency-log): one record per op (or one in N),
 * written by each thread into its own double buffer, handed to one flusher
 * thread per worker process, and merged by the master into one file sorted by
 * time, as CSV or the binary layout of docs/running.md ("Latency log"). */
#ifndef FB_LATLOG_H
#define FB_LATLOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "base/outfile.h"

/* One record, as the binary file stores it (little-endian, 40 bytes). */
struct latlog_rec {
    uint64_t time_ns;   /* completion, since the start of the measured interval */
    uint64_t lat_ns;
    uint64_t bytes;
    int64_t offset;     /* of the I/O; -1 where the op has none */
    uint32_t flowop;    /* index into the file's flowop names */
    uint32_t thread;    /* index into the file's thread names (the engine's slot) */
};

#define LATLOG_MAGIC "FBLATLG1"
#define LATLOG_NO_OFFSET UINT64_MAX

enum latlog_format { LATLOG_CSV, LATLOG_BIN };

/* What the invocation asks (run_desc.opt.latlog); path NULL: no log. */
struct latlog_opts {
    const char *path;
    enum latlog_format format;
    uint64_t sample;    /* keep every sample-th op of each thread (1: all) */
};

/* One half of a thread's double buffer: the thread fills it while full is 0;
 * the flusher writes it out and empties it while full is 1. */
struct latlog_half {
    struct latlog_rec *rec;
    uint32_t n;
    _Atomic uint32_t full;
};

struct latlog_proc;

/* A thread's log, private to its worker process. */
struct latlog_thread {
    struct latlog_half half[2];
    unsigned cur;
    uint32_t cap;
    uint64_t every, countdown;
    uint64_t dropped;        /* records lost while the flusher was behind */
    uint64_t base_tick;      /* a tick reading at the start ... */
    uint64_t base_ns;        /* ... and its time since the start of the interval */
    uint32_t slot, opbase;   /* its thread index; its first flowop's index in the file */
    int fd;                  /* its part file (the master's, inherited) */
    struct latlog_proc *proc;
};

/* Master: what engine_run keeps of the log of one run. */
struct latlog_run {
    struct latlog_opts opts;
    char *path;              /* the file of this run (FILE, FILE.run-N, .rank-NNNN) */
    struct outfile out;      /* a new file beside path, opened before the run, renamed over
                              * it once whole (o.f NULL: none open) */
    int *parts;              /* per slot: an unlinked part file the workers append to */
    size_t nparts;
    uint32_t *opbase;        /* per slot: its thread's first flowop in the name table */
    char **threads;          /* per slot: "PROCESS.I/THREAD.J" */
    const char **flowops;    /* every thread's flowops, each thread's from its opbase */
    size_t nflowops;
};

struct engine;
struct tick_clock;

/* Master (latlog_file.c). Before the workers start: the file of this run and
 * the slots' part files; -1 with err set when one cannot be made. */
int latlog_open(struct engine *e, struct diag *err);
/* Once the workers are gone: the parts merged by time into the file, and the
 * counts into the run's result (finish prints them, summed over the ranks); -1 when
 * the file could not be written (removed, the error in the result). */
int latlog_finish(struct engine *e);
void latlog_close(struct engine *e);
/* `flowbench latlog2csv`: a binary log as the CSV form of the same run. */
int latlog_bin_to_csv(FILE *in, FILE *out, struct diag *err);

/* The record of one op of the thread's flowop flat (latlog.c, from op_done
 * in worker.h): t1 its end in ticks of c (0: now), ns its latency, off its
 * offset or LATLOG_NO_OFFSET. Out of line: it runs only with the log on. */
void latlog_note(struct latlog_thread *t, const struct tick_clock *c, uint32_t flat, uint64_t t1, uint64_t ns,
                 uint64_t bytes, uint64_t off);

/* Worker process (latlog.c): its threads' buffers and its flusher, made
 * before its threads start (slots: theirs, n of them); NULL with no log, or
 * when out of memory (*failed then set). */
struct latlog_proc *latlog_proc_start(struct engine *e, const size_t *slots, size_t n, bool *failed);
struct latlog_thread *latlog_proc_thread(struct latlog_proc *p, size_t k);
/* At the start barrier's release: the thread's time base. */
void latlog_thread_go(struct latlog_thread *t, const struct tick_clock *c, uint64_t go_ns);
/* Once the threads are joined: the rest written out, the drops published, all freed. */
void latlog_proc_end(struct latlog_proc *p, struct engine *e);

#endif
