/* rank_spell.h: how flowbench spells an MPI rank in a name: a rank's own
 * directory ("rank-NNNN": its filesets', its replay's, its latency log's
 * suffix) and a user's pattern's "%r" (the rank) and "%%" (one percent). */
#ifndef FB_BASE_RANK_SPELL_H
#define FB_BASE_RANK_SPELL_H

#include <stdbool.h>
#include <stddef.h>

/* The longest a rank spells in a pattern: "%r" grows by at most this much. */
#define RANK_SPELL_GROWTH 8

/* "rank-NNNN" into out (cap bytes); -1 when it does not fit. */
int rank_dir_name(char *out, size_t cap, int rank);
/* Whether pat holds "%r" (a "%%" is a percent, never the start of one). */
bool rank_spell_has(const char *pat);
/* Copies pat into out (cap bytes) up to its first "%" followed by stop (stop
 * '\0': to its end), "%r" spelt as rank and "%%" as one percent; returns where
 * it stopped in pat, or NULL when out is too small. */
const char *rank_spell(const char *pat, unsigned rank, char stop, char *out, size_t cap);

#endif
