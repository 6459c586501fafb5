/* parser.y: the F language grammar. It only builds the command list (ast.h);
 * meaning, names and values are checked when each command is executed. */
%code requires {
#include <stdint.h>
#include "lang/ast.h"
#include "lang/lexstate.h"
typedef void *yyscan_t;
struct strlist { char **v; size_t n; };
struct attrlist { struct ast_attr *head, *tail; };
struct flowoplist { struct ast_flowop *head, *tail; };
struct threadlist { struct ast_thread *head, *tail; };
struct rowlist { struct ast_value (*rows)[3]; size_t n; };
struct vallist { struct ast_value *v; size_t n; };
struct cmdlist { struct ast_cmd *head, *tail; };
struct bucket_item { uint64_t size, pct; struct srcloc loc; };
struct bucketlist { struct bucket_item *v; size_t n; };
}

%code provides {
int fb_yylex(YYSTYPE *yylval, YYLTYPE *yylloc, yyscan_t scanner);
}

%code {
#define yylex fb_yylex
#include <stdlib.h>
#include <string.h>
#include "lexer.h"
#include "lang/distribution.h"

static void yyerror(YYLTYPE *loc, yyscan_t scanner, struct lex_state *st, const char *msg);
static struct srcloc at(const struct lex_state *st, const YYLTYPE *l);
static struct ast_cmd *cmd_new(struct lex_state *st, enum ast_cmd_kind kind, const YYLTYPE *l);
static void cmd_append(struct lex_state *st, struct ast_cmd *c);
static struct ast_attr *attr_new(struct lex_state *st, char *name, bool local, const YYLTYPE *l);
static struct ast_value value_word(struct lex_state *st, char *w, const YYLTYPE *l);
static struct ast_expr *expr_leaf(struct ast_value v);
static struct ast_expr *expr_op(char op, struct ast_expr *a, struct ast_expr *b, struct srcloc loc);
static void expr_free(struct ast_expr *e);
static bool too_deep(struct lex_state *st, struct ast_expr *e, const YYLTYPE *l);
static bool has_dollar(const char *raw);
static int cmd_mode(struct lex_state *st, struct ast_cmd *c, const char *w, const YYLTYPE *l);
static int cmd_setting(struct lex_state *st, struct ast_cmd *c, const char *w, const YYLTYPE *l);
/* An unescaped '$' in raw quoted text. */
static bool has_dollar(const char *raw)
{
    for (const char *p = raw; *p != '\0'; p++) {
        if (*p == '\\' && p[1] != '\0')
            p++;
        else if (*p == '$')
            return true;
    }
    return false;
}

/* Frees the expression (bison does not reclaim an aborting rule's symbols). */
static bool too_deep(struct lex_state *st, struct ast_expr *e, const YYLTYPE *l)
{
    if (e->depth <= 1000)
        return false;
    struct srcloc w = at(st, l);
    diag_set(st->err, &w, "expression has more than 1000 operators");
    st->failed = true;
    expr_free(e);
    return true;
}

static int check_word(struct lex_state *st, const char *got, const char *want, const char *ctx, const YYLTYPE *l);
static int buckets_value(struct lex_state *st, char *word, const YYLTYPE *wl, struct bucketlist *b, struct ast_value *out);
static int negative_value(struct lex_state *st, const char *attr, uint64_t n, const YYLTYPE *l);
}

%define api.pure full
%define parse.error custom
%locations
%param {yyscan_t scanner}
%parse-param {struct lex_state *st}

%union {
    uint64_t num;
    char *str;
    struct ast_value val;
    struct ast_expr *expr;
    struct ast_attr *attr;
    struct attrlist attrs;
    struct ast_flowop *flowop;
    struct flowoplist flowops;
    struct ast_thread *thread;
    struct threadlist threads;
    struct strlist strs;
    struct rowlist rows;
    struct vallist vals;
    struct cmdlist cmds;
    struct ast_cmd *cmd;
    struct bucketlist bkts;
}

