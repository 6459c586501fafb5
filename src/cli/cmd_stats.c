/* cmd_stats.c: FileBench 1.3/1.4's `stats clear|snap|dump FILE|xmldump FILE`
 * over the runs measured since the last `stats clear`. xmldump writes the JSON
 * report (the classic XML format is not reproduced). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/clock.h"
#include "base/outfile.h"
#include "cli/command.h"
#include "cli/interp.h"
#include "cli/expand.h"
#include "cli/report_vars.h"
#include "report/report.h"

/* The runs since the mark, as a results set of their own (shares the storage). */
static struct results since_mark(const struct interp *in)
{
    size_t from = in->stats_mark <= in->results.n ? in->stats_mark : in->results.n;
    return (struct results){ in->results.runs + from, in->results.n - from, in->results.host };
}

static int write_text(const struct report_input *ri, FILE *out)
{
    for (size_t i = 0; i < ri->results->n; i++) {
        report_text(out, &ri->results->runs[i], 0);
        if (ri->histograms)
            report_text_lathist(out, &ri->results->runs[i]);
    }
    return ferror(out) ? -1 : 0;
}

static int stats_clear(struct interp *in, const struct ast_cmd *c, const char *path, struct diag *err)
{
    in->stats_mark = in->results.n;
    return 0;
}

static int stats_snap(struct interp *in, const struct ast_cmd *c, const char *path, struct diag *err)
{
    struct results r = since_mark(in);
    if (r.n == 0 && !in->opt.check_only)
        fprintf(in->out, "stats snap: nothing measured since the last 'stats clear' "
                         "(measure with 'run N', or 'create processes' then 'sleep N')\n");
    double stamp = (double)(clock_ns() - in->start_ns) / 1e9;
    for (size_t i = 0; i < r.n; i++) {
        report_text(in->out, &r.runs[i], stamp);
        if (in->lathist)
            report_text_lathist(in->out, &r.runs[i]);
    }
    return 0;
}

/* Written whole or not at all: a failed write leaves no partial file. */
static int dump_with(struct interp *in, const struct ast_cmd *c, const char *path,
                     int (*fn)(const struct report_input *, FILE *), struct diag *err)
{
    struct results r = since_mark(in);
    if (in->opt.check_only)
        return 0;
    if (r.n == 0)
        return diag_set(err, &c->word_loc, "stats %s: nothing measured since the last 'stats clear' "
                        "(measure with 'run N', or 'create processes' then 'sleep N')", c->word);
    struct report_vars vars;
    if (report_vars_build(&in->vars, &vars) != 0)
        return diag_set(err, &c->value.loc, "stats %s: out of memory", c->word);
    const struct report_input ri = { &r, in->opt.script != NULL ? in->opt.script : in->workload, &vars, in->lathist };
    struct outfile o;
    int rc = outfile_open(&o, path);
    if (rc == 0)
        rc = outfile_end(&o, fn(&ri, o.f));
    int e = errno;
    report_vars_free(&vars);
    if (rc == 0)
        return 0;
    return diag_set(err, &c->value.loc, "stats %s: cannot write '%s': %s", c->word, path, outfile_strerror(e));
}

static int stats_dump(struct interp *in, const struct ast_cmd *c, const char *path, struct diag *err)
{
    return dump_with(in, c, path, write_text, err);
}

static int stats_xmldump(struct interp *in, const struct ast_cmd *c, const char *path, struct diag *err)
{
    return dump_with(in, c, path, results_write_json, err);
}

static const struct {
    const char *word;
    bool file;          /* it takes a FILE */
    int (*fn)(struct interp *in, const struct ast_cmd *c, const char *path, struct diag *err);
} stats_words[] = {
    { "clear", false, stats_clear },
    { "snap", false, stats_snap },
    { "dump", true, stats_dump },
    { "xmldump", true, stats_xmldump },
};

int cmd_stats(struct interp *in, const struct ast_cmd *c, struct diag *err)
{
    size_t i = 0, n = sizeof stats_words / sizeof stats_words[0];
    while (i < n && strcmp(stats_words[i].word, c->word) != 0)
        i++;
    if (i == n)
        return diag_set(err, &c->word_loc, "'stats %s' is not supported: use stats clear, snap, dump FILE or "
                        "xmldump FILE (or --json, --csv, --report)", c->word);
    bool has_file = c->nstrings > 0 || c->word2 != NULL;
    if (stats_words[i].file != has_file)
        return diag_set(err, has_file ? &c->value.loc : &c->word_loc, "'stats %s' %s", c->word,
                        has_file ? "takes no file" : "needs a file: stats dump \"FILE\"");
    if (c->word2 != NULL || c->nstrings == 0)
        return stats_words[i].fn(in, c, c->word2, err);
    char *path = interp_expand(in, c->strings[0]);
    if (path == NULL)
        return diag_set(err, &c->value.loc, "out of memory");
    int rc = stats_words[i].fn(in, c, path, err);
    free(path);
    return rc;
}
