/* grow.h: room for one more element at the end of an array that doubles as it
 * fills: the helper for a list that grows one element at a time (many older
 * lists still call realloc themselves; new code uses this). */
#ifndef FB_GROW_H
#define FB_GROW_H

#include <stddef.h>

/* The array v (n elements of size bytes used, *cap allocated) with room for
 * element n: v itself while it has room, else moved to twice its capacity
 * (first when it had none), *cap updated. NULL when out of memory (or the size
 * would overflow): v is then untouched and still the caller's. */
void *grow_room(void *v, size_t *cap, size_t n, size_t size, size_t first);

#endif