%token <num> INTEGER "number"
%token <num> PERCENT "percentage with decimals"
%token <str> WORD "word" STRING "quoted string" VAR "variable" RAWTEXT "text"
%token LEXERROR "invalid token"
%token SET "'set'" DEFINE "'define'" RUN "'run'" PSRUN "'psrun'" CREATE "'create'"
%token ECHO_ "'echo'" USAGE "'usage'" SYSTEM "'system'" SLEEP "'sleep'" LIST "'list'"
%token LOAD "'load'" DEBUG "'debug'" VERSION "'version'" HELP "'help'" QUIT "'quit'"
%token EVENTGEN "'eventgen'" ENABLE "'enable'" DOMULTISYNC "'domultisync'" FLUSH "'flush'"
%token FILE_ "'file'" FILES "'files'" FILESET "'fileset'" PROCESS "'process'"
%token THREAD "'thread'" FLOWOP "'flowop'" RANDVAR "'randvar'"
%token STATS "'stats'" VARS "'vars'" SHUTDOWN "'shutdown'" WARMUP "'warmup'" FOREACH "'foreach'"
%token CRITERIA "'criteria'"

%type <val> value tnum runarg item
%type <vals> items
%type <cmds> commands
%type <expr> expr term factor
%type <attr> attr
%type <attrs> attrs procnames
%type <flowop> flowop
%type <flowops> flowops
%type <thread> thread
%type <threads> threads
%type <strs> strings
%type <rows> rows
%type <cmd> command
%type <str> listword
%type <bkts> buckets
%type <num> bucket_pct

%destructor { free($$); } <str>
%destructor { ast_value_free(&$$); } <val>
%destructor { expr_free($$); } <expr>
%destructor { ast_attrs_free($$); } <attr>
%destructor { ast_attrs_free($$.head); } <attrs>
%destructor { ast_flowops_free($$); } <flowop>
%destructor { ast_flowops_free($$.head); } <flowops>
%destructor { ast_threads_free($$); } <thread>
%destructor { ast_threads_free($$.head); } <threads>
%destructor { for (size_t i = 0; i < $$.n; i++) free($$.v[i]); free($$.v); } <strs>
%destructor { for (size_t i = 0; i < $$.n; i++) for (int k = 0; k < 3; k++) ast_value_free(&$$.rows[i][k]); free($$.rows); } <rows>
%destructor { ast_cmd_free($$); } <cmd>
%destructor { for (size_t i = 0; i < $$.n; i++) ast_value_free(&$$.v[i]); free($$.v); } <vals>
%destructor { ast_cmd_free($$.head); } <cmds>
%destructor { free($$.v); } <bkts>

%%

script
    : %empty
    | script command            { cmd_append(st, $2); }
    ;

