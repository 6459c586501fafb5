/* placement.c: the placement plan of a run: for every thread, its allowed CPUs
 * (cpus= and numa=), then each instance's object of the bind= kind, spread as
 * hwloc_distrib spreads them or compact on consecutive objects, and the memory
 * nodes membind= names. Checked against the topology: what does not exist is
 * an error at its attribute naming what does. */
#include "place/place.h"
#include "place/place_hwloc.h"

#include <stdlib.h>
#include <string.h>

#define PLACE_MAX_INSTANCES 1000000u   /* a run's thread count is bounded alike (engine.c) */

static const hwloc_obj_type_t kind_types[] = {
    [PLACE_PU] = HWLOC_OBJ_PU, [PLACE_CORE] = HWLOC_OBJ_CORE,
    [PLACE_PACKAGE] = HWLOC_OBJ_PACKAGE, [PLACE_NUMA] = HWLOC_OBJ_NUMANODE,
};

/* What one thread asks, resolved over --bind. */
struct request {
    const struct plan_thread *th;
    enum place_kind kind;
    enum place_policy policy;
    hwloc_bitmap_t allowed;        /* NULL: no cpus= and no numa= */
    hwloc_bitmap_t memnodes;       /* membind=LIST or interleave's nodes, else NULL */
};

/* list into set, every member within what exists; else an error at the attribute. */
static int read_list(const struct place_list *l, hwloc_const_bitmap_t exists, const char *attr, const char *one,
                     const char *many, hwloc_bitmap_t set, struct diag *err)
{
    if (cpulist_parse(l->text, set) != 0)
        return diag_set(err, &l->loc, "%s=%s is not a list such as 1 or \"0-3,8\"", attr, l->text);
    if (hwloc_bitmap_isincluded(set, exists))
        return 0;
    hwloc_bitmap_t missing = hwloc_bitmap_alloc();
    char *m = NULL, *have = cpulist_format(exists);
    if (missing != NULL) {
        hwloc_bitmap_andnot(missing, set, exists);
        m = cpulist_format(missing);
    }
    diag_set(err, &l->loc, "%s=%s: this machine has no %s %s (its %s are %s)", attr, l->text, one, m ? m : "?", many,
             have ? have : "?");
    hwloc_bitmap_free(missing);
    free(m);
    free(have);
    return -1;
}

static int resolve(struct request *r, hwloc_topology_t topo, const struct place_default *d, struct diag *err)
{
    const struct plan_place *pp = &r->th->place;
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    int rc = set == NULL ? diag_set(err, NULL, "out of memory") : 0;
    r->kind = pp->bind != PLACE_UNSET ? pp->bind : d->bind;
    r->policy = pp->has_policy ? pp->policy : d->policy;
    if (rc == 0 && pp->has_policy && (r->kind == PLACE_UNSET || r->kind == PLACE_NONE))
        rc = diag_set(err, &pp->policy_loc, "policy= spreads or packs the objects of bind=: thread '%s' has no bind=",
                      r->th->name);
    if (rc == 0 && (pp->cpus.text != NULL || pp->numa.text != NULL)
        && (r->allowed = hwloc_bitmap_dup(hwloc_topology_get_topology_cpuset(topo))) == NULL)
        rc = diag_set(err, NULL, "out of memory");
    if (rc == 0 && pp->cpus.text != NULL)
        rc = read_list(&pp->cpus, hwloc_topology_get_topology_cpuset(topo), "cpus", "CPU", "CPUs", set, err);
    if (rc == 0 && pp->cpus.text != NULL)
        hwloc_bitmap_and(r->allowed, r->allowed, set);
    if (rc == 0 && pp->numa.text != NULL)
        rc = read_list(&pp->numa, hwloc_topology_get_topology_nodeset(topo), "numa", "NUMA node", "NUMA nodes", set, err);
    if (rc == 0 && pp->numa.text != NULL) {
        hwloc_bitmap_t cpus = hwloc_bitmap_alloc();
        hwloc_cpuset_from_nodeset(topo, cpus, set);
        hwloc_bitmap_and(r->allowed, r->allowed, cpus);
        hwloc_bitmap_free(cpus);
        if (pp->mem == MEM_INTERLEAVE)
            r->memnodes = hwloc_bitmap_dup(set);
        if (hwloc_bitmap_iszero(r->allowed))
            rc = diag_set(err, &pp->numa.loc, "thread '%s': its cpus= has no CPU on the nodes of numa=%s", r->th->name,
                          pp->numa.text);
    }
    if (rc == 0 && pp->mem == MEM_INTERLEAVE && r->memnodes == NULL)
        r->memnodes = hwloc_bitmap_dup(hwloc_topology_get_topology_nodeset(topo));
    if (rc == 0 && pp->mem == MEM_NODES && (r->memnodes = hwloc_bitmap_alloc()) != NULL)
        rc = read_list(&pp->memnodes, hwloc_topology_get_topology_nodeset(topo), "membind", "NUMA node", "NUMA nodes", r->memnodes, err);
    if (rc == 0 && r->kind > PLACE_NONE && hwloc_get_nbobjs_by_type(topo, kind_types[r->kind]) <= 0)
        rc = diag_set(err, &pp->bind_loc, "bind=%s: this machine has no %s objects", place_kind_name(r->kind),
                      place_kind_name(r->kind));
    hwloc_bitmap_free(set);
    return rc;
}

