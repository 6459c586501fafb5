/* nameidx.c: the name index behind the variable table and the model's filesets. */
#include "base/nameidx.h"

#include <stdlib.h>
#include <string.h>

uint64_t name_hash(const char *s)
{
    uint64_t h = 14695981039346656037u; /* FNV-1a */
    for (; *s != '\0'; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}

static size_t hash(const char *s)
{
    return (size_t)name_hash(s);
}

size_t nameidx_find(const struct nameidx *x, const void *base, nameidx_name_fn name_of, const char *name)
{
    if (x->nslots == 0)
        return (size_t)-1;
    for (size_t i = hash(name) & (x->nslots - 1);; i = (i + 1) & (x->nslots - 1)) {
        if (x->slots[i] == 0)
            return (size_t)-1;
        if (strcmp(name_of(base, x->slots[i] - 1), name) == 0)
            return x->slots[i] - 1;
    }
}

static void place(size_t *slots, size_t nslots, const char *name, size_t pos)
{
    size_t i = hash(name) & (nslots - 1);
    while (slots[i] != 0)
        i = (i + 1) & (nslots - 1);
    slots[i] = pos + 1;
}

int nameidx_add(struct nameidx *x, const void *base, nameidx_name_fn name_of, size_t n)
{
    if (2 * n > x->nslots) {
        size_t nslots = x->nslots ? x->nslots * 2 : 64;
        size_t *slots = calloc(nslots, sizeof *slots);
        if (slots == NULL)
            return -1;
        for (size_t k = 0; k + 1 < n; k++)
            place(slots, nslots, name_of(base, k), k);
        free(x->slots);
        x->slots = slots;
        x->nslots = nslots;
    }
    place(x->slots, x->nslots, name_of(base, n - 1), n - 1);
    return 0;
}

void nameidx_free(struct nameidx *x)
{
    free(x->slots);
    x->slots = NULL;
    x->nslots = 0;
}
