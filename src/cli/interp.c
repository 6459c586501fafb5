/* interp.c: the invocation's run context (interp.h): its lifetime, the -D
 * overrides, setting a workload aside for a `load`, and executing parsed commands
 * in order; in batch mode the first error stops the script, in the shell only the command. */
#include "cli/interp.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/clock.h"
#include "base/infile.h"
#include "cli/command.h"
#include "base/signals.h"
#include "fileset/target_lock.h"

#define SCRIPT_MAX (16u << 20)

int interp_init(struct interp *in, const struct interp_options *opt, FILE *out, FILE *err)
{
    memset(in, 0, sizeof *in);
    in->opt = *opt;
    in->out = out;
    in->err = err;
    in->debug = 2;
    in->lathist = opt->lathist;
    in->start_ns = clock_ns();
    tick_clock_mark(&in->clock_mark);
    return interp_apply_overrides(in);
}

void interp_set_aside(struct interp *in, struct interp_saved *s)
{
    *s = (struct interp_saved){ in->vars, in->model, in->mode, in->steady, in->eventrate, in->filesets,
                                in->usage, in->nusage, in->workload, NULL, 0 };
    memset(&in->vars, 0, sizeof in->vars);
    memset(&in->model, 0, sizeof in->model);
    in->mode = QUIT_TIMEOUT;
    in->steady = (struct steady_spec){ 0 };
    in->eventrate = NULL;
    in->filesets = NULL;
    in->usage = NULL;
    in->nusage = 0;
    in->workload = NULL;
    /* The workload's criteria go with it; -C's stay. */
    s->ncriteria = in->ncriteria - in->ncriteria_cli;
    s->criteria = s->ncriteria ? malloc(s->ncriteria * sizeof *s->criteria) : NULL;
    if (s->criteria != NULL)
        memcpy(s->criteria, in->criteria + in->ncriteria_cli, s->ncriteria * sizeof *s->criteria);
    else
        for (size_t i = in->ncriteria_cli; i < in->ncriteria; i++)
            criterion_free(&in->criteria[i]); /* out of memory: forgotten rather than kept */
    if (s->criteria == NULL)
        s->ncriteria = 0;
    in->ncriteria = in->ncriteria_cli;
}

void interp_saved_free(struct interp_saved *s)
{
    fs_cache_free(s->filesets);
    model_free(&s->model);
    vars_free(&s->vars);
    for (size_t i = 0; i < s->nusage; i++)
        free(s->usage[i]);
    free(s->usage);
    free(s->workload);
    for (size_t i = 0; i < s->ncriteria; i++)
        criterion_free(&s->criteria[i]);
    free(s->criteria);
    if (s->eventrate != NULL) {
        ast_value_free(s->eventrate);
        free(s->eventrate);
    }
    memset(s, 0, sizeof *s);
}

void interp_put_back(struct interp *in, struct interp_saved *s)
{
    interp_reset(in);
    in->vars = s->vars;
    in->model = s->model;
    in->mode = s->mode;
    in->steady = s->steady;
    in->eventrate = s->eventrate;
    in->filesets = s->filesets;
    in->usage = s->usage;
    in->nusage = s->nusage;
    in->workload = s->workload;
    struct criterion *v = realloc(in->criteria, (in->ncriteria + s->ncriteria + 1) * sizeof *v);
    for (size_t i = 0; i < s->ncriteria; i++) {
        if (v != NULL)
            v[in->ncriteria++] = s->criteria[i];
        else
            criterion_free(&s->criteria[i]);
    }
    if (v != NULL)
        in->criteria = v;
    free(s->criteria);
    memset(s, 0, sizeof *s);
}

void interp_reset(struct interp *in)
{
    struct interp_saved s;
    interp_set_aside(in, &s);
    interp_saved_free(&s);
}

void interp_free(struct interp *in)
{
    interp_reset(in);
    target_locks_release(in->locks); /* after everything that creates or removes under them */
    in->locks = NULL;
    results_free(&in->results);
    mentions_free(&in->mentions);
    for (size_t i = 0; i < in->ncriteria; i++)
        criterion_free(&in->criteria[i]);
    free(in->criteria);
    in->criteria = NULL;
    in->ncriteria = in->ncriteria_cli = 0;
    for (size_t i = 0; i < in->nfiles; i++)
        free(in->files[i]);
    free(in->files);
}

