/* cmd_list.c: `list` of filesets, flowops, processes, variables and workloads. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "interp.h"

/* An attribute as written, with the current value of a variable: "$nfiles (1000)". */
static void show_value(const struct interp *in, const struct ast_value *v, const char *def, char *buf, size_t len)
{
    if (v == NULL) {
        snprintf(buf, len, "%s", def);
        return;
    }
    switch (v->kind) {
    case AV_INT: snprintf(buf, len, "%" PRIu64, v->i); return;
    case AV_BOOL: snprintf(buf, len, "%s", v->b ? "true" : "false"); return;
    case AV_WORD:
    case AV_STRING: snprintf(buf, len, "%s", v->s); return;
    case AV_VAR: {
        const struct var *var = vars_find(&in->vars, v->s);
        char val[256] = "unset";
        if (var != NULL && var->kind != VAR_UNSET)
            var_format(var, val, sizeof val);
        snprintf(buf, len, "$%s (%s)", v->s, val);
        return;
    }
    default: snprintf(buf, len, "(table)"); return;
    }
}

static void list_filesets(const struct interp *in)
{
    fprintf(in->out, "%-24s %-8s %-28s %-24s %-18s %s\n", "fileset", "kind", "path", "entries", "size", "dirwidth");
    for (size_t i = 0; i < in->model.nfilesets; i++) {
        const struct fileset_def *f = in->model.filesets[i];
        char path[256], entries[128], size[128], width[128];
        show_value(in, f->a.val[FS_PATH], "-", path, sizeof path);
        show_value(in, f->a.val[FS_ENTRIES], f->is_file ? "1" : "0", entries, sizeof entries);
        show_value(in, f->a.val[FS_SIZE], "1024", size, sizeof size);
        show_value(in, f->a.val[FS_DIRWIDTH], f->is_file ? "-" : "0", width, sizeof width);
        fprintf(in->out, "%-24s %-8s %-28s %-24s %-18s %s\n", f->name, f->is_file ? "file" : "fileset", path, entries,
                size, width);
    }
}

static void list_ops(const struct interp *in, const struct flowop_def *ops, size_t n, const char *indent)
{
    for (size_t i = 0; i < n; i++) {
        char fs[256] = "";
        if (ops[i].a.val[FO_FILENAME] != NULL)
            show_value(in, ops[i].a.val[FO_FILENAME], "", fs, sizeof fs);
        fprintf(in->out, "%sflowop %-16s %-24s %s\n", indent,
                ops[i].type ? ops[i].type->name : ops[i].composite->name, ops[i].name, fs);
    }
}

static void list_flowops(const struct interp *in)
{
    for (size_t i = 0; i < in->model.ncomps; i++) {
        const struct composite_def *c = in->model.comps[i];
        fprintf(in->out, "composite %s\n", c->name);
        list_ops(in, c->ops, c->nops, "  ");
    }
    for (size_t i = 0; i < in->model.nprocs; i++) {
        const struct process_def *p = in->model.procs[i];
        for (size_t t = 0; t < p->nthreads; t++) {
            fprintf(in->out, "process %s, thread %s\n", p->name, p->threads[t].name);
            list_ops(in, p->threads[t].ops, p->threads[t].nops, "  ");
        }
    }
}

static void list_processes(const struct interp *in)
{
    for (size_t i = 0; i < in->model.nprocs; i++) {
        const struct process_def *p = in->model.procs[i];
        char inst[128];
        show_value(in, p->a.val[PR_INSTANCES], "1", inst, sizeof inst);
        fprintf(in->out, "process %s, instances %s\n", p->name, inst);
        for (size_t t = 0; t < p->nthreads; t++) {
            show_value(in, p->threads[t].a.val[TH_INSTANCES], "1", inst, sizeof inst);
            fprintf(in->out, "  thread %s, instances %s, %zu flowops\n", p->threads[t].name, inst, p->threads[t].nops);
        }
    }
}

static void list_variables(const struct interp *in)
{
    for (size_t i = 0; i < in->vars.n; i++) {
        char val[512];
        var_format(in->vars.v[i], val, sizeof val);
        fprintf(in->out, "$%-20s %s%s\n", in->vars.v[i]->name, val, in->vars.v[i]->overridden ? "  (-D)" : "");
    }
}

static void show_workload(const char *name, const char *path, void *ctx)
{
    char summary[256];
    workload_summary(path, summary, sizeof summary);
    fprintf((FILE *)ctx, "%-32s %s\n", name, summary);
}

static void list_workloads(const struct interp *in)
{
    workload_each(in, show_workload, in->out);
}

static const struct {
    const char *name;
    void (*fn)(const struct interp *in);
} lists[] = {
    { "filesets", list_filesets },   { "flowops", list_flowops },     { "processes", list_processes },
    { "variables", list_variables }, { "workloads", list_workloads },
};

int cmd_list(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    size_t n = sizeof lists / sizeof lists[0];
    if (c->word == NULL) {
        for (size_t i = 0; i < n - 1; i++) {
            if (i > 0)
                fputc('\n', in->out);
            lists[i].fn(in);
        }
        return 0;
    }
    size_t len = strlen(c->word);
    for (size_t i = 0; i < n; i++)
        if (len >= 3 && strncmp(lists[i].name, c->word, len) == 0) {
            lists[i].fn(in);
            return 0;
        }
    /* Singular spellings (fileset, flowop, variable, workload) are prefixes too. */
    return diag_set(err, &c->word_loc, "cannot list '%s' (filesets, flowops, processes, variables or workloads)", c->word);
}
