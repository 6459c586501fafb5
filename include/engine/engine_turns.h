/* engine_turns.h: a worker process's turn tables (fileset_turns.h), one per
 * fixed tree its threads' bodies take turns on, made once for all of them. */
#ifndef FB_ENGINE_TURNS_H
#define FB_ENGINE_TURNS_H

#include <stddef.h>

#include "fileset/fileset_turns.h"

struct engine;
struct engine_turns;

/* After fork, before the process's threads start: room for nfs tables, none
 * made; NULL when memory is short (then no body takes the tables). */
struct engine_turns *engine_turns_new(size_t nfs);
/* After the process's threads have ended. */
void engine_turns_free(struct engine_turns *t);
/* Fileset i's table, made by the first thread that asks (a lock held while
 * it is made, before the run, never in it), or NULL when memory is short. */
struct fs_turn *engine_turns_of(struct engine *e, size_t i);

#endif
