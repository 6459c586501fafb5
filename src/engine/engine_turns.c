/* engine_turns.c: a worker process's turn tables (engine_turns.h): a table
 * is the same for every thread of the process (the kept directory
 * descriptors are the process's), so it is made once, by the first thread
 * whose set-up asks for it. */
#include <pthread.h>
#include <stdlib.h>

#include "engine/engine_rt.h"
#include "engine/engine_turns.h"

struct engine_turns {
    pthread_mutex_t lock;   /* the threads' set-ups, which may run at once */
    size_t n;
    struct fs_turn *table[]; /* per fileset, NULL until asked for */
};

struct engine_turns *engine_turns_new(size_t nfs)
{
    struct engine_turns *t = calloc(1, sizeof *t + nfs * sizeof t->table[0]);
    if (t == NULL)
        return NULL;
    if (pthread_mutex_init(&t->lock, NULL) != 0) {
        free(t);
        return NULL;
    }
    t->n = nfs;
    return t;
}

void engine_turns_free(struct engine_turns *t)
{
    if (t == NULL)
        return;
    for (size_t i = 0; i < t->n; i++)
        free(t->table[i]);
    pthread_mutex_destroy(&t->lock);
    free(t);
}

struct fs_turn *engine_turns_of(struct engine *e, size_t i)
{
    struct engine_turns *t = e->turns;
    if (t == NULL || i >= t->n)
        return NULL;
    pthread_mutex_lock(&t->lock);
    if (t->table[i] == NULL)
        t->table[i] = fileset_turns_make(&e->fs[i], &e->shm);
    struct fs_turn *got = t->table[i];
    pthread_mutex_unlock(&t->lock);
    return got;
}