const char *interp_intern_name(struct interp *in, const char *name)
{
    for (size_t i = 0; i < in->nfiles; i++)
        if (strcmp(in->files[i], name) == 0)
            return in->files[i];
    char **v = realloc(in->files, (in->nfiles + 1) * sizeof *v);
    if (v == NULL)
        return "<?>";
    in->files = v;
    v[in->nfiles] = strdup(name);
    if (v[in->nfiles] == NULL)
        return "<?>";
    return v[in->nfiles++];
}

/* -D values are typed like the right side of `set`: numbers with suffixes, true/false, or text. */
int interp_apply_overrides(struct interp *in)
{
    for (size_t i = 0; i < in->opt.noverrides; i++) {
        const struct override *o = &in->opt.overrides[i];
        struct parse_result r;
        size_t len = strlen(o->name) + strlen(o->value) + 16;
        char *text = malloc(len);
        if (text == NULL)
            return -1;
        snprintf(text, len, "set $%s = %s", o->name, o->value);
        parse_buffer(text, strlen(text), "-D", 1, &r);
        free(text);
        int rc;
        if (r.failed || r.cmds == NULL || r.cmds->kind != CMD_SET_VAR || r.cmds->next != NULL)
            rc = vars_set_str(&in->vars, o->name, o->value);
        else {
            struct diag err;
            rc = cmd_set_var(in, r.cmds, &err);
            if (rc != 0)
                rc = vars_set_str(&in->vars, o->name, o->value);
        }
        ast_cmd_free(r.cmds);
        struct var *v = vars_find(&in->vars, o->name);
        if (rc != 0 || v == NULL)
            return -1;
        v->overridden = true;
    }
    return 0;
}

int interp_check_overrides(struct interp *in)
{
    if (in->overrides_checked)
        return 0;
    in->overrides_checked = true;
    int rc = 0;
    for (size_t i = 0; i < in->opt.noverrides; i++) {
        const char *name = in->opt.overrides[i].name;
        if (mentions_has(&in->mentions, name))
            continue;
        const char *hint = mentions_closest(&in->mentions, name);
        diag_printf(in->err, "flowbench: %s: -D %s: no such variable in the script%s%s%s\n",
                    in->opt.check_only ? "error" : "warning", name, hint ? "; did you mean " : "", hint ? hint : "",
                    hint ? "?" : "");
        rc = in->opt.check_only ? -1 : rc;
    }
    return rc;
}

int interp_exec_cmd(struct interp *in, const struct ast_cmd *c)
{
    const struct command_def *def = command_for_kind(c->kind);
    struct diag err;
    diag_clear(&err);
    int rc = def->exec(in, c, &err);
    if (rc == 0)
        return EXIT_OK;
    if (rc > 0)
        return rc;
    if (err.msg[0] != '\0')
        diag_print(&err, in->err);
    return EXIT_USAGE;
}

/* A script's `criteria` line after its last run judges nothing: an error
 * before anything runs (a loaded workload's runs are skipped, so its criteria
 * judge the user's run; the shell's lines come one at a time). */
static int criteria_after_last_run(const struct interp *in, const struct ast_cmd *cmds, struct diag *err)
{
    if (in->opt.interactive || in->load_depth > 0)
        return 0;
    const struct ast_cmd *late = NULL;
    for (const struct ast_cmd *c = cmds; c != NULL; c = c->next) {
        const struct command_def *def = command_for_kind(c->kind);
        if (def != NULL && def->exec == cmd_run)
            late = NULL;
        else if (c->kind == CMD_CRITERIA && late == NULL)
            late = c;
    }
    bool runs = false;
    for (const struct ast_cmd *c = cmds; c != NULL && !runs; c = c->next)
        runs = command_for_kind(c->kind) != NULL && command_for_kind(c->kind)->exec == cmd_run;
    if (late == NULL || !runs)
        return 0;
    return diag_set(err, &late->loc, "criteria after the script's last 'run' judges nothing: put it before the run "
                                     "it is meant for");
}

