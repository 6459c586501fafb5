/* attr.c: attribute tables of every entity, and checking attribute lists against them. */
#include "lang/attr.h"

#include <stdlib.h>
#include <string.h>

#include "base/hint.h"

#define ROWS(a) (a), sizeof(a) / sizeof((a)[0])

static const struct attr_spec fileset_specs[FS_NATTRS] = {
    [FS_NAME] = { "name", NULL, AT_STR, 0, 0, true, "fileset name; also its root directory under path" },
    [FS_PATH] = { "path", NULL, AT_STR, 0, 0, true, "parent directory of the fileset tree" },
    [FS_ENTRIES] = { "entries", NULL, AT_INT, 0, 0, false, "number of files" },
    [FS_LEAFDIRS] = { "leafdirs", NULL, AT_INT, 0, 0, false, "number of empty leaf directories (makedir/removedir)" },
    [FS_SIZE] = { "size", "filesize", AT_NUMRV, 1024, 0, false, "size of each file; a random variable or buckets(size:pct, ...) gives each file its own" },
    [FS_DIRWIDTH] = { "dirwidth", NULL, AT_NUMRV, 0, 0, false, "mean number of entries per directory" },
    [FS_DIRGAMMA] = { "dirgamma", NULL, AT_INT, 1500, 0, false, "gamma shape x1000 of directory width/depth; 0 = fixed" },
    [FS_DIRDEPTHRV] = { "dirdepthrv", NULL, AT_RV, 0, 0, false, "random variable for per-directory depth" },
    [FS_PREALLOC] = { "prealloc", NULL, AT_PCT, 0, 100, false, "percentage of files created before the run (bare: 100)" },
    [FS_PARALLOC] = { "paralloc", NULL, AT_BOOL, 0, 0, false, "create pre-allocated files on all cores" },
    [FS_REUSE] = { "reuse", NULL, AT_BOOL, 0, 0, false, "keep an existing tree made by flowbench" },
    [FS_TRUSTTREE] = { "trusttree", NULL, AT_BOOL, 0, 0, false, "assume the existing tree is complete (implies reuse)" },
    [FS_READONLY] = { "readonly", NULL, AT_BOOL, 0, 0, false, "open files read-only" },
    [FS_WRITEONLY] = { "writeonly", NULL, AT_BOOL, 0, 0, false, "open files write-only" },
    [FS_CACHED] = { "cached", NULL, AT_BOOL, 0, 0, false, "keep pre-allocated files in the page cache (false: written back and dropped after population)" },
    [FS_FILESIZEGAMMA] = { "filesizegamma", NULL, AT_INT, 0, 0, false,
                           "legacy: gamma shape x1000 of file sizes around size; 0 = every file has size" },
    [FS_PATTERN] = { "pattern", NULL, AT_STR, 0, 0, false, "data pre-allocation writes: random (default), zero or 0xHEX bytes repeated" },
    [FS_COMPRESS] = { "compress", NULL, AT_INT, 0, 100, false, "random data: percent of each 4 KiB block left as zeros" },
    [FS_DEDUPE] = { "dedupe", NULL, AT_INT, 0, 100, false, "random data: percent of 4 KiB blocks repeating an earlier one" },
    [FS_VERIFY] = { "verify", NULL, AT_BOOL, 0, 0, false, "every write to its files stamps 4 KiB block headers (pre-allocation too); its flowops check what they read" },
    [FS_SHARED] = { "shared", NULL, AT_BOOL, 0, 0, false, "over MPI ranks: one tree for all ranks, made by rank 0, each rank creating and deleting only its share of the entries (else a tree per rank)" },
    [FS_JOURNAL] = { "journal", NULL, AT_STR, 0, 0, false, "with verify: a directory, on another file system, where the run records which write of each block was made durable (docs/durability.md)" },
    [FS_FILENAMES] = { "filenames", NULL, AT_STR, 0, 0, false, "each file's name: a pattern where %i is its serial (1, 2, ...), %r the MPI rank (0 alone or in a shared tree) and %% a percent, e.g. file.mdtest.%r.%i (default: the serial in 8 digits)" },
};

