/* dist.h: the ranks of one run spread over hosts (MPI), or one rank alone: the
 * only way the rest of flowbench sees MPI. Called by the master process only,
 * never by workers nor on the hot path. */
#ifndef FB_DIST_H
#define FB_DIST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Whether a launcher (mpirun, srun) started this process as a rank (dist_launcher.c). */
bool dist_launched(void);
/* Whether the launcher started this process as one of several ranks: the
 * variable that says so ("OMPI_COMM_WORLD_SIZE=2") into buf, or NULL. */
const char *dist_launched_many(char *buf, size_t cap);
/* Joins the ranks (a program started without mpirun is rank 0 of 1). A build
 * without MPI started as one of several ranks refuses: exit 2 (dist_local.c). */
void dist_init(int *argc, char ***argv);
void dist_finalize(void);
int dist_rank(void);
int dist_size(void);

/* Every rank reaches this point (a barrier); the lowest rank that says it
 * failed, or -1 when none did. */
int dist_agree(bool failed);
/* len bytes of rank root's buf copied into every rank's buf. */
void dist_broadcast(void *buf, size_t len, int root);
/* Every rank's len bytes at mine, in rank order, into all (size * len bytes), on every rank. */
void dist_gather(const void *mine, void *all, size_t len);

enum dist_op { DIST_SUM, DIST_MIN, DIST_MAX };

/* A figure each rank gives, and how the ranks' figures combine into one. */
struct dist_field {
    uint64_t op; /* enum dist_op */
    uint64_t v;
};
/* f[0..n) each combined over every rank by its own op, the result on every rank: figures
 * of different ops (the worst status, how many failed, the first that did) in one
 * collective call, a phase's one agreement. Every rank gives the same ops in the same order. */
void dist_combine(struct dist_field *f, size_t n);

/* The blocking collective calls above (each waits for every rank) that this
 * process made over its world since it joined, by kind: what the engine counts
 * per phase of a run (FLOWBENCH_DIST_TALLY), dist_combine's as a reduction;
 * the vote's rounds are the vote's own count (dist_vote.rounds). One rank alone
 * makes none. */
struct dist_tally {
    uint64_t agree, broadcast, gather, reduce;
};
struct dist_tally dist_tally(void);
/* With FLOWBENCH_DIST_TALLY set, over many ranks: "flowbench: dist tally: rank R: PHASE:
 * N collective calls (...)" on out, for the calls since *was; then *was is now. rounds:
 * the stop vote's rounds so far, said when not NULL (dist_tally.c). */
void dist_tally_say(FILE *out, const char *phase, struct dist_tally *was, const uint64_t *rounds);

/* A vote on stopping, taken in rounds that do not block (one round in flight):
 * each rank gives a code (0: carry on) and the verdict is the highest code of a
 * round; the lowest rank giving a code of at least `blame` is named. Every rank
 * polls until a round decides; the vote lives in the caller's memory. */
struct dist_verdict {
    int code;     /* 0 while no round has decided */
    int rank;     /* the lowest rank whose code was >= blame, or -1 */
};
struct dist_vote {
    int blame;
    bool pending;                  /* a round is in flight */
    int in[2], out[2];
    struct dist_verdict verdict;
    /* Counts summed over every rank alongside each round (dist_vote_sum): */
    size_t nsum;
    uint64_t *sum_in;              /* this rank's counts as the round in flight started */
    uint64_t *sum_out;             /* their sums at the last round that completed */
    uint64_t rounds;               /* rounds completed */
    size_t quorum_at;              /* dist_vote_quorum: the summed count that ends the vote ... */
    int quorum_code;               /* ... with this code once it reaches the number of ranks (0: none) */
    _Alignas(16) unsigned char request[2][64]; /* the MPI requests of the round in flight */
};
void dist_vote_init(struct dist_vote *v, int blame);
/* Every round of the vote also sums n counts over the ranks: buf holds 2 * n
 * values, owned by the caller while the vote lives; set before the first poll. */
void dist_vote_sum(struct dist_vote *v, uint64_t *buf, size_t n);
/* A round whose sum at index `at` (of dist_vote_sum's counts) reaches the
 * number of ranks, every rank saying 1 there (done), decides with code, as
 * though a rank had voted it: every rank sees the same round. */
void dist_vote_quorum(struct dist_vote *v, size_t at, int code);
static inline bool dist_vote_quorum_met(const struct dist_vote *v, int ranks)
{
    return v->quorum_code != 0 && v->quorum_at < v->nsum && v->sum_out[v->quorum_at] >= (uint64_t)ranks;
}
/* DIST_POLL: look and go on; DIST_WAIT: until a round decides. */
enum dist_wait { DIST_POLL, DIST_WAIT };
/* Takes part in the vote with `code` and, with dist_vote_sum, this rank's
 * counts now (the sums land in sum_out as a round completes). Once a round
 * has decided, the verdict stays and no round starts. */
struct dist_verdict dist_vote_poll(struct dist_vote *v, int code, const uint64_t *counts, enum dist_wait wait);
/* dist_vote_poll's round for one rank alone (the build without MPI, or out of a
 * world): it decides at once, with this rank's code and counts (dist_vote.c). */
struct dist_verdict dist_vote_alone(struct dist_vote *v, int code, const uint64_t *counts);

/* A roll call, for when a rank may be dead (mpirun then ends the job, giving
 * the others about a second): rank 0 asks every other rank for len bytes of
 * its own figures and waits a bounded time for the answers; a rank that does
 * not answer is taken as lost. The other ranks look for the question where
 * they poll the vote. One per run (run: its number, which keeps a late
 * question of one run from being taken for the next's); in the caller's memory. */
struct dist_roll {
    size_t len;
    int tag;
    bool open;                     /* another rank: listening for the question */
    int ask;
    _Alignas(16) unsigned char request[64];
    _Alignas(16) unsigned char answer[64]; /* the answer on its way, never waited on: rank 0 may have given up */
    void *sent;                    /* ... its bytes, kept until it is gone or the roll closes */
};
void dist_roll_open(struct dist_roll *r, size_t len, int run);
/* Another rank: whether rank 0 asked; then dist_roll_answer, once. */
bool dist_roll_asked(struct dist_roll *r);
void dist_roll_answer(struct dist_roll *r, const void *mine);
/* Rank 0: every rank's answer at all + rank * len (its own is mine), and
 * alive[rank]; waits at most ms. The count of ranks that did not answer. */
int dist_roll_call(struct dist_roll *r, const void *mine, void *all, bool *alive, unsigned ms);
void dist_roll_close(struct dist_roll *r);
/* After a rank was lost: this rank leaves the ranks, and every later call
 * acts on it alone (a collective with the lost rank would never end). The
 * world stays broken for the process: dist_broken() says so, and no later
 * run may take it for one rank alone. */
void dist_lose(void);
bool dist_broken(void);

#endif
