/* fuzz_script.c: libFuzzer target for the parser and validator: each input is a
 * script, executed in --check mode (nothing touches the disk) with output discarded. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "cli/interp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *null;
    if (null == NULL)
        null = fopen("/dev/null", "w");
    struct interp_options opt = { .check_only = true };
    struct interp in;
    if (interp_init(&in, &opt, null, null) != 0)
        return 0;
    if (interp_exec_buffer(&in, (const char *)data, size, "fuzz.f", 1) == EXIT_OK)
        interp_finish_batch(&in);
    interp_free(&in);
    return 0;
}