int interp_exec_buffer(struct interp *in, const char *text, size_t len, const char *name, int first_line)
{
    struct parse_result r;
    if (memchr(text, '\0', len) != NULL) {
        /* Report a NUL where it is, rather than letting C strings cut the script short. */
        const char *nul = memchr(text, '\0', len);
        int line = first_line, col = 1;
        for (const char *p = text; p < nul; p++) {
            if (*p == '\n') {
                line++;
                col = 1;
            } else
                col++;
        }
        struct diag d;
        struct srcloc at = { interp_intern_name(in, name), line, col };
        diag_set(&d, &at, "unexpected NUL byte (is this a binary file?)");
        diag_print(&d, in->err);
        return EXIT_USAGE;
    }
    parse_buffer(text, len, interp_intern_name(in, name), first_line, &r);
    if (r.failed) {
        diag_print(&r.err, in->err);
        return EXIT_USAGE;
    }
    if (criteria_after_last_run(in, r.cmds, &r.err) != 0) {
        diag_print(&r.err, in->err);
        ast_cmd_free(r.cmds);
        return EXIT_USAGE;
    }
    if (in->opt.noverrides > 0 && mentions_add(&in->mentions, r.cmds) != 0) {
        ast_cmd_free(r.cmds);
        diag_printf(in->err, "flowbench: error: out of memory\n");
        return EXIT_USAGE;
    }
    int status = EXIT_OK;
    for (const struct ast_cmd *c = r.cmds; c != NULL && !in->quit; c = c->next) {
        /* After Ctrl-C (or SIGTERM, SIGHUP), no further command is started. */
        int rc = stop_requested() ? stop_status() : interp_exec_cmd(in, c);
        if (rc != EXIT_OK) {
            status = rc;
            if (!in->opt.interactive || in->load_depth > 0 || stop_requested())
                break;
        }
    }
    ast_cmd_free(r.cmds);
    return status;
}

/* A script, read whole; a pipe's wait ends on a stop signal (base/infile.h). */
static char *read_fd(int fd, const char *path, size_t *len, struct diag *err, const struct srcloc *from)
{
    char *text = infile_read_all(fd, SCRIPT_MAX, len);
    if (text != NULL)
        return text;
    if (errno == EFBIG)
        diag_set(err, from, "'%s' is larger than %u MiB; not a workload script", path, SCRIPT_MAX >> 20);
    else
        diag_set(err, from, "cannot read '%s': %s", path, infile_strerror(errno));
    return NULL;
}

static char *read_all(const char *path, size_t *len, struct diag *err, const struct srcloc *from)
{
    int fd = infile_open(path);
    if (fd < 0 && errno == EISDIR) {
        diag_set(err, from, "'%s' is a directory, not a script", path);
        return NULL;
    }
    if (fd < 0) {
        diag_set(err, from, "cannot open '%s': %s", path, infile_strerror(errno));
        return NULL;
    }
    char *text = read_fd(fd, path, len, err, from);
    close(fd);
    return text;
}

int interp_exec_stream(struct interp *in, FILE *f, const char *name)
{
    struct diag err;
    size_t len;
    char *text = read_fd(fileno(f), name, &len, &err, NULL);
    if (text == NULL) {
        diag_print(&err, in->err);
        return stop_requested() ? stop_status() : EXIT_USAGE;
    }
    int rc = interp_exec_buffer(in, text, len, name, 1);
    free(text);
    return rc;
}

int interp_exec_file(struct interp *in, const char *path, const struct srcloc *from)
{
    struct diag err;
    size_t len;
    char *text = read_all(path, &len, &err, from);
    if (text == NULL) {
        diag_print(&err, in->err);
        return stop_requested() ? stop_status() : EXIT_USAGE;
    }
    int rc = interp_exec_buffer(in, text, len, path, 1);
    free(text);
    return rc;
}

int interp_finish_batch(struct interp *in)
{
    if (in->nruns > 0 || in->quit)
        return EXIT_OK;
    if (in->model.nprocs == 0) {
        diag_printf(in->err, "flowbench: note: the script defines no process; nothing to run\n");
        return EXIT_OK;
    }
    struct ast_cmd run = { .kind = CMD_RUN, .loc = { "<end of script>", 0, 0 } };
    return interp_exec_cmd(in, &run);
}
