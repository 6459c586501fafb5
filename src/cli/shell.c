/* shell.c: the interactive shell on libedit (prompt, history in ~/.flowbench_history,
 * tab completion) and the same command loop without a prompt for piped input. */
#include "cli/shell.h"

#include <editline/readline.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lang/attr.h"
#include "cli/command.h"
#include "lang/distribution.h"
#include "base/signals.h"
#include "model/flowop_type.h"
#include "cli/interp.h"
#include "cli/workload.h"

#define PROMPT "flowbench> "
#define PROMPT_MORE "      ...> "

/* readline's completion callback takes no user pointer, so the shell keeps the
 * interpreter it completes for here, set for the duration of shell_run only. */
static struct interp *shell_ctx;

struct cands {
    char **v;
    size_t n, cap;
    const char *prefix;
    size_t plen;
};

static void cand_add(struct cands *c, const char *word)
{
    if (strncmp(word, c->prefix, c->plen) != 0)
        return;
    for (size_t i = 0; i < c->n; i++)
        if (strcmp(c->v[i], word) == 0)
            return;
    if (c->n + 2 > c->cap) {
        size_t cap = c->cap ? c->cap * 2 : 32;
        char **v = realloc(c->v, cap * sizeof *v);
        if (v == NULL)
            return;
        c->v = v;
        c->cap = cap;
    }
    char *copy = strdup(word);
    if (copy != NULL)
        c->v[c->n++] = copy;
}

static void add_commands(struct cands *c)
{
    for (size_t i = 0; i < ncommands; i++)
        cand_add(c, command_name(&commands[i]));
}

/* What may follow a command's first word, as its rows' synopses spell it ("define fileset ..."). */
static void add_second_words(struct cands *c, const char *first)
{
    for (size_t i = 0; i < ncommands; i++) {
        if (strcmp(command_name(&commands[i]), first) != 0)
            continue;
        const char *w = commands[i].synopsis + strlen(first);
        w += strspn(w, " ");
        char word[32];
        snprintf(word, sizeof word, "%.*s", (int)strcspn(w, " "), w);
        cand_add(c, word);
    }
}

static void add_flowop_types(struct cands *c)
{
    for (size_t i = 0; i < flowop_ntypes; i++)
        cand_add(c, flowop_types[i].name);
    for (size_t i = 0; i < shell_ctx->model.ncomps; i++)
        cand_add(c, shell_ctx->model.comps[i]->name);
}

/* The attributes of t whose bit is in mask (all: ~0u). */
static void cands_add_attrs(struct cands *c, const struct attr_table *t, unsigned mask)
{
    for (size_t i = 0; i < t->n; i++)
        if (t->specs[i].name != NULL && (mask & FA(i)))
            cand_add(c, t->specs[i].name);
}

/* The attributes the flowop being typed reads ("flowop read ..."): its row says;
 * a composite or an unknown type may take any. */
static unsigned flowop_mask(const char *line)
{
    const char *at = NULL;
    for (const char *p = strstr(line, "flowop "); p != NULL; p = strstr(p + 1, "flowop "))
        at = p;
    if (at == NULL)
        return ~0u;
    at += strlen("flowop ");
    at += strspn(at, " \t");
    char type[64];
    snprintf(type, sizeof type, "%.*s", (int)strcspn(at, " \t,{"), at);
    const struct flowop_type *ft = flowop_type_find(type);
    return ft != NULL ? ft->attrs : ~0u;
}

static void add_variables(struct cands *c)
{
    char buf[300];
    for (size_t i = 0; i < shell_ctx->vars.n; i++) {
        snprintf(buf, sizeof buf, "$%s", shell_ctx->vars.v[i]->name);
        cand_add(c, buf);
    }
}

static void add_workload(const char *name, const char *path, void *ctx)
{
    cand_add(ctx, name);
}

/* The entity whose attributes are being typed: the last keyword on the line. */
static const struct attr_table *entity_of(const char *line)
{
    static const struct { const char *word; const struct attr_table *t; } ents[] = {
        { "flowop ", &flowop_attrs }, { "thread ", &thread_attrs }, { "process ", &process_attrs },
        { "fileset ", &fileset_attrs }, { "file ", &file_attrs }, { "randvar(", &randvar_attrs },
        { "cvar(", &cvar_attrs }, { "eventgen ", &eventgen_attrs },
    };
    const struct attr_table *best = NULL;
    const char *best_at = NULL;
    for (size_t i = 0; i < sizeof ents / sizeof ents[0]; i++) {
        const char *at = NULL;
        for (const char *p = strstr(line, ents[i].word); p != NULL; p = strstr(p + 1, ents[i].word))
            at = p;
        if (at != NULL && (best_at == NULL || at > best_at)) {
            best_at = at;
            best = ents[i].t;
        }
    }
    return best;
}