/* A file is a fileset of one entry; the same row numbers, fewer of them accepted. */
static const struct attr_spec file_specs[FS_NATTRS] = {
    [FS_NAME] = { "name", NULL, AT_STR, 0, 0, true, "file name" },
    [FS_PATH] = { "path", NULL, AT_STR, 0, 0, true, "parent directory" },
    [FS_SIZE] = { "size", "filesize", AT_NUMRV, 1024, 0, false, "file size" },
    [FS_PREALLOC] = { "prealloc", NULL, AT_PCT, 0, 100, false, "create the file before the run (without it, it does not exist)" },
    [FS_PARALLOC] = { "paralloc", NULL, AT_BOOL, 0, 0, false, "create in parallel" },
    [FS_REUSE] = { "reuse", NULL, AT_BOOL, 0, 0, false, "keep an existing file made by flowbench" },
    [FS_TRUSTTREE] = { "trusttree", NULL, AT_BOOL, 0, 0, false, "assume the existing file is right" },
    [FS_READONLY] = { "readonly", NULL, AT_BOOL, 0, 0, false, "open read-only" },
    [FS_WRITEONLY] = { "writeonly", NULL, AT_BOOL, 0, 0, false, "open write-only" },
    [FS_CACHED] = { "cached", NULL, AT_BOOL, 0, 0, false, "keep the file in the page cache after creation (false: written back and dropped)" },
    [FS_PATTERN] = { "pattern", NULL, AT_STR, 0, 0, false, "data pre-allocation writes: random (default), zero or 0xHEX bytes repeated" },
    [FS_COMPRESS] = { "compress", NULL, AT_INT, 0, 100, false, "random data: percent of each 4 KiB block left as zeros" },
    [FS_DEDUPE] = { "dedupe", NULL, AT_INT, 0, 100, false, "random data: percent of 4 KiB blocks repeating an earlier one" },
    [FS_VERIFY] = { "verify", NULL, AT_BOOL, 0, 0, false, "every write to the file stamps 4 KiB block headers (creation too); its flowops check what they read" },
    [FS_SHARED] = { "shared", NULL, AT_BOOL, 0, 0, false, "over MPI ranks: one file for all ranks, sequential I/O of rank r starting r/N of the way in (else a file per rank)" },
    [FS_JOURNAL] = { "journal", NULL, AT_STR, 0, 0, false, "with verify: a directory, on another file system, where the run records which write of each block was made durable (docs/durability.md)" },
};

static const struct attr_spec process_specs[PR_NATTRS] = {
    [PR_NAME] = { "name", NULL, AT_STR, 0, 0, true, "process name" },
    [PR_INSTANCES] = { "instances", NULL, AT_INT, 1, 100000, false, "number of identical worker processes" },
    [PR_NICE] = { "nice", NULL, AT_INT, 0, 39, false, "added to the workers' nice value" },
    [PR_CPUS] = { "cpus", NULL, AT_STR, 0, 0, false, "CPUs its threads run on, in the kernel's list notation: 1, or quoted \"0-3,8\"" },
    [PR_BIND] = { "bind", NULL, AT_STR, 0, 0, false, "bind each thread instance to one pu, core, package or numa node (none: no binding, over --bind)" },
    [PR_POLICY] = { "policy", NULL, AT_STR, 0, 0, false, "with bind: spread (default, as far apart as hwloc_distrib puts them) or compact (consecutive objects)" },
    [PR_NUMA] = { "numa", NULL, AT_STR, 0, 0, false, "run on the CPUs of these NUMA nodes (list notation, e.g. 1 or \"0,2\")" },
    [PR_MEMBIND] = { "membind", NULL, AT_STR, 0, 0, false, "memory of memsize and per-thread state: local (the nodes of its CPUs), interleave, or a node list" },
    [PR_RATE] = { "rate", NULL, AT_INT, 0, 10000000, false, "open loop: passes per second of each of its thread instances (a thread may override), on a fixed schedule; latency is also measured from each pass's intended start" },
    [PR_RATE_PROCESS] = { "rate_process", NULL, AT_STR, 0, 0, false, "open loop: how passes are spaced, linear (default: 1/rate apart, the instances of a thread staggered over one period) or poisson (exponential gaps of mean 1/rate, seeded); a thread may override" },
};

