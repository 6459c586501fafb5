/* compare_report.c: a comparison written out: an aligned table for people, a
 * mark on every regression and a verdict line; or one JSON document (docs/json.md). */
#include <errno.h>
#include <string.h>

#include "campaign/compare.h"
#include "report/json_writer.h"
#include "report/report_figures.h"

static void fmt_fig(char *buf, size_t len, const struct fig *f, enum sum_fig fig)
{
    char mean[40], ci[40];
    report_fmt_group(mean, sizeof mean, f->mean, sum_fig_decimals(f->mean, fig));
    if (f->n < 2) {
        snprintf(buf, len, "%s", mean);
        return;
    }
    report_fmt_group(ci, sizeof ci, f->ci95, sum_fig_decimals(f->mean, fig));
    snprintf(buf, len, "%s ±%s", mean, ci);
}

static const char *mark(const struct cmp_line *l)
{
    if (l->regressed)
        return "REGRESSION";
    return l->beyond ? "(within ci95)" : "";
}

static int width_of_labels(const struct comparison *c)
{
    char label[512];
    int w = (int)strlen("point");
    for (size_t i = 0; i < c->nlines; i++) {
        sum_point_label(c->lines[i].old, label, sizeof label);
        int n = (int)strlen(label);
        w = n > w ? n : w;
    }
    return w;
}

static int width_of_flowops(const struct comparison *c)
{
    int w = (int)strlen("flowop");
    for (size_t i = 0; i < c->nlines; i++) {
        int n = (int)strlen(c->lines[i].flowop);
        w = n > w ? n : w;
    }
    return w;
}

static void write_line(FILE *out, const struct cmp_line *l, int wp, int wf)
{
    char label[512], a[128], b[128], change[32];
    sum_point_label(l->old, label, sizeof label);
    fmt_fig(a, sizeof a, l->a, l->fig);
    fmt_fig(b, sizeof b, l->b, l->fig);
    if (l->has_change)
        snprintf(change, sizeof change, "%+.1f%%", l->change_pct);
    else
        snprintf(change, sizeof change, "n/a");
    fprintf(out, "%-*s  %-*s  %-9s  %20s  %20s  %8s  %s\n", wp, label, wf, l->flowop, sum_figs[l->fig].label, a, b,
            change, mark(l));
}

static void write_lone(FILE *out, const struct cmp_lone *l)
{
    char label[512];
    sum_point_label(l->point, label, sizeof label);
    if (l->flowop == NULL)
        fprintf(out, "only in %s: point %s\n", strcmp(l->side, "old") == 0 ? "OLD" : "NEW", label);
    else
        fprintf(out, "only in %s: flowop %s of point %s\n", strcmp(l->side, "old") == 0 ? "OLD" : "NEW", l->flowop, label);
}

static void write_verdict(FILE *out, const struct comparison *c)
{
    char thr[32];
    report_number(thr, sizeof thr, c->threshold_pct, 2);
    if (c->nregressed == 0) {
        fprintf(out, "no regression beyond %s%%: %zu figures of %zu point%s compared\n", thr, c->nlines, c->npaired,
                c->npaired == 1 ? "" : "s");
        return;
    }
    fprintf(out, "%zu of %zu figures regressed beyond %s%%:\n", c->nregressed, c->nlines, thr);
    for (size_t i = 0; i < c->nlines; i++) {
        const struct cmp_line *l = &c->lines[i];
        char label[512];
        if (!l->regressed)
            continue;
        sum_point_label(l->old, label, sizeof label);
        fprintf(out, "  %s %s of %s: %+.1f%%\n", l->flowop, sum_figs[l->fig].label, label, l->change_pct);
    }
}

int compare_write_text(const struct comparison *c, FILE *out)
{
    int wp = width_of_labels(c), wf = width_of_flowops(c);
    fprintf(out, "OLD: %s\nNEW: %s\n\n", c->old->file, c->new->file);
    fprintf(out, "%-*s  %-*s  %-9s  %20s  %20s  %8s\n", wp, "point", wf, "flowop", "figure", "old", "new", "change");
    for (size_t i = 0; i < c->nlines; i++)
        write_line(out, &c->lines[i], wp, wf);
    if (c->nlone > 0)
        fputc('\n', out);
    for (size_t i = 0; i < c->nlone; i++)
        write_lone(out, &c->lone[i]);
    fputc('\n', out);
    write_verdict(out, c);
    return ferror(out) ? -1 : 0;
}

/* ---- JSON --------------------------------------------------------------- */

static void fig_json(struct jw *w, const char *key, const struct fig *f, enum sum_fig fig)
{
    jw_open(w, key, '{', true);
    jw_num(w, "mean", f->mean, sum_fig_decimals(f->mean, fig) + 2);
    jw_num(w, "ci95", f->ci95, sum_fig_decimals(f->mean, fig) + 2);
    jw_u64(w, "n", f->n);
    jw_close(w, '}');
}

/* A point's config and swept values, the first members of its object. */
static void point_json(struct jw *w, const struct sum_point *p)
{
    jw_str(w, "config", p->config);
    jw_open(w, "swept", '{', true);
    for (size_t i = 0; i < p->nswept; i++)
        jw_str(w, p->swept[i].name, p->swept[i].value);
    jw_close(w, '}');
}

static void line_json(struct jw *w, const struct cmp_line *l)
{
    jw_open(w, NULL, '{', false);
    point_json(w, l->old);
    jw_str(w, "flowop", l->flowop);
    jw_str(w, "figure", sum_figs[l->fig].key);
    fig_json(w, "old", l->a, l->fig);
    fig_json(w, "new", l->b, l->fig);
    if (l->has_change)
        jw_num(w, "change_pct", l->change_pct, 2);
    else
        jw_null(w, "change_pct");
    jw_bool(w, "beyond_threshold", l->beyond);
    jw_bool(w, "regressed", l->regressed);
    jw_close(w, '}');
}

static void lone_json(struct jw *w, const struct cmp_lone *l)
{
    jw_open(w, NULL, '{', false);
    point_json(w, l->point);
    jw_str(w, "flowop", l->flowop);
    jw_str(w, "side", l->side);
    jw_close(w, '}');
}

int compare_write_json(const struct comparison *c, FILE *out)
{
    struct jw w = { .f = out };
    errno = 0;
    jw_open(&w, NULL, '{', false);
    jw_str(&w, "old", c->old->file);
    jw_str(&w, "new", c->new->file);
    jw_num(&w, "threshold_pct", c->threshold_pct, 2);
    jw_u64(&w, "points_paired", c->npaired);
    jw_u64(&w, "figures", c->nlines);
    jw_u64(&w, "regressions", c->nregressed);
    jw_open(&w, "comparisons", '[', false);
    for (size_t i = 0; i < c->nlines; i++)
        line_json(&w, &c->lines[i]);
    jw_close(&w, ']');
    jw_open(&w, "one_side_only", '[', false);
    for (size_t i = 0; i < c->nlone; i++)
        lone_json(&w, &c->lone[i]);
    jw_close(&w, ']');
    jw_close(&w, '}');
    return jw_end(&w);
}
