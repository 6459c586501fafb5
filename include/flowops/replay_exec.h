/* replay_exec.h: re-issuing one traced call beneath the replay's directory,
 * a function per call (src/flowops/replay_exec.c). */
#ifndef FB_REPLAY_EXEC_H
#define FB_REPLAY_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "model/replay_image.h"

/* What a call works with: the directory, its process's descriptor slots, a buffer. */
struct rp_ctx {
    int root;
    int32_t *slots;
    uint32_t nslots;
    char *buf;
    size_t bufsize;
    const struct rp_image *im;
};

/* Issues r; returns its result (>= 0) or -errno, and the bytes it moved in *bytes. */
int64_t rp_exec(struct rp_ctx *c, const struct rp_rec *r, uint64_t *bytes);

#endif
