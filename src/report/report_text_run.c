/* report_text_run.c: the classic text lines around a run that the engine
 * asks for through its writer: the banner, the launch, how long it took, the
 * latency log written and the engine's notes. */
#include <inttypes.h>

#include "report/report.h"

static const char *plural(uint64_t n, const char *many)
{
    return n == 1 ? "" : many;
}

void report_text_banner(FILE *out, int run, const struct host_info *h, double stamp)
{
    fprintf(out, "%.3f: flowbench %s, run %d: %u cores, %u hardware threads, %u NUMA node%s\n", stamp,
            FLOWBENCH_VERSION, run, h->cores, h->pus, h->numa, plural(h->numa, "s"));
}

void report_text_launch(FILE *out, size_t threads, size_t processes, double stamp)
{
    fprintf(out, "%.3f: Running %zu thread%s in %zu process%s\n", stamp, threads, plural(threads, "s"), processes,
            plural(processes, "es"));
}

void report_text_took(FILE *out, double seconds, bool interrupted, double stamp)
{
    if (interrupted)
        fprintf(out, "%.3f: interrupted: stopping the run and reporting what was measured\n", stamp);
    fprintf(out, "%.3f: Run took %.3f seconds\n", stamp, seconds);
}

void report_text_latlog(FILE *out, const struct latlog_summary *l, double stamp)
{
    fprintf(out, "%.3f: latency log %s: %" PRIu64 " records (1 op in %" PRIu64 "), %" PRIu64 " dropped\n", stamp,
            l->path, l->records, l->sample, l->dropped);
}

void report_text_note(FILE *out, const char *text, double stamp)
{
    fprintf(out, "%.3f: %s\n", stamp, text);
}
