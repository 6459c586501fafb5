/* dist_mpi.c: the ranks of a build with MPI (-DFLOWBENCH_MPI=ON) over
 * MPI_COMM_WORLD. Started without a launcher (mpirun, srun), it joins no world
 * and is one rank alone, as the default build: no MPI daemon is spawned. */
#include <mpi.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dist/dist.h"

_Static_assert(sizeof(struct dist_field) == 2 * sizeof(uint64_t), "a field is two uint64_t for MPI");

_Static_assert(sizeof(MPI_Request) <= sizeof(((struct dist_vote *)0)->request[0]), "MPI_Request fits a vote");
_Static_assert(sizeof(MPI_Request) <= sizeof(((struct dist_roll *)0)->request), "MPI_Request fits a roll call");
_Static_assert(sizeof(MPI_Request) <= sizeof(((struct dist_roll *)0)->answer), "MPI_Request fits an answer");

/* Set by dist_lose. The MPI world is the process's, so is knowing that it
 * lost a rank: from then on no call may wait on that rank. */
static bool world_lost;
/* The collective calls made over the world: the world's count, as the world is the process's. */
static struct dist_tally tally;

/* Whether this process is in an MPI world now (between init and finalize). */
static bool in_world(void)
{
    int init = 0, done = 0;
    MPI_Initialized(&init);
    MPI_Finalized(&done);
    return init && !done && !world_lost;
}

void dist_init(int *argc, char ***argv)
{
    int provided;
    /* Only the master's main thread calls MPI. */
    if (dist_launched())
        MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
}

/* After a loss MPI_Finalize would wait on the lost rank: the process leaves
 * without it (mpirun is ending the job anyway). */
void dist_finalize(void)
{
    if (in_world())
        MPI_Finalize();
}

