/* cmd_verify_tree.c: `flowbench verify-tree -f W.f`: after a crash, reads
 * the trees of the script's journaled filesets back against their durability
 * journals (docs/durability.md); exit 0 nothing lost or torn, 1 something
 * is, 2 bad input. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/outfile.h"
#include "cli/interp.h"
#include "cli/workload.h"
#include "cli/options.h"
#include "cli/outpath.h"
#include "cli/subcommand.h"
#include "fileset/tree_verify.h"
#include "report/json_writer.h"

struct vt_args {
    struct interp_options opt;
    const char *json;
};

const struct cli_option verify_tree_options[] = {
    { "file", 'f', "W.f", CLI_TEXT, offsetof(struct vt_args, opt.script), NULL, "the script whose trees to read", true, NULL },
    CLI_OPTION_DEFINE(struct vt_args, opt),
    { "journal", 0, "DIR", CLI_TEXT, offsetof(struct vt_args, opt.journal), NULL,
      "the journal of every fileset with verify (as the run's --journal)", false, NULL },
    { "json", 0, "FILE", CLI_TEXT, offsetof(struct vt_args, json), NULL, "write the findings as JSON (- for stdout)", false, NULL },
    CLI_OPTION_WORKLOADS(struct vt_args, opt, "also look for workloads in DIR (repeatable)"),
};
const size_t verify_tree_noptions = sizeof verify_tree_options / sizeof verify_tree_options[0];

static int vt_parse(int argc, char **argv, struct vt_args *a)
{
    struct diag err;
    diag_clear(&err);
    if (cli_options_parse(verify_tree_options, verify_tree_noptions, argc, argv, a, &err) != 0
        || (optind >= argc && a->opt.script == NULL && diag_set(&err, NULL, "-f W.f is required") != 0)
        || (optind < argc && diag_set(&err, NULL, "unexpected argument") != 0)) {
        subcommand_refuse("verify-tree", err.msg);
        return -1;
    }
    if (a->json != NULL && strcmp(a->json, "-") != 0 && outpath_check_file(a->json) != 0) {
        diag_printf(stderr, "flowbench verify-tree: error: --json %s: cannot write there\n", a->json);
        return -1;
    }
    a->opt.check_only = true;
    a->opt.run.journal_force = true; /* where the journal lies matters to a run, not to reading it back */
    return workload_dirs_default(&a->opt);
}

/* The script read as --check reads it, and its plan: the filesets, their trees and journals. */
static int vt_plan(struct vt_args *a, struct plan *plan)
{
    struct interp in;
    FILE *null = fopen("/dev/null", "w");
    if (null == NULL || interp_init(&in, &a->opt, null, stderr) != 0) {
        if (null != NULL)
            fclose(null);
        diag_printf(stderr, "flowbench verify-tree: error: out of memory\n");
        return -1;
    }
    char *found = workload_find(&in, a->opt.script);
    int status = interp_exec_file(&in, found != NULL ? found : a->opt.script, NULL);
    free(found);
    struct diag err = { 0 };
    int rc = status == EXIT_OK ? 0 : -1;
    if (rc == 0 && (plan_build(plan, &in.model, &in.vars, in.mode, in.eventrate, &err) != 0
                    || plan_set_journal(plan, a->opt.journal, &err) != 0)) {
        diag_print(&err, stderr);
        rc = -1;
    }
    interp_free(&in);
    fclose(null);
    return rc;
}

static void add_counts(struct tv_counts *sum, const struct tv_counts *c)
{
    sum->good += c->good, sum->older_allowed += c->older_allowed, sum->torn += c->torn, sum->lost += c->lost;
}

static uint64_t errors_of(const struct tv_result *r)
{
    return r->blocks.torn + r->blocks.lost + r->creates.torn + r->creates.lost + r->deletes.torn + r->deletes.lost;
}

static void json_counts(struct jw *w, const char *name, const struct tv_counts *c)
{
    jw_open(w, name, '{', true);
    jw_u64(w, "good", c->good);
    jw_u64(w, "older_allowed", c->older_allowed);
    jw_u64(w, "torn", c->torn);
    jw_u64(w, "lost", c->lost);
    jw_close(w, '}');
}

static void json_result(struct jw *w, const struct tv_result *r)
{
    json_counts(w, "blocks", &r->blocks);
    json_counts(w, "creates", &r->creates);
    json_counts(w, "deletes", &r->deletes);
    jw_u64(w, "files", r->files);
    jw_u64(w, "journal_records", r->records);
    jw_u64(w, "journal_torn_tails", r->torn_records);
    jw_u64(w, "errors", errors_of(r));
}

