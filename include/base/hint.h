/* hint.h: "did you mean ...?" suggestions for misspelled names. */
#ifndef FB_HINT_H
#define FB_HINT_H

#include <stddef.h>

/* Returns the candidate closest to word (by edit distance, at most a third of
 * its length), or NULL. Candidates are a NULL-terminated array. */
const char *hint_closest(const char *word, const char *const *candidates);
/* Same, for candidates laid out as the first member (a const char *name) of
 * each element of an array of structs of size stride. */
const char *hint_closest_in(const char *word, const void *base, size_t n, size_t stride);

#endif
