/* cmd_list.c: `list` of filesets, flowops, processes, variables and workloads; `vars`. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli/command.h"
#include "cli/interp.h"
#include "cli/workload.h"
#include "place/place.h"

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

/* Columns are as wide as their widest cell, so long names do not push a row out of line. */
enum { CELL = 256, FS_COLS = 6 };

static void widen(int *w, const char (*cells)[CELL], size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int len = (int)strlen(cells[i]);
        w[i] = len > w[i] ? len : w[i];
    }
}

/* The last column is not padded, and empty cells at the end are left out: no trailing blanks. */
static void print_row(FILE *out, const char *indent, const int *w, const char (*cells)[CELL], size_t n)
{
    while (n > 1 && cells[n - 1][0] == '\0')
        n--;
    fputs(indent, out);
    for (size_t i = 0; i + 1 < n; i++)
        fprintf(out, "%-*s ", w[i], cells[i]);
    fprintf(out, "%s\n", cells[n - 1]);
}

static void fileset_row(const struct interp *in, const struct fileset_def *f, char (*cells)[CELL])
{
    snprintf(cells[0], CELL, "%s", f->name);
    snprintf(cells[1], CELL, "%s", f->is_file ? "file" : "fileset");
    show_value(in, f->a.val[FS_PATH], "-", cells[2], CELL);
    show_value(in, f->a.val[FS_ENTRIES], f->is_file ? "1" : "0", cells[3], CELL);
    show_value(in, f->a.val[FS_SIZE], "1024", cells[4], CELL);
    show_value(in, f->a.val[FS_DIRWIDTH], f->is_file ? "-" : "0", cells[5], CELL);
}

static void list_filesets(const struct interp *in)
{
    static const char head[FS_COLS][CELL] = { "fileset", "kind", "path", "entries", "size", "dirwidth" };
    char cells[FS_COLS][CELL];
    int w[FS_COLS] = { 0 };
    widen(w, head, FS_COLS);
    for (size_t i = 0; i < in->model.nfilesets; i++) {
        fileset_row(in, in->model.filesets[i], cells);
        widen(w, (const char (*)[CELL])cells, FS_COLS);
    }
    print_row(in->out, "", w, head, FS_COLS);
    for (size_t i = 0; i < in->model.nfilesets; i++) {
        fileset_row(in, in->model.filesets[i], cells);
        print_row(in->out, "", w, (const char (*)[CELL])cells, FS_COLS);
    }
}

enum { OP_COLS = 3 };

static void op_row(const struct interp *in, const struct flowop_def *op, char (*cells)[CELL])
{
    snprintf(cells[0], CELL, "flowop %s", op->type ? op->type->name : op->composite->name);
    snprintf(cells[1], CELL, "%s", op->name);
    cells[2][0] = '\0';
    if (op->a.val[FO_FILENAME] != NULL)
        show_value(in, op->a.val[FO_FILENAME], "", cells[2], CELL);
}

static void ops_block(const struct interp *in, int *w, bool print, const struct flowop_def *ops, size_t n)
{
    char cells[OP_COLS][CELL];
    for (size_t k = 0; k < n; k++) {
        op_row(in, &ops[k], cells);
        if (print)
            print_row(in->out, "  ", w, (const char (*)[CELL])cells, OP_COLS);
        else
            widen(w, (const char (*)[CELL])cells, OP_COLS);
    }
}

/* Once to size the columns (print false), once to print them. */
static void each_op_list(const struct interp *in, int *w, bool print)
{
    for (size_t i = 0; i < in->model.ncomps; i++) {
        const struct composite_def *c = in->model.comps[i];
        if (print)
            fprintf(in->out, "composite %s%s\n", c->name, c->choose ? ", choose (one flowop a pass, by weight)" : "");
        ops_block(in, w, print, c->ops, c->nops);
    }
    for (size_t i = 0; i < in->model.nprocs; i++) {
        const struct process_def *p = in->model.procs[i];
        for (size_t t = 0; t < p->nthreads; t++) {
            if (print)
                fprintf(in->out, "process %s, thread %s\n", p->name, p->threads[t].name);
            ops_block(in, w, print, p->threads[t].ops, p->threads[t].nops);
        }
    }
}

static void list_flowops(const struct interp *in)
{
    int w[OP_COLS] = { 0 };
    each_op_list(in, w, false);
    each_op_list(in, w, true);
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
    int w = 0;
    for (size_t i = 0; i < in->vars.n; i++) {
        int len = (int)strlen(in->vars.v[i]->name);
        w = len > w ? len : w;
    }
    for (size_t i = 0; i < in->vars.n; i++) {
        char val[512];
        var_format(in->vars.v[i], val, sizeof val);
        fprintf(in->out, "$%-*s %s%s\n", w, in->vars.v[i]->name, val, in->vars.v[i]->overridden ? "  (-D)" : "");
    }
}

struct workload_list {
    FILE *out;
    int width;
};

static void widen_workload(const char *name, const char *path, void *ctx)
{
    struct workload_list *l = ctx;
    int len = (int)strlen(name);
    l->width = len > l->width ? len : l->width;
}

static void show_workload(const char *name, const char *path, void *ctx)
{
    const struct workload_list *l = ctx;
    char summary[256];
    workload_summary(path, summary, sizeof summary);
    fprintf(l->out, "%-*s %s\n", l->width, name, summary);
}

static void list_workloads(const struct interp *in)
{
    struct workload_list l = { in->out, 0 };
    workload_each(in, widen_workload, &l);
    workload_each(in, show_workload, &l);
}

/* The machine as hwloc sees it: packages, NUMA nodes and their memory, caches, cores, PUs. */
static void list_topology(const struct interp *in)
{
    struct diag err = { 0 };
    if (place_topo_show(in->out, &err) != 0)
        diag_print(&err, in->err);
}

/* The last two (the machine, the workload search path) only when asked by name. */
static const struct {
    const char *name;
    void (*fn)(const struct interp *in);
} lists[] = {
    { "filesets", list_filesets },   { "flowops", list_flowops },     { "processes", list_processes },
    { "variables", list_variables }, { "topology", list_topology },  { "workloads", list_workloads },
};

const char *list_topic(size_t i)
{
    return i < sizeof lists / sizeof lists[0] ? lists[i].name : NULL;
}

int cmd_list(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    size_t n = sizeof lists / sizeof lists[0];
    if (c->word == NULL) {
        for (size_t i = 0; i < n - 2; i++) {
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

/* FileBench 1.3/1.4's `vars`: the same as `list variables`. */
int cmd_vars(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    list_variables(in);
    return 0;
}
