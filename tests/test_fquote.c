/* test_fquote.c: fquote's output read back by the real F parser and interpreter is
 * the text quoted, byte for byte: every byte 0x01-0xff alone and all together, the
 * words system, ", } and a newline, and a name crafted to end the string and run a
 * command. Read back three ways: `set $v = QUOTED` (the variable's value), an
 * attribute (`define fileset path=QUOTED`) and `echo QUOTED` (what system runs); and
 * after '#', a comment that ends where its line does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fquote.h"
#include "cli/interp.h"
#include "cli/expand.h"
#include "lang/ast.h"
#include "lang/vars.h"
#include "check.h"

/* The bytes of a string as " 0a 22 ...", for a failure line (the longest, every byte
 * 0x01-0xff once, fits). */
struct hex { char s[3 * 256 + 1]; };
static struct hex hex_of(const char *what)
{
    struct hex h = { "" };
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)what; *p != '\0' && n + 4 <= sizeof h.s; p++)
        n += (size_t)snprintf(h.s + n, sizeof h.s - n, " %02x", *p);
    return h;
}

/* A round trip of WHAT by HOW; a failure shows WHAT's bytes (they are control characters,
 * quotes and backslashes mostly). */
#define CHECK_BYTES(ok, how, what) CHECK(ok, "%s:%s", how, hex_of(what).s)

/* PREFIX QUOTED SUFFIX parsed: its first command, or NULL (the parse failed or the
 * text became more than one command). */
static struct ast_cmd *parse_one(const char *prefix, const char *s, const char *suffix, struct parse_result *r)
{
    char *q = fquote(s);
    size_t len = strlen(prefix) + strlen(q) + strlen(suffix) + 1;
    char *text = malloc(len);
    if (q == NULL || text == NULL)
        exit(2);
    snprintf(text, len, "%s%s%s", prefix, q, suffix);
    parse_buffer(text, strlen(text), "test", 1, r);
    free(text);
    free(q);
    if (r->failed || r->cmds == NULL || r->cmds->next != NULL)
        return NULL;
    return r->cmds;
}

/* set $v = QUOTED, run by the interpreter: $v holds s. */
static void via_set(struct interp *in, const char *s)
{
    char *q = fquote(s);
    size_t len = strlen(q) + 16;
    char *text = malloc(len);
    if (q == NULL || text == NULL)
        exit(2);
    snprintf(text, len, "set $v = %s\n", q);
    int rc = interp_exec_buffer(in, text, strlen(text), "test", 1);
    const struct var *v = vars_find(&in->vars, "v");
    CHECK_BYTES(rc == 0 && v != NULL && v->kind == VAR_STR && strcmp(v->s, s) == 0, "set", s);
    free(text);
    free(q);
}

/* define fileset name=f, path=QUOTED: the attribute's value is s. */
static void via_attr(const char *s)
{
    struct parse_result r;
    struct ast_cmd *c = parse_one("define fileset name=f, path=", s, ", entries=1\n", &r);
    const struct ast_attr *a = c != NULL ? c->attrs : NULL;
    while (a != NULL && strcmp(a->name, "path") != 0)
        a = a->next;
    CHECK_BYTES(a != NULL && a->val.kind == AV_STRING && !a->val.raw_vars && strcmp(a->val.s, s) == 0, "attribute", s);
    ast_cmd_free(r.cmds);
}

/* echo QUOTED (as system reads its text): one string, which expands to s. */
static void via_echo(const struct interp *in, const char *s)
{
    struct parse_result r;
    struct ast_cmd *c = parse_one("echo ", s, "\n", &r);
    char *text = c != NULL && c->kind == CMD_ECHO && c->nstrings == 1 ? interp_expand(in, c->strings[0]) : NULL;
    CHECK_BYTES(text != NULL && strcmp(text, s) == 0, "echo", s);
    free(text);
    ast_cmd_free(r.cmds);
}

/* A comment: '#' and the quoted text, then a command on the next line: the command is
 * the only one, so nothing in the comment ended its line. */
static void via_comment(const char *s)
{
    struct parse_result r;
    struct ast_cmd *c = parse_one("# a model of ", s, "\nrun 1\n", &r);
    CHECK_BYTES(c != NULL && c->kind == CMD_RUN, "comment", s);
    ast_cmd_free(r.cmds);
}

/* fquote_put writes what fquote returns. */
static void via_put(const char *s)
{
    char *buf = NULL, *q = fquote(s);
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    int rc = f != NULL ? fquote_put(f, s) : -1;
    if (f != NULL)
        fclose(f);
    CHECK_BYTES(rc == 0 && q != NULL && buf != NULL && strcmp(buf, q) == 0, "fquote_put", s);
    free(buf);
    free(q);
}

static void round_trip(struct interp *in, const char *s)
{
    via_put(s);
    via_set(in, s);
    via_attr(s);
    via_echo(in, s);
    via_comment(s);
}

int main(void)
{
    struct interp in;
    struct interp_options opt = { 0 };
    FILE *sink = fopen("/dev/null", "w");
    if (sink == NULL || interp_init(&in, &opt, sink, stderr) != 0)
        return 2;
    char one[4], all[256];
    for (int b = 1; b < 256; b++) {
        snprintf(one, sizeof one, "%c", b);
        round_trip(&in, one);
        snprintf(one, sizeof one, "a%cz", b); /* between other bytes too */
        round_trip(&in, one);
        all[b - 1] = (char)b;
    }
    all[255] = '\0';
    round_trip(&in, all);
    const char *words[] = {
        "system", "\"", "}", "\n", "\\", "$v", "${v}", "\\\"", "\\\n", "#", "a\"\nsystem \"touch pwned\"\nset $zz=\"y",
        "x\" }\ndefine process name=p {\n", "trace\r\nrun 1", "/tmp/a b/\"c\"",
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        round_trip(&in, words[i]);
    /* nothing in a quoted name is a second command: the crafted one above stayed one set */
    CHECK_BYTES(vars_find(&in.vars, "zz") == NULL, "no second command", "zz");
    interp_free(&in);
    fclose(sink);
    return check_summary();
}
