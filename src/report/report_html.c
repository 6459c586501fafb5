/* report_html.c: --report DIR: DIR/index.html, one self-contained page (inline
 * CSS and SVG, no script, nothing fetched) with each run's header, charts and
 * per-flowop table. */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/outfile.h"
#include "report/report.h"
#include "report/report_figures.h"
#include "report/html_style.h"
#include "report/html_text.h"
#include "report/report_html_charts.h"

static const char *workload_name(const struct report_input *in)
{
    return in->workload != NULL ? in->workload : "(commands typed or piped in)";
}

static void host_line(FILE *f, const struct host_info *h)
{
    char buf[700];
    snprintf(buf, sizeof buf, "%s, %s, %u cores, %u hardware threads, %u NUMA node%s",
             h->hostname[0] ? h->hostname : "unknown", h->kernel[0] ? h->kernel : "unknown kernel", h->cores, h->pus,
             h->numa, h->numa == 1 ? "" : "s");
    html_meta(f, "Host", buf);
}

static void summary_line(FILE *f, const struct run_result *r)
{
    struct row_figures x;
    char ops[48], rate[48], rd[48], wr[48], mb[48], mean[32], p99[32], buf[400];
    report_figures(&r->io, r->seconds, &x);
    report_fmt_group(ops, sizeof ops, (double)x.ops, 0);
    report_fmt_group(rate, sizeof rate, x.ops_per_s, 0);
    report_fmt_group(rd, sizeof rd, report_rate((double)r->reads, r->seconds), 0);
    report_fmt_group(wr, sizeof wr, report_rate((double)r->writes, r->seconds), 0);
    report_fmt_group(mb, sizeof mb, x.mb_per_s, 1);
    report_fmt_ns(mean, sizeof mean, x.mean);
    report_fmt_ns(p99, sizeof p99, (double)x.pct[3]);
    snprintf(buf, sizeof buf, "%s ops, %s ops/s (%s reads/s, %s writes/s), %s MiB/s, mean %s, p99 %s", ops, rate, rd,
             wr, mb, mean, p99);
    html_meta(f, "IO summary", buf);
}

static void cell_num(FILE *f, double v, int decimals)
{
    char buf[64];
    report_fmt_group(buf, sizeof buf, v, decimals);
    fprintf(f, "<td class=\"n\">%s</td>", buf);
}

static void cell_ns(FILE *f, double ns, bool have)
{
    char buf[32];
    report_fmt_ns(buf, sizeof buf, ns);
    fprintf(f, "<td class=\"n\">%s</td>", have ? buf : "&ndash;");
}

static void cell_text(FILE *f, const char *s)
{
    fputs("<td>", f);
    html_text(f, s);
    fputs("</td>", f);
}

