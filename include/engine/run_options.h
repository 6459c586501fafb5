/* run_options.h: the command line's options the engine reads, a field each. The cli's
 * option rows fill them inside struct interp_options (its field run), and every run is
 * lent them whole (run_desc.opt): an option the engine reads is a row and a field here. */
#ifndef FB_ENGINE_RUN_OPTIONS_H
#define FB_ENGINE_RUN_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/latlog.h"
#include "model/plan_place.h"

struct run_options {
    uint64_t interval;          /* --interval S: a sample every S seconds (0: none) */
    bool mkdir_parents;         /* --mkdir-parents: make missing parents of $dir too */
    bool flush;                 /* --flush (or `flush`): sync and drop the page cache once the filesets are in place */
    bool quiet;                 /* --quiet: no status line and no population progress */
    struct place_default bind;  /* --bind KIND[:POLICY]: every thread's bind= and policy= unless it says */
    struct latlog_opts latlog;  /* --latency-log FILE, -format, -sample: path NULL for none */
    bool journal_force;         /* --journal-force: a journal may share the tree's file system */
    bool durable_on_write;      /* --test-durable-on-write (hidden): every write journaled durable, unsynced */
};

#endif
