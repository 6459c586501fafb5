/* rank_spell.c: one spelling of an MPI rank in names, shared by the filesets'
 * directories and filenames=, the replay's directories and traces, and the
 * latency log's per-rank files (so they cannot drift apart). */
#include "base/rank_spell.h"

#include <stdio.h>
#include <string.h>

int rank_dir_name(char *out, size_t cap, int rank)
{
    int n = snprintf(out, cap, "rank-%04d", rank);
    return n >= 0 && (size_t)n < cap ? 0 : -1;
}

bool rank_spell_has(const char *pat)
{
    for (const char *p = pat; *p != '\0'; p++) {
        if (p[0] == '%' && p[1] == 'r')
            return true;
        p += p[0] == '%' && p[1] == '%';
    }
    return false;
}

const char *rank_spell(const char *pat, unsigned rank, char stop, char *out, size_t cap)
{
    size_t n = 0;
    for (; *pat != '\0' && !(stop != '\0' && pat[0] == '%' && pat[1] == stop); pat++) {
        char piece[16] = { pat[0], '\0' };
        if (pat[0] == '%' && pat[1] == 'r')
            snprintf(piece, sizeof piece, "%u", rank);
        pat += pat[0] == '%' && (pat[1] == 'r' || pat[1] == '%');
        size_t len = strlen(piece);
        if (n + len >= cap)
            return NULL;
        memcpy(out + n, piece, len);
        n += len;
    }
    if (cap == 0)
        return NULL;
    out[n] = '\0';
    return pat;
}
