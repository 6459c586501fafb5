/* grow.c: room for one more element at the end of a doubling array (grow.h). */
#include "base/grow.h"

#include <stdint.h>
#include <stdlib.h>

void *grow_room(void *v, size_t *cap, size_t n, size_t size, size_t first)
{
    if (n < *cap)
        return v;
    size_t want = *cap ? *cap * 2 : first;
    if (want <= n || want > SIZE_MAX / size)
        return NULL;
    void *p = realloc(v, want * size);
    if (p == NULL)
        return NULL;
    *cap = want;
    return p;
}
