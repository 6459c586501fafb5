/* duration.c: reading a length of time with an optional unit (duration.h). */
#include <string.h>

#include "base/duration.h"
#include "base/number.h"

/* The units a length may carry; a bare number is seconds. */
static const struct {
    const char *suffix;
    uint64_t ns;
} units[] = { { "", 1000000000ull }, { "ms", 1000000ull }, { "s", 1000000000ull },
              { "m", 60 * 1000000000ull }, { "h", 3600 * 1000000000ull } };

bool duration_parse(const char *text, uint64_t min_ns, uint64_t max_ns, uint64_t *ns)
{
    uint64_t n;
    const char *rest = number_scan(text, &n);
    if (rest == NULL)
        return false;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(rest, units[i].suffix) != 0)
            continue;
        if (n > max_ns / units[i].ns)
            return false;
        *ns = n * units[i].ns;
        return *ns >= min_ns && *ns <= max_ns;
    }
    return false;
}
