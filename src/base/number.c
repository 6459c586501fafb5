/* number.c: whole decimal numbers read strictly, for options, profile settings,
 * numbers written as strings and CPU lists alike (number.h). */
#include "base/number.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

const char *number_scan(const char *text, uint64_t *out)
{
    if (!isdigit((unsigned char)text[0]))
        return NULL;   /* strtoull would skip spaces and take a sign */
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno != 0)
        return NULL;
    *out = n;
    return end;
}

bool number_parse(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t n;
    const char *end = number_scan(text, &n);
    if (end == NULL || *end != '\0' || n < min || n > max)
        return false;
    *out = n;
    return true;
}