/* The objects of the kind with a CPU in allowed, in logical order; their number. */
static unsigned kind_objs(hwloc_topology_t topo, hwloc_obj_type_t type, hwloc_const_bitmap_t allowed, hwloc_obj_t *objs)
{
    unsigned n = 0;
    for (hwloc_obj_t o = hwloc_get_next_obj_by_type(topo, type, NULL); o != NULL; o = hwloc_get_next_obj_by_type(topo, type, o))
        if (hwloc_bitmap_intersects(o->cpuset, allowed))
            objs[n++] = o;
    return n;
}

/* spread: hwloc_distrib's sets over the largest objects inside allowed, down
 * to the kind's depth (NUMA nodes, outside the CPU tree, are the roots
 * themselves); each instance gets the first object of the kind in its set. */
static int spread(hwloc_topology_t topo, const struct request *r, hwloc_const_bitmap_t allowed, hwloc_obj_t *objs,
                  unsigned nobjs, hwloc_bitmap_t *sets, unsigned n)
{
    hwloc_obj_t *roots = objs;
    int nroots = (int)nobjs, until = 0;
    hwloc_obj_type_t type = kind_types[r->kind];
    hwloc_obj_t largest[4096];
    if (type != HWLOC_OBJ_NUMANODE) {
        until = hwloc_get_type_depth(topo, type);
        nroots = hwloc_get_largest_objs_inside_cpuset(topo, allowed, largest, 4096);
        roots = largest;
    }
    if (nroots <= 0 || hwloc_distrib(topo, roots, (unsigned)nroots, sets, n, until, 0) != 0)
        return -1;
    for (unsigned i = 0; i < n; i++) {
        if (sets[i] == NULL)
            return -1;
        unsigned k = 0;
        while (k + 1 < nobjs && !hwloc_bitmap_intersects(objs[k]->cpuset, sets[i]))
            k++;
        hwloc_bitmap_and(sets[i], objs[k]->cpuset, allowed);
    }
    return 0;
}

/* compact: consecutive objects, instance i on the i-th; with more instances
 * than objects, each object filled with its share before the next one. */
static int compact(const hwloc_obj_t *objs, unsigned nobjs, hwloc_const_bitmap_t allowed, hwloc_bitmap_t *sets, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        unsigned k = n <= nobjs ? i : (unsigned)((uint64_t)i * nobjs / n);
        if ((sets[i] = hwloc_bitmap_alloc()) == NULL)
            return -1;
        hwloc_bitmap_and(sets[i], objs[k]->cpuset, allowed);
    }
    return 0;
}

/* Every instance's CPU set (NULL: unbound). */
static int instance_sets(hwloc_topology_t topo, const struct request *r, hwloc_bitmap_t *sets, unsigned n,
                         struct diag *err)
{
    hwloc_const_bitmap_t allowed = r->allowed != NULL ? r->allowed : hwloc_topology_get_topology_cpuset(topo);
    if (r->kind <= PLACE_NONE) {
        for (unsigned i = 0; i < n && r->allowed != NULL; i++)
            sets[i] = hwloc_bitmap_dup(r->allowed);
        return 0;
    }
    unsigned most = (unsigned)hwloc_get_nbobjs_by_type(topo, kind_types[r->kind]);
    hwloc_obj_t *objs = calloc(most ? most : 1, sizeof *objs);
    if (objs == NULL)
        return diag_set(err, NULL, "out of memory");
    unsigned nobjs = kind_objs(topo, kind_types[r->kind], allowed, objs);
    int rc = r->policy == PLACE_COMPACT ? compact(objs, nobjs, allowed, sets, n)
                                        : spread(topo, r, allowed, objs, nobjs, sets, n);
    free(objs);
    return rc == 0 ? 0 : diag_set(err, &r->th->place.bind_loc, "thread '%s': cannot place %u instances over bind=%s: out of memory",
                                  r->th->name, n, place_kind_name(r->kind));
}

static int fill_entry(hwloc_topology_t topo, const struct request *r, hwloc_const_bitmap_t set, struct place_entry *e)
{
    e->mem = r->th->place.mem;
    if (set == NULL && e->mem == MEM_DEFAULT)
        return 0;
    hwloc_bitmap_t nodes = hwloc_bitmap_alloc();
    if (nodes == NULL)
        return -1;
    hwloc_const_bitmap_t cpus = set != NULL ? set : hwloc_topology_get_topology_cpuset(topo);
    if (r->memnodes != NULL)
        hwloc_bitmap_copy(nodes, r->memnodes);
    else
        hwloc_cpuset_to_nodeset(topo, cpus, nodes);
    e->cpus = set != NULL ? cpulist_format(set) : NULL;
    e->nodes = cpulist_format(nodes);
    hwloc_bitmap_free(nodes);
    return (set != NULL && e->cpus == NULL) || e->nodes == NULL ? -1 : 0;
}