int dist_rank(void)
{
    int r = 0;
    if (in_world())
        MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int dist_size(void)
{
    int n = 1;
    if (in_world())
        MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

/* Out of a world the calls below act on this rank alone; the engine makes
 * them only when dist_size() > 1, but they stay safe. */
int dist_agree(bool failed)
{
    if (!in_world())
        return failed ? 0 : -1;
    int size = dist_size(), mine = failed ? dist_rank() : size, first = size;
    tally.agree++;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return first < size ? first : -1;
}

void dist_broadcast(void *buf, size_t len, int root)
{
    if (!in_world())
        return;
    tally.broadcast++;
    MPI_Bcast(buf, (int)len, MPI_BYTE, root, MPI_COMM_WORLD);
}

void dist_gather(const void *mine, void *all, size_t len)
{
    if (!in_world()) {
        memmove(all, mine, len);
        return;
    }
    tally.gather++;
    MPI_Allgather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE, MPI_COMM_WORLD);
}

static uint64_t op_sum(uint64_t a, uint64_t b) { return a + b; }
static uint64_t op_min(uint64_t a, uint64_t b) { return b < a ? b : a; }
static uint64_t op_max(uint64_t a, uint64_t b) { return b > a ? b : a; }

/* dist_combine's rule: each field by the op it carries (a field is one element of
 * the datatype, so MPI never splits one from its op). */
static void combine_fields(void *in, void *inout, int *len, MPI_Datatype *type)
{
    static uint64_t (*const ops[])(uint64_t, uint64_t) = { [DIST_SUM] = op_sum, [DIST_MIN] = op_min, [DIST_MAX] = op_max };
    const struct dist_field *a = in;
    struct dist_field *b = inout;
    for (int i = 0; i < *len; i++)
        b[i].v = ops[b[i].op](b[i].v, a[i].v);
    (void)type;
}

void dist_combine(struct dist_field *f, size_t n)
{
    if (!in_world() || n == 0)
        return;
    MPI_Datatype field;
    MPI_Op op;
    MPI_Type_contiguous(2, MPI_UINT64_T, &field);
    MPI_Type_commit(&field);
    MPI_Op_create(combine_fields, 1, &op);
    tally.reduce++;
    MPI_Allreduce(MPI_IN_PLACE, f, (int)n, field, op, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Type_free(&field);
}

struct dist_tally dist_tally(void)
{
    return tally;
}

static MPI_Request *request_of(struct dist_vote *v, int i)
{
    return (MPI_Request *)(void *)v->request[i];
}

/* A round: the vote (MPI_MAX) and the counts (MPI_SUM), always both or the
 * vote alone, started in that order on every rank so the collectives match. */
static void start_round(struct dist_vote *v, int code, const uint64_t *counts)
{
    int size = dist_size();
    /* in[1]: the higher, the lower the rank to blame (MPI_MAX over both). */
    v->in[0] = code;
    v->in[1] = code >= v->blame ? size - dist_rank() : 0;
    MPI_Iallreduce(v->in, v->out, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD, request_of(v, 0));
    if (v->nsum > 0) {
        memmove(v->sum_in, counts, v->nsum * sizeof *counts);
        MPI_Iallreduce(v->sum_in, v->sum_out, (int)v->nsum, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD, request_of(v, 1));
    }
    v->pending = true;
}

static bool round_done(struct dist_vote *v, enum dist_wait wait)
{
    int n = v->nsum > 0 ? 2 : 1, done = 0;
    MPI_Request reqs[2] = { *request_of(v, 0), n == 2 ? *request_of(v, 1) : MPI_REQUEST_NULL };
    /* Waiting, a rank looks every millisecond rather than spinning in
     * MPI_Waitall: on a host with more ranks than cores a spinning rank that
     * stopped first would starve the ones still running. */
    MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
    while (!done && wait == DIST_WAIT) {
        struct timespec ms = { 0, 1000000 };
        nanosleep(&ms, NULL);
        MPI_Testall(n, reqs, &done, MPI_STATUSES_IGNORE);
    }
    *request_of(v, 0) = reqs[0];
    *request_of(v, 1) = reqs[1];
    return done;
}

struct dist_verdict dist_vote_poll(struct dist_vote *v, int code, const uint64_t *counts, enum dist_wait wait)
{
    if (!in_world())
        return dist_vote_alone(v, code, counts);
    while (v->verdict.code == 0) {
        if (!v->pending)
            start_round(v, code, counts);
        if (!round_done(v, wait))
            break;
        v->pending = false;
        v->rounds++;
        if (v->out[0] != 0)
            v->verdict = (struct dist_verdict){ v->out[0], v->out[1] > 0 ? dist_size() - v->out[1] : -1 };
        else if (dist_vote_quorum_met(v, dist_size()))
            v->verdict = (struct dist_verdict){ v->quorum_code, -1 };
        else if (wait == DIST_POLL)
            break;
    }
    return v->verdict;
}

void dist_lose(void)
{
    world_lost = true;
}

bool dist_broken(void)
{
    return world_lost;
}

static MPI_Request *roll_request(struct dist_roll *r)
{
    return (MPI_Request *)(void *)r->request;
}

/* Tags apart from any other message: the question, the answer one above. */
void dist_roll_open(struct dist_roll *r, size_t len, int run)
{
    *r = (struct dist_roll){ .len = len, .tag = 1000 + 2 * (run % 8000), .ask = 1 };
    if (!in_world() || dist_rank() == 0)
        return;
    MPI_Irecv(&r->ask, 1, MPI_INT, 0, r->tag, MPI_COMM_WORLD, roll_request(r));
    r->open = true;
}

bool dist_roll_asked(struct dist_roll *r)
{
    int done = 0;
    if (r->open)
        MPI_Test(roll_request(r), &done, MPI_STATUS_IGNORE);
    return done != 0;
}

static MPI_Request *answer_request(struct dist_roll *r)
{
    return (MPI_Request *)(void *)r->answer;
}

/* Sent without waiting: rank 0 may have given up on the answers already
 * (its time up), and a blocking send of a large answer would then never end. */
void dist_roll_answer(struct dist_roll *r, const void *mine)
{
    r->open = false;
    if ((r->sent = malloc(r->len)) == NULL)
        return; /* no answer: rank 0 takes this rank for lost */
    memcpy(r->sent, mine, r->len);
    MPI_Isend(r->sent, (int)r->len, MPI_BYTE, 0, r->tag + 1, MPI_COMM_WORLD, answer_request(r));
}

void dist_roll_close(struct dist_roll *r)
{
    if (r->open) {
        r->open = false;
        MPI_Cancel(roll_request(r));
        MPI_Wait(roll_request(r), MPI_STATUS_IGNORE);
    }
    if (r->sent == NULL)
        return;
    int done = 0;
    MPI_Test(answer_request(r), &done, MPI_STATUS_IGNORE);
    if (!done) /* rank 0 gave up: the send is let go (MPI keeps what it needs) */
        MPI_Request_free(answer_request(r));
    /* A freed send still in flight may read its buffer: it is let go with it. */
    if (done)
        free(r->sent);
    r->sent = NULL;
}

static uint64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

/* Every answer in, or the time up; the answers missing then are cancelled. */
static int roll_wait(int n, MPI_Request *answers, bool *alive, unsigned ms)
{
    uint64_t end = now_ms() + ms;
    int missing = n - 1;
    while (missing > 0) {
        missing = 0;
        for (int k = 1; k < n; k++) {
            int done = alive[k];
            if (!done && answers[k] != MPI_REQUEST_NULL) /* null: the receive could not be posted */
                MPI_Test(&answers[k], &done, MPI_STATUS_IGNORE);
            alive[k] = done != 0;
            missing += !alive[k];
        }
        if (missing == 0 || now_ms() >= end)
            break;
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
    }
    for (int k = 1; k < n; k++)
        if (!alive[k] && answers[k] != MPI_REQUEST_NULL) {
            MPI_Cancel(&answers[k]);
            MPI_Request_free(&answers[k]);
        }
    return missing;
}

/* A question to a dead rank may fail rather than hang: for the roll call,
 * errors come back as codes (and are taken as silence). */
int dist_roll_call(struct dist_roll *r, const void *mine, void *all, bool *alive, unsigned ms)
{
    int n = dist_size();
    memmove(all, mine, r->len);
    alive[0] = true;
    if (!in_world() || n == 1)
        return 0;
    MPI_Request *req = calloc(2 * (size_t)n, sizeof *req);
    if (req == NULL)
        return 0; /* no roll call: nobody is taken for lost */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int k = 1; k < n; k++) {
        alive[k] = false;
        if (MPI_Irecv((char *)all + (size_t)k * r->len, (int)r->len, MPI_BYTE, k, r->tag + 1, MPI_COMM_WORLD, &req[k])
            != MPI_SUCCESS)
            req[k] = MPI_REQUEST_NULL;
        if (MPI_Isend(&r->ask, 1, MPI_INT, k, r->tag, MPI_COMM_WORLD, &req[n + k]) != MPI_SUCCESS)
            req[n + k] = MPI_REQUEST_NULL;
    }
    int lost = roll_wait(n, req, alive, ms);
    for (int k = 1; k < n; k++)
        if (req[n + k] != MPI_REQUEST_NULL)
            MPI_Request_free(&req[n + k]);
    free(req);
    if (lost == 0)
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    return lost;
}
