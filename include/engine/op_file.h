/* op_file.h: which file a read or write works on, for the flowops that
 * take openclose. Apart from op_io.h because op_openclose.c, which its
 * inline code calls, reaches the engine's files that include op_io.h
 * (ctest header_cycles); nothing in src/engine/ includes this one. */
#ifndef FB_OP_FILE_H
#define FB_OP_FILE_H

#include "engine/worker.h"

/* Runs body on the op's file: the one in its slot (auto-opened once and
 * kept), or with openclose one of its own for this execution. */
static inline int op_on_file(struct worker *w, struct op_inst *op, op_body body)
{
    return __builtin_expect(op->op->openclose, 0) ? op_openclose(w, op, body) : body(w, op);
}

#endif
