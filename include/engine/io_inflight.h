/* io_inflight.h: the worker's side of its I/O engines: set-up of each op's
 * engine and requests, completions, reaping, draining, tear-down. The
 * per-op fast path built on these is in op_io.h. */
#ifndef FB_ENGINE_IO_INFLIGHT_H
#define FB_ENGINE_IO_INFLIGHT_H

#include "engine/worker.h"

/* Before the start barrier: the op's engine (the thread's instance, made on
 * first use at the deepest iodepth of its flowops) and its requests. An enum
 * fo_rc; an engine the kernel refuses is an error that says so. */
int op_io_init(struct worker *w, struct op_inst *op);
void op_io_fini(struct op_inst *op);
/* Completes every request in flight on the thread's engines: before a flowop
 * that does not go through them (closefile must not race a read) and when
 * the thread ends. */
int op_io_drain(struct worker *w);
/* Sends what the thread's engines queued, each request timed from now: its
 * service time starts when it reaches the kernel, as fio's issue time does.
 * sender: an engine whose reap, about to follow, sends its own (IOE_REAP_SENDS), else NULL. */
void op_io_commit_all(struct worker *w, const struct ioengine *sender);
/* Reaps from engine e at least min completions (capped at what is in
 * flight), each made an op; when stop_ok, a wait a signal interrupts while
 * the run is stopping gives up with FO_DONE. */
int op_io_reap(struct worker *w, struct ioengine *e, unsigned min, bool stop_ok);
/* Waits until none of the op's requests is in flight. */
int op_io_quiesce_own(struct worker *w, struct op_inst *op);
/* Gives a request back to its op's ring. */
void op_io_release(struct op_inst *op, struct io_req *r);
/* A request's own buffer of len bytes (with room for directio alignment),
 * laid with the op's data pattern when it writes; NULL when out of memory. */
char *op_io_buffer_alloc(struct worker *w, struct op_inst *op, size_t len);
/* A free request of the op's ring, waiting for one of its own to complete
 * when all are in flight; NULL when the run ended (FO_ERROR or FO_DONE in *rc). */
struct io_req *op_io_wait_free(struct worker *w, struct op_inst *op, int *rc);
/* The buffer of an asynchronous request, grown (out of line) for len bytes. */
char *op_io_req_buffer(struct worker *w, struct op_inst *op, struct io_req *r, size_t len);
/* What a completed request means for its op: its statistics, its slot's
 * offset, its error; t1 an op_now() reading. Returns an enum fo_rc. */
int op_io_complete(struct worker *w, struct io_req *r, uint64_t t1);
/* A read or write a synchronous call failed, or a short write (op_io_read,
 * op_io_fast: op_io.h): the error, with its file's path. */
int op_io_sync_failed(struct worker *w, struct op_inst *op, const struct io_req *r, const struct slot *s);
/* Submitting failed with -err: the run ends, naming the op and the file. */
int op_io_submit_fail(struct worker *w, struct op_inst *op, struct io_req *r, int err);
/* The same for a request of no ring (op_io_fast's on an engine, whose
 * submit_wait could not send it or wait for it). */
int op_io_send_failed(struct worker *w, struct op_inst *op, const struct io_req *r, const struct slot *s, int err);
/* Reaps until none of the op's requests is free no more: called when the
 * op's ring is all in flight, so that an op at iodepth N never holds more. */
int op_io_reap_own(struct worker *w, struct op_inst *op);

/* After the last drain. */
void op_io_close_engines(struct worker *w);

#endif