static size_t per_instance(const struct plan_process *p)
{
    size_t n = 0;
    for (size_t t = 0; t < p->nthreads; t++)
        n += p->threads[t].instances;
    return n;
}

static size_t thread_offset(const struct plan_process *p, size_t thread)
{
    size_t n = 0;
    for (size_t t = 0; t < thread; t++)
        n += p->threads[t].instances;
    return n;
}

static size_t entry_index(const struct placement *pl, size_t proc, size_t pi, size_t thread, size_t ti)
{
    const struct plan_process *p = &pl->plan->procs[proc];
    return pl->first[proc] + pi * per_instance(p) + thread_offset(p, thread) + ti;
}

const struct place_entry *placement_find(const struct placement *pl, size_t proc, size_t pi, size_t thread, size_t ti)
{
    return &pl->v[entry_index(pl, proc, pi, thread, ti)];
}

/* One thread's instances over every instance of its process. */
static int place_thread(struct placement *pl, hwloc_topology_t topo, size_t proc, size_t thread,
                        const struct place_default *d, struct diag *err)
{
    const struct plan_process *p = &pl->plan->procs[proc];
    struct request r = { .th = &p->threads[thread] };
    size_t n = p->instances * r.th->instances;
    if (n > PLACE_MAX_INSTANCES)
        return diag_set(err, &r.th->loc, "thread '%s': more than %u instances to place", r.th->name, PLACE_MAX_INSTANCES);
    hwloc_bitmap_t *sets = calloc(n, sizeof *sets);
    int rc = sets == NULL ? diag_set(err, NULL, "out of memory") : resolve(&r, topo, d, err);
    if (rc == 0)
        rc = instance_sets(topo, &r, sets, (unsigned)n, err);
    for (size_t k = 0; rc == 0 && k < n; k++) {
        struct place_entry *e = &pl->v[entry_index(pl, proc, k / r.th->instances, thread, k % r.th->instances)];
        *e = (struct place_entry){ proc, k / r.th->instances, thread, k % r.th->instances, NULL, NULL, MEM_DEFAULT };
        if (fill_entry(topo, &r, sets[k], e) != 0)
            rc = diag_set(err, NULL, "out of memory");
        pl->any |= e->cpus != NULL || e->mem != MEM_DEFAULT;
    }
    for (size_t k = 0; sets != NULL && k < n; k++)
        hwloc_bitmap_free(sets[k]);
    free(sets);
    hwloc_bitmap_free(r.allowed);
    hwloc_bitmap_free(r.memnodes);
    return rc;
}

int placement_build(struct placement *out, const struct place_topo *t, const struct plan *p,
                    const struct place_default *d, struct diag *err)
{
    *out = (struct placement){ .plan = p };
    out->first = calloc(p->nprocs + 1, sizeof *out->first);
    if (out->first == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < p->nprocs; i++) {
        out->first[i] = out->n;
        out->n += p->procs[i].instances * per_instance(&p->procs[i]);
    }
    out->v = calloc(out->n ? out->n : 1, sizeof *out->v);
    if (out->v == NULL)
        return diag_set(err, NULL, "out of memory");
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t th = 0; th < p->procs[i].nthreads; th++)
            if (place_thread(out, t->topo, i, th, d, err) != 0)
                return -1;
    return 0;
}

void placement_free(struct placement *pl)
{
    for (size_t i = 0; pl->v != NULL && i < pl->n; i++) {
        free(pl->v[i].cpus);
        free(pl->v[i].nodes);
    }
    free(pl->v);
    free(pl->first);
    *pl = (struct placement){ 0 };
}

void placement_label(const struct placement *pl, const struct place_entry *e, char *buf, size_t size)
{
    const struct plan_process *p = &pl->plan->procs[e->proc];
    snprintf(buf, size, "%s[%zu].%s[%zu]", p->name, e->proc_inst, p->threads[e->thread].name, e->thread_inst);
}

void placement_describe(const struct placement *pl, FILE *out)
{
    static const char *const mem_words[] = { [MEM_DEFAULT] = "", [MEM_LOCAL] = " (membind local)",
                                             [MEM_INTERLEAVE] = " (membind interleave)", [MEM_NODES] = " (membind)" };
    for (size_t i = 0; i < pl->n; i++) {
        const struct place_entry *e = &pl->v[i];
        char label[256];
        placement_label(pl, e, label, sizeof label);
        if (e->cpus == NULL && e->mem == MEM_DEFAULT)
            fprintf(out, "placement %s: not bound\n", label);
        else
            fprintf(out, "placement %s: cpus %s, numa %s%s\n", label, e->cpus != NULL ? e->cpus : "any", e->nodes,
                    mem_words[e->mem]);
    }
}
