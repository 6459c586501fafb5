/* run_meta_build.h: what the cli hands a run about itself (results/run_meta.h). */
#ifndef FB_RUN_META_BUILD_H
#define FB_RUN_META_BUILD_H

#include "cli/interp.h"
#include "results/run_meta.h"

/* m: every variable with a value as the table holds it now, the command line
 * and $dir; 0, or -1 when out of memory (m is then freed). */
int run_meta_build(const struct interp *in, struct run_meta *m);

#endif
