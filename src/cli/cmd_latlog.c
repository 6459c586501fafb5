/* cmd_latlog.c: `flowbench latlog2csv FILE`: a binary latency log
 * (--latency-log-format bin) printed as the CSV form of the same run. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/interp.h"
#include "base/infile.h"
#include "cli/subcommand.h"
#include "engine/latlog.h"

int cmd_latlog2csv_main(int argc, char **argv)
{
    if (argc != 2)
        return subcommand_refuse("latlog2csv", "wants one FILE, the binary log");
    FILE *in = infile_fopen(argv[1]);
    if (in == NULL) {
        diag_printf(stderr, "flowbench: error: latlog2csv: %s: %s\n", argv[1], infile_strerror(errno));
        return EXIT_RUNFAIL;
    }
    struct diag err = { 0 };
    int rc = latlog_bin_to_csv(in, stdout, &err);
    bool read_failed = ferror(in) != 0;
    fclose(in);
    if (rc == 0 && (read_failed || fflush(stdout) != 0))
        rc = diag_set(&err, NULL, "%s", strerror(errno));
    if (rc != 0) {
        diag_printf(stderr, "flowbench: error: latlog2csv: %s: %s\n", argv[1], err.msg);
        return EXIT_RUNFAIL;
    }
    return EXIT_OK;
}
