/* thread_clock.c: which bucket a flowop's time goes to, and the start and end
 * of a thread's wall-clock account (thread_clock.h). */
#include "engine/thread_clock.h"

/* The first row whose flags the type has decides; a type with none is TB_OTHER. */
static const struct { unsigned flags; enum time_bucket bucket; } bucket_rows[] = {
    { FF_COMPUTE, TB_COMPUTE },
    { FF_WRITE | FF_DURABLE, TB_WRITE },
    { FF_IO, TB_IO },
    { FF_SYNC | FF_LIMIT, TB_WAIT },
};

enum time_bucket time_bucket_of(const struct flowop_type *t)
{
    for (size_t i = 0; i < sizeof bucket_rows / sizeof bucket_rows[0]; i++)
        if (flowop_is(t, bucket_rows[i].flags))
            return bucket_rows[i].bucket;
    return TB_OTHER;
}

void thread_clock_start(struct thread_clock *c, struct thread_time *pub, _Atomic uint64_t *stop)
{
    for (size_t b = 0; pub != NULL && b < TB_N; b++)
        atomic_store_explicit(&pub->ns[b], 0, memory_order_relaxed);
    *c = (struct thread_clock){ .now = TB_OTHER, .since = clock_ns(), .pub = pub, .stop = stop };
}

void thread_clock_stop(struct thread_clock *c)
{
    /* Entering another bucket closes the one the thread is in; then stop counting. */
    thread_clock_enter(c, c->now == TB_OTHER ? TB_IO : TB_OTHER);
    c->pub = NULL;
}