static const struct attr_spec thread_specs[TH_NATTRS] = {
    [TH_NAME] = { "name", NULL, AT_STR, 0, 0, true, "thread name" },
    [TH_INSTANCES] = { "instances", NULL, AT_INT, 1, 100000, false, "identical threads per process instance" },
    [TH_MEMSIZE] = { "memsize", NULL, AT_INT, 0, 0, false, "private memory per thread; I/O buffers are slices of it" },
    [TH_USEISM] = { "useism", NULL, AT_BOOL, 0, 0, false, "accepted for compatibility (shared memory segment)" },
    [TH_IOPRIO] = { "ioprio", NULL, AT_INT, 8, 8, false, "best-effort I/O priority 0..7; 8 leaves it unchanged" },
    [TH_PATTERN] = { "pattern", NULL, AT_STR, 0, 0, false, "data the thread's flowops write (a flowop may override): random (default), zero or 0xHEX bytes repeated" },
    [TH_COMPRESS] = { "compress", NULL, AT_INT, 0, 100, false, "random data: percent of each 4 KiB block left as zeros" },
    [TH_DEDUPE] = { "dedupe", NULL, AT_INT, 0, 100, false, "random data: percent of 4 KiB blocks repeating an earlier one" },
    [TH_VERIFY] = { "verify", NULL, AT_BOOL, 0, 0, false, "the thread's flowops stamp block headers on writes and check them on reads (a flowop may override)" },
    [TH_IOENGINE] = { "ioengine", NULL, AT_STR, 0, 0, false, "I/O engine of the thread's reads and writes: psync (default), libaio, io_uring or mmap" },
    [TH_IODEPTH] = { "iodepth", NULL, AT_INT, 1, 4096, false, "requests each flowop keeps in flight on an asynchronous engine (default 1)" },
    [TH_CPUS] = { "cpus", NULL, AT_STR, 0, 0, false, "CPUs the thread (over its process's) run on, in the kernel's list notation: 1, or quoted \"0-3,8\"" },
    [TH_BIND] = { "bind", NULL, AT_STR, 0, 0, false, "bind each thread instance to one pu, core, package or numa node (none: no binding, over --bind)" },
    [TH_POLICY] = { "policy", NULL, AT_STR, 0, 0, false, "with bind: spread (default, as far apart as hwloc_distrib puts them) or compact (consecutive objects)" },
    [TH_NUMA] = { "numa", NULL, AT_STR, 0, 0, false, "run on the CPUs of these NUMA nodes (list notation, e.g. 1 or \"0,2\")" },
    [TH_MEMBIND] = { "membind", NULL, AT_STR, 0, 0, false, "memory of memsize and per-thread state: local (the nodes of its CPUs), interleave, or a node list" },
    [TH_RATE] = { "rate", NULL, AT_INT, 0, 10000000, false, "open loop: passes of the flowop list per second of each instance, on a fixed schedule that does not slip; latency is also measured from each pass's intended start" },
    [TH_RATE_PROCESS] = { "rate_process", NULL, AT_STR, 0, 0, false, "open loop: how passes are spaced, linear (default: 1/rate apart, the instances staggered over one period) or poisson (exponential gaps of mean 1/rate, seeded per instance)" },
};

static const struct attr_spec flowop_specs[FO_NATTRS] = {
#define FO_ATTR(id, nm, alias, kind, def, max, req, store, help) [FO_##id] = { #nm, alias, kind, def, max, req, help },
#include "lang/flowop_attr_list.def"
#undef FO_ATTR
};

static const struct attr_spec composite_specs[CO_NATTRS] = {
    [CO_NAME] = { "name", NULL, AT_STR, 0, 0, true, "composite flowop name, used as a flowop type" },
    [CO_ITERS] = { "iters", NULL, AT_NUMRV, 1, 0, false, "accepted; the use's iters counts" },
    [CO_CHOOSE] = { "choose", NULL, AT_BOOL, 0, 0, false,
                    "each pass runs one of its flowops, picked at random by their weight= (default 1), not all in turn" },
};

