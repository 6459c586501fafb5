/* time_account.c: the names of a thread's time buckets and their sum. */
#include "results/time_account.h"

const char *const time_bucket_names[TB_N] = {
    [TB_IO] = "io", [TB_WRITE] = "write", [TB_WAIT] = "wait",
    [TB_PACE] = "pace", [TB_COMPUTE] = "compute", [TB_OTHER] = "other",
};

uint64_t thread_times_total(const struct thread_times *t)
{
    uint64_t sum = 0;
    for (size_t b = 0; b < TB_N; b++)
        sum += t->ns[b];
    return sum;
}
