/* json_writer.h: a small pretty-printing JSON writer (escaped UTF-8, finite
 * numbers) shared by the run's --json and the campaign's summary.json. */
#ifndef FB_JSON_WRITER_H
#define FB_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define JW_DEPTH 16

/* A small pretty-printing writer: nested containers, one member per line
 * unless the container was opened inline. */
struct jw {
    FILE *f;
    int depth;
    bool first[JW_DEPTH];
    bool inl[JW_DEPTH];
};

/* A JSON string; bytes that are not UTF-8 become U+FFFD. */
void jw_string(FILE *f, const char *s);
/* Separator, indentation and key before a member (key NULL in arrays). */
void jw_member(struct jw *w, const char *key);
/* Opens an object ('{') or array ('['); inline ones stay on one line. */
void jw_open(struct jw *w, const char *key, char c, bool inl);
void jw_close(struct jw *w, char c);
void jw_str(struct jw *w, const char *key, const char *s);
void jw_u64(struct jw *w, const char *key, uint64_t v);
/* A number with decimals places (0 when not finite). */
void jw_num(struct jw *w, const char *key, double v, int decimals);
void jw_bool(struct jw *w, const char *key, bool b);

#endif
