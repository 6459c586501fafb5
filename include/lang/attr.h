/* attr.h: the attribute tables of every entity (fileset, process, thread, flowop,
 * randvar, cvar...): names, value types, defaults and ranges. The parser checks
 * names against them, `help`, completion and docs/language.md are made from them. */
#ifndef FB_ATTR_H
#define FB_ATTR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "lang/ast.h"

enum attr_type {
    AT_INT,   /* whole number, bound when the run starts */
    AT_BOOL,  /* true/false, a bare attribute means true; integers count as booleans */
    AT_STR,   /* word or quoted string */
    AT_NUMRV, /* whole number or a random/custom variable sampled on each use */
    AT_RV,    /* a random variable only */
    AT_PCT,   /* a boolean (true = 100) or a percentage 0..100 */
    AT_TABLE, /* {{pct, lo, hi}, ...} */
    AT_VALUE, /* number, random variable or string (flowop value=) */
    AT_TEXT,  /* word or quoted string whose $variables its command expands (cvar parameters=) */
};

struct attr_spec {
    const char *name;
    const char *alias;  /* second spelling (filesize for size), or NULL */
    enum attr_type type;
    uint64_t def;       /* default for numbers and booleans */
    uint64_t max;       /* inclusive upper bound; 0 = none */
    bool required;
    const char *help;
};

struct attr_table {
    const char *entity;   /* "fileset", "flowop", ... for messages */
    const struct attr_spec *specs;
    size_t n;
    bool locals;          /* $name items allowed (composite flowops) */
};

/* Every fileset (and file), process and thread attribute, one entry each in its lang/<entity>_attr_list.def. */
enum fileset_attr {
#define FS_ATTR(id, ...) FS_##id,
#include "lang/fileset_attr_list.def"
#undef FS_ATTR
    FS_NATTRS
};
enum process_attr {
#define PR_ATTR(id, ...) PR_##id,
#include "lang/process_attr_list.def"
#undef PR_ATTR
    PR_NATTRS
};
enum thread_attr {
#define TH_ATTR(id, ...) TH_##id,
#include "lang/thread_attr_list.def"
#undef TH_ATTR
    TH_NATTRS
};
/* Every flowop attribute, one entry each in lang/flowop_attr_list.def. */
enum flowop_attr {
#define FO_ATTR(id, ...) FO_##id,
#include "lang/flowop_attr_list.def"
#undef FO_ATTR
    FO_NATTRS
};
/* The flowop attributes a flowop type reads (struct flowop_type.attrs): bits FA(FO_...). */
#define FA(a) (1u << (a))
/* Every flowop; weight= matters where the flowop stands (a child of a choose composite), whatever its type. */
#define FA_COMMON (FA(FO_NAME) | FA(FO_ITERS) | FA(FO_WEIGHT))
/* Picking a file of filename= into a descriptor slot and opening it (openfile, auto-open). */
#define FA_OPEN (FA(FO_FILENAME) | FA(FO_FD) | FA(FO_OPENNEXT) | FA(FO_INDEXED) | FA(FO_DSYNC) | FA(FO_DIRECTIO) \
                 | FA(FO_NOREADAHEAD) | FA_PICK)
/* The order a file is drawn from the fileset in (pick=, picks=). */
#define FA_PICK (FA(FO_PICK) | FA(FO_PICKS))
/* What a writing flowop writes. */
#define FA_DATA (FA(FO_PATTERN) | FA(FO_COMPRESS) | FA(FO_DEDUPE))
/* Through the thread's I/O engine. */
#define FA_ENGINE (FA(FO_IOENGINE) | FA(FO_IODEPTH))
_Static_assert(FO_NATTRS <= 32, "flowop attribute bits must fit struct flowop_type.attrs");
/* weight= at most this: 10,000 flowops of a thread cannot overflow the 64-bit total. */
#define FLOWOP_WEIGHT_MAX 1000000000u
/* Every attribute of a composite's definition, a randvar, a cvar, eventgen and enable multi,
 * one entry each in its lang/<scope>_attr_list.def. */
