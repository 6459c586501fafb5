/* plan_build.h: building a plan, private to src/model: the parts plan.c calls
 * (plan_fileset.c, plan_threads.c, plan_flowops.c, plan_targets.c) and the
 * attribute readers they share (plan_attrs.c). */
#ifndef FB_MODEL_PLAN_BUILD_H
#define FB_MODEL_PLAN_BUILD_H

#include <limits.h>
#include <stddef.h>

#include "lang/eval.h"
#include "model/model.h"
#include "model/plan.h"

struct builder {
    const struct model *m;
    struct plan *p;
    struct diag *err;
};

/* A thread being built and its count of flowops so far (each one's flat index). */
struct thread_ctx {
    struct plan_thread *t;
    size_t nflat;
};

/* A copy of s ("" for NULL); out of memory ends the program. */
char *plan_dupstr(const char *s);
/* A number or a distribution; a distribution is copied (it is a plain value). */
int plan_attr_param(const struct attrvals *a, int idx, const struct scope *sc, struct param *out, struct diag *err);
/* Data as it is when nothing is said: random, whole blocks, no repeats. */
extern const struct data_pattern plan_random_data;
/* pattern=, compress= and dedupe= (rows first, first + 1, first + 2) over
 * what the entity inherits; compress and dedupe shape random data only. */
int plan_attr_data(const struct attrvals *a, int first, const struct scope *sc, const struct data_pattern *inherit,
                   struct data_pattern *out, struct diag *err);

/* ---- attribute stores: the store column of the lang/<entity>_attr_list.def files ---- */

/* The type of the field an attribute's kind converts its value into. */
enum store_type { ST_NONE, ST_U64, ST_INT, ST_PCT, ST_BOOL, ST_PARAM, ST_STR, ST_DIST };

/* Where one attribute's value goes in its entity's struct of the plan. */
struct attr_store {
    enum attr_type kind;   /* the entry's kind: which conversion (plan_attr_store) */
    enum store_type type;  /* the field's; ST_NONE: read by hand (BY_HAND) */
    size_t field;          /* offsetof the field */
    bool has_given;        /* STORE_GIVEN: a bool at given says whether the script gave it */
    size_t given;
};

/* The field each kind fills: AT_INT a uint64_t, or an int when its max is at most INT_MAX;
 * AT_PCT an unsigned (a bare or true one is 100); AT_BOOL a bool; AT_NUMRV a struct param;
 * AT_STR a char * (a copy the plan frees, NULL when not given); AT_RV a struct dist. */
#define STORE_TYPE(f)                                                                                            \
    _Generic(((STORE_IN *)0)->f, uint64_t: ST_U64, int: ST_INT, unsigned: ST_PCT, bool: ST_BOOL,               \
             struct param: ST_PARAM, char *: ST_STR, struct dist: ST_DIST)
#define STORE_FITS(kind, max, st)                                                                                \
    ((st) == ST_NONE || ((kind) == AT_INT && (st) == ST_U64)                                                     \
     || ((kind) == AT_INT && (st) == ST_INT && (max) != 0 && (max) <= INT_MAX) || ((kind) == AT_PCT && (st) == ST_PCT) \
     || ((kind) == AT_BOOL && (st) == ST_BOOL) || ((kind) == AT_NUMRV && (st) == ST_PARAM)                       \
     || ((kind) == AT_STR && (st) == ST_STR) || ((kind) == AT_RV && (st) == ST_DIST))

/* The store column, in the struct STORE_IN the including file names: type, field, has_given, given. */
#define BY_HAND(why) ST_NONE, 0, false, 0
#define STORE(f) STORE_TYPE(f), offsetof(STORE_IN, f), false, 0
#define STORE_GIVEN(f, g) STORE_TYPE(f), offsetof(STORE_IN, f), true, offsetof(STORE_IN, g) + _Generic(((STORE_IN *)0)->g, bool: 0)
/* A row of a store table from an entry's kind, max and store columns (written STORE_ROW(kind, max,
 * store): the store column arrives as its four parts). A field its kind cannot fill does not compile. */
#define STORE_ROW(kind, max, type, field, has_given, given)                                                      \
    { kind, (enum store_type)((type) + STORE_CHECK(STORE_FITS(kind, max, type))), field, has_given, given }
#define STORE_CHECK(fits)                                                                                        \
    0 * sizeof(struct { _Static_assert(fits, "a store column names a field its kind cannot fill (model/plan_build.h)"); char c; })

/* Every attribute of the table with a store, converted by its kind into its field of obj (a
 * struct of the plan); the given flags set. Absent ones take the parser's default (AT_STR: NULL). */
int plan_attr_store(const struct attr_store *stores, size_t n, const struct attrvals *a, const struct scope *sc,
                    void *obj, struct diag *err);
/* Frees the strings (AT_STR) plan_attr_store copied into obj. */
void plan_attr_unstore(const struct attr_store *stores, size_t n, void *obj);
/* The stores of each entity's attribute list, by attribute id (plan_flowops.c, plan_fileset.c, plan_threads.c). */
extern const struct attr_store plan_op_stores[FO_NATTRS], plan_fileset_stores[FS_NATTRS],
    plan_process_stores[PR_NATTRS], plan_thread_stores[TH_NATTRS];

/* The index of the plan's fileset name, or -1. */
int plan_fileset_index(const struct plan *p, const char *name);
int plan_build_fileset(struct builder *b, const struct fileset_def *d, const struct scope *sc, struct plan_fileset *f);
int plan_build_process(struct builder *b, const struct process_def *d, const struct scope *sc, struct plan_process *p);
/* The flowops defs (names under prefix, NULL at a thread's top) into *out. */
int plan_build_ops(struct builder *b, struct thread_ctx *tc, const struct flowop_def *defs, size_t n,
                   const struct scope *sc, const char *prefix, struct plan_op **out, size_t *nout);
/* The targets the flowops of thread t name, looked up in t, then in the whole plan. */
int plan_resolve_targets(struct builder *b, const struct plan_thread *t, struct plan_op *ops, size_t n);

#endif
