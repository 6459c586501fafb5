/* nameidx.h: an open-addressing index from names to positions in an array, so
 * scripts with hundreds of thousands of variables or filesets are checked fast. */
#ifndef FB_NAMEIDX_H
#define FB_NAMEIDX_H

#include <stddef.h>
#include <stdint.h>

struct nameidx {
    size_t *slots; /* position + 1; 0 = empty */
    size_t nslots; /* a power of two, at least twice the number of names */
};

/* FNV-1a of a name: the index's hash, also used to seed per-fileset streams. */
uint64_t name_hash(const char *s);

/* name_of(base, i) gives the name at position i of the indexed array. */
typedef const char *(*nameidx_name_fn)(const void *base, size_t i);

/* Position of name, or (size_t)-1. */
size_t nameidx_find(const struct nameidx *x, const void *base, nameidx_name_fn name_of, const char *name);
/* Records that position n-1 (the newest of n names) holds its name; -1 when out of memory. */
int nameidx_add(struct nameidx *x, const void *base, nameidx_name_fn name_of, size_t n);
void nameidx_free(struct nameidx *x);

#endif
