/* tree_findings.c: the lines verify-tree prints, one per error it finds:
 * the file, the block or blocks, what the journal promised, what is there. */
#include "fileset/tree_parts.h"

#include <inttypes.h>

void tv_say_torn(const struct file_check *c, uint64_t off, const char *why, uint64_t durable)
{
    fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": torn (%s); expected generation %" PRIu64 "%s\n", c->root,
            c->e->rel, off, why, durable, durable ? "" : " (none promised)");
}

void tv_say_lost(const struct file_check *c, uint64_t off, uint64_t gen, const char *found)
{
    fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": lost durable write: expected generation %" PRIu64
            ", found %s\n", c->root, c->e->rel, off, gen, found);
}

void tv_say_lost_base(const struct file_check *c, uint64_t off, const char *found)
{
    fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": lost durable data: the file held %" PRIu64 " bytes when the "
            "run began (durable then), found %s\n", c->root, c->e->rel, off, c->e->base, found);
}

/* One line for a stretch past the end of the file (s starts there): blocks cost no line each. */
void tv_say_lost_past_end(const struct file_check *c, const struct tv_segment *s)
{
    uint64_t from = s->start, n = (s->end - from) / VB_BLOCK;
    if (n == 1)
        fprintf(c->out, "%s/%s: block at offset %" PRIu64 ": ", c->root, c->e->rel, from);
    else
        fprintf(c->out, "%s/%s: blocks at offsets %" PRIu64 "..%" PRIu64 " (%" PRIu64 " blocks): ", c->root, c->e->rel,
                from, s->end - VB_BLOCK, n);
    if (s->durable != 0)
        fprintf(c->out, "lost durable write: expected generation %" PRIu64, s->durable);
    else
        fprintf(c->out, "lost durable data: the file held %" PRIu64 " bytes when the run began (durable then)",
                c->e->base);
    fprintf(c->out, ", found none (past the end of the file, %" PRIu64 " bytes)\n", c->size);
}

void tv_say_create_missing_at_start(const struct file_check *c)
{
    fprintf(c->out, "%s/%s: durable create missing: the file was durable when the run began (%" PRIu64
            " bytes) and no delete of it was journaled\n", c->root, c->e->rel, c->e->base);
}

void tv_say_create_missing_dirsync(const struct file_check *c)
{
    fprintf(c->out, "%s/%s: durable create missing: a directory sync made its create (stamp %" PRIu64
            ") durable and no later delete of it was journaled\n", c->root, c->e->rel, c->e->durable_create);
}

void tv_say_delete_present(const struct file_check *c)
{
    fprintf(c->out, "%s/%s: durable delete present: a directory sync made its delete (stamp %" PRIu64
            ") durable and no later create of it was journaled\n", c->root, c->e->rel, c->e->durable_delete);
}
