/* cmd_run.c: `run`, `psrun`, `create files` and `eventgen`: binding the model to
 * the variables of this moment (plan.h) and handing the engine a run
 * description built from the invocation (engine.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/command.h"
#include "engine/engine.h"
#include "flowops/flowop.h"
#include "fileset/journal_place.h"
#include "place/place.h"
#include "model/plan_io.h"
#include "lang/eval.h"
#include "base/hint.h"
#include "cli/interp.h"
#include "cli/criteria_eval.h"
#include "cli/replay.h"
#include "cli/run_meta_build.h"
#include "dist/dist.h"
#include "report/live_line.h"
#include "report/report.h"

/* Over many ranks each works in its own directory under every fileset's path,
 * but for the shared ones. */
static int plan_for_rank(struct plan *p, bool all_shared, struct diag *err)
{
    if (dist_size() > 1 && plan_under_rank(p, dist_rank(), all_shared) != 0)
        return diag_set(err, NULL, "out of memory");
    return 0;
}

/* The engine's lines but the result's are the classic text report's, whichever the run. */
#define TEXT_LINES                                                                                            \
    .interval = report_text_interval, .overrun = report_text_overrun, .cache = report_text_cache,             \
    .status = report_text_status, .status_clear = report_text_status_clear, .banner = report_text_banner,     \
    .launch = report_text_launch, .took = report_text_took, .latlog = report_text_latlog,                     \
    .note = report_text_note, .progress = task_progress_draw, .progress_end = task_progress_end,                \
    .progress_note = task_progress_note

/* The engine's measured lines are the classic text report's. */
static const struct run_writer text_writer = { .result = report_text, TEXT_LINES };

static void report_later(FILE *out, const struct run_result *r, double stamp) { }

/* A classic measured period prints its report when `stats snap` asks. */
static const struct run_writer snap_writer = { .result = report_later, TEXT_LINES };

/* How a command runs the workload: a `run`, a classic period, a warmup. */
struct run_style {
    const struct run_writer *writer;
    bool runtime_applies;   /* --runtime replaces its length */
    bool kept;              /* its result is kept (reports, stats snap); else forgotten */
    bool reported;          /* its report is printed when it ends (else by stats snap, or never) */
    bool steady;            /* a steady-state condition may end it (set steadystate, --steadystate) */
};

static const struct run_style style_run = { &text_writer, true, true, true, true };
static const struct run_style style_period = { &snap_writer, true, true, false, false };
static const struct run_style style_warmup = { &snap_writer, false, false, false, false };

/* What every run and `create files` lends the engine from the invocation. */
static void run_desc_init(struct interp *in, struct run_desc *d)
{
    *d = (struct run_desc){
        .flowops = flowop_hook_table,
        .index = in->nruns + 1,
        .opt = in->opt.run,
        /* fio's habit: a terminal gets a status line; --interval keeps its plain lines.
         * mpirun gives its ranks a pty whatever its own output is: none there. */
        .status = !in->opt.run.quiet && in->opt.run.interval == 0 && isatty(fileno(in->out)) && dist_size() == 1,
        .clock = in->clock_ready ? &in->clock : NULL,
        .out = in->out,
        .err = in->err,
        .start_ns = in->start_ns,
        .writer = &text_writer,
        .filesets = &in->filesets,
        .locks = &in->locks,
        .results = &in->results,
    };
    d->opt.flush = d->opt.flush || in->flush_next; /* `flush` asks it of the next run alone */
    if (d->opt.latlog.sample == 0)
        d->opt.latlog.sample = 1;
}

/* --journal for every fileset with verify, and where each journal goes:
 * refused with its fileset's place when it shares the tree's file system. */
static int check_journals(struct interp *in, struct plan *plan, struct diag *err)
{
    if (plan_set_journal(plan, in->opt.journal, err) != 0)
        return -1;
    for (size_t i = 0; i < plan->nfilesets; i++)
        if (plan->filesets[i].journal != NULL && !in->opt.run.journal_force
            && journal_check_place(&plan->filesets[i], err) != 0)
            return -1;
    return 0;
}

