/* op_buffer.c: a flowop's own I/O buffer, made before the run for fixed
 * sizes and grown only when a drawn size exceeds every earlier one. */
#include <stdlib.h>
#include <string.h>

#include "base/data.h"
#include "engine/worker.h"

char *op_buffer_grow(struct op_inst *op, size_t need)
{
    /* Only when a random iosize exceeds every earlier one: grows geometrically. */
    size_t size = op->bufsize ? op->bufsize : 4096;
    while (size < need)
        size *= 2;
    free(op->buf);
    if (posix_memalign((void **)&op->buf, op->dio_align > 4096 ? op->dio_align : 4096, size) != 0) {
        op->buf = NULL;
        op->bufsize = 0;
        return NULL;
    }
    memset(op->buf, 0, size);
    op->bufsize = size;
    return op->buf;
}

char *op_write_buffer_grow(struct worker *w, struct op_inst *op, size_t need)
{
    char *p = op_buffer_grow(op, need);
    if (p != NULL)
        data_fill(&op->op->data, &w->data_rng, p, op->bufsize);
    return p;
}
