/* campaign.h: a profile made ready to run: the campaign's settings (DEFAULTS),
 * every point of every CONFIG's sweep in order, and running them into a results tree. */
#ifndef FB_CAMPAIGN_H
#define FB_CAMPAIGN_H

#include <stdbool.h>
#include <stdint.h>

#include "campaign/profile.h"

enum flush_kind { FLUSH_NEVER, FLUSH_ALWAYS, FLUSH_CMD };

struct campaign_settings {
    uint64_t runtime;        /* seconds of every measured run */
    const char *stats;       /* where results trees go */
    const char *filesystem;  /* for the tree's name and flush commands; NULL: found from $dir */
    const char *description;
    unsigned repeats;
    enum flush_kind flush;
    const char *flush_cmd;   /* FLUSH_CMD: a shell command, given $dir and the file system type */
    uint64_t warmup;         /* seconds run and discarded before a point's measured runs */
    uint64_t cooldown;       /* seconds slept between points */
    const char *launcher;    /* the command every point's flowbench runs under (mpirun -np 4 ...), or NULL */
    const struct prof_value *criteria; /* criteria = "EXPR", ...: written into every point's script */
    size_t ncriteria;
};

/* One variable of a point: set in the point's thisrun.f. */
struct point_var {
    const char *name;
    const struct prof_value *value;
    const struct srcloc *loc;   /* where the profile sets it */
    bool swept;                 /* its key is a list */
};

struct point {
    const struct prof_block *config;
    const char *personality;    /* as the profile names it */
    struct point_var *vars;     /* DEFAULTS' variables, then the CONFIG's, in order */
    size_t nvars;
    char *path;                 /* in the tree: CONFIG or CONFIG/var=value,var=value */
    char *script;               /* thisrun.f's text */
    const struct prof_key *criteria; /* the CONFIG's own criteria (after DEFAULTS'), or NULL */
};

/* What the caller (the command line) knows: where workloads are and what a
 * workload's variables are; the campaign layer sees no interpreter. */
struct campaign_env {
    void *ctx;
    /* The path of a personality along load's search path (malloc'ed), or NULL. */
    char *(*find)(void *ctx, const char *name);
    /* 0 when the workload at path sets or uses $name; -1 with the nearest name in
     * hint (empty when none). */
    int (*var_known)(void *ctx, const char *path, const char *name, char *hint, size_t hintlen);
    /* 0 when the script text passes --check; -1 after printing its errors. */
    int (*check)(void *ctx, const char *text, const char *label);
};

struct campaign {
    struct profile prof;
    struct campaign_settings set;
    char *dir;                  /* the points' $dir (DEFAULTS' dir), NULL: each personality's own */
    struct point *points;
    size_t npoints;
    const char **swept;         /* every swept variable, in order of first appearance */
    size_t nswept;
};

/* Reads the settings, expands every point and checks each (variables, --check),
 * reporting every error found (located) before returning -1. */
int campaign_prepare(struct campaign *c, const struct campaign_env *env, const char *stats_override);
void campaign_free(struct campaign *c);

/* thisrun.f: the personality's text with every point variable set (its own
 * `set $var=` lines replaced, missing ones added) and its plain `run` lines set to
 * runtime seconds (one added when it has none). malloc'ed, NULL when out of memory. */
char *thisrun_text(const char *personality, const struct point *p, const struct campaign_settings *set);
/* The value as a `set` command writes it (quoted strings stay quoted). */
void point_value_text(const struct prof_value *v, char *buf, size_t len);

#endif