/* The clock of the measured calls, chosen once per invocation (the TSC's
 * calibration takes 2 ms). */
static int clock_ready(struct interp *in, struct diag *err)
{
    struct diag why;
    if (in->clock_ready)
        return 0;
    if (tick_clock_init(&in->clock, in->opt.clock, &in->clock_mark, &why) != 0)
        return diag_set(err, NULL, "--clock tsc: %s", why.msg);
    in->clock_ready = true;
    return 0;
}

/* A run's length in nanoseconds: the script's whole seconds, or --runtime's length. */
static int run_length(struct interp *in, const struct ast_value *v, const struct run_style *style, uint64_t *ns,
                      struct diag *err)
{
    struct scope sc = { .vars = &in->vars };
    uint64_t secs = 0;
    if (v != NULL && eval_u64(v, &sc, "run length", &secs, err) != 0)
        return -1;
    if (secs == 0 && in->mode == QUIT_TIMEOUT)
        secs = 60;
    if (secs > 366ull * 24 * 3600)
        return diag_set(err, v ? &v->loc : NULL, "run length of %" PRIu64 " s is more than a year", secs);
    *ns = secs * 1000000000ull;
    if (in->opt.have_runtime && style->runtime_applies)
        *ns = in->opt.runtime_ns;
    return 0;
}

static int fill_request(struct interp *in, const struct ast_cmd *c, const struct run_style *style, struct run_desc *r,
                        struct diag *err)
{
    r->psrun = c->kind == CMD_PSRUN;
    if (!r->psrun)
        return run_length(in, c->has_value ? &c->value : NULL, style, &r->length_ns, err);
    r->period = 10;
    if (c->has_value) {
        struct scope sc = { .vars = &in->vars };
        if (eval_u64(&c->value, &sc, "psrun period", &r->period, err) != 0)
            return -1;
        r->interval_stats = c->value.kind == AV_INT && c->value.b; /* written with a minus sign */
        if (r->period == 0)
            return diag_set(err, &c->value.loc, "psrun period must be at least 1 second");
    }
    return run_length(in, c->has_value2 ? &c->value2 : NULL, style, &r->length_ns, err);
}

/* `run N writer, reader`: a phase that runs only the named processes. */
static int select_procs(const struct plan *p, const struct ast_attr *names, bool **out, struct diag *err)
{
    bool *sel = calloc(p->nprocs ? p->nprocs : 1, sizeof *sel);
    if (sel == NULL)
        return diag_set(err, NULL, "out of memory");
    for (const struct ast_attr *a = names; a != NULL; a = a->next) {
        size_t i = 0;
        while (i < p->nprocs && strcmp(p->procs[i].name, a->name) != 0)
            i++;
        if (i == p->nprocs) {
            const char *hint = hint_closest_in(a->name, p->procs, p->nprocs, sizeof p->procs[0]);
            free(sel);
            if (hint != NULL)
                return diag_set(err, &a->loc, "no process named '%s' to run; did you mean '%s'?", a->name, hint);
            return diag_set(err, &a->loc, "no process named '%s' to run", a->name);
        }
        sel[i] = true;
    }
    *out = sel;
    return 0;
}

static void note_finish(const struct plan_op *op, void *ctx)
{
    *(bool *)ctx |= flowop_is(op->type, FF_FINISH);
}

/* Without a time limit (`run` in mode alldone or firstdone) and without a finish
 * flowop, only threads running out of files end the run: say that it may run
 * until interrupted, rather than sit silent. */
static void note_no_limit(struct interp *in, const struct plan *p, const bool *procs, const struct run_desc *r)
{
    bool finishes = false;
    if (r->length_ns != 0)
        return;
    for (size_t i = 0; i < p->nprocs; i++)
        for (size_t t = 0; (procs == NULL || procs[i]) && t < p->procs[i].nthreads; t++)
            plan_each_op(&p->procs[i].threads[t], note_finish, &finishes);
    if (!finishes)
        diag_printf(in->err,
                    "flowbench: note: run %d has no time limit and no finish flowop: it runs until its threads "
                    "run out of files or until interrupted (Ctrl-C)\n",
                    r->index);
}

