/* number.h: whole decimal numbers read strictly: digits only (no sign, no
 * space), no overflow, the whole text or a known prefix of it. */
#ifndef FB_NUMBER_H
#define FB_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

/* The whole number at the start of text, digits only: the first character
 * after it, or NULL when text does not start with a digit or overflows. */
const char *number_scan(const char *text, uint64_t *out);
/* text is exactly a whole number from min to max: true and *out set. */
bool number_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out);

#endif