enum composite_attr {
#define CO_ATTR(id, ...) CO_##id,
#include "lang/composite_attr_list.def"
#undef CO_ATTR
    CO_NATTRS
};
enum randvar_attr {
#define RV_ATTR(id, ...) RV_##id,
#include "lang/randvar_attr_list.def"
#undef RV_ATTR
    RV_NATTRS
};
enum cvar_attr {
#define CV_ATTR(id, ...) CV_##id,
#include "lang/cvar_attr_list.def"
#undef CV_ATTR
    CV_NATTRS
};
enum eventgen_attr {
#define EG_ATTR(id, ...) EG_##id,
#include "lang/eventgen_attr_list.def"
#undef EG_ATTR
    EG_NATTRS
};
enum multi_attr {
#define MU_ATTR(id, ...) MU_##id,
#include "lang/multi_attr_list.def"
#undef MU_ATTR
    MU_NATTRS
};

#define ATTR_MAX 32
_Static_assert(FS_NATTRS <= ATTR_MAX && PR_NATTRS <= ATTR_MAX && TH_NATTRS <= ATTR_MAX && FO_NATTRS <= ATTR_MAX
               && CO_NATTRS <= ATTR_MAX && RV_NATTRS <= ATTR_MAX && CV_NATTRS <= ATTR_MAX && EG_NATTRS <= ATTR_MAX
               && MU_NATTRS <= ATTR_MAX,
               "struct attrvals holds ATTR_MAX attributes");
/* pattern, compress and dedupe are consecutive rows in every table that has them */
_Static_assert(FS_COMPRESS == FS_PATTERN + 1 && FS_DEDUPE == FS_PATTERN + 2, "fileset data rows");
_Static_assert(TH_COMPRESS == TH_PATTERN + 1 && TH_DEDUPE == TH_PATTERN + 2, "thread data rows");
_Static_assert(FO_COMPRESS == FO_PATTERN + 1 && FO_DEDUPE == FO_PATTERN + 2, "flowop data rows");
/* placement rows: cpus, bind, policy, numa, membind, in that order in process and thread */
_Static_assert(PR_MEMBIND == PR_CPUS + 4 && TH_BIND == TH_CPUS + 1 && TH_POLICY == TH_CPUS + 2 && TH_NUMA == TH_CPUS + 3
               && TH_MEMBIND == TH_CPUS + 4 && PR_BIND == PR_CPUS + 1 && PR_POLICY == PR_CPUS + 2 && PR_NUMA == PR_CPUS + 3,
               "placement rows");
_Static_assert(TH_IODEPTH == TH_IOENGINE + 1 && FO_IODEPTH == FO_IOENGINE + 1, "engine rows: ioengine, then iodepth");

extern const struct attr_table fileset_attrs, file_attrs, process_attrs, thread_attrs,
    flowop_attrs, composite_attrs, randvar_attrs, cvar_attrs, eventgen_attrs, multi_attrs;
/* Every table, NULL-terminated, for help and completion. */
extern const struct attr_table *const attr_tables[];

/* The attributes one entity was given: owned copies of the values, NULL where absent. */
struct attrvals {
    const struct attr_table *table;
    struct ast_value *val[ATTR_MAX];
    struct srcloc loc[ATTR_MAX];
};

/* A composite flowop parameter: `$name` or `$name=value`. */
struct local {
    char *name;
    bool has_value;
    struct ast_value val;
    struct srcloc loc;
};

struct locals {
    struct local *v;
    size_t n;
};

/* Checks names against the table (with a hint for near misses) and keeps the
 * last of repeated attributes. $name items go to locals, when the table allows them. */
int attrvals_build(struct attrvals *out, const struct attr_table *t, const struct ast_attr *list,
                   struct locals *locals, struct diag *err);
void attrvals_free(struct attrvals *a);
void locals_free(struct locals *l);
static inline bool attr_given(const struct attrvals *a, int idx) { return a->val[idx] != NULL; }

#endif