/* Through the one JSON writer: a fileset's name is escaped like any string. */
static int write_json(const char *path, const struct plan *plan, const struct tv_result *each, const struct tv_result *sum)
{
    struct outfile o;
    if (outfile_open(&o, path) != 0)   /* "-" is stdout; else a new file renamed into place */
        return -1;
    struct jw w = { .f = o.f };
    jw_open(&w, NULL, '{', false);
    jw_u64(&w, "status", errors_of(sum) ? 1 : 0);
    json_result(&w, sum);
    jw_open(&w, "filesets", '[', false);
    for (size_t i = 0; i < plan->nfilesets; i++) {
        if (plan->filesets[i].journal == NULL)
            continue;
        jw_open(&w, NULL, '{', false);
        jw_str(&w, "name", plan->filesets[i].name);
        json_result(&w, &each[i]);
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    jw_close(&w, '}');
    return outfile_end(&o, jw_end(&w));
}

static void print_summary(FILE *out, const struct plan_fileset *p, const struct tv_result *r)
{
    fprintf(out, "verify-tree: %s '%s': %" PRIu64 " files; blocks %" PRIu64 " good, %" PRIu64 " older (allowed), %" PRIu64
           " torn, %" PRIu64 " lost; creates %" PRIu64 " good, %" PRIu64 " not durable, %" PRIu64 " lost; deletes %"
           PRIu64 " good, %" PRIu64 " not durable, %" PRIu64 " lost", p->is_file ? "file" : "fileset", p->name,
           r->files, r->blocks.good, r->blocks.older_allowed, r->blocks.torn, r->blocks.lost, r->creates.good,
           r->creates.older_allowed, r->creates.lost, r->deletes.good, r->deletes.older_allowed, r->deletes.lost);
    if (r->torn_records)
        fprintf(out, "; %" PRIu64 " journal file%s cut at the end (what they held past the cut is not claimed)",
               r->torn_records, r->torn_records == 1 ? "" : "s");
    fprintf(out, "\n");
}

/* The lines go to out (stderr when the JSON takes stdout). */
static int vt_check(const struct plan *plan, FILE *out, struct tv_result *each, struct tv_result *sum)
{
    bool any = false;
    for (size_t i = 0; i < plan->nfilesets; i++) {
        const struct plan_fileset *p = &plan->filesets[i];
        struct diag err = { 0 };
        if (p->journal == NULL)
            continue;
        any = true;
        if (tree_verify(p, out, &each[i], &err) != 0) {
            diag_print(&err, stderr);
            return -1;
        }
        print_summary(out, p, &each[i]);
        add_counts(&sum->blocks, &each[i].blocks);
        add_counts(&sum->creates, &each[i].creates);
        add_counts(&sum->deletes, &each[i].deletes);
        sum->files += each[i].files, sum->records += each[i].records, sum->torn_records += each[i].torn_records;
    }
    if (!any)
        diag_printf(stderr, "flowbench verify-tree: error: no fileset of %s has a journal (journal=, or --journal DIR "
                    "with verify)\n", plan->nfilesets ? "the script" : "the script (it defines none)");
    return any ? 0 : -1;
}

int cmd_verify_tree_main(int argc, char **argv)
{
    struct vt_args a = { 0 };
    struct plan plan = { 0 };
    int status = EXIT_USAGE;
    if (vt_parse(argc, argv, &a) == 0 && vt_plan(&a, &plan) == 0) {
        struct tv_result *each = calloc(plan.nfilesets ? plan.nfilesets : 1, sizeof *each), sum = { 0 };
        if (each != NULL && vt_check(&plan, a.json != NULL && strcmp(a.json, "-") == 0 ? stderr : stdout, each, &sum) == 0) {
            status = errors_of(&sum) ? EXIT_RUNFAIL : EXIT_OK;
            if (a.json != NULL && write_json(a.json, &plan, each, &sum) != 0) {
                diag_printf(stderr, "flowbench verify-tree: error: cannot write --json %s: %s\n", a.json,
                            outfile_strerror(errno));
                status = EXIT_USAGE;
            }
        }
        free(each);
    }
    plan_free(&plan);
    for (size_t i = 0; i < a.opt.noverrides; i++) {
        free(a.opt.overrides[i].name);
        free(a.opt.overrides[i].value);
    }
    free(a.opt.overrides);
    workload_dirs_free(&a.opt);
    return status;
}
