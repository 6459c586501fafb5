/* dist_tally.c: saying how many collective calls a phase made (FLOWBENCH_DIST_TALLY),
 * the same over MPI and on one rank alone (which makes none and says nothing). */
#include <inttypes.h>
#include <stdlib.h>

#include "base/diag.h"
#include "dist/dist.h"

void dist_tally_say(FILE *out, const char *phase, struct dist_tally *was, const uint64_t *rounds)
{
    struct dist_tally now = dist_tally();
    if (dist_size() == 1 || getenv("FLOWBENCH_DIST_TALLY") == NULL) {
        *was = now;
        return;
    }
    struct dist_tally d = { now.agree - was->agree, now.broadcast - was->broadcast, now.gather - was->gather,
                            now.reduce - was->reduce };
    char more[64] = "";
    if (rounds != NULL)
        snprintf(more, sizeof more, "; the vote's rounds so far %" PRIu64, *rounds);
    diag_printf(out,
                "flowbench: dist tally: rank %d: %s: %" PRIu64 " collective calls (agree %" PRIu64 ", broadcast %" PRIu64
                ", gather %" PRIu64 ", reduce %" PRIu64 ")%s\n",
                dist_rank(), phase, d.agree + d.broadcast + d.gather + d.reduce, d.agree, d.broadcast, d.gather,
                d.reduce, more);
    *was = now;
}
