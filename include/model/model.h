/* model.h: what `define` commands declare, kept with their late-bound attribute
 * values; a run resolves them against the variables of that moment (plan.h). */
#ifndef FB_MODEL_H
#define FB_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include "lang/attr.h"
#include "model/flowop_type.h"
#include "base/nameidx.h"

struct composite_def;

struct flowop_def {
    char *name;                           /* bound when defined */
    const struct flowop_type *type;       /* a built-in flowop, or */
    const struct composite_def *composite; /* a composite used as a type */
    struct attrvals a;
    struct locals locals;                 /* $param=value bindings at a composite use */
    struct srcloc loc;
};

struct thread_def {
    char *name;
    struct attrvals a;
    struct flowop_def *ops;
    size_t nops;
    struct srcloc loc;
};

struct process_def {
    char *name;
    struct attrvals a;
    struct thread_def *threads;
    size_t nthreads;
    struct srcloc loc;
};

struct composite_def {
    char *name;
    struct attrvals a;
    struct locals locals;   /* declared parameters with their defaults */
    bool choose;            /* each pass runs one of ops, picked by weight (bound when defined) */
    struct flowop_def *ops;
    size_t nops;
    struct srcloc loc;
};

struct fileset_def {
    char *name;
    bool is_file;
    struct attrvals a;
    struct srcloc loc;
};

struct model {
    struct fileset_def **filesets;
    size_t nfilesets;
    struct nameidx fileset_idx;
    struct process_def **procs;
    size_t nprocs;
    struct nameidx proc_idx;
    struct composite_def **comps;
    size_t ncomps;
    struct nameidx comp_idx;
};

struct fileset_def *model_fileset(const struct model *m, const char *name);
struct process_def *model_process(const struct model *m, const char *name);
struct composite_def *model_composite(const struct model *m, const char *name);
int model_add_fileset(struct model *m, struct fileset_def *f, struct diag *err);
int model_add_process(struct model *m, struct process_def *p, struct diag *err);
int model_add_composite(struct model *m, struct composite_def *c, struct diag *err);
void model_free(struct model *m);
void flowop_defs_free(struct flowop_def *ops, size_t n);
void fileset_def_free(struct fileset_def *f);
void process_def_free(struct process_def *p);
void composite_def_free(struct composite_def *c);

/* Building the model from `define fileset|file`, `define process` and `define
 * flowop` (model_define.c): names are bound now against vars, every other value
 * is kept for the run to bind. 0, or -1 with err set and the model unchanged. */
struct ast_cmd;
struct vartab;
int model_define_fileset(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err);
int model_define_process(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err);
int model_define_composite(struct model *m, const struct vartab *vars, const struct ast_cmd *c, struct diag *err);

#endif