static void previous_word(const char *line, int start, char *out, size_t len)
{
    int end = start;
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        end--;
    int begin = end;
    while (begin > 0 && line[begin - 1] != ' ' && line[begin - 1] != '\t' && line[begin - 1] != ',')
        begin--;
    snprintf(out, len, "%.*s", end - begin, line + begin);
}

/* The character before the word being completed, blanks skipped: after ',' or '('
 * an attribute list goes on, after '{' a block begins. */
static char separator_before(const char *line, int start)
{
    while (start > 0 && (line[start - 1] == ' ' || line[start - 1] == '\t'))
        start--;
    return start > 0 ? line[start - 1] : '\0';
}

/* What the braces of each entity hold: a process's threads, a thread's and a composite's flowops. */
static void add_block_keyword(struct cands *c, const struct attr_table *t)
{
    static const struct { const struct attr_table *t; const char *inner; } blocks[] = {
        { &process_attrs, "thread" }, { &thread_attrs, "flowop" }, { &flowop_attrs, "flowop" },
    };
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++)
        if (blocks[i].t == t)
            cand_add(c, blocks[i].inner);
}

static void add_entity_attrs(struct cands *c, const char *line)
{
    const struct attr_table *t = entity_of(line);
    if (t != NULL) {
        cands_add_attrs(c, t, t == &flowop_attrs ? flowop_mask(line) : ~0u);
        return;
    }
    for (size_t i = 0; attr_tables[i] != NULL; i++)
        cands_add_attrs(c, attr_tables[i], ~0u);
}

static void collect(struct cands *c, const char *line, int start)
{
    char prev[64];
    char sep = separator_before(line, start);
    previous_word(line, start, prev, sizeof prev);
    if (c->prefix[0] == '$') {
        add_variables(c);
    } else if (sep == '{') {
        add_block_keyword(c, entity_of(line));
    } else if (sep == ',' || sep == '(') {
        add_entity_attrs(c, line);
    } else if (prev[0] == '\0') {
        add_commands(c);
    } else if (strcmp(prev, "flowop") == 0) {
        add_flowop_types(c);
    } else if (strcmp(prev, "load") == 0) {
        workload_each(shell_ctx, add_workload, c);
    } else if (strcmp(prev, "help") == 0) {
        add_commands(c);
        add_flowop_types(c);
        for (size_t i = 0; attr_tables[i] != NULL; i++)
            cand_add(c, attr_tables[i]->entity);
    } else if (strcmp(prev, "list") == 0) {
        for (size_t i = 0; list_topic(i) != NULL; i++)
            cand_add(c, list_topic(i));
    } else if (strcmp(prev, "define") == 0) {
        add_second_words(c, prev);
    } else if (strcmp(prev, "type=") == 0 || strstr(prev, "type=cvar") != NULL) {
        for (size_t i = 0; i < cvar_ntypes; i++)
            cand_add(c, cvar_types[i].name);
    } else {
        add_entity_attrs(c, line);
    }
}

static char **complete(const char *text, int start, int end)
{
    struct cands c = { .prefix = text, .plen = strlen(text) };
    rl_attempted_completion_over = 1;
    char *line = strndup(rl_line_buffer, (size_t)start);
    if (line == NULL)
        return NULL;
    collect(&c, line, start);
    free(line);
    if (c.n == 0) {
        free(c.v);
        return NULL;
    }
    /* readline wants the longest common prefix first, then the matches. */
    char **out = malloc((c.n + 2) * sizeof *out);
    if (out == NULL)
        return NULL;
    size_t common = strlen(c.v[0]);
    for (size_t i = 1; i < c.n; i++) {
        size_t k = 0;
        while (k < common && c.v[i][k] == c.v[0][k])
            k++;
        common = k;
    }
    out[0] = c.n == 1 ? strdup(c.v[0]) : strndup(c.v[0], common);
    for (size_t i = 0; i < c.n; i++)
        out[i + 1] = c.v[i];
    out[c.n + 1] = NULL;
    if (c.n == 1) {
        free(c.v[0]);
        out[1] = NULL;
    }
    free(c.v);
    return out;
}

static char *history_path(void)
{
    const char *home = getenv("HOME");
    if (home == NULL || home[0] == '\0')
        return NULL;
    size_t len = strlen(home) + 32;
    char *p = malloc(len);
    if (p != NULL)
        snprintf(p, len, "%s/.flowbench_history", home);
    return p;
}

/* libedit reads keys here: the wait ends on Ctrl-C too, and -1 (end of input to
 * libedit) makes readline return, so the shell can drop the line and prompt again. */