/* --check: the placement against this machine (or HWLOC_SYNTHETIC's), and its
 * plan, one line per thread instance, when any thread is bound. */
static int check_placement(struct interp *in, const struct plan *plan, struct diag *err)
{
    struct place_topo *t;
    struct placement pl;
    if (place_topo_load(&t, err) != 0)
        return -1;
    int rc = placement_build(&pl, t, plan, &in->opt.run.bind, err);
    if (rc == 0 && pl.any)
        placement_describe(&pl, in->out);
    placement_free(&pl);
    place_topo_free(t);
    return rc;
}

/* A warmup's result is dropped and its number given to the next run. */
static void forget_run(struct interp *in, size_t nresults)
{
    while (in->results.n > nresults)
        results_drop_last(&in->results);
    in->nruns--;
}

/* The criteria, once the run has ended: a FAIL makes the invocation exit 3. */
static int judge(struct interp *in, struct run_result *r)
{
    int failed = criteria_judge(in->criteria, in->ncriteria, &in->vars, r, in->out);
    in->criteria_failed |= failed != 0;
    return failed < 0 ? -1 : 0;
}

/* The clock, the run's meta, the engine: a refusal before the start (a tree
 * we did not make, no space...) is printed and is a run failure. */
static int engine_start(struct interp *in, struct run_desc *run, struct diag *err)
{
    struct run_meta meta;
    int rc = clock_ready(in, err);
    if (rc == 0 && run_meta_build(in, &meta) != 0)
        rc = diag_set(err, NULL, "out of memory");
    if (rc == 0) {
        run->clock = &in->clock;
        run->meta = &meta;
        rc = engine_run(run, err);
        run_meta_free(&meta);
    }
    if (rc < 0) {
        /* Refused before it started (a tree we did not make, no space...): a run failure;
         * a tree holding what flowbench must not touch is bad input. */
        diag_print(err, in->err);
        rc = err->bad_input ? EXIT_USAGE : EXIT_RUNFAIL;
    }
    return rc;
}

static int run_styled(struct interp *in, const struct ast_cmd *c, const struct run_style *style, struct diag *err)
{
    if (in->load_depth > 0) {
        /* One note per load, however many runs (phases) the workload has. */
        if (!in->load_noted)
            fprintf(in->out, "note: the workload's own 'run' commands are skipped when it is loaded; "
                             "type 'run SECONDS' to start it\n");
        in->load_noted = true;
        return 0;
    }
    struct run_desc run;
    struct plan plan;
    if (interp_check_overrides(in) != 0)
        return -1; /* printed; err stays empty */
    run_desc_init(in, &run);
    run.writer = style->writer;
    if (style->steady)
        run.steady = in->opt.have_steady ? in->opt.steady : in->steady;
    if (fill_request(in, c, style, &run, err) != 0)
        return -1;
    if (plan_build(&plan, &in->model, &in->vars, in->mode, in->eventrate, err) != 0) {
        plan_free(&plan);
        if (!err->has_loc && c->loc.file != NULL && c->loc.line > 0) {
            struct diag d = *err;
            diag_set(err, &c->loc, "%s", d.msg);
        }
        return -1;
    }
    plan_override_io(&plan, in->opt.ioengine, in->opt.iodepth);
    if (check_journals(in, &plan, err) != 0) {
        plan_free(&plan);
        return -1;
    }
    bool *procs = NULL;
    if (plan_for_rank(&plan, in->opt.mpi_shared, err) != 0 || (c->attrs != NULL && select_procs(&plan, c->attrs, &procs, err) != 0)) {
        plan_free(&plan);
        return -1;
    }
    if (criteria_check(in->criteria, in->ncriteria, &plan, &in->vars, err) != 0) {
        free(procs);
        plan_free(&plan);
        return -1;
    }
    run.plan = &plan;
    run.procs = procs;
    size_t nresults = in->results.n;
    in->nruns++;
    in->flush_next = false;
    note_no_limit(in, &plan, procs, &run);
    plan_warn_one_file(&plan, procs, in->err);
    int rc;
    if (in->opt.check_only) {
        fprintf(in->out, "check: run %d (%s) is valid; it would:\n", run.index,
                run.length_ns ? "timed" : "until the workload finishes");
        plan_describe(&plan, procs, in->nruns > 1, in->out);
        for (size_t i = 0; i < in->ncriteria; i++)
            if (criteria_in_scope(&in->criteria[i], &plan, procs))
                fprintf(in->out, "  then judge: criteria %s\n", in->criteria[i].text);
        if (run.steady.on) {
            char spec[128];
            steady_format(&run.steady, spec, sizeof spec);
            fprintf(in->out, "  would end early once steady: %s\n", spec);
        }
        rc = check_placement(in, &plan, err);
    } else {
        rc = engine_start(in, &run, err);
    }
    if (style->reported && in->lathist && in->results.n > nresults)
        report_text_lathist(in->out, &in->results.runs[in->results.n - 1]);
    if (style->kept && in->results.n > nresults && judge(in, &in->results.runs[in->results.n - 1]) != 0 && rc == 0)
        rc = diag_set(err, NULL, "out of memory");
    if (!style->kept)
        forget_run(in, nresults);
    free(procs);
    plan_free(&plan);
    return rc;
}