static const struct attr_spec randvar_specs[RV_NATTRS] = {
    [RV_NAME] = { "name", NULL, AT_STR, 0, 0, false, "define randvar: the variable to define" },
    [RV_TYPE] = { "type", NULL, AT_STR, 0, 0, false, "uniform, gamma (default) or tabular" },
    [RV_RANDSRC] = { "randsrc", NULL, AT_STR, 0, 0, false, "rand48 (seeded) or urandom" },
    [RV_SEED] = { "seed", NULL, AT_INT, 0, 0, false, "seed of the random stream" },
    [RV_MIN] = { "min", NULL, AT_INT, 0, 0, false, "lower bound" },
    [RV_MEAN] = { "mean", NULL, AT_INT, 0, 0, false, "mean" },
    [RV_GAMMA] = { "gamma", NULL, AT_INT, 1500, 0, false, "gamma shape x1000" },
    [RV_ROUND] = { "round", NULL, AT_INT, 0, 0, false, "round samples to a multiple" },
    [RV_RANDTABLE] = { "randtable", NULL, AT_TABLE, 0, 0, false, "probability table {{pct, lo, hi}, ...}" },
};

static const struct attr_spec cvar_specs[CV_NATTRS] = {
    [CV_TYPE] = { "type", NULL, AT_STR, 0, 0, true, "distribution: cvar-gamma, cvar-uniform, ..." },
    [CV_PARAMETERS] = { "parameters", NULL, AT_TEXT, 0, 0, false, "key:value;key:value, quoted when a value is a $variable (\"mean:$m;gamma:1.5\")" },
    [CV_MIN] = { "min", NULL, AT_INT, 0, 0, false, "samples below are raised to it" },
    [CV_MAX] = { "max", NULL, AT_INT, 0, 0, false, "samples above are lowered to it" },
    [CV_ROUND] = { "round", NULL, AT_INT, 0, 0, false, "round samples to a multiple" },
};

static const struct attr_spec eventgen_specs[EG_NATTRS] = {
    [EG_RATE] = { "rate", NULL, AT_INT, 0, 0, false, "events per second for the limit flowops; 0 = no limit" },
};

static const struct attr_spec multi_specs[MU_NATTRS] = {
    [MU_MASTER] = { "master", NULL, AT_STR, 0, 0, false, "synchronisation server host" },
    [MU_CLIENT] = { "client", NULL, AT_STR, 0, 0, false, "this client's name" },
    [MU_VALUE] = { "value", NULL, AT_INT, 1, 0, false, "sync point number" },
};

const struct attr_table fileset_attrs = { "fileset", ROWS(fileset_specs), false };
const struct attr_table file_attrs = { "file", ROWS(file_specs), false };
const struct attr_table process_attrs = { "process", ROWS(process_specs), false };
const struct attr_table thread_attrs = { "thread", ROWS(thread_specs), false };
const struct attr_table flowop_attrs = { "flowop", ROWS(flowop_specs), true };
const struct attr_table composite_attrs = { "composite flowop", ROWS(composite_specs), true };
const struct attr_table randvar_attrs = { "randvar", ROWS(randvar_specs), false };
const struct attr_table cvar_attrs = { "cvar", ROWS(cvar_specs), false };
const struct attr_table eventgen_attrs = { "eventgen", ROWS(eventgen_specs), false };
const struct attr_table multi_attrs = { "enable multi", ROWS(multi_specs), false };

const struct attr_table *const attr_tables[] = {
    &fileset_attrs, &file_attrs, &process_attrs, &thread_attrs, &flowop_attrs,
    &composite_attrs, &randvar_attrs, &cvar_attrs, &eventgen_attrs, &multi_attrs, NULL,
};

static int spec_index(const struct attr_table *t, const char *name)
{
    for (size_t i = 0; i < t->n; i++) {
        const struct attr_spec *s = &t->specs[i];
        if (s->name == NULL)
            continue;
        if (strcmp(s->name, name) == 0 || (s->alias != NULL && strcmp(s->alias, name) == 0))
            return (int)i;
    }
    return -1;
}