static void table(FILE *f, const struct run_result *r)
{
    fputs("<div class=\"scroll\"><table>\n<thead><tr><th>flowop</th><th>process</th><th>thread</th><th>type</th>"
          "<th class=\"n\">ops</th><th class=\"n\">ops/s</th><th class=\"n\">MiB/s</th><th class=\"n\">errors</th>"
          "<th class=\"n\">CPU/op</th><th class=\"n\">min</th><th class=\"n\">mean</th><th class=\"n\">max</th>",
          f);
    for (int k = 0; k < REPORT_NPCT; k++)
        fprintf(f, "<th class=\"n\">%s</th>", report_pcts[k].json);
    fputs("</tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < r->nrows; i++) {
        const struct result_row *row = &r->rows[i];
        struct row_figures x;
        report_figures(&row->st, r->seconds, &x);
        bool have = x.ops > 0;
        fputs("<tr>", f);
        cell_text(f, row->name);
        cell_text(f, row->process);
        cell_text(f, row->thread);
        cell_text(f, row->type);
        cell_num(f, (double)x.ops, 0);
        cell_num(f, x.ops_per_s, 1);
        cell_num(f, x.mb_per_s, 1);
        cell_num(f, (double)x.errors, 0);
        cell_ns(f, x.cpu_ns_per_op, row->st.cpu_samples > 0);
        cell_ns(f, (double)x.min, have);
        cell_ns(f, x.mean, have);
        cell_ns(f, (double)x.max, have);
        for (int k = 0; k < REPORT_NPCT; k++)
            cell_ns(f, (double)x.pct[k], have);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></div>\n", f);
}

/* The criteria judged on the run, a failed one marked (class "failed", red in the shared stylesheet). */
static void criteria_table(FILE *f, const struct run_result *r)
{
    if (r->ncriteria == 0)
        return;
    fprintf(f, "<h3>Criteria: %s</h3>\n", run_result_criteria_pass(r) ? "all passed" : "FAILED");
    fputs("<div class=\"scroll\"><table class=\"criteria\">\n<thead><tr><th>result</th><th>criterion</th>"
          "<th class=\"n\">measured</th><th></th><th class=\"n\">limit</th><th>where</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < r->ncriteria; i++) {
        const struct criterion_outcome *c = &r->criteria[i];
        char m[64] = "", l[64] = "";
        if (c->error == NULL) {
            report_number_exact(m, sizeof m, c->measured);
            report_number_exact(l, sizeof l, c->limit);
        }
        fprintf(f, "<tr class=\"%s\"><td class=\"verdict\">%s</td>", c->pass ? "pass" : "failed", c->pass ? "PASS" : "FAIL");
        cell_text(f, c->expr);
        if (c->error != NULL)
            cell_text(f, c->error); /* not judged: why, in place of a value */
        else
            fprintf(f, "<td class=\"n\">%s</td>", m);
        cell_text(f, c->cmp);
        fprintf(f, "<td class=\"n\">%s</td>", l);
        cell_text(f, c->where);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></div>\n", f);
}

static void run_section(FILE *f, const struct report_input *in, const struct run_result *r)
{
    char buf[128];
    fprintf(f, "<section id=\"run-%d\">\n<h2>Run %d</h2>\n", r->index, r->index);
    html_meta(f, "Workload", workload_name(in));
    host_line(f, &in->results->host);
    snprintf(buf, sizeof buf, "%.3f s (ended by %s)", r->seconds, r->end != NULL ? r->end : "none");
    html_meta(f, "Length", buf);
    summary_line(f, r);
    if (r->error != NULL) {
        fputs("<p class=\"error\"><b>Error:</b> ", f);
        html_text(f, r->error);
        fputs("</p>\n", f);
    }
    criteria_table(f, r);
    fputs("<h3>Throughput over time (IO flowops)</h3>\n", f);
    html_chart_throughput(f, r);
    fputs("<h3>Block devices over time</h3>\n", f);
    html_chart_devices(f, r);
    fputs("<h3>Latency percentiles per flowop</h3>\n", f);
    html_chart_percentiles(f, r);
    fputs("<h3>Op mix</h3>\n", f);
    html_chart_opmix(f, r);
    if (r->nranks > 1) {
        fputs("<h3>Ops/s per rank</h3>\n", f);
        html_chart_ranks(f, r);
    }
    fputs("<h3>Per-flowop figures</h3>\n", f);
    table(f, r);
    fputs("</section>\n", f);
}

static void page(FILE *f, const struct report_input *in)
{
    const struct results *res = in->results;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>flowbench report: ",
          f);
    html_text(f, workload_name(in));
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<main>\n<h1>flowbench report</h1>\n", html_style);
    html_meta(f, "Workload", workload_name(in));
    fprintf(f, "<p class=\"meta\"><b>Runs:</b> %zu", res->n);
    for (size_t i = 0; i < res->n && res->n > 1; i++)
        fprintf(f, "%s<a href=\"#run-%d\">run %d</a>", i ? ", " : " (", res->runs[i].index, res->runs[i].index);
    fputs(res->n > 1 ? ")</p>\n" : "</p>\n", f);
    if (res->n == 0)
        fputs("<p class=\"note\">Nothing was measured: no run took place.</p>\n", f);
    for (size_t i = 0; i < res->n; i++)
        run_section(f, in, &res->runs[i]);
    fprintf(f, "<footer>Written by flowbench %s. Latencies are wall time around each op's system calls; "
               "percentiles are by nearest rank: exact at the ends (min, max), else the middle of a log-linear "
               "histogram bucket (within 0.8%%). "
               "MiB = 2<sup>20</sup> bytes. CPU/op is each thread's CPU time shared out over its flowops "
               "in the proportions of sampled ops.</footer>\n"
               "</main>\n</body>\n</html>\n",
            FLOWBENCH_VERSION);
}

/* mkdir -p, new directories with mode 0755. */
static int make_dirs(const char *dir)
{
    char *p = strdup(dir);
    if (p == NULL)
        return -1;
    for (char *s = p + 1;; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char c = *s;
        *s = '\0';
        if (mkdir(p, 0755) != 0 && errno != EEXIST) {
            free(p);
            return -1;
        }
        *s = c;
        if (c == '\0')
            break;
    }
    free(p);
    struct stat st;
    if (stat(dir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    return 0;
}

int results_write_html(const struct report_input *in, const char *dir)
{
    if (dir == NULL || dir[0] == '\0') {
        errno = EINVAL;
        return -1;
    }
    if (make_dirs(dir) != 0)
        return -1;
    /* The folder itself, not a link standing in for it; the page written aside and
     * renamed (base/outfile.h): a failed write leaves no half page behind. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dfd < 0) {
        errno = errno == ENOTDIR ? ELOOP : errno;
        return -1;
    }
    struct outfile o;
    int rc = outfile_open_beneath(&o, dfd, "index.html");
    int err = errno;
    close(dfd);
    if (rc != 0) {
        errno = err;
        return -1;
    }
    errno = 0;
    page(o.f, in);
    return outfile_end(&o, 0);
}
