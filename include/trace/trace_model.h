/* trace_model.h: the figures a model of a trace is checked against (flowbench model --check): each kind
 * of file call's count, the bytes reads and writes moved, the files' sizes, the pace (trace_model.c). */
#ifndef FB_TRACE_MODEL_H
#define FB_TRACE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "trace/trace_sizes.h"

struct trace;

#define MODEL_KINDS 20 /* the kinds of call the model tells apart, each the last name of its flowops */

struct model_figures {
    uint64_t count[MODEL_KINDS];
    struct sizes reads, writes;   /* bytes each moved (every write, created files' too) */
    struct sizes there, made;     /* the files there before: largest extent; each created file's extent */
    uint64_t calls;               /* calls on files: the sum of count */
    double secs;                  /* the trace's span */
};

/* The kind named name (a flowop's last name component), or -1: the model's upkeep (hold, release, pace,
 * refill) and anything else. */
int model_kind(const char *name);
const char *model_kind_name(int kind);
/* The trace's figures, as the model's fit counts them. -1 with err: a call the fit cannot keep. */
int trace_model_figures(const struct trace *t, struct model_figures *f, struct diag *err);
void model_figures_free(struct model_figures *f);

#endif
