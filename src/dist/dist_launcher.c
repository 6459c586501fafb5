/* dist_launcher.c: whether a launcher (mpirun, srun) started this process as
 * one of many ranks, told by the environment it gives its ranks; the same in
 * every build, so that a command that must not be run once per rank can say so. */
#include <stdio.h>
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

/* A launcher's variable of a count of ranks over 1, or of a rank over 0. */
static bool over(const char *var, long limit)
{
    const char *v = getenv(var);
    char *end;
    long n = v != NULL ? strtol(v, &end, 10) : 0;
    return v != NULL && end != v && n > limit;
}

const char *dist_launched_many(char *buf, size_t cap)
{
    /* mpirun (Open MPI, Hydra), PMIx and srun: their ranks' sizes, then their ranks
     * (a size unseen). Not SLURM_NTASKS: an salloc or sbatch shell has it too. */
    static const char *const sizes[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "SLURM_STEP_NUM_TASKS" };
    static const char *const ranks[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK" };
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (over(sizes[i], 1)) {
            snprintf(buf, cap, "%s=%s", sizes[i], getenv(sizes[i]));
            return buf;
        }
    for (size_t i = 0; i < sizeof ranks / sizeof ranks[0]; i++)
        if (over(ranks[i], 0)) {
            snprintf(buf, cap, "%s=%s", ranks[i], getenv(ranks[i]));
            return buf;
        }
    return NULL;
}