command
    : SET VAR '=' expr          {
                                  $$ = cmd_new(st, CMD_SET_VAR, &@1); $$->var = $2;
                                  if ($4->op == 0) { $$->value = $4->leaf; $4->leaf.s = NULL; $4->leaf.table = NULL; expr_free($4); }
                                  else { $$->value.kind = AV_EXPR; $$->value.expr = $4; $$->value.loc = $4->loc; }
                                  $$->has_value = true;
                                }
    | SET VAR '=' WORD '(' attrs ')' {
                                  $$ = cmd_new(st, CMD_SET_RANDVAR, &@1); $$->var = $2; $$->attrs = $6.head;
                                  if (strcmp($4, "cvar") == 0) $$->kind = CMD_SET_CVAR;
                                  else if (strcmp($4, "randvar") != 0) {
                                      struct srcloc w = at(st, &@4);
                                      diag_set(st->err, &w, "unknown generator '%s(...)': use randvar(...) or cvar(...)", $4);
                                      st->failed = true; free($4); ast_cmd_free($$); YYABORT;
                                  }
                                  free($4);
                                }
    | SET VAR '=' WORD '(' buckets ')' {
                                  $$ = cmd_new(st, CMD_SET_VAR, &@1); $$->var = $2; $$->has_value = true;
                                  if (buckets_value(st, $4, &@4, &$6, &$$->value) != 0) { ast_cmd_free($$); YYABORT; } }
    | SET WORD WORD             { $$ = cmd_new(st, CMD_SET_MODE, &@1); $$->word = $3; $$->word_loc = at(st, &@3);
                                  if (cmd_setting(st, $$, $2, &@2) != 0) { free($2); ast_cmd_free($$); YYABORT; } free($2); }
    | SET WORD STRING           { $$ = cmd_new(st, CMD_SET_MODE, &@1); $$->word = ast_string_literal($3); free($3);
                                  $$->word_loc = at(st, &@3);
                                  if (cmd_setting(st, $$, $2, &@2) != 0) { free($2); ast_cmd_free($$); YYABORT; } free($2); }
    | SET WORD QUIT WORD        { $$ = cmd_new(st, CMD_SET_MODE, &@1); $$->word = strdup("quit"); $$->word2 = $4; $$->word_loc = at(st, &@4);
                                  if (cmd_mode(st, $$, $2, &@2) != 0) { free($2); ast_cmd_free($$); YYABORT; } free($2); }
    | DEFINE FILESET attrs      { $$ = cmd_new(st, CMD_DEFINE_FILESET, &@1); $$->attrs = $3.head; }
    | DEFINE FILE_ attrs        { $$ = cmd_new(st, CMD_DEFINE_FILE, &@1); $$->attrs = $3.head; }
    | DEFINE RANDVAR attrs      { $$ = cmd_new(st, CMD_DEFINE_RANDVAR, &@1); $$->attrs = $3.head; }
    | DEFINE PROCESS attrs '{' threads '}' {
                                  $$ = cmd_new(st, CMD_DEFINE_PROCESS, &@1); $$->attrs = $3.head; $$->threads = $5.head; }
    | DEFINE FLOWOP attrs '{' flowops '}' {
                                  $$ = cmd_new(st, CMD_DEFINE_FLOWOP, &@1); $$->attrs = $3.head; $$->flowops = $5.head; }
    | DEFINE FLOWOP attrs '{' flowops '}' attrs {
                                  $$ = cmd_new(st, CMD_DEFINE_FLOWOP, &@1); $$->attrs = $3.head; $$->flowops = $5.head;
                                  $$->attrs2 = $7.head; }
    | RUN                       { $$ = cmd_new(st, CMD_RUN, &@1); }
    | RUN runarg                { $$ = cmd_new(st, CMD_RUN, &@1); $$->value = $2; $$->has_value = true; }
    | RUN procnames             { $$ = cmd_new(st, CMD_RUN, &@1); $$->attrs = $2.head; }
    | RUN runarg procnames      { $$ = cmd_new(st, CMD_RUN, &@1); $$->value = $2; $$->has_value = true; $$->attrs = $3.head; }
    | PSRUN                     { $$ = cmd_new(st, CMD_PSRUN, &@1); }
    | PSRUN runarg              { $$ = cmd_new(st, CMD_PSRUN, &@1); $$->value = $2; $$->has_value = true; }
    | PSRUN '-' INTEGER         { $$ = cmd_new(st, CMD_PSRUN, &@1); $$->value.kind = AV_INT; $$->value.i = $3;
                                  $$->value.b = true; $$->value.loc = at(st, &@2); $$->has_value = true; }
    | PSRUN runarg runarg       { $$ = cmd_new(st, CMD_PSRUN, &@1); $$->value = $2; $$->has_value = true;
                                  $$->value2 = $3; $$->has_value2 = true; }
    | PSRUN '-' INTEGER runarg  { $$ = cmd_new(st, CMD_PSRUN, &@1); $$->value.kind = AV_INT; $$->value.i = $3;
                                  $$->value.b = true; $$->value.loc = at(st, &@2); $$->has_value = true;
                                  $$->value2 = $4; $$->has_value2 = true; }
    | CREATE FILES              { $$ = cmd_new(st, CMD_CREATE_FILES, &@1); }
    | CREATE FILESET            { $$ = cmd_new(st, CMD_CREATE_FILES, &@1); }
    | CREATE PROCESS            { $$ = cmd_new(st, CMD_CREATE_PROCESSES, &@1); }
    | STATS WORD                { $$ = cmd_new(st, CMD_STATS, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | STATS WORD STRING         { $$ = cmd_new(st, CMD_STATS, &@1); $$->word = $2; $$->word_loc = at(st, &@2);
                                  $$->strings = malloc(sizeof *$$->strings); if (!$$->strings) { free($3); ast_cmd_free($$); YYNOMEM; }
                                  $$->strings[0] = $3; $$->nstrings = 1; $$->value.loc = at(st, &@3); }
    | STATS WORD WORD           { $$ = cmd_new(st, CMD_STATS, &@1); $$->word = $2; $$->word_loc = at(st, &@2);
                                  $$->word2 = $3; $$->value.loc = at(st, &@3); }
    | VARS                      { $$ = cmd_new(st, CMD_VARS, &@1); }
    | SHUTDOWN                  { $$ = cmd_new(st, CMD_SHUTDOWN, &@1); }
    | SHUTDOWN PROCESS          { $$ = cmd_new(st, CMD_SHUTDOWN, &@1); $$->word = strdup("processes"); }
    | WARMUP runarg             { $$ = cmd_new(st, CMD_WARMUP, &@1); $$->value = $2; $$->has_value = true; }
    | FOREACH VAR WORD items '{' commands '}' {
                                  $$ = cmd_new(st, CMD_FOREACH, &@1); $$->var = $2; $$->items = $4.v; $$->nitems = $4.n;
                                  $$->body = $6.head;
                                  if (check_word(st, $3, "in", "unexpected word after 'foreach $var'", &@3) != 0) {
                                      free($3); ast_cmd_free($$); YYABORT; }
                                  free($3); }
    | FLUSH                     { $$ = cmd_new(st, CMD_FLUSH, &@1); }
    | CRITERIA RAWTEXT          { $$ = cmd_new(st, CMD_CRITERIA, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | EVENTGEN                  { $$ = cmd_new(st, CMD_EVENTGEN, &@1); }
    | EVENTGEN attrs            { $$ = cmd_new(st, CMD_EVENTGEN, &@1); $$->attrs = $2.head; }
    | ECHO_ strings             { $$ = cmd_new(st, CMD_ECHO, &@1); $$->strings = $2.v; $$->nstrings = $2.n; }
    | USAGE strings             { $$ = cmd_new(st, CMD_USAGE, &@1); $$->strings = $2.v; $$->nstrings = $2.n; }
    | USAGE                     { $$ = cmd_new(st, CMD_USAGE, &@1); }
    | SYSTEM strings            { $$ = cmd_new(st, CMD_SYSTEM, &@1); $$->strings = $2.v; $$->nstrings = $2.n; }
    | SLEEP runarg              { $$ = cmd_new(st, CMD_SLEEP, &@1); $$->value = $2; $$->has_value = true; }
    | DEBUG INTEGER             { $$ = cmd_new(st, CMD_DEBUG, &@1); $$->value.kind = AV_INT; $$->value.i = $2;
                                  $$->value.loc = at(st, &@2); $$->has_value = true; }
    | LIST                      { $$ = cmd_new(st, CMD_LIST, &@1); }
    | LIST listword             { $$ = cmd_new(st, CMD_LIST, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | LOAD WORD                 { $$ = cmd_new(st, CMD_LOAD, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | LOAD STRING               { $$ = cmd_new(st, CMD_LOAD, &@1); $$->word = ast_string_literal($2); free($2); $$->word_loc = at(st, &@2); }
    | VERSION                   { $$ = cmd_new(st, CMD_VERSION, &@1); }
    | QUIT                      { $$ = cmd_new(st, CMD_QUIT, &@1); }
    | HELP                      { $$ = cmd_new(st, CMD_HELP, &@1); }
    | HELP WORD                 { $$ = cmd_new(st, CMD_HELP, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | ENABLE WORD               { $$ = cmd_new(st, CMD_ENABLE, &@1); $$->word = $2; $$->word_loc = at(st, &@2); }
    | ENABLE WORD attrs         { $$ = cmd_new(st, CMD_ENABLE, &@1); $$->word = $2; $$->word_loc = at(st, &@2); $$->attrs = $3.head; }
    | DOMULTISYNC               { $$ = cmd_new(st, CMD_DOMULTISYNC, &@1); }
    | DOMULTISYNC attrs         { $$ = cmd_new(st, CMD_DOMULTISYNC, &@1); $$->attrs = $2.head; }
    ;

commands
    : command                   { $$.head = $$.tail = $1; }
    | commands command          { $$ = $1; $$.tail->next = $2; $$.tail = $2; }
    ;

items
    : item                      { $$.v = malloc(sizeof *$$.v); if (!$$.v) { ast_value_free(&$1); YYNOMEM; } $$.v[0] = $1; $$.n = 1; }
    | items ',' item            {
                                  struct ast_value *v = realloc($1.v, ($1.n + 1) * sizeof *v);
                                  if (!v) { ast_value_free(&$3); YYNOMEM; }
                                  $$.v = v; $$.n = $1.n + 1; $$.v[$1.n] = $3;
                                }
    ;

item
    : INTEGER                   { $$ = (struct ast_value){ .kind = AV_INT, .i = $1, .loc = at(st, &@1) }; }
    | WORD                      { $$ = value_word(st, $1, &@1); }
    | STRING                    { $$ = (struct ast_value){ .kind = AV_STRING, .s = ast_string_literal($1), .loc = at(st, &@1) }; free($1); }
    ;

procnames
    : WORD                      { $$.head = $$.tail = attr_new(st, $1, false, &@1); }
    | procnames ',' WORD        { $$ = $1; struct ast_attr *a = attr_new(st, $3, false, &@3); $$.tail->next = a; $$.tail = a; }
    ;

runarg
    : INTEGER                   { $$ = (struct ast_value){ .kind = AV_INT, .i = $1, .loc = at(st, &@1) }; }
    | VAR                       { $$ = (struct ast_value){ .kind = AV_VAR, .s = $1, .loc = at(st, &@1) }; }
    ;

listword
    : WORD                      { $$ = $1; }
    | FILESET                   { $$ = strdup("filesets"); }
    | FILE_                     { $$ = strdup("filesets"); }
    | FILES                     { $$ = strdup("filesets"); }
    | FLOWOP                    { $$ = strdup("flowops"); }
    | PROCESS                   { $$ = strdup("processes"); }
    | THREAD                    { $$ = strdup("processes"); }
    | RANDVAR                   { $$ = strdup("variables"); }
    ;

strings
    : STRING                    { $$.v = malloc(sizeof *$$.v); if (!$$.v) YYNOMEM; $$.v[0] = $1; $$.n = 1; }
    | strings STRING            {
                                  char **v = realloc($1.v, ($1.n + 1) * sizeof *v);
                                  if (!v) { free($2); YYNOMEM; }
                                  $$.v = v; $$.n = $1.n + 1; $$.v[$1.n] = $2;
                                }
    ;

expr
    : term                      { $$ = $1; }
    | expr '+' term             { $$ = expr_op('+', $1, $3, at(st, &@2)); if (too_deep(st, $$, &@2)) YYABORT; }
    | expr '-' term             { $$ = expr_op('-', $1, $3, at(st, &@2)); if (too_deep(st, $$, &@2)) YYABORT; }
    ;

term
    : factor                    { $$ = $1; }
    | term '*' factor           { $$ = expr_op('*', $1, $3, at(st, &@2)); if (too_deep(st, $$, &@2)) YYABORT; }
    | term '/' factor           { $$ = expr_op('/', $1, $3, at(st, &@2)); if (too_deep(st, $$, &@2)) YYABORT; }
    ;

factor
    : INTEGER                   { $$ = expr_leaf((struct ast_value){ .kind = AV_INT, .i = $1, .loc = at(st, &@1) }); }
    | VAR                       { $$ = expr_leaf((struct ast_value){ .kind = AV_VAR, .s = $1, .loc = at(st, &@1) }); }
    | WORD                      { $$ = expr_leaf(value_word(st, $1, &@1)); }
    | STRING                    { $$ = expr_leaf((struct ast_value){ .kind = AV_STRING, .s = ast_string_literal($1), .loc = at(st, &@1) }); free($1); }
    | '(' expr ')'              { $$ = $2; }
    ;

attrs
    : attr                      { $$.head = $$.tail = $1; }
    | attrs ',' attr            { $$ = $1; $$.tail->next = $3; $$.tail = $3; }
    ;

attr
    : WORD                      { $$ = attr_new(st, $1, false, &@1); }
    | WORD '=' value            { $$ = attr_new(st, $1, false, &@1); $$->has_value = true; $$->val = $3; }
    | WORD '=' '-' INTEGER      { negative_value(st, $1, $4, &@3); free($1); YYABORT; }
    | VAR                       { $$ = attr_new(st, $1, true, &@1); }
    | VAR '=' value             { $$ = attr_new(st, $1, true, &@1); $$->has_value = true; $$->val = $3; }
    ;

value
    : INTEGER                   { $$ = (struct ast_value){ .kind = AV_INT, .i = $1, .loc = at(st, &@1) }; }
    | WORD                      { $$ = value_word(st, $1, &@1); }
    | STRING                    { /* a $variable in it: kept raw, refused where the attribute is known (attrvals_build) */
                                  bool vars = has_dollar($1);
                                  $$ = (struct ast_value){ .kind = AV_STRING, .s = vars ? $1 : ast_string_literal($1), .loc = at(st, &@1),
                                                           .raw_vars = vars };
                                  if (!vars) free($1); }
    | VAR                       { $$ = (struct ast_value){ .kind = AV_VAR, .s = $1, .loc = at(st, &@1) }; }
    | WORD '(' buckets ')'      { if (buckets_value(st, $1, &@1, &$3, &$$) != 0) YYABORT; }
    | '{' rows '}'              {
                                  struct ast_table *t = malloc(sizeof *t);
                                  if (!t) YYNOMEM;
                                  t->rows = $2.rows; t->nrows = $2.n;
                                  $$ = (struct ast_value){ .kind = AV_TABLE, .table = t, .loc = at(st, &@1) };
                                }
    ;

rows
    : '{' tnum ',' tnum ',' tnum '}' {
                                  $$.rows = malloc(sizeof *$$.rows); if (!$$.rows) YYNOMEM;
                                  $$.rows[0][0] = $2; $$.rows[0][1] = $4; $$.rows[0][2] = $6; $$.n = 1; }
    | rows ',' '{' tnum ',' tnum ',' tnum '}' {
                                  if ($1.n >= 1000) {
                                      struct srcloc w = at(st, &@3);
                                      diag_set(st->err, &w, "randtable has too many rows (the limit is 1000)");
                                      st->failed = true;
                                      /* bison does not reclaim the symbols of the rule that aborts */
                                      for (size_t i = 0; i < $1.n; i++) for (int k = 0; k < 3; k++) ast_value_free(&$1.rows[i][k]);
                                      free($1.rows); ast_value_free(&$4); ast_value_free(&$6); ast_value_free(&$8);
                                      YYABORT;
                                  }
                                  void *r = realloc($1.rows, ($1.n + 1) * sizeof *$1.rows);
                                  if (!r) YYNOMEM;
                                  $$.rows = r; $$.n = $1.n + 1;
                                  $$.rows[$1.n][0] = $4; $$.rows[$1.n][1] = $6; $$.rows[$1.n][2] = $8; }
    ;

/* A bucket's share in BUCKET_PCT_ONE units: whole percents beyond any share (> 1000) stay too large. */
bucket_pct
    : INTEGER                   { $$ = $1 > 1000 ? 1000 * (uint64_t)BUCKET_PCT_ONE + 1 : $1 * BUCKET_PCT_ONE; }
    | PERCENT                   { $$ = $1; }
    ;

buckets
    : INTEGER ':' bucket_pct    {
                                  $$.v = malloc(sizeof *$$.v); if (!$$.v) YYNOMEM;
                                  $$.v[0] = (struct bucket_item){ $1, $3, at(st, &@1) }; $$.n = 1; }
    | buckets ',' INTEGER ':' bucket_pct {
                                  if ($1.n >= DIST_BUCKETS_MAX) {
                                      struct srcloc w = at(st, &@3);
                                      diag_set(st->err, &w, "too many buckets (the limit is %d)", DIST_BUCKETS_MAX);
                                      st->failed = true; free($1.v); YYABORT;
                                  }
                                  struct bucket_item *v = realloc($1.v, ($1.n + 1) * sizeof *v);
                                  if (!v) { free($1.v); YYNOMEM; }
                                  $$.v = v; $$.n = $1.n + 1; $$.v[$1.n] = (struct bucket_item){ $3, $5, at(st, &@3) }; }
    ;

tnum
    : INTEGER                   { $$ = (struct ast_value){ .kind = AV_INT, .i = $1, .loc = at(st, &@1) }; }
    | VAR                       { $$ = (struct ast_value){ .kind = AV_VAR, .s = $1, .loc = at(st, &@1) }; }
    ;

threads
    : thread                    { $$.head = $$.tail = $1; }
    | threads thread            { $$ = $1; $$.tail->next = $2; $$.tail = $2; }
    ;

thread
    : THREAD attrs '{' flowops '}' {
                                  $$ = calloc(1, sizeof *$$); if (!$$) YYNOMEM;
                                  $$->attrs = $2.head; $$->flowops = $4.head; $$->loc = at(st, &@1); }
    ;

flowops
    : flowop                    { $$.head = $$.tail = $1; }
    | flowops flowop            { $$ = $1; $$.tail->next = $2; $$.tail = $2; }
    ;

flowop
    : FLOWOP WORD               { $$ = calloc(1, sizeof *$$); if (!$$) YYNOMEM;
                                  $$->type = $2; $$->type_loc = at(st, &@2); $$->loc = at(st, &@1); }
    | FLOWOP WORD attrs         { $$ = calloc(1, sizeof *$$); if (!$$) YYNOMEM;
                                  $$->type = $2; $$->type_loc = at(st, &@2); $$->loc = at(st, &@1); $$->attrs = $3.head; }
    ;

%%

static struct srcloc at(const struct lex_state *st, const YYLTYPE *l)
{
    return (struct srcloc){ st->file, l->first_line, l->first_column };
}

static struct ast_cmd *cmd_new(struct lex_state *st, enum ast_cmd_kind kind, const YYLTYPE *l)
{
    struct ast_cmd *c = calloc(1, sizeof *c);
    if (c == NULL) {
        fprintf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    c->kind = kind;
    c->loc = at(st, l);
    return c;
}

static void cmd_append(struct lex_state *st, struct ast_cmd *c)
{
    *st->tail = c;
    st->tail = &c->next;
}

static struct ast_attr *attr_new(struct lex_state *st, char *name, bool local, const YYLTYPE *l)
{
    struct ast_attr *a = calloc(1, sizeof *a);
    if (a == NULL) {
        fprintf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    a->name = name;
    a->is_local = local;
    a->loc = at(st, l);
    a->val = (struct ast_value){ .kind = AV_BOOL, .b = true, .loc = a->loc };
    return a;
}

static struct ast_value value_word(struct lex_state *st, char *w, const YYLTYPE *l)
{
    struct ast_value v = { .kind = AV_WORD, .s = w, .loc = at(st, l) };
    if (strcmp(w, "true") == 0 || strcmp(w, "false") == 0) {
        v.kind = AV_BOOL;
        v.b = w[0] == 't';
        v.s = NULL;
        free(w);
    }
    return v;
}

static struct ast_expr *expr_leaf(struct ast_value v)
{
    struct ast_expr *e = calloc(1, sizeof *e);
    if (e == NULL) {
        fprintf(stderr, "flowbench: error: out of memory\n");
        exit(2);
    }
    e->leaf = v;
    e->loc = v.loc;
    return e;
}

static struct ast_expr *expr_op(char op, struct ast_expr *a, struct ast_expr *b, struct srcloc loc)
{
    struct ast_expr *e = expr_leaf((struct ast_value){ .kind = AV_INT });
    e->op = op;
    e->lhs = a;
    e->rhs = b;
    e->loc = loc;
    e->depth = 1 + (a->depth > b->depth ? a->depth : b->depth);
    return e;
}

static void expr_free(struct ast_expr *e)
{
    struct ast_value v = { .kind = AV_EXPR, .expr = e };
    ast_value_free(&v);
}

static int check_word(struct lex_state *st, const char *got, const char *want, const char *ctx, const YYLTYPE *l)
{
    if (strcmp(got, want) == 0)
        return 0;
    struct srcloc w = at(st, l);
    diag_set(st->err, &w, "%s '%s'; expected '%s'", ctx, got, want);
    st->failed = true;
    return -1;
}

/* word(...) as a value: only buckets(size:percent, ...), made into its
 * distribution now so a bad list is an error at the bucket at fault.
 * Takes word and the list's storage. */
static int buckets_value(struct lex_state *st, char *word, const YYLTYPE *wl, struct bucketlist *b, struct ast_value *out)
{
    struct srcloc w = at(st, wl);
    int rc = -1;
    struct buckets_spec *spec = calloc(1, sizeof *spec);
    struct dist *d = calloc(1, sizeof *d);
    if (spec == NULL || d == NULL) {
        diag_set(st->err, &w, "out of memory");
    } else if (strcmp(word, "buckets") != 0) {
        diag_set(st->err, &w, "unknown '%s(...)' value: the only one is buckets(size:percent, ...)", word);
    } else {
        spec->n = b->n;
        for (size_t i = 0; i < b->n; i++)
            spec->rows[i] = (struct bucket_row){ b->v[i].size, b->v[i].pct };
        size_t bad;
        rc = buckets_init(d, spec, &bad, st->err);
        if (rc != 0)
            diag_locate(st->err, bad < b->n ? &b->v[bad].loc : &w);
    }
    if (rc == 0) {
        *out = (struct ast_value){ .kind = AV_DIST, .dist = d, .loc = w };
        d = NULL;
    }
    st->failed = st->failed || rc != 0;
    free(d);
    free(spec);
    free(b->v);
    free(word);
    return rc;
}

/* attr=-N: no attribute takes a negative number; said here, where the '-' stands. */
static int negative_value(struct lex_state *st, const char *attr, uint64_t n, const YYLTYPE *l)
{
    struct srcloc w = at(st, l);
    diag_set(st->err, &w, "%s=-%llu: %s takes no negative number", attr, (unsigned long long)n, attr);
    st->failed = true;
    return -1;
}

static int cmd_mode(struct lex_state *st, struct ast_cmd *c, const char *w, const YYLTYPE *l)
{
    return check_word(st, w, "mode", "unexpected word after 'set'", l);
}

/* `set WORD VALUE`: the settings the language has, each its command. */
static int cmd_setting(struct lex_state *st, struct ast_cmd *c, const char *w, const YYLTYPE *l)
{
    static const struct { const char *word; enum ast_cmd_kind kind; } settings[] = {
        { "mode", CMD_SET_MODE }, { "steadystate", CMD_SET_STEADY },
    };
    for (size_t i = 0; i < sizeof settings / sizeof settings[0]; i++)
        if (strcmp(w, settings[i].word) == 0) {
            c->kind = settings[i].kind;
            return 0;
        }
    struct srcloc at_w = at(st, l);
    diag_set(st->err, &at_w, "unexpected word after 'set' '%s'; expected 'mode' or 'steadystate'", w);
    st->failed = true;
    return -1;
}

static void yyerror(YYLTYPE *loc, yyscan_t scanner, struct lex_state *st, const char *msg)
{
    if (st->failed)
        return;
    struct srcloc w = at(st, loc);
    if (strcmp(msg, "memory exhausted") == 0)
        msg = "nested too deeply (the parser's stack is full)";
    diag_set(st->err, &w, "%s", msg);
    st->failed = true;
}

static int yyreport_syntax_error(const yypcontext_t *ctx, yyscan_t scanner, struct lex_state *st)
{
    if (st->failed)
        return 0;
    yysymbol_kind_t tok = yypcontext_token(ctx);
    const YYLTYPE *loc = yypcontext_location(ctx);
    struct srcloc w = at(st, loc);
    st->failed = true;
    if (tok == YYSYMBOL_YYEOF) {
        st->incomplete = true;
        w.line = st->end_line ? st->end_line : w.line;
        w.col = st->end_line ? st->end_col : w.col;
        diag_set(st->err, &w, "unexpected end of input (an unfinished command or a missing '}')");
        return 0;
    }
    yysymbol_kind_t expected[8];
    int n = yypcontext_expected_tokens(ctx, expected, 8);
    bool at_command = false;
    for (int i = 0; i < n; i++)
        if (expected[i] == YYSYMBOL_SET || expected[i] == YYSYMBOL_DEFINE)
            at_command = true;
    if (n == 0)
        at_command = true; /* more than 8 choices: only the command position has that many */
    if (at_command && tok == YYSYMBOL_WORD) {
        const char *hint = lex_closest_command(st->last_text);
        if (hint != NULL)
            diag_set(st->err, &w, "unknown command '%s'; did you mean '%s'?", st->last_text, hint);
        else
            diag_set(st->err, &w, "unknown command '%s' (try 'help')", st->last_text);
        return 0;
    }
    char buf[512];
    int len = snprintf(buf, sizeof buf, "unexpected %s", yysymbol_name(tok));
    if (tok == YYSYMBOL_WORD || tok == YYSYMBOL_INTEGER || tok == YYSYMBOL_VAR)
        len += snprintf(buf + len, sizeof buf - (size_t)len, " '%s'", st->last_text);
    if (n > 0 && !at_command) {
        len += snprintf(buf + len, sizeof buf - (size_t)len, ", expected ");
        for (int i = 0; i < n && len < (int)sizeof buf - 40; i++)
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%s", i ? " or " : "", yysymbol_name(expected[i]));
    }
    diag_set(st->err, &w, "%s", buf);
    return 0;
}