static int unknown_attr(const struct attr_table *t, const struct ast_attr *a, struct diag *err)
{
    const char *hint = hint_closest_in(a->name, t->specs, t->n, sizeof t->specs[0]);
    if (hint != NULL)
        return diag_set(err, &a->loc, "unknown attribute '%s' for %s; did you mean '%s'?", a->name, t->entity, hint);
    return diag_set(err, &a->loc, "unknown attribute '%s' for %s (see 'help %s')", a->name, t->entity, t->entity);
}

static int add_local(struct locals *locals, const struct ast_attr *a, struct diag *err)
{
    for (size_t i = 0; i < locals->n; i++) {
        if (strcmp(locals->v[i].name, a->name) == 0) {
            ast_value_free(&locals->v[i].val);
            locals->v[i].has_value = a->has_value;
            locals->v[i].val = ast_value_copy(&a->val);
            return 0;
        }
    }
    struct local *v = realloc(locals->v, (locals->n + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(err, &a->loc, "out of memory");
    locals->v = v;
    v[locals->n] = (struct local){ strdup(a->name), a->has_value, ast_value_copy(&a->val), a->loc };
    if (v[locals->n].name == NULL)
        return diag_set(err, &a->loc, "out of memory");
    locals->n++;
    return 0;
}

/* A quoted value with a $variable: only text its command expands takes one
 * (spec NULL: a composite parameter's binding). */
static int check_quoted_dollar(const struct ast_attr *a, const struct attr_spec *spec, struct diag *err)
{
    if (!a->has_value || a->val.kind != AV_STRING || !a->val.raw_vars || (spec != NULL && spec->type == AT_TEXT))
        return 0;
    return diag_set(err, &a->val.loc, "a quoted attribute value cannot use $variables; "
                    "set a variable to the whole value and write attr=$var (or \\$ for a literal $)");
}

int attrvals_build(struct attrvals *out, const struct attr_table *t, const struct ast_attr *list,
                   struct locals *locals, struct diag *err)
{
    if (out->table == NULL)
        out->table = t;
    for (const struct ast_attr *a = list; a != NULL; a = a->next) {
        if (a->is_local) {
            if (check_quoted_dollar(a, NULL, err) != 0)
                return -1;
            if (!t->locals || locals == NULL)
                return diag_set(err, &a->loc, "a %s takes no $variables in its attribute list", t->entity);
            if (add_local(locals, a, err) != 0)
                return -1;
            continue;
        }
        int i = spec_index(t, a->name);
        if (i < 0)
            return unknown_attr(t, a, err);
        if (check_quoted_dollar(a, &t->specs[i], err) != 0)
            return -1;
        if (a->val.kind == AV_TABLE && t->specs[i].type != AT_TABLE)
            return diag_set(err, &a->val.loc, "attribute '%s' takes a single value, not a table", a->name);
        if (t->specs[i].type == AT_TABLE && a->val.kind != AV_TABLE)
            return diag_set(err, &a->loc, "attribute '%s' needs a table {{pct, lo, hi}, ...}", a->name);
        if (!a->has_value && t->specs[i].type != AT_BOOL && t->specs[i].type != AT_PCT)
            return diag_set(err, &a->loc, "attribute '%s' needs a value ('%s=...')", a->name, a->name);
        if (out->val[i] != NULL) {
            ast_value_free(out->val[i]);
            free(out->val[i]);
        }
        out->val[i] = malloc(sizeof *out->val[i]);
        if (out->val[i] == NULL)
            return diag_set(err, &a->loc, "out of memory");
        *out->val[i] = ast_value_copy(&a->val);
        out->loc[i] = a->loc;
    }
    return 0;
}

void attrvals_free(struct attrvals *a)
{
    for (size_t i = 0; i < ATTR_MAX; i++) {
        if (a->val[i] != NULL) {
            ast_value_free(a->val[i]);
            free(a->val[i]);
            a->val[i] = NULL;
        }
    }
}

void locals_free(struct locals *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->v[i].name);
        ast_value_free(&l->v[i].val);
    }
    free(l->v);
    l->v = NULL;
    l->n = 0;
}
