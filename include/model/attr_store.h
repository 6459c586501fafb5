/* attr_store.h: where an attribute's value goes, the store column of every include/lang/<entity>_attr_list.def,
 * and the one conversion by kind that fills it (plan_attr_store, src/model/attr_store.c). */
#ifndef FB_MODEL_ATTR_STORE_H
#define FB_MODEL_ATTR_STORE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "lang/attr.h"
#include "lang/distribution.h"
#include "lang/eval.h"
#include "model/plan.h"

/* The type of the field an attribute's kind converts its value into. */
enum store_type { ST_NONE, ST_U64, ST_INT, ST_DOUBLE, ST_PCT, ST_BOOL, ST_PARAM, ST_STR, ST_CSTR, ST_DIST };

/* Where one attribute's value goes in its entity's struct. */
struct attr_store {
    enum attr_type kind;   /* the entry's kind: which conversion (plan_attr_store) */
    enum store_type type;  /* the field's; ST_NONE: read by hand (BY_HAND) or not at all (NOT_READ) */
    size_t field;          /* offsetof the field */
    bool has_given;        /* STORE_GIVEN: a bool at given says whether the script gave it */
    size_t given;
    bool over;             /* STORE_OVER: when not given, the field keeps what the caller put there (inherited) */
};

/* The field each kind fills: AT_INT a uint64_t, an int when its max is at most INT_MAX, or a double;
 * AT_PCT an unsigned (a bare or true one is 100); AT_BOOL a bool; AT_NUMRV a struct param;
 * AT_STR a char * (a copy the plan frees, NULL when not given) or a const char * (the script's own
 * text, valid while its attrvals and variables are: not copied); AT_TEXT a const char * as written
 * (its $variables unexpanded); AT_RV a struct dist. */
#define STORE_TYPE(f)                                                                                            \
    _Generic(((STORE_IN *)0)->f, uint64_t: ST_U64, int: ST_INT, double: ST_DOUBLE, unsigned: ST_PCT,          \
             bool: ST_BOOL, struct param: ST_PARAM, char *: ST_STR, const char *: ST_CSTR, struct dist: ST_DIST)
#define STORE_FITS(kind, max, st)                                                                                \
    ((st) == ST_NONE || ((kind) == AT_INT && ((st) == ST_U64 || (st) == ST_DOUBLE))                               \
     || ((kind) == AT_INT && (st) == ST_INT && (max) != 0 && (max) <= INT_MAX) || ((kind) == AT_PCT && (st) == ST_PCT) \
     || ((kind) == AT_BOOL && (st) == ST_BOOL) || ((kind) == AT_NUMRV && (st) == ST_PARAM)                       \
     || ((kind) == AT_STR && ((st) == ST_STR || (st) == ST_CSTR)) || ((kind) == AT_TEXT && (st) == ST_CSTR)      \
     || ((kind) == AT_RV && (st) == ST_DIST))

/* The store column, in the struct STORE_IN the including file names: type, field, has_given, given, over.
 * BY_HAND: the value needs more than a conversion, read by the function the why names;
 * NOT_READ: the attribute is accepted and checked by the parser, and nothing reads it (the why says so). */
#define BY_HAND(why) ST_NONE, 0, false, 0, false
#define NOT_READ(why) ST_NONE, 0, false, 0, false
#define STORE(f) STORE_TYPE(f), offsetof(STORE_IN, f), false, 0, false
#define STORE_GIVEN(f, g) STORE_TYPE(f), offsetof(STORE_IN, f), true, offsetof(STORE_IN, g) + _Generic(((STORE_IN *)0)->g, bool: 0), false
#define STORE_OVER(f) STORE_TYPE(f), offsetof(STORE_IN, f), false, 0, true
/* A row of a store table from an entry's kind, max and store columns (written STORE_ROW(kind, max,
 * store): the store column arrives as its five parts). A field its kind cannot fill does not compile. */
#define STORE_ROW(kind, max, type, field, has_given, given, over)                                                \
    { kind, (enum store_type)((type) + STORE_CHECK(STORE_FITS(kind, max, type))), field, has_given, given, over }
#define STORE_CHECK(fits)                                                                                        \
    0 * sizeof(struct { _Static_assert(fits, "a store column names a field its kind cannot fill (model/attr_store.h)"); char c; })

/* Every attribute of the table with a store, converted by its kind into its field of obj (a
 * struct of the plan, or a spec the interpreter fills); the given flags set. Absent ones take the
 * parser's default (AT_STR: NULL), or keep the field's value when the row is STORE_OVER. */
int plan_attr_store(const struct attr_store *stores, size_t n, const struct attrvals *a, const struct scope *sc,
                    void *obj, struct diag *err);
/* Frees the strings (AT_STR into a char *) plan_attr_store copied into obj. */
void plan_attr_unstore(const struct attr_store *stores, size_t n, void *obj);

#endif
