/* test_json_writer.c: the one JSON writer at its edges: NaN and infinities as
 * null, huge and tiny magnitudes that read back exactly, deep nesting that stays
 * balanced or fails the writer, and strings that are not UTF-8; each document
 * read back with json-c. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report/json_writer.h"
#include "check.h"

/* A check with what it is about and a detail (the text written, mostly). */
#define CHECK_SAID(ok, what, detail) CHECK(ok, "%s: %s", what, detail)

/* A document being written into memory. */
struct doc {
    char *text;
    size_t len;
    struct jw w;
};

static void doc_open(struct doc *d)
{
    memset(d, 0, sizeof *d);
    d->w.f = open_memstream(&d->text, &d->len);
    if (d->w.f == NULL) {
        perror("open_memstream");
        exit(1);
    }
}

/* Ends the document; its jw_end result. The text stays in d->text. */
static int doc_close(struct doc *d)
{
    int rc = jw_end(&d->w);
    int e = errno;
    fclose(d->w.f);
    errno = e;
    return rc;
}

static void test_numbers(void)
{
    static const struct {
        const char *key;
        double v;
    } exact[] = {
        { "big63", 1e63 },   { "big64", -1.2345678901234567e64 }, { "huge", 1.7976931348623157e308 },
        { "e15", 1e15 },     { "quarter", 123.25 },    { "neg", -0.5 },
        { "just_below", 999999999999999.0 },
    };
    struct doc d;
    doc_open(&d);
    jw_open(&d.w, NULL, '{', false);
    jw_num(&d.w, "nan", NAN, 3);
    jw_num(&d.w, "inf", INFINITY, 3);
    jw_num(&d.w, "minus_inf", -INFINITY, 0);
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        jw_num(&d.w, exact[i].key, exact[i].v, 3);
    jw_num(&d.w, "rounded", 2.0 / 3.0, 2);
    jw_close(&d.w, '}');
    CHECK_SAID(doc_close(&d) == 0, "numbers: jw_end", d.text);
    json_object *o = json_tokener_parse(d.text), *v;
    CHECK_SAID(o != NULL, "numbers: valid JSON", d.text);
    if (o == NULL) {
        free(d.text);
        return;
    }
    static const char *const nulls[] = { "nan", "inf", "minus_inf" };
    for (size_t i = 0; i < 3; i++)
        CHECK_SAID(json_object_object_get_ex(o, nulls[i], &v) && v == NULL, nulls[i], "not written as null");
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++) {
        char detail[160];
        double got = json_object_object_get_ex(o, exact[i].key, &v) ? json_object_get_double(v) : NAN;
        snprintf(detail, sizeof detail, "read back %.17g, wrote %.17g", got, exact[i].v);
        CHECK_SAID(got == exact[i].v, exact[i].key, detail);
    }
    CHECK_SAID(strstr(d.text, "\"rounded\": 0.67") != NULL, "rounded to 2 places", d.text);
    json_object_put(o);
    free(d.text);
}

/* depth containers, objects at even levels and arrays at odd ones, each with
 * a member before and after the next; the innermost holds the number 7. */
static int nest(struct doc *d, int depth)
{
    doc_open(d);
    for (int i = 0; i < depth; i++) {
        jw_open(&d->w, i % 2 ? "a" : NULL, i % 2 ? '[' : '{', i % 3 == 2);
        jw_u64(&d->w, i % 2 ? NULL : "before", (uint64_t)i);
    }
    jw_u64(&d->w, depth % 2 ? "v" : NULL, 7);
    for (int i = depth; i-- > 0;) {
        jw_close(&d->w, i % 2 ? ']' : '}');
        if (i > 0)
            jw_bool(&d->w, i % 2 ? "after" : NULL, true);
    }
    return doc_close(d);
}

static size_t count(const char *s, char c)
{
    size_t n = 0;
    for (; *s; s++)
        n += *s == c;
    return n;
}

static void test_nesting(void)
{
    struct doc d;
    char what[64];
    static const int ok_depths[] = { 1, 16, 17, 40, JW_DEPTH - 1 };
    for (size_t k = 0; k < sizeof ok_depths / sizeof ok_depths[0]; k++) {
        int depth = ok_depths[k];
        snprintf(what, sizeof what, "nesting %d: jw_end", depth);
        CHECK_SAID(nest(&d, depth) == 0, what, "failed");
        snprintf(what, sizeof what, "nesting %d: balanced", depth);
        CHECK_SAID(count(d.text, '{') == count(d.text, '}') && count(d.text, '[') == count(d.text, ']') &&
                  count(d.text, '{') + count(d.text, '[') == (size_t)depth,
              what, d.text);
        snprintf(what, sizeof what, "nesting %d: valid JSON", depth);
        struct json_tokener *t = json_tokener_new_ex(JW_DEPTH + 8);
        json_object *o = json_tokener_parse_ex(t, d.text, (int)d.len);
        CHECK_SAID(o != NULL, what, d.text);
        json_object_put(o);
        json_tokener_free(t);
        free(d.text);
    }
    /* Deeper than the writer can track: refused, not a broken document. */
    errno = 0;
    int rc = nest(&d, JW_DEPTH + 5);
    int e = errno;
    CHECK_SAID(rc == -1 && e == EOVERFLOW, "nesting past JW_DEPTH fails with EOVERFLOW", d.text);
    CHECK_SAID(count(d.text, '{') + count(d.text, '[') < JW_DEPTH, "nothing written past the limit", "more");
    free(d.text);
    /* A container left open is no document either. */
    doc_open(&d);
    jw_open(&d.w, NULL, '{', false);
    errno = 0;
    rc = doc_close(&d);
    CHECK_SAID(rc == -1 && errno == EINVAL, "an open container fails jw_end", d.text);
    free(d.text);
}

static void test_strings(void)
{
    struct doc d;
    doc_open(&d);
    jw_open(&d.w, NULL, '[', true);
    jw_str(&d.w, NULL, "bad \xff byte, quote \" tab \t nul-ish \x01 \xc3\xa9");
    jw_str(&d.w, NULL, NULL);
    jw_null(&d.w, NULL);
    jw_bool(&d.w, NULL, true);
    jw_close(&d.w, ']');
    CHECK_SAID(doc_close(&d) == 0, "strings: jw_end", d.text);
    json_object *o = json_tokener_parse(d.text);
    CHECK_SAID(o != NULL && json_object_array_length(o) == 4, "strings: valid JSON of 4 items", d.text);
    if (o != NULL) {
        const char *s = json_object_get_string(json_object_array_get_idx(o, 0));
        CHECK_SAID(strcmp(s, "bad \xef\xbf\xbd byte, quote \" tab \t nul-ish \x01 \xc3\xa9") == 0, "strings: round trip", s);
        CHECK_SAID(json_object_array_get_idx(o, 1) == NULL && json_object_array_get_idx(o, 2) == NULL, "strings: nulls",
              d.text);
    }
    json_object_put(o);
    free(d.text);
}

int main(void)
{
    test_numbers();
    test_nesting();
    test_strings();
    return check_summary();
}
