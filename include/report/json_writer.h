/* json_writer.h: the pretty-printing JSON writer of every JSON flowbench writes
 * (--json, summary.json, compare --json): escaped UTF-8, numbers exact or null. */
#ifndef FB_JSON_WRITER_H
#define FB_JSON_WRITER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Containers nest this deep at most; a deeper jw_open fails the writer. */
#define JW_DEPTH 256

/* A small pretty-printing writer: nested containers, one member per line
 * unless the container was opened inline. Zero it and set f to start. */
struct jw {
    FILE *f;
    int depth;
    bool failed;            /* nested too deep: nothing more is written */
    bool first[JW_DEPTH];
    bool inl[JW_DEPTH];
};

/* Opens an object ('{') or array ('['); inline ones stay on one line. */
void jw_open(struct jw *w, const char *key, char c, bool inl);
void jw_close(struct jw *w, char c);
void jw_str(struct jw *w, const char *key, const char *s);
void jw_u64(struct jw *w, const char *key, uint64_t v);
/* A number rounded to decimals places (at most 20); null when not finite
 * (NaN, infinities). Magnitudes of 1e15 and more, where places mean nothing,
 * in the shortest exponent form that reads back as the same double. */
void jw_num(struct jw *w, const char *key, double v, int decimals);
/* A number in full: the shortest form that reads back as the same double; null when not finite. */
void jw_exact(struct jw *w, const char *key, double v);
void jw_bool(struct jw *w, const char *key, bool b);
void jw_null(struct jw *w, const char *key);
/* After the last close: 0 when the document is whole (every container closed,
 * none too deep) and written (a final newline added), else -1 with errno set
 * (EOVERFLOW when nested past JW_DEPTH, EINVAL when left open, EIO on error). */
int jw_end(struct jw *w);

#endif
