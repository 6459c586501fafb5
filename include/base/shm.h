/* shm.h: the memory shared by the master and its worker processes. It is mapped
 * before fork and holds no pointers: everything in it is addressed by offset. */
#ifndef FB_SHM_H
#define FB_SHM_H

#include <stddef.h>
#include <stdint.h>

struct shm {
    void *base;    /* mapped before fork, so every process sees it at this address */
    size_t size;
    size_t used;   /* bump allocator while the run is being laid out */
};

int shm_map(struct shm *s, size_t size);
void shm_unmap(struct shm *s);
/* Reserves len bytes aligned to 64 (a cache line) and returns their offset. */
size_t shm_reserve(struct shm *s, size_t len);
static inline void *shm_at(const struct shm *s, size_t off) { return (char *)s->base + off; }

#endif
