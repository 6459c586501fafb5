/* engine.c: entry points of the engine. The engine itself is the next step of
 * the project; until it lands, a run stops after validation and says so. */
#include "engine.h"

#include "interp.h"

int engine_run(struct interp *in, const struct plan *p, const struct run_request *r, struct diag *err)
{
    return diag_set(err, NULL, "this build of flowbench validates workloads but cannot run them yet "
                               "(the engine is not implemented); use --check");
}

int engine_create_files(struct interp *in, const struct plan *p, struct diag *err)
{
    return diag_set(err, NULL, "this build of flowbench cannot create filesets yet (the engine is not implemented)");
}
