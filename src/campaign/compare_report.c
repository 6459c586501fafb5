/* compare_report.c: a comparison written out: an aligned table for people, a
 * mark on every regression and a verdict line; or one JSON document (docs/json.md). */
#include <errno.h>
#include <string.h>

#include <json-c/json.h>

#include "campaign/compare.h"
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

/* A number as the other JSON writers print it: rounded, never NaN. */
static json_object *num(double v, int places)
{
    char buf[64];
    report_number(buf, sizeof buf, v, places);
    return json_object_new_double_s(v, buf);
}

static json_object *fig_json(const struct fig *f, enum sum_fig fig)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "mean", num(f->mean, sum_fig_decimals(f->mean, fig) + 2));
    json_object_object_add(o, "ci95", num(f->ci95, sum_fig_decimals(f->mean, fig) + 2));
    json_object_object_add(o, "n", json_object_new_int((int)f->n));
    return o;
}

static json_object *swept_json(const struct sum_point *p)
{
    json_object *o = json_object_new_object();
    for (size_t i = 0; i < p->nswept; i++)
        json_object_object_add(o, p->swept[i].name, json_object_new_string(p->swept[i].value));
    return o;
}

static json_object *point_json(const struct sum_point *p)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "config", json_object_new_string(p->config));
    json_object_object_add(o, "swept", swept_json(p));
    return o;
}

static json_object *line_json(const struct cmp_line *l)
{
    json_object *o = point_json(l->old);
    json_object_object_add(o, "flowop", json_object_new_string(l->flowop));
    json_object_object_add(o, "figure", json_object_new_string(sum_figs[l->fig].key));
    json_object_object_add(o, "old", fig_json(l->a, l->fig));
    json_object_object_add(o, "new", fig_json(l->b, l->fig));
    json_object_object_add(o, "change_pct", l->has_change ? num(l->change_pct, 2) : NULL);
    json_object_object_add(o, "beyond_threshold", json_object_new_boolean(l->beyond));
    json_object_object_add(o, "regressed", json_object_new_boolean(l->regressed));
    return o;
}

static json_object *lone_json(const struct cmp_lone *l)
{
    json_object *o = point_json(l->point);
    json_object_object_add(o, "flowop", l->flowop != NULL ? json_object_new_string(l->flowop) : NULL);
    json_object_object_add(o, "side", json_object_new_string(l->side));
    return o;
}

int compare_write_json(const struct comparison *c, FILE *out)
{
    json_object *root = json_object_new_object(), *lines = json_object_new_array(), *lone = json_object_new_array();
    json_object_object_add(root, "old", json_object_new_string(c->old->file));
    json_object_object_add(root, "new", json_object_new_string(c->new->file));
    json_object_object_add(root, "threshold_pct", num(c->threshold_pct, 2));
    json_object_object_add(root, "points_paired", json_object_new_int64((int64_t)c->npaired));
    json_object_object_add(root, "figures", json_object_new_int64((int64_t)c->nlines));
    json_object_object_add(root, "regressions", json_object_new_int64((int64_t)c->nregressed));
    for (size_t i = 0; i < c->nlines; i++)
        json_object_array_add(lines, line_json(&c->lines[i]));
    for (size_t i = 0; i < c->nlone; i++)
        json_object_array_add(lone, lone_json(&c->lone[i]));
    json_object_object_add(root, "comparisons", lines);
    json_object_object_add(root, "one_side_only", lone);
    int rc = fprintf(out, "%s\n", json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                                         JSON_C_TO_STRING_NOSLASHESCAPE)) < 0 ? -1 : 0;
    json_object_put(root);
    return rc;
}
