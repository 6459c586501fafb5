/* profile.c: the .prof parser (profile.h), by hand: a small lexer and a recursive
 * descent over DEFAULTS { ... } and CONFIG name { ... } blocks. */
#include "campaign/profile.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/infile.h"

enum tok { T_EOF, T_WORD, T_STRING, T_LBRACE, T_RBRACE, T_EQ, T_COMMA, T_SEMI };

struct lexer {
    const char *p;
    struct srcloc loc;     /* where p is */
    enum tok tok;          /* the current token */
    struct srcloc tokloc;
    char *text;            /* T_WORD / T_STRING, malloc'ed */
    struct diag *err;
};

static const char punct[] = "{}=,;";
static const enum tok punct_tok[] = { T_LBRACE, T_RBRACE, T_EQ, T_COMMA, T_SEMI };

static const char *tok_name(enum tok t)
{
    static const char *const names[] = { "the end of the file", "a word", "a quoted string", "'{'", "'}'", "'='", "','",
                                         "';'" };
    return names[t];
}

static void advance(struct lexer *l)
{
    if (*l->p == '\n') {
        l->loc.line++;
        l->loc.col = 1;
    } else {
        l->loc.col++;
    }
    l->p++;
}

static void skip_blank(struct lexer *l)
{
    for (;;) {
        while (*l->p != '\0' && isspace((unsigned char)*l->p))
            advance(l);
        if (*l->p != '#')
            return;
        while (*l->p != '\0' && *l->p != '\n')
            advance(l);
    }
}

static int lex_string(struct lexer *l)
{
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (s == NULL)
        return diag_set(l->err, &l->tokloc, "out of memory");
    advance(l); /* the opening quote */
    while (*l->p != '"') {
        if (*l->p == '\0' || *l->p == '\n') {
            free(s);
            return diag_set(l->err, &l->tokloc, "unterminated quoted string");
        }
        if (*l->p == '\\' && (l->p[1] == '"' || l->p[1] == '\\'))
            advance(l);
        if (n + 2 > cap) {
            char *t = realloc(s, cap *= 2);
            if (t == NULL) {
                free(s);
                return diag_set(l->err, &l->tokloc, "out of memory");
            }
            s = t;
        }
        s[n++] = *l->p;
        advance(l);
    }
    advance(l);
    s[n] = '\0';
    l->text = s;
    l->tok = T_STRING;
    return 0;
}

static bool word_char(char c)
{
    return c != '\0' && !isspace((unsigned char)c) && c != '"' && c != '#' && strchr(punct, c) == NULL;
}

/* Reads the next token into l; -1 with l->err set on a lexical error. */
static int next(struct lexer *l)
{
    free(l->text);
    l->text = NULL;
    skip_blank(l);
    l->tokloc = l->loc;
    if (*l->p == '\0') {
        l->tok = T_EOF;
        return 0;
    }
    const char *pc = strchr(punct, *l->p);
    if (pc != NULL) {
        l->tok = punct_tok[pc - punct];
        advance(l);
        return 0;
    }
    if (*l->p == '"')
        return lex_string(l);
    const char *start = l->p;
    while (word_char(*l->p))
        advance(l);
    l->text = strndup(start, (size_t)(l->p - start));
    l->tok = T_WORD;
    return l->text != NULL ? 0 : diag_set(l->err, &l->tokloc, "out of memory");
}

static int expect(struct lexer *l, enum tok t, const char *after)
{
    if (l->tok == t)
        return next(l);
    return diag_set(l->err, &l->tokloc, "expected %s %s, found %s", tok_name(t), after, tok_name(l->tok));
}

