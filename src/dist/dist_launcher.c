/* dist_launcher.c: whether a launcher (mpirun, srun) started this process as
 * one of many ranks, told by the environment it gives its ranks; the same in
 * every build, so that a command that must not be run once per rank can say so. */
#include <stdlib.h>

#include "dist/dist.h"

bool dist_launched(void)
{
    static const char *const vars[] = { "OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK" };
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++)
        if (getenv(vars[i]) != NULL)
            return true;
    return false;
}
