/* trace_fds.h: the descriptor tables of a trace's processes, as the compile
 * walks its calls in time order: what each descriptor refers to (an open file
 * description, shared by dups and by a forked child's copy), which replay slot
 * holds it, and the offset the trace moved it to. A table holds its open
 * descriptors only (hashed by number), so its size follows what the trace
 * keeps open, never the largest number it names. */
#ifndef FB_TRACE_FDS_H
#define FB_TRACE_FDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model/replay_image.h"

/* An open file description. */
struct fd_desc {
    uint32_t path, flags, mode;
    uint64_t pos;            /* its offset, as the trace's reads, writes and seeks moved it */
    bool shared;             /* by two processes: each replays its reads and writes at the traced offset */
};

/* A descriptor of one traced process. */
struct fd_ent {
    int32_t fd;              /* its number in the trace */
    int32_t desc;            /* -1: an empty bucket */
    int32_t slot;            /* its replay slot (-1: not opened in this process's replay yet) */
    bool cloexec;
    bool inherited;          /* a fork's copy, opened in the child's replay at its first use */
    uint32_t dep_thread, dep_seq; /* that fork: the parent's thread and its index there */
    uint32_t org_thread, org_seq; /* the first fork it crossed (a grandparent's): its file exists by then */
};

/* Open-addressed (linear probing); cap a power of two, or 0 while nothing was opened. */
struct fd_table {
    struct fd_ent *v;
    uint32_t cap, count;
    uint32_t nslots;         /* replay slots the process's opens took so far */
};

struct trace_fds {
    struct fd_table *procs;
    uint32_t nprocs;
    struct fd_desc *descs;
    uint32_t ndescs, capdescs;
};

int fds_init(struct trace_fds *f, uint32_t nprocs);
void fds_free(struct trace_fds *f);
/* Process p's open descriptor fd, or NULL (not open). Valid until p's table next changes. */
struct fd_ent *fds_at(struct trace_fds *f, uint32_t p, int32_t fd);
/* fd of p (>= 0) now refers to a new description (open) or to desc (dup); its slot, or -1 out of memory. */
int32_t fds_open(struct trace_fds *f, uint32_t p, int32_t fd, const struct rp_rec *r);
/* flags: O_CLOEXEC or 0, as dup3 and F_DUPFD_CLOEXEC set it */
int32_t fds_dup(struct trace_fds *f, uint32_t p, int32_t fd, int32_t desc, uint32_t flags);
void fds_close(struct trace_fds *f, uint32_t p, int32_t fd);
/* The child's table becomes a copy of the parent's, each entry waiting on the fork (parent's thread, index). */
int fds_fork(struct trace_fds *f, uint32_t parent, uint32_t child, uint32_t dep_thread, uint32_t dep_seq);
/* fcntl(F_SETFD): fd of p is close-on-exec or not (flags O_CLOEXEC or 0). */
void fds_setfd(struct trace_fds *f, uint32_t p, int32_t fd, uint32_t flags);
/* exec closes the descriptors marked close-on-exec; -1 out of memory. */
int fds_exec(struct trace_fds *f, uint32_t p);
/* A read, write or seek on e: moves its description's offset; on a shared one, r gets the traced offset. */
void fds_move(struct trace_fds *f, const struct fd_ent *e, struct rp_rec *r);

/* Traced pids (or tids) in the order first seen, hashed: a process's index (its table's) by its pid in
 * constant time, so that a trace of many pids costs what it holds. */
struct trace_ids {
    int32_t *v;              /* by index */
    size_t n, cap;
    uint32_t *slot;          /* index + 1 (0: an empty bucket); scap a power of two, at most half full */
    size_t scap;
};
/* v's index, or -1. */
int64_t trace_ids_find(const struct trace_ids *s, int32_t v);
/* v's index, given the next when new; -1 out of memory. */
int64_t trace_ids_add(struct trace_ids *s, int32_t v);
void trace_ids_free(struct trace_ids *s);

#endif
