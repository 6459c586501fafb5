/* index_html.c: a results tree's index.html: one self-contained page (the one
 * inline stylesheet, static SVG charts, no script, nothing fetched): the table
 * of points, each linked to its run, and the charts of the sweep. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/outfile.h"
#include "campaign/index_html.h"
#include "campaign/index_charts.h"
#include "report/html_style.h"
#include "report/html_text.h"
#include "report/report_figures.h"

/* A path in an href: every byte outside the unreserved set and '/' percent-encoded. */
static void url_path(FILE *f, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || strchr("-._~/=,", *p))
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
}

/* The point's own run report, else its results.json (the first repeat's when
 * the point was repeated), else its folder. */
static void point_link(FILE *f, const struct summary *s, const struct sum_point *p)
{
    static const char *const tries[] = { "report/index.html", "results.json", "repeat-1/report/index.html",
                                         "repeat-1/results.json" };
    if (p->path[0] == '\0') {
        fputs("<td></td>", f);
        return;
    }
    const char *found = "";
    char path[4096];
    for (size_t i = 0; i < sizeof tries / sizeof tries[0] && found[0] == '\0'; i++) {
        snprintf(path, sizeof path, "%s/%s/%s", s->dir, p->path, tries[i]);
        if (access(path, R_OK) == 0)
            found = tries[i];
    }
    fputs("<td><a href=\"", f);
    url_path(f, p->path);
    fputc('/', f);
    url_path(f, found);
    fprintf(f, "\">%s</a></td>", strstr(found, "report") != NULL ? "report" : found[0] ? "results.json" : "folder");
}

static void cell_fig(FILE *f, const struct fig *x, enum sum_fig fig)
{
    int decimals = sum_fig_decimals(x->mean, fig);
    char mean[48], ci[48];
    if (x->n == 0) {
        fputs("<td class=\"n\"></td>", f);
        return;
    }
    report_fmt_group(mean, sizeof mean, x->mean, decimals);
    if (x->n < 2) {
        fprintf(f, "<td class=\"n\">%s</td>", mean);
        return;
    }
    report_fmt_group(ci, sizeof ci, x->ci95, decimals);
    fprintf(f, "<td class=\"n\" title=\"mean of %u, ±95%% confidence interval\">%s ±%s</td>", x->n, mean, ci);
}

static void cell_devices(FILE *f, const struct sum_point *p)
{
    fputs("<td>", f);
    for (size_t i = 0; i < p->ndevices; i++) {
        const struct sum_device *d = &p->devices[i];
        if (i > 0)
            fputs("<br>", f);
        html_text(f, d->name);
        fputc(':', f);
        for (int k = 0; k < DEV_NFIG; k++) {
            char v[48];
            if (d->fig[k].n == 0)
                continue;
            report_fmt_group(v, sizeof v, d->fig[k].mean, 1);
            fprintf(f, " %s %s", v, sum_dev_figs[k].label);
        }
    }
    fputs("</td>", f);
}

static void points_table(FILE *f, const struct summary *s)
{
    fputs("<div class=\"scroll\"><table id=\"points\"><thead><tr><th>config</th>", f);
    for (size_t i = 0; i < s->nswept; i++) {
        fputs("<th>", f);
        html_text(f, s->swept[i]);
        fputs("</th>", f);
    }
    fputs("<th>status</th><th>criteria</th><th>repeats</th>", f);
    for (int k = 0; k < SUM_NFIG; k++)
        fprintf(f, "<th class=\"n\">%s</th>", sum_figs[k].label);
    fputs("<th>devices</th><th>run</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < s->npoints; i++) {
        const struct sum_point *p = &s->points[i];
        bool crit_failed = p->criteria != NULL && strcmp(p->criteria, "fail") == 0;
        fprintf(f, "<tr class=\"%s%s\"><td>", strcmp(p->status, "ok") == 0 && !crit_failed ? "ok" : "failed",
                crit_failed ? " criteria-failed" : "");
        html_text(f, p->config);
        fputs("</td>", f);
        for (size_t k = 0; k < s->nswept; k++) {
            fputs("<td>", f);
            html_text(f, sum_point_value(p, s->swept[k]));
            fputs("</td>", f);
        }
        fputs("<td>", f);
        html_text(f, p->status);
        fputs("</td><td class=\"criteria\">", f);
        html_text(f, p->criteria == NULL ? "" : crit_failed ? "FAIL" : "PASS");
        fprintf(f, "</td><td class=\"n\">%u</td>", p->repeats);
        for (int k = 0; k < SUM_NFIG; k++)
            cell_fig(f, &p->total.fig[k], (enum sum_fig)k);
        cell_devices(f, p);
        point_link(f, s, p);
        fputs("</tr>\n", f);
    }
    fputs("</tbody></table></div>\n", f);
}

static void page(FILE *f, const struct summary *s)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>flowbench campaign ", f);
    html_text(f, s->profile);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body><main>\n<h1>Campaign ", html_style);
    html_text(f, s->profile);
    fputs("</h1>\n", f);
    html_meta(f, "Description", s->description);
    html_meta(f, "Host", s->host);
    html_meta(f, "File system", s->filesystem);
    html_meta(f, "Started", s->started);
    fprintf(f, "<p class=\"meta\"><b>Points:</b> %zu</p>\n<h2>Points</h2>\n", s->npoints);
    fputs("<p class=\"note\">Figures are the IO totals of each point: the mean over its repeats, ± the half-width "
          "of the 95% confidence interval when it was repeated.</p>\n", f);
    points_table(f, s);
    fputs("<h2>Charts</h2>\n<div id=\"fb-charts\">\n", f);
    index_charts(f, s);
    fprintf(f, "</div>\n<footer>flowbench %s</footer>\n</main></body></html>\n", FLOWBENCH_VERSION);
}

/* Writes S->dir/index.html (through index.html.tmp, renamed). 0, or -1 with a message in d. */
static int index_html_write(const struct summary *s, struct diag *d)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/index.html", s->dir);
    struct outfile o;
    if (outfile_open(&o, path) != 0)
        return diag_set(d, NULL, "cannot write %s: %s", path, outfile_strerror(errno));
    page(o.f, s);
    if (outfile_end(&o, 0) != 0)
        return diag_set(d, NULL, "cannot write %s: %s", path, outfile_strerror(errno));
    return 0;
}

int index_html_write_tree(const char *path, char *dir, size_t dirlen, struct diag *d)
{
    struct summary s;
    int rc = summary_load(path, &s, d);
    if (rc == 0)
        rc = index_html_write(&s, d);
    if (rc == 0 && dir != NULL)
        snprintf(dir, dirlen, "%s", s.dir);
    summary_free(&s);
    return rc;
}
