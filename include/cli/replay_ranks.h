/* replay_ranks.h: `flowbench replay` over MPI ranks (replay_ranks.c): the
 * directory each rank replays beneath, and the agreement that makes one rank's
 * failure before the replay every rank's. (A trace per rank, TRACE's %r, is
 * spelt by base/rank_spell.h.) */
#ifndef FB_CLI_REPLAY_RANKS_H
#define FB_CLI_REPLAY_RANKS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct diag;

/* Where this rank replays: DIR/rank-NNNN over many ranks (as a script's
 * filesets), DIR itself alone. -1 when it does not fit in cap. */
int replay_rank_dir(const char *dir, char *out, size_t cap);
/* This rank's directory beneath DIR, absent or a directory, or refused as bad
 * input (a link or anything else there could lead out of DIR); touches nothing. */
int replay_rank_check(const char *dir, struct diag *err);
/* Makes this rank's directory beneath DIR (DIR alone: nothing to make), judged
 * as replay_rank_check does. */
int replay_rank_mkdir(const char *dir, struct diag *err);
/* Every rank reaches this point with its status (0, or the exit status of its
 * failure, msg saying why: printed by this rank, naming it over many ranks);
 * the worst of every rank's (bad input, 2, over a failure, 1), on every rank.
 * Rank 0 says which ranks failed when it did not itself. *calls: this rank's
 * count of calls, made every rank's sum. One collective call, whose count
 * FLOWBENCH_DIST_TALLY says as the phase named. */
int replay_ranks_agree(int status, const char *msg, uint64_t *calls, const char *phase, FILE *err);

#endif
