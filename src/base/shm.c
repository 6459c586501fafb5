/* shm.c: mapping the run's shared region and laying it out by offsets. */
#include "base/shm.h"

#include <sys/mman.h>

int shm_map(struct shm *s, size_t size)
{
    size = (size + 4095) & ~(size_t)4095;
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return -1;
    s->base = p;
    s->size = size;
    s->used = 0;
    return 0;
}

void shm_unmap(struct shm *s)
{
    if (s->base != NULL)
        munmap(s->base, s->size);
    s->base = NULL;
    s->size = 0;
}

size_t shm_reserve(struct shm *s, size_t len)
{
    size_t off = (s->used + 63) & ~(size_t)63;
    s->used = off + len;
    return off;
}