int cmd_run(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return run_styled(in, c, &style_run, err);
}

int run_period(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return run_styled(in, c, &style_period, err);
}

int run_warmup(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    return run_styled(in, c, &style_warmup, err);
}

int cmd_create_files(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (in->load_depth > 0 || in->opt.check_only)
        return 0;
    struct plan plan;
    int rc = plan_build(&plan, &in->model, &in->vars, in->mode, in->eventrate, err);
    if (rc == 0)
        rc = plan_for_rank(&plan, in->opt.mpi_shared, err);
    if (rc == 0) {
        struct run_desc d;
        run_desc_init(in, &d);
        d.plan = &plan;
        rc = engine_create_files(&d, err);
    }
    plan_free(&plan);
    return rc;
}

/* `flush` acts at the next run, once its filesets are on disk: before they
 * exist there is nothing of theirs to drop, and a flush before a run's own
 * population would be undone by it (cached=true keeps what it writes). */
int cmd_flush(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    if (in->opt.check_only || in->flush_next)
        return 0;
    in->flush_next = true;
    fprintf(in->out, "flush: run %d drops the page cache once its filesets are in place, before it starts\n",
            in->nruns + 1);
    return 0;
}

int cmd_eventgen(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    struct attrvals a = { 0 };
    if (attrvals_build(&a, &eventgen_attrs, c->attrs, NULL, err) != 0) {
        attrvals_free(&a);
        return -1;
    }
    if (a.val[EG_RATE] == NULL) {
        attrvals_free(&a);
        return 0;
    }
    if (in->eventrate != NULL) {
        ast_value_free(in->eventrate);
        free(in->eventrate);
    }
    in->eventrate = a.val[EG_RATE];
    a.val[EG_RATE] = NULL;
    return 0;
}

/* flowbench replay: a plan compiled from a trace, run and judged as `run` runs a script's. */
int run_built_plan(struct interp *in, struct plan *plan, struct diag *err)
{
    struct run_desc run;
    run_desc_init(in, &run);
    run.plan = plan;
    size_t nresults = in->results.n;
    in->nruns++;
    int rc = engine_start(in, &run, err);
    if (in->results.n > nresults && judge(in, &in->results.runs[in->results.n - 1]) != 0 && rc == 0)
        rc = diag_set(err, NULL, "out of memory");
    return rc;
}