static int read_key(FILE *input)
{
    unsigned char c;
    for (;;) {
        if (stop_wait_fd(fileno(input)) != 0)
            return -1;
        ssize_t n = read(fileno(input), &c, 1);
        if (n == 1)
            return c;
        if (n == 0 || (errno != EINTR && errno != EAGAIN))
            return -1;
    }
}

static char *read_line(FILE *input, bool interactive, bool more)
{
    if (interactive)
        return readline(more ? PROMPT_MORE : PROMPT);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n = getline(&line, &cap, input);
    if (n < 0) {
        free(line);
        return NULL;
    }
    if (n > 0 && line[n - 1] == '\n')
        line[n - 1] = '\0';
    return line;
}

/* Appends a line to the pending command text; false when it grows past 16 MiB. */
static bool append(char **buf, size_t *len, const char *line)
{
    size_t add = strlen(line);
    if (*len + add + 2 > (16u << 20))
        return false;
    char *nb = realloc(*buf, *len + add + 2);
    if (nb == NULL)
        return false;
    memcpy(nb + *len, line, add);
    nb[*len + add] = '\n';
    *len += add + 1;
    nb[*len] = '\0';
    *buf = nb;
    return true;
}

static bool needs_more(const char *text, size_t len)
{
    struct parse_result r;
    parse_buffer(text, len, "<stdin>", 1, &r);
    ast_cmd_free(r.cmds);
    return r.failed && r.incomplete;
}

int shell_run(struct interp *in, FILE *input, int interactive)
{
    char *hist = NULL;
    shell_ctx = in;
    if (interactive) {
        rl_readline_name = "flowbench";
        rl_catch_signals = 0; /* libedit's handlers would re-raise Ctrl-C and end the shell */
        rl_getc_function = read_key;
        rl_attempted_completion_function = complete;
        rl_basic_word_break_characters = " \t\n\",=(){}";
        hist = history_path();
        using_history();
        if (hist != NULL)
            read_history(hist);
        fprintf(in->out, "flowbench %s: type 'help' for commands, 'load NAME' for a workload, 'quit' to leave\n",
                FLOWBENCH_VERSION);
    }
    int status = EXIT_OK, lineno = 1, first = 1, stopped = 0;
    char *buf = NULL;
    size_t len = 0;
    for (;;) {
        sigset_t saved;
        /* At the prompt the stop signals wait until read_key opens them; taken while
         * still blocked, a second one cannot slip in before this one is answered. */
        signals_hold(&saved);
        char *line = read_line(input, interactive, len > 0);
        int sig = stop_take();
        signals_release(&saved);
        if (sig == SIGINT) {
            /* As bash does: drop the line (and a command begun on lines before). */
            free(line);
            fputs("^C\n", in->out);
            fflush(in->out);
            len = 0;
            first = lineno;
            continue;
        }
        if (sig != 0 || line == NULL) {
            free(line);
            stopped = sig; /* SIGTERM or SIGHUP: leave as after quit */
            break;
        }
        if (interactive && line[strspn(line, " \t")] != '\0')
            add_history(line);
        bool ok = append(&buf, &len, line);
        free(line);
        if (!ok) {
            diag_printf(in->err, "<stdin>:%d:1: error: command longer than 16 MiB\n", first);
            status = EXIT_USAGE;
            break;
        }
        lineno++;
        if (needs_more(buf, len))
            continue;
        int rc = interp_exec_buffer(in, buf, len, "<stdin>", first);
        if (rc > status)
            status = rc;
        len = 0;
        first = lineno;
        /* Ctrl-C cancelled the command, which said so; SIGTERM or SIGHUP end the shell. */
        sig = stop_take();
        if (sig == SIGINT)
            fputc('\n', in->out); /* past the ^C the terminal echoed, as bash does */
        if (sig != 0 && sig != SIGINT) {
            stopped = sig;
            break;
        }
        if (in->quit)
            break;
    }
    if (len > 0 && !in->quit && stopped == 0) {
        /* Input ended inside a command: report it where it is. */
        int rc = interp_exec_buffer(in, buf, len, "<stdin>", first);
        if (rc > status)
            status = rc;
    }
    free(buf);
    if (interactive && hist != NULL) {
        stifle_history(1000);
        if (write_history(hist) != 0)
            diag_printf(in->err, "flowbench: warning: cannot save history to %s\n", hist);
    }
    free(hist);
    shell_ctx = NULL;
    if (stopped != 0)
        return 128 + stopped;
    if (interactive) {
        fputc('\n', in->out);
        return EXIT_OK; /* at a terminal, errors were answered where they happened */
    }
    return status;
}
