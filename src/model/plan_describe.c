/* plan_describe.c: the plan told in words before a run: each thread's flowops with
 * their share of the passes, and the filesets. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "model/plan.h"
#include "model/plan_io.h"
#include "model/plan_choose.h"

/* Mean of iters= (a distribution's mean, or the number). */
static double iters_mean(const struct plan_op *op)
{
    return op->iters.is_dist ? dist_mean(&op->iters.dist) : (double)op->iters.u;
}

/* Each leaf flowop with, under a choose composite, its share of the picks and
 * how often a pass of the thread runs it: the product of every iters= above
 * and on it and of every choose share on the way (per_pass: runs of the
 * parent a pass). */
static void describe_ops(const struct plan_op *ops, size_t n, double per_pass, FILE *out)
{
    for (size_t i = 0; i < n; i++) {
        const struct plan_op *op = &ops[i];
        double share = op->weight_total != 0 ? (double)op->weight / (double)op->weight_total : 1.0;
        double runs = per_pass * share * iters_mean(op);
        if (op->type == NULL) {
            describe_ops(op->children, op->nchildren, runs, out);
            continue;
        }
        if (op->weight_total != 0)
            fprintf(out, "      flowop %-14s %s (weight %" PRIu64 " of %" PRIu64 ": %.1f%% of the picks; %.3g runs a pass)\n",
                    op->type->name, op->name, op->weight, op->weight_total, 100.0 * share, runs);
        else if (runs != 1.0)
            fprintf(out, "      flowop %-14s %s (%.3g runs a pass)\n", op->type->name, op->name, runs);
        else
            fprintf(out, "      flowop %-14s %s\n", op->type->name, op->name);
    }
}

static void describe_size(const struct param *p, char *buf, size_t len)
{
    if (p->is_dist)
        snprintf(buf, len, "%s, mean %.0f", dist_describe(&p->dist), dist_mean(&p->dist));
    else
        snprintf(buf, len, "%" PRIu64, p->u);
}

void plan_describe(const struct plan *p, const bool *procs, bool kept, FILE *out)
{
    for (size_t i = 0; i < p->nfilesets; i++) {
        const struct plan_fileset *f = &p->filesets[i];
        char size[96];
        describe_size(&f->size, size, sizeof size);
        const char *sep = strcmp(f->path, "/") == 0 ? "" : "/";
        fprintf(out, "  %s %s%s%s: %" PRIu64 " files, %" PRIu64 " leaf dirs, size %s, %u%% preallocated\n",
                f->is_file ? "file" : "fileset", f->path, sep, f->name, f->entries, f->leafdirs, size, f->prealloc);
        if (kept)
            fprintf(out, "    would keep %s%s%s as the run before leaves it (built anew if its definition changed)\n",
                    f->path, sep, f->name);
        else if (f->reuse)
            fprintf(out, "    would reuse %s%s%s if flowbench made it; otherwise create it\n", f->path, sep, f->name);
        else
            fprintf(out, "    would remove %s%s%s if flowbench made it (refuse otherwise), then create it\n", f->path,
                    sep, f->name);
        if (f->shared)
            fprintf(out, "    under mpirun: one %s for every rank, made by rank 0\n", f->is_file ? "file" : "tree");
    }
    for (size_t i = 0; i < p->nprocs; i++) {
        const struct plan_process *pr = &p->procs[i];
        if (procs != NULL && !procs[i])
            continue;
        fprintf(out, "  process %s x%" PRIu64 "\n", pr->name, pr->instances);
        for (size_t t = 0; t < pr->nthreads; t++) {
            const struct plan_thread *th = &pr->threads[t];
            if (th->rate != 0)
                fprintf(out, "    thread %s x%" PRIu64 ", open loop: %" PRIu64 " passes/s each\n", th->name, th->instances,
                        th->rate);
            else
                fprintf(out, "    thread %s x%" PRIu64 "\n", th->name, th->instances);
            describe_ops(pr->threads[t].ops, pr->threads[t].nops, 1.0, out);
        }
    }
}
