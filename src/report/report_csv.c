/* report_csv.c: --csv: the per-flowop table, one row per flowop and run, and
 * over many ranks (MPI) one row per rank after them (RFC 4180 quoting, "\n"
 * line ends; columns in docs/json.md). */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "report/report.h"
#include "report/report_figures.h"
#include "report/report_ranks.h"

static const char header[] = "run,process,thread,flowop,type,ops,ops_per_s,bytes,mb_per_s,errors,cpu_ns_per_op,"
                             "lat_min_ns,lat_mean_ns,lat_max_ns";

/* A text field, quoted (with quotes doubled) when it holds a comma, quote or line break. */
void report_csv_field(FILE *f, const char *s)
{
    if (s == NULL)
        s = "";
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

static void num(FILE *f, double v, int decimals)
{
    char buf[64];
    report_number(buf, sizeof buf, v, decimals);
    fputc(',', f);
    fputs(buf, f);
}

/* Open loop: the row's latencies from the intended start, in the last
 * columns; empty for a flowop of a closed loop (and a rank or criterion row). */
static void intended_columns(FILE *f, const struct run_result *r, const struct op_stats *st)
{
    if (st == NULL || st->ops == 0) {
        for (int i = 0; i < 3 + REPORT_NPCT; i++)
            fputc(',', f);
        return;
    }
    struct row_figures x;
    report_figures(st, r->seconds, &x);
    fprintf(f, ",%" PRIu64, x.min);
    num(f, x.mean, 1);
    fprintf(f, ",%" PRIu64, x.max);
    for (int i = 0; i < REPORT_NPCT; i++)
        fprintf(f, ",%" PRIu64, x.pct[i]);
}

static void row(FILE *f, const struct run_result *r, const struct result_row *rw)
{
    struct row_figures x;
    report_figures(&rw->st, r->seconds, &x);
    fprintf(f, "%d,", r->index);
    report_csv_field(f, rw->process);
    fputc(',', f);
    report_csv_field(f, rw->thread);
    fputc(',', f);
    report_csv_field(f, rw->name);
    fputc(',', f);
    report_csv_field(f, rw->type);
    fprintf(f, ",%" PRIu64, x.ops);
    num(f, x.ops_per_s, 3);
    fprintf(f, ",%" PRIu64, x.bytes);
    num(f, x.mb_per_s, 3);
    fprintf(f, ",%" PRIu64, x.errors);
    num(f, x.cpu_ns_per_op, 1);
    fprintf(f, ",%" PRIu64, x.min);
    num(f, x.mean, 1);
    fprintf(f, ",%" PRIu64, x.max);
    for (int i = 0; i < REPORT_NPCT; i++)
        fprintf(f, ",%" PRIu64, x.pct[i]);
    fputs(",,,,,", f); /* rank and host: the row is over every rank; no criterion */
    intended_columns(f, r, rw->intended);
    fputc('\n', f);
}

/* A rank's own figures in the same columns (type "rank"); what a rank row does
 * not have stays empty. */
static void rank_row(FILE *f, const struct run_result *r, size_t i)
{
    const struct rank_row *k = &r->ranks[i];
    fprintf(f, "%d,,,,rank,%" PRIu64, r->index, k->ops);
    num(f, report_rank_ops_per_s(k), 3);
    fprintf(f, ",%" PRIu64, k->bytes);
    num(f, report_rank_mb_per_s(k), 3);
    fputc(',', f);
    num(f, k->cpu_ns_per_op, 1);
    fputs(",,,", f);
    for (int p = 0; p < REPORT_NPCT; p++) {
        fputc(',', f);
        if (report_pcts[p].q == 0.99)
            fprintf(f, "%" PRIu64, k->p99_ns);
    }
    fprintf(f, ",%zu,", i);
    report_csv_field(f, k->host);
    fputs(",,,", f);
    intended_columns(f, r, NULL);
    fputc('\n', f);
}

/* A criterion judged on the run (type "criterion"): its expression in the
 * flowop column, PASS or FAIL, the measured value and the limit. */
static void criterion_row(FILE *f, const struct run_result *r, const struct criterion_outcome *c)
{
    fprintf(f, "%d,,,", r->index);
    report_csv_field(f, c->expr);
    fputs(",criterion", f);
    for (int i = 0; i < 9 + REPORT_NPCT + 2; i++)
        fputc(',', f);
    fprintf(f, ",%s", c->pass ? "PASS" : "FAIL");
    char m[64] = "", l[64] = "";
    if (c->error == NULL) { /* not judged: empty values */
        report_number_exact(m, sizeof m, c->measured);
        report_number_exact(l, sizeof l, c->limit);
    }
    fprintf(f, ",%s,%s", m, l);
    intended_columns(f, r, NULL);
    fputc('\n', f);
}

int results_write_csv(const struct report_input *in, FILE *out)
{
    errno = 0;
    fputs(header, out);
    for (int i = 0; i < REPORT_NPCT; i++)
        fprintf(out, ",%s", report_pcts[i].csv);
    fputs(",rank,host,criterion,measured,limit,intended_lat_min_ns,intended_lat_mean_ns,intended_lat_max_ns", out);
    for (int i = 0; i < REPORT_NPCT; i++)
        fprintf(out, ",intended_%s", report_pcts[i].csv);
    fputc('\n', out);
    for (size_t i = 0; i < in->results->n; i++) {
        const struct run_result *r = &in->results->runs[i];
        for (size_t k = 0; k < r->nrows; k++)
            row(out, r, &r->rows[k]);
        for (size_t k = 0; k < r->nranks; k++)
            if (!r->ranks[k].lost) /* a rank lost mid-run has no figures: the JSON names it */
                rank_row(out, r, k);
        for (size_t k = 0; k < r->ncriteria; k++)
            criterion_row(out, r, &r->criteria[k]);
    }
    if (ferror(out)) {
        if (errno == 0)
            errno = EIO;
        return -1;
    }
    return 0;
}
