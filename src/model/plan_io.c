/* plan_io.c: resolves ioengine= and iodepth= for threads and flowops, and
 * the run-wide --ioengine/--iodepth override. */
#include "model/plan_io.h"

#include "lang/attr.h"

static const struct plan_io psync_io = { NULL, 1 };

static int find_engine(const struct attrvals *a, int idx, const struct scope *sc, const struct ioengine_ops **out,
                       struct diag *err)
{
    const char *name;
    if (attr_str(a, idx, sc, &name, err) != 0)
        return -1;
    if (name == NULL)
        return 0;
    *out = ioengine_find(name);
    if (*out != NULL)
        return 0;
    char names[128];
    return diag_set(err, &a->loc[idx], "unknown ioengine '%s' (one of %s)", name, ioengine_names(names, sizeof names));
}

/* An asynchronous flowop needs an asynchronous engine: named on it, else its
 * thread's when that is one, else libaio. Its depth is its own iodepth=, else
 * PLAN_AIO_DEPTH: the thread's is for the flowops that wait for each request. */
static int async_engine(const struct attrvals *a, int first, const struct flowop_type *type, struct plan_io *out,
                        struct diag *err)
{
    if (a->val[first + 1] == NULL)
        out->depth = PLAN_AIO_DEPTH;
    if (ioengine_is(out->engine, IOE_ASYNC))
        return 0;
    if (a->val[first] != NULL)
        return diag_set(err, &a->loc[first], "flowop %s wants an asynchronous ioengine (libaio or io_uring), not %s",
                        type->name, out->engine->name);
    out->engine = ioengine_find("libaio");
    return 0;
}

int plan_io_attrs(const struct attrvals *a, int first, const struct scope *sc, const struct plan_io *inherit,
                  const struct flowop_type *type, struct plan_io *out, struct diag *err)
{
    *out = inherit != NULL ? *inherit : psync_io;
    if (out->engine == NULL)
        out->engine = ioengines[0];
    if (find_engine(a, first, sc, &out->engine, err) != 0)
        return -1;
    if (a->val[first + 1] != NULL) {
        uint64_t depth;
        if (attr_u64(a, first + 1, sc, &depth, err) != 0)
            return -1;
        if (depth == 0)
            return diag_set(err, &a->loc[first + 1], "iodepth must be 1 or more");
        out->depth = (unsigned)depth;
    }
    if (type == NULL)
        return 0;
    if (flowop_is(type, FF_ASYNC))
        return async_engine(a, first, type, out, err);
    if (!flowop_is(type, FF_ENGINE))
        *out = (struct plan_io){ NULL, 0 };
    return 0;
}

static void override_ops(struct plan_op *ops, size_t n, const struct ioengine_ops *engine, unsigned depth)
{
    for (size_t i = 0; i < n; i++) {
        struct plan_io *io = &ops[i].io;
        override_ops(ops[i].children, ops[i].nchildren, engine, depth);
        if (io->engine == NULL)
            continue;
        bool async_op = flowop_is(ops[i].type, FF_ASYNC);
        if (engine != NULL && (!async_op || ioengine_is(engine, IOE_ASYNC)))
            io->engine = engine;
        if (depth != 0)
            io->depth = depth;
    }
}

void plan_override_io(struct plan *p, const struct ioengine_ops *engine, unsigned depth)
{
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t t = 0; t < p->procs[i].nthreads; t++) {
            struct plan_thread *th = &p->procs[i].threads[t];
            override_ops(th->ops, th->nops, engine, depth);
            if (engine != NULL)
                th->io.engine = engine;
            if (depth != 0)
                th->io.depth = depth;
        }
}