static bool is_ident(const char *s)
{
    if (!(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

/* A CONFIG's name becomes a folder of the results tree. */
static bool is_config_name(const char *s)
{
    if (s[0] == '\0' || s[0] == '.' || s[0] == '-')
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.'))
            return false;
    return true;
}

static int parse_value(struct lexer *l, struct prof_key *k, const char *after)
{
    if (l->tok != T_WORD && l->tok != T_STRING)
        return diag_set(l->err, &l->tokloc, "expected a value %s, found %s", after, tok_name(l->tok));
    struct prof_value *v = realloc(k->v, (k->nv + 1) * sizeof *v);
    if (v == NULL)
        return diag_set(l->err, &l->tokloc, "out of memory");
    k->v = v;
    v[k->nv++] = (struct prof_value){ .text = l->text, .quoted = l->tok == T_STRING, .loc = l->tokloc };
    l->text = NULL;
    return next(l);
}

/* key = value [, value ...] ; */
static int parse_key(struct lexer *l, struct prof_block *b)
{
    if (l->tok != T_WORD || !is_ident(l->text))
        return diag_set(l->err, &l->tokloc, "expected a key (a name such as nthreads) or '}', found %s",
                        l->tok == T_WORD ? l->text : tok_name(l->tok));
    if (prof_block_key(b, l->text) != NULL)
        return diag_set(l->err, &l->tokloc, "'%s' is set twice in this block", l->text);
    struct prof_key *keys = realloc(b->keys, (b->nkeys + 1) * sizeof *keys);
    if (keys == NULL)
        return diag_set(l->err, &l->tokloc, "out of memory");
    b->keys = keys;
    struct prof_key *k = &keys[b->nkeys++];
    *k = (struct prof_key){ .name = l->text, .loc = l->tokloc };
    l->text = NULL;
    char after[160];
    snprintf(after, sizeof after, "after '%s ='", k->name);
    if (next(l) != 0 || expect(l, T_EQ, "after the key") != 0 || parse_value(l, k, after) != 0)
        return -1;
    snprintf(after, sizeof after, "after ',' in the list of '%s'", k->name);
    while (l->tok == T_COMMA)
        if (next(l) != 0 || parse_value(l, k, after) != 0)
            return -1;
    snprintf(after, sizeof after, "after the value of '%s' (a list separates its values with ',')", k->name);
    return expect(l, T_SEMI, after);
}

static int parse_body(struct lexer *l, struct prof_block *b)
{
    if (expect(l, T_LBRACE, b->name ? "after the CONFIG's name" : "after DEFAULTS") != 0)
        return -1;
    while (l->tok != T_RBRACE)
        if (parse_key(l, b) != 0)
            return -1;
    return next(l);
}

static int parse_config(struct lexer *l, struct profile *p)
{
    struct srcloc at = l->tokloc;
    if (next(l) != 0)
        return -1;
    if (l->tok != T_WORD || !is_config_name(l->text))
        return diag_set(l->err, &l->tokloc, "expected the CONFIG's name (letters, digits, '_', '-', '.'), found %s",
                        l->tok == T_WORD ? l->text : tok_name(l->tok));
    for (size_t i = 0; i < p->nconfigs; i++)
        if (strcmp(p->configs[i].name, l->text) == 0)
            return diag_set(l->err, &l->tokloc, "CONFIG %s is defined twice (first at line %d)", l->text,
                            p->configs[i].loc.line);
    struct prof_block *c = realloc(p->configs, (p->nconfigs + 1) * sizeof *c);
    if (c == NULL)
        return diag_set(l->err, &at, "out of memory");
    p->configs = c;
    c = &c[p->nconfigs++];
    *c = (struct prof_block){ .name = l->text, .loc = at };
    l->text = NULL;
    return next(l) != 0 ? -1 : parse_body(l, c);
}

static int parse_defaults(struct lexer *l, struct profile *p)
{
    if (p->defaults.loc.line != 0)
        return diag_set(l->err, &l->tokloc, "DEFAULTS is given twice (first at line %d)", p->defaults.loc.line);
    p->defaults.loc = l->tokloc;
    return next(l) != 0 ? -1 : parse_body(l, &p->defaults);
}

static char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    const char *b = slash ? slash + 1 : path;
    size_t n = strlen(b);
    if (n > 5 && strcmp(b + n - 5, ".prof") == 0)
        n -= 5;
    return strndup(b, n);
}

int profile_parse(const char *text, const char *file, struct profile *p, struct diag *err)
{
    *p = (struct profile){ 0 };
    p->file = strdup(file);
    p->name = base_name(file);
    if (p->file == NULL || p->name == NULL)
        return diag_set(err, NULL, "out of memory");
    struct lexer l = { .p = text, .loc = { p->file, 1, 1 }, .err = err };
    int rc = next(&l);
    while (rc == 0 && l.tok != T_EOF) {
        if (l.tok == T_WORD && strcmp(l.text, "CONFIG") == 0)
            rc = parse_config(&l, p);
        else if (l.tok == T_WORD && strcmp(l.text, "DEFAULTS") == 0)
            rc = parse_defaults(&l, p);
        else
            rc = diag_set(err, &l.tokloc, "expected DEFAULTS or CONFIG, found %s",
                          l.tok == T_WORD ? l.text : tok_name(l.tok));
    }
    free(l.text);
    if (rc == 0 && p->nconfigs == 0)
        rc = diag_set(err, &l.tokloc, "the profile has no CONFIG block");
    return rc;
}

int profile_load(const char *path, struct profile *p, struct diag *err)
{
    *p = (struct profile){ 0 };
    FILE *f = infile_fopen(path);
    if (f == NULL)
        return diag_set(err, NULL, "cannot read the profile %s: %s", path, infile_strerror(errno));
    size_t cap = 4096, n = 0;
    char *text = malloc(cap);
    for (size_t got; text != NULL && (got = fread(text + n, 1, cap - n - 1, f)) > 0;) {
        n += got;
        if (n + 1 == cap) {
            char *t = realloc(text, cap *= 2);
            if (t == NULL)
                free(text);
            text = t;
        }
    }
    bool bad = ferror(f) != 0;
    fclose(f);
    if (text == NULL || bad) {
        free(text);
        return diag_set(err, NULL, "cannot read the profile %s", path);
    }
    text[n] = '\0';
    if (strlen(text) != n) {
        free(text);
        return diag_set(err, NULL, "%s: the profile holds a NUL byte", path);
    }
    int rc = profile_parse(text, path, p, err);
    free(text);
    return rc;
}

static void block_free(struct prof_block *b)
{
    for (size_t i = 0; i < b->nkeys; i++) {
        for (size_t j = 0; j < b->keys[i].nv; j++)
            free(b->keys[i].v[j].text);
        free(b->keys[i].v);
        free(b->keys[i].name);
    }
    free(b->keys);
    free(b->name);
}

void profile_free(struct profile *p)
{
    block_free(&p->defaults);
    for (size_t i = 0; i < p->nconfigs; i++)
        block_free(&p->configs[i]);
    free(p->configs);
    free(p->file);
    free(p->name);
    *p = (struct profile){ 0 };
}

const struct prof_key *prof_block_key(const struct prof_block *b, const char *name)
{
    for (size_t i = 0; i < b->nkeys; i++)
        if (strcmp(b->keys[i].name, name) == 0)
            return &b->keys[i];
    return NULL;
}
